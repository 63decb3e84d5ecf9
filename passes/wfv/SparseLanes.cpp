//===- SparseLanes.cpp - Kernels whose work one lane per row does ---------===//
//
// A branch taken by the work-item whose local id along the rows is one
// constant (`if (item.get_local_id(2) == 0)`) admits one lane per row of a
// sub-group. A loop under it runs, vectorized, under a mask of those lanes:
// each step's loads become gathers of the sub-group's width for one or two
// lanes. Where such loops are all the work the kernel repeats (every other
// loop encloses the branch), one work-item at a time runs faster: jaccard's
// intersection kernel, whose merge of two sorted rows runs under
// `local_id(2) == 0` in rows of 8, took 0.36 s per iteration vectorized at
// size 16 against 0.09 s under hierarchical CBS on one thread of a Zen 4
// (`jaccard 512 256 5`, docs/performance.md).
//
// The check applies only where the sub-group size is sublane's to choose and
// the kernel never asks for its sub-group, so that no result depends on it.
//
//===----------------------------------------------------------------------===//

#include "SubGroupVectorizer.h"

#include "sublane/Passes/prepare/LoweringDecision.h"
#include "sublane/Passes/util/KernelInfo.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

static cl::opt<bool> SparseLoopsPerWorkItem(
    "sublane-sparse-loops-per-work-item", cl::Hidden, cl::init(true),
    cl::desc("Run under hierarchical CBS, not vectorized, a kernel that "
             "leaves its sub-group size to sublane and whose only repeated "
             "work is loops under a branch one work-item per row takes"));

namespace sublane {
namespace wfv {
namespace {

/// \p V without the casts between integer widths.
const Value *stripIntCasts(const Value *V) {
  while (isa<ZExtInst, SExtInst, TruncInst>(V))
    V = cast<Instruction>(V)->getOperand(0);
  return V;
}

/// Whether \p V is the local or global id along the rows (the last
/// dimension of \p Dims).
bool isRowId(const Value *V, unsigned Dims) {
  auto *CB = dyn_cast<CallBase>(stripIntCasts(V));
  if (!CB)
    return false;
  BuiltinKind Kind = getBuiltinKind(CB);
  if (Kind != BuiltinKind::LocalId && Kind != BuiltinKind::GlobalId)
    return false;
  auto *Dim = dyn_cast<ConstantInt>(CB->getArgOperand(0));
  return Dim && Dim->getZExtValue() == Dims - 1;
}

/// The successor of \p BI that only the items whose row id is one constant
/// take, or null.
BasicBlock *getOneItemPerRowSuccessor(const BranchInst &BI, unsigned Dims) {
  if (!BI.isConditional())
    return nullptr;
  auto *Cmp = dyn_cast<ICmpInst>(BI.getCondition());
  if (!Cmp || !Cmp->isEquality())
    return nullptr;
  const Value *A = Cmp->getOperand(0), *B = Cmp->getOperand(1);
  if (isa<ConstantInt>(A))
    std::swap(A, B);
  if (!isa<ConstantInt>(B) || !isRowId(A, Dims))
    return nullptr;
  return BI.getSuccessor(Cmp->getPredicate() == ICmpInst::ICMP_EQ ? 0 : 1);
}

} // namespace

std::optional<Refusal> findSparselyRunLoops(Function &K, unsigned Dims,
                                            FunctionAnalysisManager &FAM) {
  if (!SparseLoopsPerWorkItem || !isSubGroupSizeOpen(K))
    return std::nullopt;
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(K);
  auto &PDT = FAM.getResult<PostDominatorTreeAnalysis>(K);
  auto &LI = FAM.getResult<LoopAnalysis>(K);
  // The blocks that only one item per row runs, and the branches that
  // decide so.
  SmallPtrSet<const BasicBlock *, 16> Guarded;
  SmallVector<const BranchInst *, 2> Branches;
  for (BasicBlock &BB : K) {
    auto *BI = dyn_cast<BranchInst>(BB.getTerminator());
    BasicBlock *Taken = BI ? getOneItemPerRowSuccessor(*BI, Dims) : nullptr;
    if (!Taken || Taken->getSinglePredecessor() != &BB)
      continue;
    Branches.push_back(BI);
    for (BasicBlock &Other : K)
      if (DT.dominates(Taken, &Other) && !PDT.dominates(&Other, &BB))
        Guarded.insert(&Other);
  }
  if (Branches.empty())
    return std::nullopt;
  const Loop *Sparse = nullptr;
  for (const Loop *L : LI.getLoopsInPreorder()) {
    if (Guarded.contains(L->getHeader())) {
      Sparse = Sparse ? Sparse : L;
      continue;
    }
    // A loop around the branch repeats it; any other loop is work that
    // all lanes share.
    if (none_of(Branches,
                [&](const BranchInst *BI) { return L->contains(BI); }))
      return std::nullopt;
  }
  if (!Sparse)
    return std::nullopt;
  std::string Line;
  if (DebugLoc Loc = getUserDebugLoc(Sparse->getHeader()->getFirstNonPHI()))
    Line = " at line " + std::to_string(Loc.getLine());
  return Refusal{"its repeated work is the loop" + Line +
                     ", which runs under a branch that one work-item per row "
                     "takes: vectorized, each step would run the whole "
                     "vector for one lane of it "
                     "(-sublane-sparse-loops-per-work-item=false vectorizes "
                     "it)",
                 Branches.front()};
}

} // namespace wfv
} // namespace sublane
