//===- Plugin.cpp - Registers the sublane passes with LLVM ----------------===//
//
// One shared library for both entry points: `opt -load-pass-plugin` (passes by
// name, for any front end's kernel IR) and `clang -fpass-plugin` (the whole
// lowering at the start of clang's pipeline).
//
//===----------------------------------------------------------------------===//

#include "sublane/Passes/analysis/KernelShape.h"
#include "sublane/Passes/cbs/WorkGroupCBS.h"
#include "sublane/Passes/late/IdleTailExit.h"
#include "sublane/Passes/late/JamSubGroupLoops.h"
#include "sublane/Passes/late/UndefAddressAccesses.h"
#include "sublane/Passes/prepare/DeviceMathCalls.h"
#include "sublane/Passes/prepare/MarkConvergent.h"
#include "sublane/Passes/prepare/PrepareKernels.h"
#include "sublane/Passes/util/KernelInfo.h"
#include "sublane/Passes/wfv/VectorizeSubGroups.h"

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
#define SUBLANE_MODULE_PASS(NAME, CREATE_PASS) MPM.addPass(CREATE_PASS);
#include "Passes.def"
}

} // namespace sublane

static void registerCallbacks(PassBuilder &PB) {
  using namespace sublane;
  PB.registerAnalysisRegistrationCallback([](FunctionAnalysisManager &FAM) {
#define SUBLANE_FUNCTION_ANALYSIS(CREATE_ANALYSIS)                             \
  FAM.registerPass([] { return CREATE_ANALYSIS; });
#include "Passes.def"
  });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
#define SUBLANE_MODULE_PASS(NAME, CREATE_PASS)                                 \
  if (Name == NAME) {                                                          \
    MPM.addPass(CREATE_PASS);                                                  \
    return true;                                                               \
  }
#include "Passes.def"
        if (Name == "sublane-lower") {
          addLoweringPipeline(MPM);
          return true;
        }
        return false;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
#define SUBLANE_FUNCTION_PASS(NAME, CREATE_PASS)                               \
  if (Name == NAME) {                                                          \
    FPM.addPass(CREATE_PASS);                                                  \
    return true;                                                               \
  }
#include "Passes.def"
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
  // Last, so that no later transform can fold an address vector to undef.
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(
            createModuleToFunctionPassAdaptor(DropUndefAddressAccessesPass()));
      });
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "sublane", "0.1", registerCallbacks};
}
