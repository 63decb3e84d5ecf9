//===- JamSubGroupLoops.h - Sub-groups' loops jammed ------------*- C++ -*-===//
//-*-//
//
// `sublane-jam-sub-groups`: a vectorized kernel's loop over its full
// sub-groups (sublane-wg-cbs marks it) whose body is one inner loop with a
// loop-carried chain, `Acc += A[i + N*k] * B[k]` over k, runs that chain for
// one sub-group at a time: at 8 lanes each step waits for the last vector
// operation's latency. Sub-groups between two work-group barriers are
// independent, so the loop is unrolled and jammed: the inner loops of k
// consecutive sub-groups run as one, k independent chains per step. Runs in
// LLVM's pipeline just before its loop vectorizer, where the loops are
// rotated and the guards of uniform inner loops unswitched.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_LATE_JAMSUBGROUPLOOPS_H
#define SUBLANE_PASSES_LATE_JAMSUBGROUPLOOPS_H

#include "llvm/IR/PassManager.h"

namespace sublane {

class JamSubGroupLoopsPass : public llvm::PassInfoMixin<JamSubGroupLoopsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace sublane

#endif // SUBLANE_PASSES_LATE_JAMSUBGROUPLOOPS_H
