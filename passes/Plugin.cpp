//===- Plugin.cpp - Registers the sublane passes with LLVM ----------------===//
//
// One shared library for both entry points: `opt -load-pass-plugin` (passes by
// name, for any front end's kernel IR) and `clang -fpass-plugin` (the whole
// lowering at the start of the optimizer, so that LLVM's loop vectorizer and
// the rest of O2/O3 run on the work-group functions).
//
//===----------------------------------------------------------------------===//

#include "sublane/Passes/KernelInfo.h"
#include "sublane/Passes/KernelShape.h"
#include "sublane/Passes/Pipeline.h"
#include "sublane/Passes/PrepareKernels.h"
#include "sublane/Passes/WorkGroupCBS.h"

#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace sublane {

PreservedAnalyses OnWorkGroupFunctionsPass::run(Module &M,
                                                ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  PreservedAnalyses PA = PreservedAnalyses::all();
  for (Function &F : M)
    if (!F.isDeclaration() && F.hasFnAttribute(attr::WorkGroupFunction))
      PA.intersect(FPM.run(F, FAM));
  return PA;
}

void addLoweringPipeline(ModulePassManager &MPM, PassBuilder &PB,
                         OptimizationLevel Level) {
  MPM.addPass(PrepareKernelsPass());
  MPM.addPass(WorkGroupCBSPass());
  if (Level != OptimizationLevel::O0)
    MPM.addPass(OnWorkGroupFunctionsPass(PB.buildFunctionSimplificationPipeline(
        Level, ThinOrFullLTOPhase::None)));
}

} // namespace sublane

static void registerCallbacks(PassBuilder &PB) {
  using namespace sublane;
  PB.registerAnalysisRegistrationCallback([](FunctionAnalysisManager &FAM) {
    FAM.registerPass([] { return KernelShapeAnalysis(); });
  });
  PB.registerPipelineParsingCallback(
      [&PB](StringRef Name, ModulePassManager &MPM,
            ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "sublane-prepare") {
          MPM.addPass(PrepareKernelsPass());
          return true;
        }
        if (Name == "sublane-wg-cbs") {
          MPM.addPass(WorkGroupCBSPass());
          return true;
        }
        if (Name == "sublane-lower") {
          addLoweringPipeline(MPM, PB, OptimizationLevel::O0);
          return true;
        }
        return false;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "print<sublane-shape>") {
          FPM.addPass(KernelShapePrinterPass(errs()));
          return true;
        }
        return false;
      });
  PB.registerOptimizerEarlyEPCallback(
      [&PB](ModulePassManager &MPM, OptimizationLevel Level) {
        addLoweringPipeline(MPM, PB, Level);
      });
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "sublane", "0.1", registerCallbacks};
}
