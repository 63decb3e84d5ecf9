//===- MarkConvergent.cpp - Protect barriers from early transforms --------===//

#include "sublane/Passes/prepare/MarkConvergent.h"
#include "sublane/Passes/analysis/BuiltinReachability.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "sublane-mark-convergent"

using namespace llvm;

STATISTIC(NumMarked, "Number of functions marked convergent");

namespace sublane {

static bool isSynchronizing(BuiltinKind K) { return isSyncBuiltin(K); }

PreservedAnalyses MarkConvergentPass::run(Module &M, ModuleAnalysisManager &) {
  BuiltinReachability Reach(M, isSynchronizing);
  bool Changed = false;
  for (Function &F : M) {
    if (isSynchronizing(getBuiltinKind(&F)) && !F.isConvergent()) {
      F.setConvergent();
      Changed = true;
    }
    if (F.isDeclaration() || !Reach.reaches(&F))
      continue;
    if (!F.isConvergent()) {
      F.setConvergent();
      ++NumMarked;
      Changed = true;
    }
    for (Instruction &I : instructions(F)) {
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB || CB->isConvergent())
        continue;
      Function *Callee = CB->getCalledFunction();
      bool MayReach = Callee ? (Reach.reaches(Callee) ||
                                isSynchronizing(getBuiltinKind(Callee)))
                             : Reach.indirectWitness() != nullptr;
      if (MayReach) {
        CB->setConvergent();
        Changed = true;
      }
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace sublane
