//===- SafeDivisions.cpp - Loops LLVM 19's vectorizer would miscompile ----===//
//
// LLVM 19's loop vectorizer miscompiles a division whose operands are the
// same in every iteration of a loop when it sits under a condition that
// differs between iterations: it computes the division once, under the
// first lane's condition, and hands the result (poison where that lane
// skipped it) to every lane (fixed after LLVM 19 by llvm-project pull
// request 98892). Work-item loops meet that shape whenever a kernel divides
// values that are the same for a row of work-items under a branch on the
// work-item, such as `if (x % 2) v += a[(row + 1) % rows]`. The division
// cannot be made safe to run unconditionally in a form the vectorizer
// accepts (it speculates divisions by constants only), so such loops are
// kept from it.
//
//===----------------------------------------------------------------------===//

#include "sublane/Passes/util/Metadata.h"

#include "CBSLowering.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#define DEBUG_TYPE "sublane-wg-cbs"

using namespace llvm;

STATISTIC(NumLoopsKeptScalar,
          "Number of work-item loops kept from LLVM's vectorizer because of a "
          "division it would miscompile");

static cl::opt<bool> KeepDivisionsFromVectorizer(
    "sublane-keep-divisions-from-vectorizer", cl::Hidden, cl::init(true),
    cl::desc("Keep work-item loops with a division that is the same in every "
             "iteration under a branch from LLVM 19's loop vectorizer, which "
             "miscompiles them"));

namespace sublane {
namespace cbs {

/// Whether \p V may be the same in every iteration of \p L once LLVM has
/// simplified the loop: computed from values outside \p L, without the
/// loop's phis, by arithmetic, loads and calls that write no memory (a load
/// from an address the loop does not change may be hoisted out of it).
static bool isInvariantIn(Value *V, const Loop &L,
                          DenseMap<Value *, bool> &Known) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L.contains(I))
    return true;
  if (auto It = Known.find(V); It != Known.end())
    return It->second;
  Known[V] = false; // phis break cycles; guard the recursion anyway
  bool Invariant = !isa<PHINode>(I) && !I->mayWriteToMemory() &&
                   all_of(I->operands(), [&](Use &U) {
                     return isInvariantIn(U.get(), L, Known);
                   });
  Known[V] = Invariant;
  return Invariant;
}

void CBSLowering::keepMiscompiledDivisionsScalar() {
  // The vectorizer does not take loops over vectorized sub-groups: their
  // values are vectors already.
  if (!KeepDivisionsFromVectorizer || Vectorized)
    return;
  DominatorTree DT(*W);
  LoopInfo LI(DT);
  SmallPtrSet<Loop *, 4> Kept;
  auto IsItemLoop = [](const Loop *L) {
    return findOptionMDForLoop(L, md::LLVMParallelAccesses) != nullptr;
  };
  for (Loop *L : LI.getLoopsInPreorder()) {
    // The innermost loop over work-items (or sub-groups), which is what the
    // vectorizer takes; the kernel's own loops inside it may become
    // straight-line code (a sum in closed form) under a condition.
    BasicBlock *Latch = L->getLoopLatch();
    if (!Latch || !IsItemLoop(L) ||
        any_of(L->getLoopsInPreorder(),
               [&](Loop *Inner) { return Inner != L && IsItemLoop(Inner); }))
      continue;
    DenseMap<Value *, bool> Known;
    for (BasicBlock *BB : L->blocks()) {
      if (DT.dominates(BB, Latch))
        continue; // runs in every iteration
      for (Instruction &I : *BB) {
        auto *Div = dyn_cast<BinaryOperator>(&I);
        if (!Div || !Div->isIntDivRem() || isa<Constant>(Div->getOperand(1)) ||
            !isInvariantIn(Div->getOperand(0), *L, Known) ||
            !isInvariantIn(Div->getOperand(1), *L, Known) || Kept.contains(L))
          continue;
        Kept.insert(L);
        ++NumLoopsKeptScalar;
        addStringMetadataToLoop(L, md::LLVMVectorizeWidth, 1);
        ORE->emit([&] {
          return OptimizationRemarkMissed(DEBUG_TYPE, "DivisionUnderBranch",
                                          getUserDebugLoc(Div),
                                          Div->getParent())
                 << "kernel '" << getKernelDisplayName(K)
                 << "': a loop over work-items left to run one work-item at "
                    "a time: it divides values that are the same for its "
                    "work-items under a branch that differs between them, "
                    "which LLVM 19's vectorizer miscompiles";
        });
      }
    }
  }
}

} // namespace cbs
} // namespace sublane
