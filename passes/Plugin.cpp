//===- Plugin.cpp - Registers the sublane passes with LLVM ----------------===//
//
// One shared library for both entry points: `opt -load-pass-plugin` (passes by
// name, for any front end's kernel IR) and `clang -fpass-plugin` (the whole
// lowering at the start of clang's pipeline).
//
//===----------------------------------------------------------------------===//

#include "sublane/Passes/DeviceMathCalls.h"
#include "sublane/Passes/IdleTailExit.h"
#include "sublane/Passes/JamSubGroupLoops.h"
#include "sublane/Passes/KernelInfo.h"
#include "sublane/Passes/KernelShape.h"
#include "sublane/Passes/MarkConvergent.h"
#include "sublane/Passes/PrepareKernels.h"
#include "sublane/Passes/VectorizeSubGroups.h"
#include "sublane/Passes/WorkGroupCBS.h"

#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace sublane {

/// The whole lowering, run by clang at the start of its pipeline: before any
/// of LLVM's transforms can move, duplicate or merge a barrier (call-site
/// splitting, for one, copies calls next to the one it splits, convergent or
/// not), and so that all of O1-O3, the loop vectorizer included, optimizes
/// the work-item loops.
static void addLoweringPipeline(ModulePassManager &MPM) {
  MPM.addPass(MarkConvergentPass());
  MPM.addPass(PrepareKernelsPass());
  MPM.addPass(VectorizeSubGroupsPass());
  MPM.addPass(WorkGroupCBSPass());
}

} // namespace sublane

static void registerCallbacks(PassBuilder &PB) {
  using namespace sublane;
  PB.registerAnalysisRegistrationCallback([](FunctionAnalysisManager &FAM) {
    FAM.registerPass([] { return KernelShapeAnalysis(); });
    FAM.registerPass([] { return SubGroupShapeAnalysis(); });
    FAM.registerPass([] { return SubGroupRowShapeAnalysis(); });
  });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "sublane-prepare") {
          MPM.addPass(PrepareKernelsPass());
          return true;
        }
        if (Name == "sublane-mark-convergent") {
          MPM.addPass(MarkConvergentPass());
          return true;
        }
        if (Name == "sublane-wfv") {
          MPM.addPass(VectorizeSubGroupsPass());
          return true;
        }
        if (Name == "sublane-wg-cbs") {
          MPM.addPass(WorkGroupCBSPass());
          return true;
        }
        if (Name == "sublane-lower") {
          addLoweringPipeline(MPM);
          return true;
        }
        return false;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "sublane-device-math") {
          FPM.addPass(DeviceMathCallsPass());
          return true;
        }
        if (Name == "sublane-jam-sub-groups") {
          FPM.addPass(JamSubGroupLoopsPass());
          return true;
        }
        if (Name == "sublane-idle-tail-exit") {
          FPM.addPass(IdleTailExitPass());
          return true;
        }
        if (Name == "print<sublane-shape>") {
          FPM.addPass(ShapePrinterPass<KernelShapeAnalysis>(errs()));
          return true;
        }
        if (Name == "print<sublane-sg-shape>") {
          FPM.addPass(ShapePrinterPass<SubGroupShapeAnalysis>(errs()));
          return true;
        }
        if (Name == "print<sublane-sg-row-shape>") {
          FPM.addPass(ShapePrinterPass<SubGroupRowShapeAnalysis>(errs()));
          return true;
        }
        return false;
      });
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        addLoweringPipeline(MPM);
      });
  // After LLVM has rotated the loops over sub-groups and unswitched the
  // guards of their uniform inner loops, before it unrolls the inner loops.
  PB.registerVectorizerStartEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel) {
        FPM.addPass(JamSubGroupLoopsPass());
        FPM.addPass(IdleTailExitPass());
      });
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "sublane", "0.1", registerCallbacks};
}
