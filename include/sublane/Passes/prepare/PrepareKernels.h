//===- PrepareKernels.h - Kernel preparation --------------------*- C++ -*-===//
//
// `sublane-prepare`: finds the kernels of a module (the header's annotation,
// or the attr::Kernel attribute of other front ends), gives each one its
// descriptor and canonical attributes (dimensions, and the sub-group size
// and variant that LoweringDecision.h decides), inlines every call that can
// reach a builtin, and canonicalises the body so that the lowering passes
// see barriers and ids directly. Recursion or an
// indirect call that may reach a builtin, and malformed kernels, are errors.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_PREPARE_PREPAREKERNELS_H
#define SUBLANE_PASSES_PREPARE_PREPAREKERNELS_H

#include "llvm/IR/PassManager.h"

namespace sublane {

class PrepareKernelsPass : public llvm::PassInfoMixin<PrepareKernelsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace sublane

#endif // SUBLANE_PASSES_PREPARE_PREPAREKERNELS_H
