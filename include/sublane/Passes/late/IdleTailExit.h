//===- IdleTailExit.h - Idle tails of item loops ----------------*- C++ -*-===//
//
// `sublane-idle-tail-exit`: a region's loop over work-items or sub-groups
// (sublane-wg-cbs marks it) runs every one of them, also those that a check
// such as a tree reduction's `if (lid < stride)` leaves with nothing to do.
// Where an iteration takes a path without effects from the loop's header to
// its latch, and every branch on that path, once an iteration takes it, is
// taken by every later iteration too (its condition is monotone in the
// loop's induction), no later iteration has anything to do either: the loop
// exits after the first such iteration. Runs in LLVM's pipeline just before
// its loop vectorizer, after sublane-jam-sub-groups.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_LATE_IDLETAILEXIT_H
#define SUBLANE_PASSES_LATE_IDLETAILEXIT_H

#include "llvm/IR/PassManager.h"

namespace sublane {

class IdleTailExitPass : public llvm::PassInfoMixin<IdleTailExitPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace sublane

#endif // SUBLANE_PASSES_LATE_IDLETAILEXIT_H
