//===- MarkConvergent.h - Protect barriers early ----------------*- C++ -*-===//
//
// `sublane-mark-convergent`: marks every function that can reach a barrier
// `convergent`, and every call to one. C++ does not mark functions convergent
// the way OpenCL and CUDA do, so without this LLVM may duplicate a call to a
// helper such as nd_item::barrier() into both arms of an id-dependent branch
// (call-site splitting does) before our passes see it. Runs at the start of
// clang's pipeline.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_PREPARE_MARKCONVERGENT_H
#define SUBLANE_PASSES_PREPARE_MARKCONVERGENT_H

#include "llvm/IR/PassManager.h"

namespace sublane {

class MarkConvergentPass : public llvm::PassInfoMixin<MarkConvergentPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace sublane

#endif // SUBLANE_PASSES_PREPARE_MARKCONVERGENT_H
