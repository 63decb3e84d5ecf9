//===- VectorizeSubGroups.cpp - The sublane-wfv pass ----------------------===//
//
// Picks the kernels of variant wfv, checks what the vectorizer cannot do,
// checks their sync points, vectorizes them, and says what happened in an
// optimization remark. The transformation is SubGroupVectorizer's.
//
//===----------------------------------------------------------------------===//

#include "sublane/Passes/wfv/VectorizeSubGroups.h"
#include "SubGroupVectorizer.h"
#include "sublane/Passes/analysis/SyncPointCheck.h"
#include "sublane/Passes/prepare/LoweringDecision.h"
#include "sublane/Passes/util/TargetInfo.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

#define DEBUG_TYPE "sublane-wfv"

using namespace llvm;

STATISTIC(NumVectorized, "Number of kernels vectorized");
STATISTIC(NumFallbacks, "Number of wfv kernels lowered by hierarchical CBS");

static cl::opt<bool> Always512(
    "sublane-wfv-always-512", cl::Hidden,
    cl::desc("Give every vectorized AVX-512 kernel 512-bit vectors, also "
             "straight-line streaming kernels, which otherwise keep the "
             "target's preferred vector width"),
    cl::init(false));

namespace sublane {
namespace {

/// Whether the vectorized sub-group function \p SG is a straight-line stream:
/// no loops, no calls but intrinsics and id queries, no sync points or
/// collectives, no gathers or scatters, no permutes, just element-wise
/// arithmetic on vectors loaded from and stored to consecutive addresses
/// (masked in the copy for a partial sub-group) and whole-vector reductions.
/// Such a kernel gains nothing from 512-bit registers that two 256-bit halves
/// do not give it, and its loads are the part that counts: on Zen 4, a stream
/// of 512-bit loads from memory ran 1.2-1.3x slower than the same stream of
/// 256-bit ones (docs/performance.md).
bool isStraightLineStream(const Function &SG) {
  SmallVector<std::pair<const BasicBlock *, const BasicBlock *>> BackEdges;
  FindFunctionBackedges(SG, BackEdges);
  if (!BackEdges.empty())
    return false;
  bool LoadsOrStoresVectors = false;
  for (const Instruction &I : instructions(SG)) {
    if (auto *Shuffle = dyn_cast<ShuffleVectorInst>(&I)) {
      if (!Shuffle->isZeroEltSplat())
        return false;
    } else if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
      if (isa<MemIntrinsic>(II))
        return false;
      switch (II->getIntrinsicID()) {
      case Intrinsic::masked_gather:
      case Intrinsic::masked_scatter:
      case Intrinsic::masked_expandload:
      case Intrinsic::masked_compressstore:
        return false;
      default:
        break;
      }
    } else if (auto *CB = dyn_cast<CallBase>(&I)) {
      switch (getBuiltinKind(CB)) {
      case BuiltinKind::None:
      case BuiltinKind::LocalMem:
      case BuiltinKind::GroupLocalAlloc:
      case BuiltinKind::WorkGroupBarrier:
      case BuiltinKind::SubGroupBarrier:
      case BuiltinKind::Collective:
        return false;
      default:
        break; // an id or size query
      }
    } else if (auto *LI = dyn_cast<LoadInst>(&I)) {
      LoadsOrStoresVectors |= LI->getType()->isVectorTy();
    } else if (auto *SI = dyn_cast<StoreInst>(&I)) {
      LoadsOrStoresVectors |= SI->getValueOperand()->getType()->isVectorTy();
    }
  }
  return LoadsOrStoresVectors;
}

void fallBack(Function &K, const wfv::Refusal &Why, DebugLoc Where) {
  ++NumFallbacks;
  recordLowering(K, {getLowering(K).SubGroupSize, Variant::HCBS});
  OptimizationRemarkEmitter ORE(&K);
  ORE.emit([&] {
    return OptimizationRemarkMissed(DEBUG_TYPE, "NotVectorized", Where,
                                    &K.getEntryBlock())
           << "kernel '" << getKernelDisplayName(K)
           << "' not vectorized: " << Why.Reason
           << "; it runs under hierarchical CBS at sub-group size "
           << ore::NV("SubGroupSize",
                      getUnsignedAttr(K, attr::SubGroupSize).value_or(1));
  });
  LLVM_DEBUG(dbgs() << "sublane-wfv: " << K.getName()
                    << " not vectorized: " << Why.Reason << "\n");
}

Function *cloneKernel(Function &K) {
  Function *SG =
      Function::Create(K.getFunctionType(), GlobalValue::InternalLinkage,
                       K.getName() + ".sg", K.getParent());
  ValueToValueMapTy VMap;
  for (auto [From, To] : zip(K.args(), SG->args())) {
    VMap[&From] = &To;
    To.setName(From.getName());
  }
  SmallVector<ReturnInst *> Returns;
  CloneFunctionInto(SG, &K, VMap, CloneFunctionChangeType::LocalChangesOnly,
                    Returns);
  SG->setLinkage(GlobalValue::InternalLinkage);
  SG->removeFnAttr(attr::Kernel);
  return SG;
}

bool vectorizeKernel(Function &K, FunctionAnalysisManager &FAM) {
  unsigned S = getLowering(K).SubGroupSize;
  unsigned Dims = getUnsignedAttr(K, attr::Dims).value_or(1);
  DebugLoc KernelLoc = getKernelUserLoc(K);
  // K stays as written: the fiber engine runs it per work-item. The
  // vectorized body is a copy, K.sg, that work-group CBS lowers.
  Function *SG = cloneKernel(K);
  auto Refuse = [&](wfv::Refusal Why) {
    DebugLoc Where = Why.At ? getUserDebugLoc(Why.At) : DebugLoc();
    Why.At = nullptr; // an instruction of the copy, about to go
    SG->eraseFromParent();
    fallBack(K, Why, Where ? Where : KernelLoc);
    return true;
  };
  if (auto Why = wfv::canonicalizeForVectorization(*SG, FAM))
    return Refuse(*Why);
  if (auto Why = wfv::findSparselyRunLoops(*SG, Dims, FAM))
    return Refuse(*Why);
  if (wfv::layOutPrivatesElementMajor(*SG, S))
    FAM.invalidate(*SG, PreservedAnalyses::none());
  unsigned VersionedGuards = wfv::versionLaneGuards(*SG, FAM);
  SmallVector<wfv::RowTile, 2> Tiles = wfv::tileRowLoads(*SG, FAM);
  wfv::SubGroupVectorizer V(*SG, S, Dims, getKernelDisplayName(K));
  for (const wfv::BodyPlan *Plan : {&V.getGeneralPlan(), &V.getRowPlan()}) {
    if (auto Why = wfv::checkVectorizable(*SG, Plan->VectorValues))
      return Refuse(*Why);
    if (!V.hasBlockOrder(*Plan))
      return Refuse({"its loops cannot be laid out one after another for "
                     "linearization",
                     nullptr});
  }
  // Checked here, on the kernel as written: work-group CBS sees the
  // vectorized body, whose loops run while any lane continues.
  if (!checkSyncPoints(K, Dims, S)) {
    SG->eraseFromParent();
    K.removeFnAttr(attr::Kernel); // reported; leave it unlowered
    return true;
  }
  bool Linearized = V.getGeneralPlan().Linearize;
  bool RowsLinearized = V.getRowPlan().Linearize;
  std::string RowBlocks;
  for (const wfv::BodyPlan &Plan : V.getRowBlockPlans())
    RowBlocks += (RowBlocks.empty() ? "" : ", ") + utostr(Plan.RowsSpanned);
  V.run();
  FAM.invalidate(*SG, PreservedAnalyses::none());
  // Never a miscompile: invalid IR from the vectorizer is reported, and the
  // kernel is left unlowered.
  auto ReportIfBroken = [&] {
    std::string Broken;
    raw_string_ostream OS(Broken);
    if (!verifyFunction(*SG, &OS))
      return false;
    reportKernelError(K, "internal error: the vectorizer produced invalid IR; "
                         "please report this kernel: " +
                             Twine(OS.str()));
    SG->eraseFromParent();
    K.removeFnAttr(attr::Kernel);
    return true;
  };
  if (ReportIfBroken())
    return true;
  // Masks and blends come out of their slots as phis of constants and
  // selects on known masks. Folded now, work-group CBS does not keep them per
  // sub-group across barriers. (No CFG changes: the copies' barriers must
  // stay where they are.)
  FunctionPassManager Fold;
  Fold.addPass(InstCombinePass());
  Fold.run(*SG, FAM);
  // The general copy's tiles are dead (emitInFullSubGroupTest): gone before
  // the backend spends its time on them. Reachable code stays as it is.
  if (!Tiles.empty()) {
    bool Folded = false;
    for (BasicBlock &BB : *SG)
      Folded |= ConstantFoldTerminator(&BB);
    if (Folded) {
      removeUnreachableBlocks(*SG);
      FAM.invalidate(*SG, PreservedAnalyses::none());
    }
  }
  if (wfv::scalarizeLaneReads(*SG)) {
    FAM.invalidate(*SG, PreservedAnalyses::none());
    if (ReportIfBroken())
      return true;
  }
  if (wfv::computeMaskLanesInScalars(*SG)) {
    FAM.invalidate(*SG, PreservedAnalyses::none());
    if (ReportIfBroken())
      return true;
  }
  // A sub-group of 16 floats is one AVX-512 register: let the backend use
  // them as such (it would otherwise split 512-bit vectors in two where the
  // target prefers 256-bit ones), also for the vectors it passes to vector
  // math functions, which take zmm registers. A straight-line stream keeps
  // the target's preference.
  bool HasAVX512 = hasTargetFeature(*SG, "+avx512f");
  if (HasAVX512 && !Always512 && isStraightLineStream(*SG)) {
    LLVM_DEBUG(dbgs() << "sublane-wfv: " << K.getName()
                      << " is a straight-line stream: target's vector width\n");
  } else if (HasAVX512) {
    uint64_t Width = 0;
    SG->getFnAttribute("min-legal-vector-width")
        .getValueAsString()
        .getAsInteger(10, Width);
    if (Width < 512)
      SG->addFnAttr("min-legal-vector-width", "512");
  }
  if (wfv::scalarizeStridedLaneAccesses(*SG,
                                        FAM.getResult<TargetIRAnalysis>(*SG)))
    FAM.invalidate(*SG, PreservedAnalyses::none());
  // Before the lane loops, which would otherwise take SSE's masked
  // accesses of local memory.
  if (wfv::blendLocalMemoryAccesses(*SG)) {
    FAM.invalidate(*SG, PreservedAnalyses::none());
    if (ReportIfBroken())
      return true;
  }
  // Last: the steps before look for masked accesses in intrinsic form.
  if (wfv::loopOverActiveLanes(*SG, FAM.getResult<TargetIRAnalysis>(*SG))) {
    FAM.invalidate(*SG, PreservedAnalyses::none());
    if (ReportIfBroken())
      return true;
  }
  K.addFnAttr(attr::Vectorized, SG->getName());
  ++NumVectorized;
  OptimizationRemarkEmitter ORE(&K);
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "Vectorized", KernelLoc,
                              &K.getEntryBlock())
           << "kernel '" << getKernelDisplayName(K)
           << "' vectorized: one sub-group per vector of width "
           << ore::NV("Width", S)
           << (!Linearized ? ", its control flow kept"
               : RowsLinearized
                   ? ", branches that differ between work-items linearized "
                     "under masks"
                   : ", its control flow kept for sub-groups within a row "
                     "(branches that differ between work-items linearized "
                     "under masks otherwise)")
           << (RowBlocks.empty()
                   ? ""
                   : "; sub-groups of " + RowBlocks +
                         " whole rows access memory one row at a time")
           << (VersionedGuards
                   ? "; code guarded by " + utostr(VersionedGuards) +
                         " bounds check(s) on the work-item id runs unmasked "
                         "in sub-groups where the check holds for every "
                         "work-item"
                   : "");
  });
  for (const wfv::RowTile &T : Tiles)
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "RowTiles",
                                T.Loc ? T.Loc : KernelLoc, &K.getEntryBlock())
             << "loop in kernel '" << getKernelDisplayName(K)
             << "' where each work-item reads along its own row runs in tiles "
                "of "
             << ore::NV("Steps", T.Steps)
             << " steps: " << ore::NV("Loads", T.Loads)
             << " load(s) per step become one vector load per work-item and "
                "tile, transposed in registers, instead of a gather per step";
    });
  for (const wfv::ScatteredAccess &A : V.getScatteredAccesses())
    ORE.emit([&] {
      OptimizationRemarkAnalysis R(DEBUG_TYPE, A.IsStore ? "Scatter" : "Gather",
                                   A.Loc ? A.Loc : KernelLoc,
                                   &K.getEntryBlock());
      R << (A.IsStore ? "store" : "load") << " in kernel '"
        << getKernelDisplayName(K) << "' is a "
        << (A.IsStore ? "scatter" : "gather")
        << " even in full sub-groups: consecutive work-items' addresses ";
      if (A.LaneStride)
        R << "are " << ore::NV("LaneStride", *A.LaneStride) << " bytes apart";
      else
        R << "are not a constant distance apart";
      return R;
    });
  return true;
}

} // namespace

PreservedAnalyses VectorizeSubGroupsPass::run(Module &M,
                                              ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (Function *K : getKernels(M)) {
    if (K->hasFnAttribute(attr::Vectorized) ||
        M.getFunction((K->getName() + ".wg").str()))
      continue;
    if (getLowering(*K).V != Variant::WFV)
      continue;
    Changed |= vectorizeKernel(*K, FAM);
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace sublane
