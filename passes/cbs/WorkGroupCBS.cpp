//===- WorkGroupCBS.cpp - Work-group continuation-based synchronization ---===//

#include "sublane/Passes/cbs/WorkGroupCBS.h"
#include "CBSLowering.h"
#include "sublane/Passes/analysis/SyncPointCheck.h"
#include "sublane/Passes/prepare/LoweringDecision.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/DebugInfoMetadata.h"

#define DEBUG_TYPE "sublane-wg-cbs"

using namespace llvm;

STATISTIC(NumKernelsLowered, "Number of kernels lowered by work-group CBS");

namespace sublane {
namespace cbs {
bool CBSLowering::checkKernel() {
  Dims = getUnsignedAttr(K, attr::Dims).value_or(1);
  KernelLowering L = getLowering(K);
  SubGroupSize = L.SubGroupSize;
  if (L.V == Variant::WFV) {
    Attribute Body = K.getFnAttribute(attr::Vectorized);
    if (!Body.isStringAttribute() || !M.getFunction(Body.getValueAsString())) {
      reportKernelError(K, "variant 'wfv' needs the vectorizer: run "
                           "sublane-wfv before sublane-wg-cbs");
      return false;
    }
    Vectorized = true;
  }
  if (L.V == Variant::CBS && SubGroupSize != 1) {
    reportKernelError(K, "variant 'cbs' runs sub-groups of one work-item, "
                         "but the kernel asks for sub-group size " +
                             Twine(SubGroupSize) + "; use variant 'hcbs'");
    return false;
  }
  Hierarchical = L.V == Variant::HCBS;

  // The vectorizer checked the kernel as written.
  bool Ok =
      Vectorized || checkSyncPoints(K, Dims, Hierarchical ? SubGroupSize : 1);
  for (Instruction &I : instructions(K)) {
    if (getBuiltinKind(&I) == BuiltinKind::GroupLocalAlloc &&
        !getGroupLocalBlock(cast<CallBase>(I))) {
      reportKernelError(K, getGroupLocalBlockRequirement(), &I);
      Ok = false;
    }
    auto *AI = dyn_cast<AllocaInst>(&I);
    if (AI && !AI->isStaticAlloca()) {
      reportKernelError(K,
                        "variable-length arrays and dynamic alloca are not "
                        "supported in kernels",
                        AI);
      Ok = false;
    }
  }
  return Ok;
}

void CBSLowering::createWorkGroupFunction() {
  Type *Ptr = PointerType::getUnqual(C);
  auto *FTy = FunctionType::get(Type::getVoidTy(C), {Ptr, Ptr}, false);
  W = Function::Create(FTy, GlobalValue::InternalLinkage, K.getName() + ".wg",
                       M);
  // A vectorized kernel's body is the vectorizer's copy of it.
  Function *Body = &K;
  if (Vectorized)
    Body = M.getFunction(K.getFnAttribute(attr::Vectorized).getValueAsString());
  ValueToValueMapTy VMap;
  if (K.arg_size() == 1)
    VMap[Body->getArg(0)] = W->getArg(0);
  SmallVector<ReturnInst *> Returns;
  CloneFunctionInto(W, Body, VMap, CloneFunctionChangeType::LocalChangesOnly,
                    Returns);
  W->removeFnAttr(attr::Vectorized);
  if (Body != &K)
    Body->eraseFromParent();
  W->getArg(0)->setName("closure");
  W->getArg(1)->setName("ctx");
  W->removeFnAttr(attr::Kernel);
  W->removeFnAttr(Attribute::NoInline);
  W->addFnAttr(attr::WorkGroupFunction, K.getName());
  W->setLinkage(GlobalValue::InternalLinkage);
  W->setDSOLocal(true);
  // -fsanitize=function checks an indirect call against the type hash in
  // the callee's prologue: K's hash would not match K.wg's type, and the
  // runtime calls K.wg through a pointer of its own type.
  W->setMetadata(LLVMContext::MD_func_sanitize, nullptr);
}

void CBSLowering::deleteOriginalBlocks() {
  for (BasicBlock *BB : OriginalBlocks)
    for (Instruction &I : *BB)
      I.dropAllReferences();
  for (BasicBlock *BB : OriginalBlocks) {
    for (Instruction &I : *BB)
      if (!I.use_empty())
        I.replaceAllUsesWith(PoisonValue::get(I.getType()));
    BB->eraseFromParent();
  }
}

/// Orders blocks as they run: setup, dispatch, then each region's loop with
/// its body inside. Only the printed IR changes; it is read by people.
void CBSLowering::layoutBlocks() {
  BasicBlock *Last = Dispatch;
  Dispatch->moveAfter(Setup);
  auto Place = [&](BasicBlock *BB) {
    BB->moveAfter(Last);
    Last = BB;
  };
  for (BasicBlock *BB : AfterBlocks)
    Place(BB);
  for (auto &R : Regions) {
    Place(R->Preheader);
    for (BasicBlock *BB : R->Headers)
      Place(BB);
    for (BasicBlock *BB : R->Clones)
      Place(BB);
    for (BasicBlock *BB : reverse(R->Latches))
      Place(BB);
    Place(R->Exit);
  }
  for (BasicBlock *BB : CombineBlocks)
    Place(BB);
  Place(Done);
}

void CBSLowering::completeDescriptor() {
  GlobalVariable *GV = findDescriptor(K);
  assert(GV && "prepare gives every kernel a descriptor");
  auto *DescTy = cast<StructType>(GV->getValueType());
  updateDescriptor(*GV, [&](MutableArrayRef<Constant *> Fields) {
    auto SetI32 = [&](unsigned F, uint64_t V) {
      Fields[F] = ConstantInt::get(DescTy->getElementType(F), V);
    };
    auto *Flags = cast<ConstantInt>(Fields[desc::Flags]);
    SetI32(desc::Flags, Flags->getZExtValue() | desc::LoweredFlag);
    SetI32(desc::SubGroupSize, SubGroupSize);
    SetI32(desc::Variant, unsigned(Vectorized     ? Variant::WFV
                                   : Hierarchical ? Variant::HCBS
                                                  : Variant::CBS));
    SetI32(desc::ScratchArrays, ScratchArrays);
    SetI32(desc::ScratchBytesPerItem, ScratchBytesPerItem);
    SetI32(desc::ScratchUniformBytes, ScratchUniformBytes);
    Fields[desc::WorkGroupFn] = W;
  });
}

Function *CBSLowering::run() {
  if (!checkKernel())
    return nullptr;
  createWorkGroupFunction();
  ORE = std::make_unique<OptimizationRemarkEmitter>(W);
  emitSetup();
  dissolveIdFreezes();
  lowerUniformBuiltins();
  hoistGroupInvariants();
  lowerCollectivesToArrays();
  rematerializeIdExpressions();
  splitSyncPoints();
  LaneLoops = Hierarchical && any_of(Syncs, [](const SyncPoint &SP) {
                return !SP.WorkGroupLevel;
              });
  formRegions();
  privatizeAllocas();
  KernelShape Shape(*W, Dims, DivergenceSources::Conservative);
  planReturnedItems(Shape);
  std::optional<KernelShape> SubGroupShape;
  if (LaneLoops && SubGroupSize > 1)
    SubGroupShape.emplace(*W, Dims,
                          DivergenceSources::ConservativeWithinSubGroup,
                          GlobalIdBound::None, SubGroupUniformResults);
  {
    CycleInfo Cycles;
    Cycles.compute(*W);
    for (BasicBlock &BB : *W)
      if (Cycles.getCycle(&BB))
        BlocksInCycles.insert(&BB);
  }
  cloneRegions();
  buildDispatch();
  repairCrossRegionUses(Shape, SubGroupShape ? &*SubGroupShape : nullptr);
  for (auto &R : Regions)
    tagParallelAccesses(*R);
  deleteOriginalBlocks();
  specializeFullSubGroups();
  loopOverFullSubGroups();
  separateLiveValuesFromUserMemory();
  layoutBlocks();
  loopOverGroups();
  combineUniformAtomics();
  keepMiscompiledDivisionsScalar();

  std::string Broken;
  raw_string_ostream OS(Broken);
  if (verifyFunction(*W, &OS)) {
    reportKernelError(K, "internal error: work-group CBS produced invalid "
                         "IR; please report this kernel: " +
                             Twine(OS.str()));
    W->eraseFromParent();
    return nullptr;
  }
  completeDescriptor();
  remarkLowered();
  ++NumKernelsLowered;
  return W;
}

/// What the kernel became, for -Rpass=sublane: the variant and size, the
/// sync points and regions, and where its live values went.
void CBSLowering::remarkLowered() {
  unsigned WorkGroupSyncs =
      count_if(Syncs, [](const SyncPoint &SP) { return SP.WorkGroupLevel; });
  // At the user's first line in the kernel, not the header's entry.
  DebugLoc Where = getKernelUserLoc(K);
  OptimizationRemarkEmitter KernelORE(&K);
  KernelORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "Lowered", Where, &K.getEntryBlock())
           << "kernel '" << getKernelDisplayName(K) << "' lowered by "
           << (Vectorized     ? "CBS over vectorized sub-groups"
               : Hierarchical ? "hierarchical CBS"
                              : "CBS")
           << " at sub-group size " << ore::NV("SubGroupSize", SubGroupSize)
           << ": " << ore::NV("Regions", unsigned(Regions.size()))
           << " regions between "
           << ore::NV("WorkGroupSyncPoints", WorkGroupSyncs)
           << " work-group and "
           << ore::NV("SubGroupSyncPoints",
                      unsigned(Syncs.size()) - WorkGroupSyncs)
           << " sub-group sync points; values live across them: "
           << ore::NV("PerWorkItem", LivePerItem) << " per work-item, "
           << ore::NV("PerSubGroup", LivePerSubGroup) << " per sub-group, "
           << ore::NV("Uniform", LiveUniform) << " once per group, "
           << ore::NV("Recomputed", LiveRecomputed)
           << " recomputed from the id; "
           << ore::NV("PrivatePerWorkItem", PrivatePerItem)
           << " private variables per work-item";
  });
}

} // namespace cbs

PreservedAnalyses WorkGroupCBSPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function *K : getKernels(M)) {
    if (!findDescriptor(*K)) {
      reportKernelError(*K, "has no descriptor; run sublane-prepare first");
      continue;
    }
    if (M.getFunction((K->getName() + ".wg").str()))
      continue; // lowered already
    Changed |= cbs::CBSLowering(*K).run() != nullptr;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace sublane
