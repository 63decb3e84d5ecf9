//===- UndefAddressAccesses.h - Undefined gather addresses ------*- C++ -*-===//
//
// `sublane-drop-undef-address-accesses`: a masked gather or scatter whose
// whole address vector is undef or poison can only be correct where its mask
// is all false, so the gather is its pass-through value and the scatter does
// nothing. The vectorizer's per-lane call loops write their results into a
// private array that no lane writes when none is active; GVN then gives the
// gather that follows an undef address vector on that path. LLVM 19's X86
// back end may place such an undef index in the register of the gather's
// destination, which the hardware refuses (#UD: SIGILL at run time), so the
// plugin runs this at the end of LLVM's optimization pipeline.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_LATE_UNDEFADDRESSACCESSES_H
#define SUBLANE_PASSES_LATE_UNDEFADDRESSACCESSES_H

#include "llvm/IR/PassManager.h"

namespace sublane {

class DropUndefAddressAccessesPass
    : public llvm::PassInfoMixin<DropUndefAddressAccessesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace sublane

#endif // SUBLANE_PASSES_LATE_UNDEFADDRESSACCESSES_H
