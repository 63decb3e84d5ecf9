//===- sublane/Passes/Pipeline.h - The sublane pass pipeline ----*- C++ -*-===//
//
// How the passes are put together: the `sublane-lower` pipeline that clang
// runs through -fpass-plugin, and the cleanup of the functions it creates.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_PIPELINE_H
#define SUBLANE_PASSES_PIPELINE_H

#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace sublane {

/// Runs a function pipeline on the lowered work-group functions only.
class OnWorkGroupFunctionsPass
    : public llvm::PassInfoMixin<OnWorkGroupFunctionsPass> {
  llvm::FunctionPassManager FPM;

public:
  explicit OnWorkGroupFunctionsPass(llvm::FunctionPassManager FPM)
      : FPM(std::move(FPM)) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

/// prepare + work-group CBS, and at \p Level above O0 a simplification of
/// the lowered functions so that the optimizer's loop passes see clean loops.
void addLoweringPipeline(llvm::ModulePassManager &MPM, llvm::PassBuilder &PB,
                         llvm::OptimizationLevel Level);

} // namespace sublane

#endif // SUBLANE_PASSES_PIPELINE_H
