//===- WorkGroupCBS.cpp - Work-group continuation-based synchronization ---===//

#include "sublane/Passes/WorkGroupCBS.h"
#include "sublane/Passes/CollectiveUtils.h"
#include "sublane/Passes/KernelInfo.h"
#include "sublane/Passes/KernelShape.h"
#include "sublane/Passes/SyncPointCheck.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#define DEBUG_TYPE "sublane-wg-cbs"

using namespace llvm;

STATISTIC(NumKernelsLowered, "Number of kernels lowered by work-group CBS");
STATISTIC(NumRegions, "Number of barrier-free regions formed");
STATISTIC(NumUniformSlots, "Number of live values kept once per group");
STATISTIC(NumAffineSlots, "Number of live values recomputed from the id");
STATISTIC(NumPerItemArrays, "Number of live values kept per work-item");
STATISTIC(NumPerSubGroupSlots, "Number of live values kept per sub-group");
STATISTIC(NumDoubleBufferedSubGroupSlots,
          "Number of per-sub-group values a lane loop redefines and reloads");
STATISTIC(NumPerItemAllocas, "Number of private variables kept per item");
STATISTIC(NumHoisted, "Number of group-invariant instructions hoisted");
STATISTIC(NumRematerialized,
          "Number of id expressions recomputed where they are used");

static cl::opt<unsigned> ItemLoopInterleave(
    "sublane-item-loop-interleave", cl::init(1),
    cl::desc("Interleave count asked of the vectorizer for work-item and "
             "lane loops (0: its cost model decides). 1 keeps loops as short "
             "as a tile row (16 items) in the vector body"));

static cl::opt<bool> CheckSyncPoints(
    "sublane-check-sync-points", cl::init(false),
    cl::desc("Make lowered kernels check at run time that all work-items of "
             "a group stop at the same barrier or collective (validation)"));

namespace sublane {
namespace {

struct Region {
  unsigned Id;
  BasicBlock *Entry;
  SmallVector<BasicBlock *> Blocks;
  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *> Clones;
  SmallVector<BasicBlock *, 3> Headers, Latches;
  BasicBlock *Preheader = nullptr;
  BasicBlock *InnerHeader = nullptr;
  BasicBlock *InnerLatch = nullptr;
  BasicBlock *Exit = nullptr;
  /// Where this work-item leaves the region (the barrier's number, or past
  /// the last region for a return), and the region's next state: the maximum
  /// over its items, a reduction the loop vectorizer knows. (A plain live-out
  /// would stop it; all items leave the same way anyway.)
  PHINode *ItemExit = nullptr;
  Value *NextState = nullptr;
  /// With -sublane-check-sync-points: the minimum too.
  Value *MinState = nullptr;
  Value *Ids[3] = {};
  Value *LinearId = nullptr;
  Value *Lane = nullptr; ///< hierarchical only
  MDNode *AccessGroup = nullptr;
  DenseMap<Instruction *, Value *> HeaderLoads;
  /// The sync points at which work-items leave this region.
  SmallVector<unsigned, 2> ExitSyncs;
};

/// Where work-items meet: a barrier or a collective. Sync point i (from 1)
/// ends the regions that reach it and starts region i.
struct SyncPoint {
  unsigned Id;
  BasicBlock *Block;
  BuiltinKind Kind;
  /// Whether all work-items of the group meet here (else those of a
  /// sub-group).
  bool WorkGroupLevel;
  std::optional<CollectiveInfo> Info; ///< for collectives
  /// Per-item arrays: the value operand, the index operand, the result.
  Value *In = nullptr, *Index = nullptr, *Out = nullptr;
  /// The index operand when it is a constant (shifts, xor masks).
  std::optional<uint64_t> ConstIndex;
};

/// Where a value live across barriers is kept.
struct Slot {
  Shape S;
  Value *Address = nullptr; ///< array base (varying) or slot (others)
  Type *Ty = nullptr;
  /// For a uniform or affine value that a region both defines and reloads:
  /// the slot that region writes, copied to Address when its item loop ends,
  /// so that later items still read the value from before the region.
  Value *NextAddress = nullptr;
  SmallPtrSet<Region *, 2> WritesNext;
  /// A varying value that is uniform within each sub-group: one element per
  /// sub-group, indexed by the sub-group id. When a lane loop both
  /// redefines and reloads it, NextAddress is a second such array, written
  /// by that loop and published when it ends, as for uniform slots above.
  bool PerSubGroup = false;
};

class CBSLowering {
public:
  CBSLowering(Function &K)
      : K(K), M(*K.getParent()), C(K.getContext()), DL(M.getDataLayout()) {}
  /// Builds K.wg; returns it, or null after reporting why it cannot.
  Function *run();

private:
  bool checkKernel();
  void createWorkGroupFunction();
  void emitSetup();
  void lowerUniformBuiltins();
  Value *lowerSingleLaneCollective(IRBuilder<> &B, const CollectiveInfo &Info,
                                   Value *X);
  void hoistGroupInvariants();
  bool isIdExpression(Instruction *I, const KernelShape &Shape,
                      DenseMap<Instruction *, unsigned> &Sizes);
  void rematerializeIdExpressions();
  void lowerCollectivesToArrays();
  Function *getLinearIdFunction();
  void splitSyncPoints();
  void formRegions();
  void privatizeAllocas();
  void cloneRegions();
  void buildItemLoops(Region &R);
  std::string beginRegionLoop(Region &R);
  MDNode *makeParallelLoopID(Region &R);
  void buildLaneLoop(Region &R);
  void trackMinimumExit(Region &R, BasicBlock *Preheader);
  void emitSyncCheck(IRBuilder<> &B, Value *A, Value *Bv);
  Constant *getSyncNames();
  void buildFlatDispatch();
  void dropEmptySwitch(SwitchInst *SW);
  void addCombineStep(SwitchInst *From, SyncPoint &SP, BasicBlock *Next,
                      PHINode *State);
  void connectRegions(SwitchInst *Entry, BasicBlock *After, PHINode *Reached);
  void buildHierarchicalDispatch();
  void emitWorkGroupCombine(IRBuilder<> &B, SyncPoint &SP);
  void emitSubGroupCombine(IRBuilder<> &B, SyncPoint &SP);
  Value *emitLoop(IRBuilder<> &B, Value *Count, Value *Init,
                  function_ref<Value *(IRBuilder<> &, Value *, Value *)> Body,
                  const Twine &Name);
  /// Puts \p I, an access to the lowering's own scratch, in the live-value
  /// alias scope; clones of it stay there.
  void markLiveValueAccess(Instruction *I);
  void redirectRegionExits(Region &R);
  void lowerVaryingBuiltins(Region &R);
  void buildDispatch();
  void repairCrossRegionUses(const KernelShape &Shape,
                             const KernelShape *SubGroupShape);
  void tagParallelAccesses(Region &R);
  void separateLiveValuesFromUserMemory();
  void specializeFullSubGroups();
  void deleteOriginalBlocks();
  void layoutBlocks();
  void completeDescriptor();

  Value *allocateScratch(uint64_t BytesPerItem, bool PerItem,
                         const Twine &Name);
  Value *dimSelect(IRBuilder<> &B, Value *Dim, ArrayRef<Value *> PerDim,
                   Value *Default);
  Value *loadLive(IRBuilder<> &B, Instruction *Orig, const Slot &S, Region &R);
  void storeLive(Instruction *Clone, const Slot &S, Region &R);
  bool isReachableInRegion(BasicBlock *From, BasicBlock *To,
                           const Region &R) const;
  void publishAtRegionEnd(const Slot &S, Region &R);
  SmallVector<SmallPtrSet<Region *, 8>> getWorkGroupSpans();
  Value *scaledId(IRBuilder<> &B, Region &R, Type *Ty, int64_t Stride);

  Function &K;
  Module &M;
  LLVMContext &C;
  const DataLayout &DL;
  unsigned Dims = 1;
  Function *W = nullptr;
  BasicBlock *Setup = nullptr;
  BasicBlock *Dispatch = nullptr;
  BasicBlock *Done = nullptr;
  /// Blocks of the state machine and combine steps, for the final layout.
  SmallVector<BasicBlock *> AfterBlocks, CombineBlocks;
  Value *GroupId[3] = {}, *LocalRange[3] = {}, *GroupRange[3] = {};
  Value *GlobalRange[3] = {}, *GlobalIdBase[3] = {};
  Value *LocalMem = nullptr, *Scratch = nullptr, *WorkGroupSize = nullptr;
  Value *ScratchOffset = nullptr; ///< running i64 offset, in setup
  unsigned ScratchArrays = 0;
  uint64_t ScratchBytesPerItem = 0, ScratchUniformBytes = 0;

  /// Variant hcbs: regions run as loops over the lanes of one sub-group of
  /// SubGroupSize lanes, inside a loop over the sub-groups.
  bool Hierarchical = false;
  /// Whether the hierarchical variant needs its lane loops: only when some
  /// sync point is a sub-group's. Without one, work-items run in flat loops
  /// as at size 1, with sub-group ids computed from the linear id.
  bool LaneLoops = false;
  unsigned SubGroupSize = 1;
  Value *SubGroupCount = nullptr; ///< sub-groups in the work-group (i64)
  /// Elements of each per-item array: the work-group size rounded up to a
  /// multiple of the sub-group size, so that whole sub-groups load as vectors.
  Value *ItemCapacity = nullptr;
  /// In the hierarchical loops: the current sub-group, its first linear id
  /// and its size.
  Value *SubGroup = nullptr, *SubGroupBase = nullptr, *SubGroupLanes = nullptr;
  Constant *SyncNames = nullptr, *KernelNameString = nullptr;
  /// The hierarchical state machine's pieces that specialization rewires.
  BasicBlock *SubGroupHeader = nullptr;
  SwitchInst *SubGroupSwitch = nullptr;
  PHINode *ReachedPhi = nullptr;

  SmallVector<SyncPoint> Syncs; ///< index j-1 for sync point j
  DenseMap<BasicBlock *, unsigned> SyncIndex;
  DenseMap<CallBase *, unsigned> CollectiveSync;
  /// Loads of collective results that are the same across a sub-group.
  SmallVector<const Value *> SubGroupUniformResults;
  /// Blocks of the kernel (before cloning) inside a loop.
  DenseSet<BasicBlock *> BlocksInCycles;
  SmallVector<BasicBlock *> OriginalBlocks;
  DenseSet<BasicBlock *> OriginalBlockSet;
  SmallVector<std::unique_ptr<Region>> Regions;
  DenseMap<Instruction *, std::pair<Instruction *, Region *>> CloneOrigin;
  unsigned ExitState = 0;
  /// The alias scope of the lowering's own scratch accesses (live values,
  /// collective operands and results), which no user access can touch.
  MDNode *LiveValueScope = nullptr;
};

bool CBSLowering::checkKernel() {
  Dims = getUnsignedAttr(K, attr::Dims).value_or(1);
  SubGroupSize = getUnsignedAttr(K, attr::SubGroupSize).value_or(1);
  std::optional<Variant> V =
      parseVariant(K.getFnAttribute(attr::Variant).getValueAsString());
  if (!V)
    V = SubGroupSize == 1 ? Variant::CBS : Variant::HCBS;
  if (*V == Variant::WFV) {
    reportKernelError(K, "variant 'wfv' (the whole-function vectorizer) is "
                         "not available in this build; use 'hcbs'");
    return false;
  }
  if (*V == Variant::CBS && SubGroupSize != 1) {
    reportKernelError(K, "variant 'cbs' runs sub-groups of one work-item, "
                         "but the kernel asks for sub-group size " +
                             Twine(SubGroupSize) + "; use variant 'hcbs'");
    return false;
  }
  Hierarchical = *V == Variant::HCBS;

  bool Ok = checkSyncPoints(K, Dims, Hierarchical);
  for (Instruction &I : instructions(K)) {
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
  ValueToValueMapTy VMap;
  if (K.arg_size() == 1)
    VMap[K.getArg(0)] = W->getArg(0);
  SmallVector<ReturnInst *> Returns;
  CloneFunctionInto(W, &K, VMap, CloneFunctionChangeType::LocalChangesOnly,
                    Returns);
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

void CBSLowering::emitSetup() {
  BasicBlock *OldEntry = &W->getEntryBlock();
  Setup = BasicBlock::Create(C, "sublane.setup", W, OldEntry);
  // Static allocas move to the new entry: they stay static, and the
  // work-item loops never re-execute them.
  for (Instruction &I : make_early_inc_range(*OldEntry))
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      AI->moveBefore(*Setup, Setup->end());
  IRBuilder<> B(Setup);
  StructType *CtxTy = getContextType(M);
  Value *Ctx = W->getArg(1);
  Type *I64 = B.getInt64Ty();
  auto LoadField = [&](unsigned Field, unsigned D, const char *Name) {
    Value *P = B.CreateConstInBoundsGEP2_32(CtxTy, Ctx, 0, Field);
    P = B.CreateConstInBoundsGEP1_32(I64, P, D);
    auto *L = B.CreateLoad(I64, P, Name + Twine(D));
    L->setMetadata(LLVMContext::MD_invariant_load, MDNode::get(C, {}));
    return L;
  };
  Value *Zero = B.getInt64(0), *One = B.getInt64(1);
  for (unsigned D = 0; D < 3; ++D) {
    if (D >= Dims) {
      GroupId[D] = Zero;
      GroupRange[D] = LocalRange[D] = GlobalRange[D] = One;
      GlobalIdBase[D] = Zero;
      continue;
    }
    GroupId[D] = LoadField(ctx::GroupId, D, "group.id");
    GroupRange[D] = LoadField(ctx::GroupRange, D, "group.range");
    LocalRange[D] = LoadField(ctx::LocalRange, D, "local.range");
    GlobalRange[D] =
        B.CreateMul(GroupRange[D], LocalRange[D], "global.range" + Twine(D));
    GlobalIdBase[D] =
        B.CreateMul(GroupId[D], LocalRange[D], "global.id.base" + Twine(D));
    WorkGroupSize = D ? B.CreateMul(WorkGroupSize, LocalRange[D], "wg.size")
                      : LocalRange[D];
  }
  auto LoadPtr = [&](unsigned Field, const char *Name) {
    auto *L = B.CreateLoad(
        B.getPtrTy(), B.CreateConstInBoundsGEP2_32(CtxTy, Ctx, 0, Field), Name);
    L->setMetadata(LLVMContext::MD_invariant_load, MDNode::get(C, {}));
    return L;
  };
  LocalMem = LoadPtr(ctx::LocalMem, "local.mem");
  Scratch = LoadPtr(ctx::Scratch, "scratch");
  ScratchOffset = B.getInt64(0);
  Value *S = B.getInt64(SubGroupSize);
  SubGroupCount = SubGroupSize == 1
                      ? WorkGroupSize
                      : B.CreateUDiv(B.CreateAdd(WorkGroupSize,
                                                 B.getInt64(SubGroupSize - 1)),
                                     S, "sg.count");
  ItemCapacity = SubGroupSize == 1
                     ? WorkGroupSize
                     : B.CreateMul(SubGroupCount, S, "item.capacity");
  B.CreateBr(OldEntry);
}

Value *CBSLowering::dimSelect(IRBuilder<> &B, Value *Dim,
                              ArrayRef<Value *> PerDim, Value *Default) {
  if (auto *CI = dyn_cast<ConstantInt>(Dim)) {
    uint64_t D = CI->getZExtValue();
    return D < Dims ? PerDim[D] : Default;
  }
  Value *Result = Default;
  for (unsigned D = 0; D < Dims; ++D)
    Result =
        B.CreateSelect(B.CreateICmpEQ(Dim, ConstantInt::get(Dim->getType(), D)),
                       PerDim[D], Result);
  return Result;
}

/// A sub-group collective over a single lane: the lane's own value, or the
/// identity for an exclusive scan.
Value *CBSLowering::lowerSingleLaneCollective(IRBuilder<> &B,
                                              const CollectiveInfo &Info,
                                              Value *X) {
  switch (Info.Kind) {
  case CollectiveInfo::ExclusiveScan:
    return getKnownIdentity(Info, X->getType());
  case CollectiveInfo::Any:
  case CollectiveInfo::All:
    return B.CreateZExt(B.CreateICmpNE(X, B.getInt32(0)), B.getInt32Ty());
  case CollectiveInfo::Ballot:
    return B.CreateZExt(B.CreateICmpNE(X, B.getInt32(0)), B.getInt64Ty());
  case CollectiveInfo::Reduce:
  case CollectiveInfo::InclusiveScan:
    if (Info.Op == CollectiveInfo::LogicalAnd ||
        Info.Op == CollectiveInfo::LogicalOr)
      return B.CreateZExt(B.CreateICmpNE(X, ConstantInt::get(X->getType(), 0)),
                          X->getType());
    return X;
  default:
    return X; // broadcasts, shuffles and shifts within one lane
  }
}

void CBSLowering::lowerUniformBuiltins() {
  SmallVector<CallBase *> Calls;
  for (Instruction &I : instructions(W))
    if (getBuiltinKind(&I) != BuiltinKind::None)
      Calls.push_back(cast<CallBase>(&I));
  for (CallBase *CB : Calls) {
    IRBuilder<> B(CB);
    Value *Repl = nullptr;
    Value *Zero = B.getInt64(0), *One = B.getInt64(1);
    switch (getBuiltinKind(CB)) {
    case BuiltinKind::GroupId:
      Repl = dimSelect(B, CB->getArgOperand(0), GroupId, Zero);
      break;
    case BuiltinKind::GroupRange:
      Repl = dimSelect(B, CB->getArgOperand(0), GroupRange, One);
      break;
    case BuiltinKind::LocalRange:
      Repl = dimSelect(B, CB->getArgOperand(0), LocalRange, One);
      break;
    case BuiltinKind::GlobalRange:
      Repl = dimSelect(B, CB->getArgOperand(0), GlobalRange, One);
      break;
    case BuiltinKind::LocalMem:
      Repl = LocalMem;
      break;
    case BuiltinKind::SubGroupMaxSize:
      Repl = B.getInt32(SubGroupSize);
      break;
    case BuiltinKind::UniformAssertion:
      CB->eraseFromParent(); // the fiber engine's check; nothing to lower
      continue;
    case BuiltinKind::SubGroupCount:
      Repl = B.CreateTrunc(SubGroupCount, B.getInt32Ty());
      break;
    // Sub-group size 1 without the hierarchy: every work-item is its own
    // sub-group, a sub-group barrier does nothing and a sub-group
    // collective sees one value.
    case BuiltinKind::SubGroupLocalId:
      if (Hierarchical)
        continue;
      Repl = B.getInt32(0);
      break;
    case BuiltinKind::SubGroupSize:
      if (Hierarchical)
        continue;
      Repl = B.getInt32(1);
      break;
    case BuiltinKind::SubGroupBarrier:
      if (Hierarchical)
        continue;
      CB->eraseFromParent();
      continue;
    case BuiltinKind::Collective: {
      auto Info = getCollectiveInfo(CB->getCalledFunction());
      if (Hierarchical || Info->Scope != CollectiveInfo::SubGroup)
        continue;
      Repl = lowerSingleLaneCollective(B, *Info, CB->getArgOperand(0));
      break;
    }
    default:
      continue;
    }
    if (Repl->getType() != CB->getType())
      Repl = B.CreateZExtOrTrunc(Repl, CB->getType());
    CB->replaceAllUsesWith(Repl);
    CB->eraseFromParent();
  }
}

/// Whether \p I may move to the setup block once its operands are there:
/// no side effects, cannot trap, and loads only from the closure, which the
/// IR contract makes read-only for the kernel's lifetime.
static bool isHoistable(const Instruction &I, const Value *Closure) {
  if (auto *LI = dyn_cast<LoadInst>(&I))
    return LI->isSimple() && Closure &&
           getUnderlyingObject(LI->getPointerOperand()) == Closure;
  if (auto *BO = dyn_cast<BinaryOperator>(&I))
    return !BO->isIntDivRem();
  return isa<GetElementPtrInst>(I) || isa<CastInst>(I) || isa<CmpInst>(I) ||
         isa<SelectInst>(I) || isa<FreezeInst>(I) || isa<ExtractValueInst>(I);
}

/// What depends only on the closure, the context and constants is the same
/// for every work-item and region: computed once in setup, it never needs
/// scratch, and the item loops stay lean.
void CBSLowering::hoistGroupInvariants() {
  SmallPtrSet<const Value *, 32> Invariant;
  for (Argument &A : W->args())
    Invariant.insert(&A);
  // Allocas are per work-item objects, even though they sit in setup.
  for (Instruction &I : *Setup)
    if (!isa<AllocaInst>(I))
      Invariant.insert(&I);
  auto Available = [&](const Value *V) {
    return isa<Constant>(V) || Invariant.contains(V);
  };
  const Value *Closure = W->getArg(0);
  ReversePostOrderTraversal<Function *> RPOT(W);
  for (BasicBlock *BB : RPOT) {
    if (BB == Setup)
      continue;
    for (Instruction &I : make_early_inc_range(*BB)) {
      if (!isHoistable(I, Closure) || !all_of(I.operands(), Available))
        continue;
      I.moveBefore(Setup->getTerminator());
      I.dropLocation();
      Invariant.insert(&I);
      ++NumHoisted;
    }
  }
}

/// Turns each collective that needs other work-items' values into a store of
/// its operands to per-item arrays, a sync point (the call itself, split off
/// later), and a load of its result from a third array, which the combine
/// step at the sync point fills.
void CBSLowering::lowerCollectivesToArrays() {
  Function *LinearIdFn = getLinearIdFunction();
  SmallVector<CallBase *> Calls;
  for (Instruction &I : instructions(W))
    if (getBuiltinKind(&I) == BuiltinKind::Collective)
      Calls.push_back(cast<CallBase>(&I));
  for (CallBase *CB : Calls) {
    SyncPoint SP;
    SP.Kind = BuiltinKind::Collective;
    SP.Info = getCollectiveInfo(CB->getCalledFunction());
    SP.WorkGroupLevel = SP.Info->Scope == CollectiveInfo::WorkGroup;
    Value *X = CB->getArgOperand(0);
    std::string Name = CB->getCalledFunction()->getName().str();
    StringRef Short = StringRef(Name).drop_front(strlen("__sublane_"));
    SP.In =
        allocateScratch(DL.getTypeAllocSize(X->getType()), true, Short + ".in");
    SP.Out = allocateScratch(DL.getTypeAllocSize(CB->getType()), true,
                             Short + ".out");
    IRBuilder<> B(CB);
    Value *Lin = B.CreateCall(LinearIdFn);
    markLiveValueAccess(
        B.CreateStore(X, B.CreateGEP(X->getType(), SP.In, Lin)));
    if (SP.Info->hasIndexOperand()) {
      Value *Index = CB->getArgOperand(1);
      if (auto *CI = dyn_cast<ConstantInt>(Index))
        SP.ConstIndex = CI->getZExtValue();
      SP.Index = allocateScratch(DL.getTypeAllocSize(Index->getType()), true,
                                 Short + ".index");
      markLiveValueAccess(
          B.CreateStore(Index, B.CreateGEP(Index->getType(), SP.Index, Lin)));
    }
    B.SetInsertPoint(CB->getNextNode());
    Value *Lin2 = B.CreateCall(LinearIdFn);
    auto *Result =
        B.CreateLoad(CB->getType(), B.CreateGEP(CB->getType(), SP.Out, Lin2),
                     Short + ".result");
    markLiveValueAccess(Result);
    if (SP.Info->Scope == CollectiveInfo::SubGroup &&
        (SP.Info->Kind == CollectiveInfo::Reduce ||
         SP.Info->Kind == CollectiveInfo::Broadcast ||
         SP.Info->Kind == CollectiveInfo::Any ||
         SP.Info->Kind == CollectiveInfo::All ||
         SP.Info->Kind == CollectiveInfo::Ballot))
      SubGroupUniformResults.push_back(Result);
    CB->replaceAllUsesWith(Result);
    CollectiveSync[CB] = Syncs.size();
    Syncs.push_back(SP);
  }
}

Function *CBSLowering::getLinearIdFunction() {
  auto *F = cast<Function>(
      M.getOrInsertFunction("__sublane_local_linear_id",
                            FunctionType::get(Type::getInt64Ty(C), false))
          .getCallee());
  F->setDoesNotAccessMemory();
  F->setDoesNotThrow();
  F->setWillReturn();
  return F;
}

/// The number of instructions an id expression may have and still be
/// recomputed at each use rather than kept per work-item.
static constexpr unsigned MaxRematerializedSize = 12;

/// Whether I computes a value from work-item ids and values uniform in the
/// work-group alone, with pure instructions, in at most MaxRematerializedSize
/// of them (Sizes memoizes each expression's size, 0 when it is none).
bool CBSLowering::isIdExpression(Instruction *I, const KernelShape &Shape,
                                 DenseMap<Instruction *, unsigned> &Sizes) {
  if (auto It = Sizes.find(I); It != Sizes.end())
    return It->second != 0;
  Sizes[I] = 0; // no cycles through PHIs, but guard the recursion anyway
  if (isWorkItemVaryingBuiltin(getBuiltinKind(I))) {
    Sizes[I] = 1;
    return true;
  }
  if (!isa<BinaryOperator, CastInst, GetElementPtrInst, CmpInst, SelectInst>(
          I) ||
      I->mayHaveSideEffects() || Shape.isUniform(I))
    return false;
  unsigned Size = 1;
  for (Value *Op : I->operands()) {
    auto *OpI = dyn_cast<Instruction>(Op);
    if (!OpI || Shape.isUniform(OpI))
      continue;
    if (!isIdExpression(OpI, Shape, Sizes))
      return false;
    Size += Sizes[OpI];
  }
  if (Size > MaxRematerializedSize)
    return false;
  Sizes[I] = Size;
  return true;
}

/// Ids are never stored: each use gets its own copy of the id query next to
/// it, which the region clone then replaces with its loop's id. So are
/// values computed from the ids and group-uniform values alone (a local id
/// plus one, a tile coordinate, an address), instead of being kept per
/// work-item across barriers: a later region then reads no scratch for them,
/// and its work-item loop sees the address arithmetic it needs to vectorize.
/// The copies read the same SSA values the original read, so they compute the
/// same result: each use is dominated by the original, which is dominated
/// by its operands.
void CBSLowering::rematerializeIdExpressions() {
  KernelShape Shape(*W, Dims, DivergenceSources::Conservative);
  DenseMap<Instruction *, unsigned> Sizes;
  SmallVector<Instruction *> Expressions;
  for (Instruction &I : instructions(W))
    if (isIdExpression(&I, Shape, Sizes))
      Expressions.push_back(&I);
  auto IsPart = [&](Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    return I && Sizes.lookup(I) != 0;
  };
  // Copies take their original's name once it is gone (a copy named while
  // the original lives would get a numbered variant).
  SmallVector<std::pair<Instruction *, std::string>> Names;
  for (Instruction *I : Expressions) {
    for (Use &U : make_early_inc_range(I->uses())) {
      auto *User = cast<Instruction>(U.getUser());
      if (IsPart(User) && !isa<PHINode>(User))
        continue; // recomputed along with its user's expression
      Instruction *InsertPt = User;
      if (auto *PN = dyn_cast<PHINode>(User))
        InsertPt = PN->getIncomingBlock(U)->getTerminator();
      DenseMap<Value *, Value *> Copies;
      std::function<Value *(Value *)> Copy = [&](Value *V) -> Value * {
        if (!IsPart(V))
          return V;
        if (Value *Done = Copies.lookup(V))
          return Done;
        Instruction *C = cast<Instruction>(V)->clone();
        if (V->hasName())
          Names.push_back({C, V->getName().str()});
        for (Use &Op : C->operands())
          Op.set(Copy(Op.get()));
        C->insertBefore(InsertPt);
        return Copies[V] = C;
      };
      U.set(Copy(I));
      ++NumRematerialized;
    }
  }
  // Originals whose every use now has its own copy; an expression may only
  // die once the expressions using it have.
  for (bool Erased = true; Erased;) {
    Erased = false;
    for (Instruction *&I : Expressions)
      if (I && I->use_empty()) {
        I->eraseFromParent();
        I = nullptr;
        Erased = true;
      }
  }
  for (auto &[Copy, Name] : Names)
    Copy->setName(Name);
}

void CBSLowering::splitSyncPoints() {
  SmallVector<SyncPoint> Final;
  SmallVector<CallBase *> Calls;
  for (Instruction &I : instructions(W)) {
    BuiltinKind Kind = getBuiltinKind(&I);
    if (Kind == BuiltinKind::WorkGroupBarrier ||
        (Hierarchical && Kind == BuiltinKind::SubGroupBarrier) ||
        CollectiveSync.count(dyn_cast<CallBase>(&I)))
      Calls.push_back(cast<CallBase>(&I));
  }
  for (CallBase *CB : Calls) {
    BasicBlock *SyncBB = CB->getParent()->splitBasicBlock(CB, "sublane.sync");
    SyncBB->splitBasicBlock(CB->getNextNode(), "sublane.after.sync");
    SyncPoint SP;
    SP.Id = Final.size() + 1;
    SP.Block = SyncBB;
    SP.Kind = getBuiltinKind(CB);
    SP.WorkGroupLevel = SP.Kind == BuiltinKind::WorkGroupBarrier;
    auto It = CollectiveSync.find(CB);
    if (It != CollectiveSync.end()) {
      // lowerCollectivesToArrays recorded it under a provisional number.
      SyncPoint &Prov = Syncs[It->second];
      SP.Info = Prov.Info;
      SP.In = Prov.In;
      SP.Index = Prov.Index;
      SP.Out = Prov.Out;
      SP.ConstIndex = Prov.ConstIndex;
      SP.WorkGroupLevel = SP.Info->Scope == CollectiveInfo::WorkGroup;
    }
    Final.push_back(SP);
    SyncIndex[SyncBB] = SP.Id;
  }
  Syncs = std::move(Final);
  ExitState = Syncs.size() + 1;
}

void CBSLowering::formRegions() {
  for (BasicBlock &BB : *W)
    if (&BB != Setup) {
      OriginalBlocks.push_back(&BB);
      OriginalBlockSet.insert(&BB);
    }
  SmallVector<BasicBlock *> Entries = {Setup->getSingleSuccessor()};
  for (SyncPoint &SP : Syncs)
    Entries.push_back(SP.Block->getSingleSuccessor());
  for (auto [Id, Entry] : enumerate(Entries)) {
    auto R = std::make_unique<Region>();
    R->Id = Id;
    R->Entry = Entry;
    SmallPtrSet<BasicBlock *, 32> Seen = {Entry};
    SmallVector<BasicBlock *> Worklist = {Entry};
    while (!Worklist.empty()) {
      BasicBlock *BB = Worklist.pop_back_val();
      R->Blocks.push_back(BB);
      for (BasicBlock *Succ : successors(BB)) {
        if (unsigned Sync = SyncIndex.lookup(Succ)) {
          if (!is_contained(R->ExitSyncs, Sync))
            R->ExitSyncs.push_back(Sync);
          continue;
        }
        if (Seen.insert(Succ).second)
          Worklist.push_back(Succ);
      }
    }
    Regions.push_back(std::move(R));
  }
  NumRegions += Regions.size();
}

Value *CBSLowering::allocateScratch(uint64_t Bytes, bool PerItem,
                                    const Twine &Name) {
  IRBuilder<> B(Setup->getTerminator());
  Value *Address = B.CreateGEP(B.getInt8Ty(), Scratch, ScratchOffset, Name);
  Value *Size = B.getInt64(alignTo(Bytes, ScratchAlign));
  if (PerItem) {
    Size = B.CreateMul(B.getInt64(Bytes), ItemCapacity);
    Size = B.CreateAnd(B.CreateAdd(Size, B.getInt64(ScratchAlign - 1)),
                       B.getInt64(~uint64_t(ScratchAlign - 1)));
    ++ScratchArrays;
    ScratchBytesPerItem += Bytes;
  } else {
    ScratchUniformBytes += alignTo(Bytes, ScratchAlign);
  }
  ScratchOffset = B.CreateAdd(ScratchOffset, Size);
  return Address;
}

void CBSLowering::privatizeAllocas() {
  if (Regions.size() < 2)
    return;
  DenseMap<BasicBlock *, SmallVector<unsigned, 2>> RegionsOfBlock;
  for (auto &R : Regions)
    for (BasicBlock *BB : R->Blocks)
      RegionsOfBlock[BB].push_back(R->Id);
  Function *LinearIdFn = getLinearIdFunction();

  SmallVector<AllocaInst *> Allocas;
  for (Instruction &I : *Setup)
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      Allocas.push_back(AI);
  for (AllocaInst *AI : Allocas) {
    // Regions in which the variable, or a pointer derived from it, is used.
    DenseSet<unsigned> UsedIn;
    SmallVector<Value *> Worklist = {AI};
    SmallPtrSet<Value *, 16> Seen = {AI};
    while (!Worklist.empty()) {
      Value *V = Worklist.pop_back_val();
      for (User *U : V->users()) {
        auto *I = dyn_cast<Instruction>(U);
        if (!I)
          continue;
        for (unsigned R : RegionsOfBlock.lookup(I->getParent()))
          UsedIn.insert(R);
        if ((isa<GetElementPtrInst>(I) || isa<CastInst>(I) || isa<PHINode>(I) ||
             isa<SelectInst>(I)) &&
            Seen.insert(I).second)
          Worklist.push_back(I);
      }
    }
    bool Escapes = PointerMayBeCaptured(AI, /*ReturnCaptures=*/false,
                                        /*StoreCaptures=*/true);
    if (UsedIn.size() < 2 && !Escapes)
      continue;
    // Its value must survive a barrier: give each work-item its own copy.
    uint64_t Size =
        alignTo(DL.getTypeAllocSize(AI->getAllocatedType()) *
                    cast<ConstantInt>(AI->getArraySize())->getZExtValue(),
                AI->getAlign());
    Size = std::max<uint64_t>(Size, 1);
    std::string Name = AI->getName().str();
    AI->setName("");
    Value *Base = allocateScratch(Size, /*PerItem=*/true, Name + ".items");
    for (Use &U : make_early_inc_range(AI->uses())) {
      auto *User = cast<Instruction>(U.getUser());
      Instruction *InsertPt = User;
      if (auto *PN = dyn_cast<PHINode>(User))
        InsertPt = PN->getIncomingBlock(U)->getTerminator();
      IRBuilder<> B(InsertPt);
      Value *Offset = B.CreateMul(B.CreateCall(LinearIdFn), B.getInt64(Size));
      U.set(B.CreateGEP(B.getInt8Ty(), Base, Offset, Name));
    }
    AI->eraseFromParent();
    ++NumPerItemAllocas;
  }
}

/// A loop's identity: a distinct node naming itself first, then \p Props.
static MDNode *makeLoopID(LLVMContext &C, ArrayRef<Metadata *> Props) {
  SmallVector<Metadata *> Ops = {nullptr};
  append_range(Ops, Props);
  MDNode *Loop = MDNode::getDistinct(C, Ops);
  Loop->replaceOperandWith(0, Loop);
  return Loop;
}

MDNode *CBSLowering::makeParallelLoopID(Region &R) {
  SmallVector<Metadata *> Properties = {MDNode::get(
      C, {MDString::get(C, "llvm.loop.parallel_accesses"), R.AccessGroup})};
  // Work-item loops are short, and their trip count (the work-group's
  // extent in a dimension) is unknown until launch: interleaved vector
  // bodies of 4 x 8 items would leave a 16-item tile row to the scalar
  // remainder loop.
  if (ItemLoopInterleave)
    Properties.push_back(
        MDNode::get(C, {MDString::get(C, "llvm.loop.interleave.count"),
                        ConstantAsMetadata::get(ConstantInt::get(
                            Type::getInt32Ty(C), ItemLoopInterleave))}));
  return makeLoopID(C, Properties);
}

/// The blocks and access group every region's loop has; returns the prefix
/// of its block names.
std::string CBSLowering::beginRegionLoop(Region &R) {
  std::string Prefix = "sublane.r" + std::to_string(R.Id);
  R.Preheader = BasicBlock::Create(C, Prefix + ".pre", W);
  R.Exit = BasicBlock::Create(C, Prefix + ".exit", W);
  R.AccessGroup = MDNode::getDistinct(C, {});
  return Prefix;
}

void CBSLowering::buildItemLoops(Region &R) {
  Type *I64 = Type::getInt64Ty(C);
  std::string Prefix = beginRegionLoop(R);
  BasicBlock *Headers[3], *Latches[3];
  for (unsigned D = 0; D < Dims; ++D) {
    Headers[D] = BasicBlock::Create(C, Prefix + ".item" + Twine(D), W);
    Latches[D] = BasicBlock::Create(C, Prefix + ".next" + Twine(D), W);
  }
  IRBuilder<> B(R.Preheader);
  B.CreateBr(Headers[0]);
  PHINode *Phis[3], *Acc[3];
  for (unsigned D = 0; D < Dims; ++D) {
    B.SetInsertPoint(Headers[D]);
    Phis[D] = B.CreatePHI(I64, 2, "r" + Twine(R.Id) + ".lid" + Twine(D));
    Phis[D]->addIncoming(B.getInt64(0), D ? Headers[D - 1] : R.Preheader);
    Acc[D] = B.CreatePHI(B.getInt32Ty(), 2,
                         "r" + Twine(R.Id) + ".exit.max" + Twine(D));
    Acc[D]->addIncoming(D ? static_cast<Value *>(Acc[D - 1]) : B.getInt32(0),
                        D ? Headers[D - 1] : R.Preheader);
    R.Ids[D] = Phis[D];
    if (D + 1 < Dims)
      B.CreateBr(Headers[D + 1]);
  }
  for (unsigned D = Dims; D < 3; ++D)
    R.Ids[D] = B.getInt64(0);
  // Row-major linear id, in the innermost header.
  Value *Linear = R.Ids[0];
  for (unsigned D = 1; D < Dims; ++D)
    Linear = B.CreateAdd(B.CreateMul(Linear, LocalRange[D]), R.Ids[D],
                         "r" + Twine(R.Id) + ".lid.linear");
  R.LinearId = Linear;
  R.InnerHeader = Headers[Dims - 1];
  R.InnerLatch = Latches[Dims - 1];
  R.Headers.assign(Headers, Headers + Dims);
  R.Latches.assign(Latches, Latches + Dims);
  B.CreateBr(cast<BasicBlock>(R.VMap[R.Entry]));

  B.SetInsertPoint(R.InnerLatch);
  R.ItemExit = B.CreatePHI(B.getInt32Ty(), 2, "r" + Twine(R.Id) + ".item.exit");
  R.NextState =
      B.CreateBinaryIntrinsic(Intrinsic::umax, Acc[Dims - 1], R.ItemExit,
                              nullptr, "r" + Twine(R.Id) + ".next.region");
  for (int D = Dims - 1; D >= 0; --D) {
    B.SetInsertPoint(Latches[D]);
    Acc[D]->addIncoming(R.NextState, Latches[D]);
    Value *Next = B.CreateAdd(Phis[D], B.getInt64(1),
                              "r" + Twine(R.Id) + ".lid.next" + Twine(D),
                              /*HasNUW=*/true);
    Phis[D]->addIncoming(Next, Latches[D]);
    Value *More = B.CreateICmpULT(Next, LocalRange[D],
                                  "r" + Twine(R.Id) + ".more" + Twine(D));
    auto *Br = B.CreateCondBr(More, Headers[D], D ? Latches[D - 1] : R.Exit);
    Br->setMetadata(LLVMContext::MD_loop, makeParallelLoopID(R));
  }
  B.SetInsertPoint(R.Exit);
  B.CreateBr(Dispatch);
  trackMinimumExit(R, R.Preheader);
}

void CBSLowering::redirectRegionExits(Region &R) {
  Type *I32 = Type::getInt32Ty(C);
  for (BasicBlock *BB : R.Clones) {
    Instruction *T = BB->getTerminator();
    if (isa<ReturnInst>(T)) {
      IRBuilder<>(T).CreateBr(R.InnerLatch);
      T->eraseFromParent();
      R.ItemExit->addIncoming(ConstantInt::get(I32, ExitState), BB);
      continue;
    }
    for (unsigned S = 0, E = T->getNumSuccessors(); S != E; ++S) {
      unsigned Barrier = SyncIndex.lookup(T->getSuccessor(S));
      if (!Barrier)
        continue;
      T->setSuccessor(S, R.InnerLatch);
      R.ItemExit->addIncoming(ConstantInt::get(I32, Barrier), BB);
    }
  }
  if (R.ItemExit->getNumIncomingValues() == 0) {
    // No work-item leaves this region normally (it ends in unreachable).
    R.ItemExit->replaceAllUsesWith(ConstantInt::get(I32, ExitState));
    R.ItemExit->eraseFromParent();
    R.ItemExit = nullptr;
  }
}

void CBSLowering::lowerVaryingBuiltins(Region &R) {
  SmallVector<CallBase *> Calls;
  for (BasicBlock *BB : R.Clones)
    for (Instruction &I : *BB)
      if (isWorkItemVaryingBuiltin(getBuiltinKind(&I)))
        Calls.push_back(cast<CallBase>(&I));
  Value *GlobalIds[3];
  for (CallBase *CB : Calls) {
    IRBuilder<> B(CB);
    Value *Repl = nullptr;
    switch (getBuiltinKind(CB)) {
    case BuiltinKind::LocalId:
      Repl = dimSelect(B, CB->getArgOperand(0), R.Ids, B.getInt64(0));
      break;
    case BuiltinKind::GlobalId:
      for (unsigned D = 0; D < Dims; ++D)
        GlobalIds[D] =
            B.CreateAdd(GlobalIdBase[D], R.Ids[D], "global.id" + Twine(D));
      Repl = dimSelect(B, CB->getArgOperand(0), GlobalIds, B.getInt64(0));
      break;
    case BuiltinKind::LocalLinearId:
      Repl = R.LinearId;
      break;
    case BuiltinKind::SubGroupId:
      Repl = LaneLoops      ? SubGroup
             : Hierarchical ? B.CreateUDiv(R.LinearId, B.getInt64(SubGroupSize))
                            : R.LinearId;
      break;
    case BuiltinKind::SubGroupLocalId:
      Repl = LaneLoops ? R.Lane
                       : B.CreateURem(R.LinearId, B.getInt64(SubGroupSize));
      break;
    case BuiltinKind::SubGroupSize:
      if (LaneLoops) {
        Repl = SubGroupLanes;
      } else {
        Value *Base =
            B.CreateMul(B.CreateUDiv(R.LinearId, B.getInt64(SubGroupSize)),
                        B.getInt64(SubGroupSize));
        Repl = B.CreateBinaryIntrinsic(Intrinsic::umin,
                                       B.CreateSub(WorkGroupSize, Base),
                                       B.getInt64(SubGroupSize));
      }
      break;
    default:
      llvm_unreachable("uniform builtins are lowered before regions form");
    }
    CB->replaceAllUsesWith(B.CreateZExtOrTrunc(Repl, CB->getType()));
    CB->eraseFromParent();
  }
}

void CBSLowering::cloneRegions() {
  for (auto &RP : Regions) {
    Region &R = *RP;
    for (BasicBlock *BB : R.Blocks) {
      BasicBlock *NB = CloneBasicBlock(BB, R.VMap, ".r" + Twine(R.Id), W);
      R.VMap[BB] = NB;
      R.Clones.push_back(NB);
    }
    for (BasicBlock *NB : R.Clones) {
      for (Instruction &I : *NB) {
        RemapInstruction(&I, R.VMap,
                         RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
        if (auto *PN = dyn_cast<PHINode>(&I))
          for (int In = PN->getNumIncomingValues() - 1; In >= 0; --In)
            if (OriginalBlockSet.contains(PN->getIncomingBlock(In)))
              PN->removeIncomingValue(In, /*DeletePHIIfEmpty=*/false);
      }
    }
    for (BasicBlock *BB : R.Blocks)
      for (Instruction &I : *BB)
        if (Value *V = R.VMap.lookup(&I))
          CloneOrigin[cast<Instruction>(V)] = {&I, &R};
  }
}

void CBSLowering::buildDispatch() {
  Dispatch = BasicBlock::Create(C, "sublane.dispatch", W);
  Done = BasicBlock::Create(C, "sublane.done", W);
  ReturnInst::Create(C, Done);
  if (LaneLoops)
    buildHierarchicalDispatch();
  else
    buildFlatDispatch();
  Setup->getTerminator()->setSuccessor(0, Dispatch);
}

/// Sub-group size 1: each region is a nest of work-item loops. After one,
/// the state says where its items stopped; a work-group collective there
/// combines their values before the next region starts.
void CBSLowering::buildFlatDispatch() {
  for (auto &R : Regions)
    buildItemLoops(*R);
  BasicBlock *After = BasicBlock::Create(C, "sublane.after.region", W);
  AfterBlocks.push_back(After);
  IRBuilder<> B(Dispatch);
  PHINode *State = B.CreatePHI(B.getInt32Ty(), Regions.size() + 1, "region");
  State->addIncoming(B.getInt32(0), Setup);
  SwitchInst *SW = B.CreateSwitch(State, Done, Regions.size());
  B.SetInsertPoint(After);
  PHINode *Reached = B.CreatePHI(B.getInt32Ty(), Regions.size(), "reached");
  SwitchInst *AfterSW = B.CreateSwitch(Reached, Dispatch);
  State->addIncoming(Reached, After);
  connectRegions(SW, After, Reached);
  for (SyncPoint &SP : Syncs) {
    if (!SP.Info)
      continue;
    addCombineStep(AfterSW, SP, Dispatch, State);
  }
  dropEmptySwitch(AfterSW);
}

/// A combine step for \p SP: reached from \p From when the items stopped
/// at \p SP, then on to \p Next with state SP.Id (the region after it).
void CBSLowering::addCombineStep(SwitchInst *From, SyncPoint &SP,
                                 BasicBlock *Next, PHINode *State) {
  BasicBlock *Combine = BasicBlock::Create(
      C,
      (SP.WorkGroupLevel ? "sublane.combine" : "sublane.sg.combine") +
          Twine(SP.Id),
      W);
  From->addCase(cast<ConstantInt>(
                    ConstantInt::get(From->getCondition()->getType(), SP.Id)),
                Combine);
  CombineBlocks.push_back(Combine);
  IRBuilder<> B(Combine);
  if (SP.Info && SP.WorkGroupLevel)
    emitWorkGroupCombine(B, SP);
  else if (SP.Info)
    emitSubGroupCombine(B, SP);
  B.CreateBr(Next);
  State->addIncoming(B.getInt32(SP.Id), B.GetInsertBlock());
}

/// Sends every region's exit to \p After, where \p Reached collects the
/// state each left with, and lets \p Entry start each region.
void CBSLowering::connectRegions(SwitchInst *Entry, BasicBlock *After,
                                 PHINode *Reached) {
  for (auto &R : Regions) {
    redirectRegionExits(*R);
    lowerVaryingBuiltins(*R);
    Entry->addCase(cast<ConstantInt>(ConstantInt::get(
                       Entry->getCondition()->getType(), R->Id)),
                   R->Preheader);
    R->Exit->getTerminator()->setSuccessor(0, After);
    Reached->addIncoming(R->NextState, R->Exit);
  }
}

/// A switch without cases, where no sync point needs a combine step, is a
/// plain branch.
/// Validation: the minimum of the items' exits beside the maximum, as a
/// second reduction through the same loops. They differ only when some
/// work-items stopped somewhere else.
void CBSLowering::trackMinimumExit(Region &R, BasicBlock *Preheader) {
  if (!CheckSyncPoints)
    return;
  IRBuilder<> B(C);
  SmallVector<PHINode *, 3> Mins;
  for (auto [D, Header] : enumerate(R.Headers)) {
    B.SetInsertPoint(Header, Header->getFirstNonPHIIt());
    PHINode *Min = B.CreatePHI(B.getInt32Ty(), 2, "exit.min");
    Min->addIncoming(D ? static_cast<Value *>(Mins.back()) : B.getInt32(~0u),
                     D ? R.Headers[D - 1] : Preheader);
    Mins.push_back(Min);
  }
  B.SetInsertPoint(cast<Instruction>(R.NextState)->getNextNode());
  R.MinState = B.CreateBinaryIntrinsic(Intrinsic::umin, Mins.back(), R.ItemExit,
                                       nullptr, "exit.min.next");
  for (auto [D, Latch] : enumerate(R.Latches))
    Mins[D]->addIncoming(R.MinState, Latch);
  B.SetInsertPoint(R.Exit->getTerminator());
  emitSyncCheck(B, R.MinState, R.NextState);
}

/// For each state, what the items stopped at, for the check's report.
Constant *CBSLowering::getSyncNames() {
  if (SyncNames)
    return SyncNames;
  IRBuilder<> B(C);
  SmallVector<Constant *> Names;
  auto Str = [&](const std::string &Text) {
    return cast<Constant>(B.CreateGlobalString(Text, "", 0, &M));
  };
  Names.push_back(Str("the kernel's start"));
  for (SyncPoint &SP : Syncs) {
    std::string Text = SP.Info ? (SP.WorkGroupLevel ? "work-group collective"
                                                    : "sub-group collective")
                               : (SP.WorkGroupLevel ? "work-group barrier"
                                                    : "sub-group barrier");
    Text += " #" + std::to_string(SP.Id);
    auto *Call = &*SP.Block->begin();
    if (DebugLoc DL = getUserDebugLoc(Call))
      Text += " at line " + std::to_string(DL.getLine());
    Names.push_back(Str(Text));
  }
  Names.push_back(Str("the kernel's end"));
  auto *ArrTy = ArrayType::get(PointerType::getUnqual(C), Names.size());
  SyncNames = new GlobalVariable(M, ArrTy, true, GlobalValue::PrivateLinkage,
                                 ConstantArray::get(ArrTy, Names),
                                 K.getName() + ".sync.names");
  return SyncNames;
}

void CBSLowering::emitSyncCheck(IRBuilder<> &B, Value *A, Value *Bv) {
  FunctionCallee Check = M.getOrInsertFunction(
      "__sublane_check_sync", Type::getVoidTy(C), B.getPtrTy(), B.getPtrTy(),
      B.getInt32Ty(), B.getPtrTy(), B.getInt32Ty(), B.getInt32Ty());
  if (!KernelNameString)
    KernelNameString = B.CreateGlobalString(getKernelDisplayName(K), "", 0, &M);
  B.CreateCall(Check, {KernelNameString, W->getArg(1), B.getInt32(Dims),
                       getSyncNames(), A, Bv});
}

void CBSLowering::dropEmptySwitch(SwitchInst *SW) {
  if (SW->getNumCases())
    return;
  BranchInst::Create(SW->getDefaultDest(), SW->getIterator());
  SW->eraseFromParent();
}

/// Hierarchical CBS: between work-group sync points, a loop over the
/// sub-groups; for each, regions run as loops over its lanes, with
/// sub-group collectives combined between them as sub-group-wide vectors.
/// Work-group collectives combine once all sub-groups are through.
void CBSLowering::buildHierarchicalDispatch() {
  Type *I32 = Type::getInt32Ty(C), *I64 = Type::getInt64Ty(C);
  BasicBlock *SGHeader = BasicBlock::Create(C, "sublane.subgroup", W);
  BasicBlock *SGDispatch = BasicBlock::Create(C, "sublane.sg.dispatch", W);
  BasicBlock *AfterLanes = BasicBlock::Create(C, "sublane.after.lanes", W);
  BasicBlock *SGLatch = BasicBlock::Create(C, "sublane.next.subgroup", W);
  BasicBlock *WGEnd = BasicBlock::Create(C, "sublane.after.subgroups", W);
  AfterBlocks.append({SGHeader, SGDispatch, AfterLanes, SGLatch, WGEnd});

  // Dispatch: the work-group state names the region every sub-group starts
  // at, or is past the last region.
  IRBuilder<> B(Dispatch);
  PHINode *GroupState = B.CreatePHI(I32, 4, "region");
  GroupState->addIncoming(B.getInt32(0), Setup);
  B.CreateCondBr(B.CreateICmpUGE(GroupState, B.getInt32(ExitState), "finished"),
                 Done, SGHeader);

  B.SetInsertPoint(SGHeader);
  PHINode *SG = B.CreatePHI(I64, 2, "sg");
  SG->addIncoming(B.getInt64(0), Dispatch);
  SubGroup = SG;
  SubGroupBase = B.CreateMul(SG, B.getInt64(SubGroupSize), "sg.base");
  Value *Left = B.CreateSub(WorkGroupSize, SubGroupBase, "sg.left");
  SubGroupLanes = B.CreateBinaryIntrinsic(
      Intrinsic::umin, Left, B.getInt64(SubGroupSize), nullptr, "sg.lanes");
  B.CreateBr(SGDispatch);

  B.SetInsertPoint(SGDispatch);
  PHINode *LaneState = B.CreatePHI(I32, 4, "sg.region");
  LaneState->addIncoming(GroupState, SGHeader);
  SwitchInst *SW = B.CreateSwitch(LaneState, Done, Regions.size());
  SubGroupHeader = SGHeader;
  SubGroupSwitch = SW;

  for (auto &R : Regions)
    buildLaneLoop(*R);

  B.SetInsertPoint(AfterLanes);
  PHINode *Reached = B.CreatePHI(I32, Regions.size(), "reached");
  ReachedPhi = Reached;
  SwitchInst *AfterSW = B.CreateSwitch(Reached, SGLatch);
  connectRegions(SW, AfterLanes, Reached);
  // Sub-group sync points: combine this sub-group's lanes, then go on with
  // the same sub-group in the region after the sync point.
  for (SyncPoint &SP : Syncs) {
    if (SP.WorkGroupLevel)
      continue;
    addCombineStep(AfterSW, SP, SGDispatch, LaneState);
  }

  dropEmptySwitch(AfterSW);
  // A work-group sync point or the end: the next sub-group starts over.
  B.SetInsertPoint(SGLatch);
  if (CheckSyncPoints) {
    // Every sub-group must stop where sub-group 0 did.
    IRBuilder<> SB(Setup->getTerminator());
    AllocaInst *First = SB.CreateAlloca(I32, nullptr, "first.reached");
    Value *Prev = B.CreateLoad(I32, First);
    Value *Expected =
        B.CreateSelect(B.CreateICmpEQ(SG, B.getInt64(0)), Reached, Prev);
    B.CreateStore(Expected, First);
    emitSyncCheck(B, Expected, Reached);
  }
  Value *Next = B.CreateAdd(SG, B.getInt64(1), "sg.next", /*HasNUW=*/true);
  SG->addIncoming(Next, SGLatch);
  B.CreateCondBr(B.CreateICmpULT(Next, SubGroupCount, "sg.more"), SGHeader,
                 WGEnd);

  B.SetInsertPoint(WGEnd);
  SwitchInst *EndSW = B.CreateSwitch(Reached, Dispatch);
  GroupState->addIncoming(Reached, WGEnd);
  for (SyncPoint &SP : Syncs) {
    if (!SP.WorkGroupLevel || !SP.Info)
      continue;
    addCombineStep(EndSW, SP, Dispatch, GroupState);
  }
  dropEmptySwitch(EndSW);
}

/// A loop over the lanes of the current sub-group, the region's clone
/// inside. Ids come from the linear id, sub-group base + lane.
void CBSLowering::buildLaneLoop(Region &R) {
  Type *I64 = Type::getInt64Ty(C);
  std::string Prefix = beginRegionLoop(R);
  BasicBlock *Header = BasicBlock::Create(C, Prefix + ".lane", W);
  BasicBlock *Latch = BasicBlock::Create(C, Prefix + ".next", W);
  IRBuilder<> B(R.Preheader);
  B.CreateBr(Header);
  B.SetInsertPoint(Header);
  PHINode *Lane = B.CreatePHI(I64, 2, "r" + Twine(R.Id) + ".lane");
  Lane->addIncoming(B.getInt64(0), R.Preheader);
  PHINode *Acc =
      B.CreatePHI(B.getInt32Ty(), 2, "r" + Twine(R.Id) + ".exit.max");
  Acc->addIncoming(B.getInt32(0), R.Preheader);
  R.Lane = Lane;
  R.LinearId =
      B.CreateAdd(SubGroupBase, Lane, "r" + Twine(R.Id) + ".lid.linear",
                  /*HasNUW=*/true);
  // Row-major: the last dimension varies fastest.
  Value *Rest = R.LinearId;
  for (int D = Dims - 1; D >= 0; --D) {
    if (D == 0) {
      R.Ids[D] = Rest;
      break;
    }
    R.Ids[D] = B.CreateURem(Rest, LocalRange[D],
                            "r" + Twine(R.Id) + ".lid" + Twine(D));
    Rest = B.CreateUDiv(Rest, LocalRange[D]);
  }
  for (unsigned D = Dims; D < 3; ++D)
    R.Ids[D] = B.getInt64(0);
  B.CreateBr(cast<BasicBlock>(R.VMap[R.Entry]));
  R.InnerHeader = Header;
  R.InnerLatch = Latch;
  R.Headers = {Header};
  R.Latches = {Latch};

  B.SetInsertPoint(Latch);
  R.ItemExit = B.CreatePHI(B.getInt32Ty(), 2, "r" + Twine(R.Id) + ".item.exit");
  R.NextState =
      B.CreateBinaryIntrinsic(Intrinsic::umax, Acc, R.ItemExit, nullptr,
                              "r" + Twine(R.Id) + ".next.region");
  Acc->addIncoming(R.NextState, Latch);
  Value *Next =
      B.CreateAdd(Lane, B.getInt64(1), "r" + Twine(R.Id) + ".lane.next",
                  /*HasNUW=*/true);
  Lane->addIncoming(Next, Latch);
  auto *Br = B.CreateCondBr(
      B.CreateICmpULT(Next, SubGroupLanes, "r" + Twine(R.Id) + ".more"), Header,
      R.Exit);
  Br->setMetadata(LLVMContext::MD_loop, makeParallelLoopID(R));
  B.SetInsertPoint(R.Exit);
  B.CreateBr(Dispatch); // retargeted by the dispatch builder
  trackMinimumExit(R, R.Preheader);
}

Value *CBSLowering::emitLoop(
    IRBuilder<> &B, Value *Count, Value *Init,
    function_ref<Value *(IRBuilder<> &, Value *, Value *)> Body,
    const Twine &Name) {
  // for (i = 0; i < Count; ++i) Acc = Body(i, Acc); with Count >= 1.
  BasicBlock *Before = B.GetInsertBlock();
  BasicBlock *Loop = BasicBlock::Create(C, Name, W);
  BasicBlock *After = BasicBlock::Create(C, Name + ".done", W);
  CombineBlocks.append({Loop, After});
  B.CreateBr(Loop);
  B.SetInsertPoint(Loop);
  PHINode *I = B.CreatePHI(B.getInt64Ty(), 2, "i");
  I->addIncoming(B.getInt64(0), Before);
  PHINode *Acc = nullptr;
  if (Init) {
    Acc = B.CreatePHI(Init->getType(), 2, "acc");
    Acc->addIncoming(Init, Before);
  }
  Value *NextAcc = Body(B, I, Acc);
  Value *NextI = B.CreateAdd(I, B.getInt64(1), "", /*HasNUW=*/true);
  I->addIncoming(NextI, B.GetInsertBlock());
  if (Acc)
    Acc->addIncoming(NextAcc, B.GetInsertBlock());
  B.CreateCondBr(B.CreateICmpULT(NextI, Count), Loop, After);
  B.SetInsertPoint(After);
  return Acc ? NextAcc : nullptr;
}

/// The combine step of a work-group collective: over the whole group's
/// operand array, in work-item order.
void CBSLowering::emitWorkGroupCombine(IRBuilder<> &B, SyncPoint &SP) {
  const CollectiveInfo &Info = *SP.Info;
  Type *Ty = Info.getValueType(C), *ResultTy = Info.getResultType(C);
  Value *N = WorkGroupSize;
  auto LoadIn = [&](IRBuilder<> &LB, Value *I) {
    auto *L = LB.CreateLoad(Ty, LB.CreateGEP(Ty, SP.In, I));
    markLiveValueAccess(L);
    return cast<Value>(L);
  };
  auto StoreOut = [&](IRBuilder<> &SB, Value *V, Value *I) {
    markLiveValueAccess(SB.CreateStore(V, SB.CreateGEP(ResultTy, SP.Out, I)));
  };
  auto Fill = [&](Value *V) {
    emitLoop(
        B, N, nullptr,
        [&](IRBuilder<> &LB, Value *I, Value *) {
          StoreOut(LB, V, I);
          return nullptr;
        },
        "sublane.fill");
  };
  FastMathFlags Reassoc;
  Reassoc.setAllowReassoc();
  switch (Info.Kind) {
  case CollectiveInfo::Broadcast: {
    auto *Id = B.CreateLoad(B.getInt64Ty(), SP.Index);
    markLiveValueAccess(Id);
    Value *Last = B.CreateSub(N, B.getInt64(1));
    Value *Safe = B.CreateBinaryIntrinsic(Intrinsic::umin, Id, Last);
    Fill(LoadIn(B, Safe));
    return;
  }
  case CollectiveInfo::Any:
  case CollectiveInfo::All: {
    bool IsAny = Info.Kind == CollectiveInfo::Any;
    Value *R = emitLoop(
        B, N, B.getInt1(!IsAny),
        [&](IRBuilder<> &LB, Value *I, Value *Acc) {
          Value *P = LB.CreateICmpNE(LoadIn(LB, I), LB.getInt32(0));
          return IsAny ? LB.CreateOr(Acc, P) : LB.CreateAnd(Acc, P);
        },
        "sublane.vote");
    Fill(B.CreateZExt(R, ResultTy));
    return;
  }
  case CollectiveInfo::Reduce: {
    IRBuilder<>::FastMathFlagGuard Guard(B);
    B.setFastMathFlags(Reassoc);
    Value *R = emitLoop(
        B, N, getIdentity(Info, Ty),
        [&](IRBuilder<> &LB, Value *I, Value *Acc) {
          return emitCombine(LB, Info, Acc, LoadIn(LB, I));
        },
        "sublane.reduce");
    Fill(R);
    return;
  }
  case CollectiveInfo::InclusiveScan:
  case CollectiveInfo::ExclusiveScan: {
    // An exclusive scan is SYCL's op(known_identity, x0, ..., x(i-1)); an
    // inclusive one combines the items' values alone.
    bool Inclusive = Info.Kind == CollectiveInfo::InclusiveScan;
    emitLoop(
        B, N, Inclusive ? getIdentity(Info, Ty) : getKnownIdentity(Info, Ty),
        [&](IRBuilder<> &LB, Value *I, Value *Acc) {
          Value *Next = emitCombine(LB, Info, Acc, LoadIn(LB, I));
          StoreOut(LB, Inclusive ? Next : Acc, I);
          return Next;
        },
        "sublane.scan");
    return;
  }
  default:
    llvm_unreachable("not a work-group collective");
  }
}

/// The combine step of a sub-group collective: the lanes' operands of the
/// current sub-group as one vector of the sub-group size, lanes past a
/// partial sub-group's end replaced by the identity where they could matter.
void CBSLowering::emitSubGroupCombine(IRBuilder<> &B, SyncPoint &SP) {
  const CollectiveInfo &Info = *SP.Info;
  unsigned S = SubGroupSize;
  Type *Ty = Info.getValueType(C), *ResultTy = Info.getResultType(C);
  auto *VTy = FixedVectorType::get(Ty, S);
  auto *IdxVTy = FixedVectorType::get(B.getInt32Ty(), S);
  Align ElemAlign = DL.getABITypeAlign(Ty);
  auto *V = B.CreateAlignedLoad(VTy, B.CreateGEP(Ty, SP.In, SubGroupBase),
                                ElemAlign, "lanes");
  markLiveValueAccess(V);
  SmallVector<Constant *> LaneIds;
  for (unsigned L = 0; L < S; ++L)
    LaneIds.push_back(B.getInt32(L));
  Value *LaneVec = ConstantVector::get(LaneIds);
  Value *N32 = B.CreateTrunc(SubGroupLanes, B.getInt32Ty());
  Value *Active =
      B.CreateICmpULT(LaneVec, B.CreateVectorSplat(S, N32), "active");
  auto StoreVector = [&](Value *R) {
    if (!R->getType()->isVectorTy())
      R = B.CreateVectorSplat(S, R);
    auto *St =
        B.CreateAlignedStore(R, B.CreateGEP(ResultTy, SP.Out, SubGroupBase),
                             DL.getABITypeAlign(ResultTy));
    markLiveValueAccess(St);
  };
  auto LoadIndex = [&]() {
    auto *L = B.CreateLoad(B.getInt32Ty(),
                           B.CreateGEP(B.getInt32Ty(), SP.Index, SubGroupBase));
    markLiveValueAccess(L);
    return cast<Value>(L);
  };
  // Lane i takes lane Src[i] if it is in the sub-group, else keeps its own
  // value (SYCL leaves it unspecified).
  auto Permute = [&](Value *Src) {
    Value *Valid = B.CreateICmpULT(Src, B.CreateVectorSplat(S, N32));
    Src = B.CreateSelect(Valid, Src, LaneVec);
    Value *Base = B.CreateGEP(Ty, SP.In, SubGroupBase);
    Value *Ptrs = B.CreateGEP(Ty, Base, Src);
    Value *All = ConstantInt::getTrue(FixedVectorType::get(B.getInt1Ty(), S));
    return B.CreateMaskedGather(VTy, Ptrs, ElemAlign, All);
  };
  switch (Info.Kind) {
  case CollectiveInfo::Broadcast: {
    Value *Lane = B.CreateAnd(LoadIndex(), B.getInt32(S - 1));
    StoreVector(B.CreateExtractElement(V, Lane));
    return;
  }
  case CollectiveInfo::Select: {
    auto *Idx = B.CreateAlignedLoad(
        IdxVTy, B.CreateGEP(B.getInt32Ty(), SP.Index, SubGroupBase), Align(4));
    markLiveValueAccess(Idx);
    StoreVector(
        Permute(B.CreateAnd(Idx, B.CreateVectorSplat(S, B.getInt32(S - 1)))));
    return;
  }
  case CollectiveInfo::ShiftLeft:
  case CollectiveInfo::ShiftRight:
  case CollectiveInfo::PermuteXor: {
    Value *Arg = B.CreateVectorSplat(S, LoadIndex());
    Value *Src;
    if (Info.Kind == CollectiveInfo::ShiftLeft)
      Src = B.CreateAdd(LaneVec, Arg);
    else if (Info.Kind == CollectiveInfo::PermuteXor)
      Src = B.CreateXor(LaneVec, Arg);
    else // lanes below the delta have no source: keep their own
      Src = B.CreateSelect(B.CreateICmpUGE(LaneVec, Arg),
                           B.CreateSub(LaneVec, Arg),
                           B.CreateVectorSplat(S, N32));
    if (SP.ConstIndex && *SP.ConstIndex < S) {
      // A constant shift or mask is a constant shuffle; a partial sub-group
      // only changes which lanes are valid.
      SmallVector<int> Mask;
      uint64_t K = *SP.ConstIndex;
      for (unsigned L = 0; L < S; ++L) {
        int64_t From = Info.Kind == CollectiveInfo::ShiftLeft ? L + K
                       : Info.Kind == CollectiveInfo::PermuteXor
                           ? (L ^ K)
                           : int64_t(L) - int64_t(K);
        Mask.push_back(From >= 0 && From < int64_t(S) ? int(From) : int(L));
      }
      Value *Shuffled = B.CreateShuffleVector(V, V, Mask);
      Value *Valid = B.CreateICmpULT(Src, B.CreateVectorSplat(S, N32));
      StoreVector(B.CreateSelect(Valid, Shuffled, V));
      return;
    }
    StoreVector(Permute(Src));
    return;
  }
  case CollectiveInfo::Reduce:
  case CollectiveInfo::InclusiveScan:
  case CollectiveInfo::ExclusiveScan: {
    Value *Identity = getIdentity(Info, VTy);
    Value *Masked = B.CreateSelect(Active, V, Identity);
    if (Info.Kind == CollectiveInfo::Reduce) {
      StoreVector(emitVectorReduce(B, Info, Masked));
      return;
    }
    Value *Scan = emitVectorInclusiveScan(B, Info, Masked);
    if (Info.Kind == CollectiveInfo::ExclusiveScan)
      Scan = emitCombineWithKnownIdentity(
          B, Info, emitShiftUp(B, Scan, 1, getKnownIdentity(Info, VTy)));
    StoreVector(Scan);
    return;
  }
  case CollectiveInfo::Any:
  case CollectiveInfo::All:
  case CollectiveInfo::Ballot: {
    Value *Set = B.CreateICmpNE(V, Constant::getNullValue(VTy));
    if (Info.Kind == CollectiveInfo::All) {
      Value *R = B.CreateAndReduce(B.CreateOr(Set, B.CreateNot(Active)));
      StoreVector(B.CreateZExt(R, ResultTy));
      return;
    }
    Set = B.CreateAnd(Set, Active);
    if (Info.Kind == CollectiveInfo::Any) {
      StoreVector(B.CreateZExt(B.CreateOrReduce(Set), ResultTy));
      return;
    }
    Value *Bits = B.CreateBitCast(Set, B.getIntNTy(S));
    StoreVector(B.CreateZExtOrTrunc(Bits, ResultTy));
    return;
  }
  }
}

Value *CBSLowering::scaledId(IRBuilder<> &B, Region &R, Type *Ty,
                             int64_t Stride) {
  Value *Id = B.CreateZExtOrTrunc(R.LinearId, Ty);
  return B.CreateMul(Id, ConstantInt::get(Ty, Stride, /*IsSigned=*/true));
}

Value *CBSLowering::loadLive(IRBuilder<> &B, Instruction *Orig, const Slot &S,
                             Region &R) {
  Value *Result;
  if (S.S.isVarying()) {
    Value *Addr =
        B.CreateGEP(S.Ty, S.Address, S.PerSubGroup ? SubGroup : R.LinearId);
    Result = B.CreateLoad(S.Ty, Addr, Orig->getName() + ".reload");
    cast<LoadInst>(Result)->setMetadata(LLVMContext::MD_access_group,
                                        R.AccessGroup);
    markLiveValueAccess(cast<LoadInst>(Result));
  } else {
    auto *Base = B.CreateLoad(S.Ty, S.Address, Orig->getName() + ".reload");
    Base->setMetadata(LLVMContext::MD_access_group, R.AccessGroup);
    markLiveValueAccess(Base);
    Result = Base;
    if (S.S.isAffine()) {
      Type *IdxTy = S.Ty->isPointerTy() ? DL.getIndexType(S.Ty) : S.Ty;
      Value *Step = scaledId(B, R, IdxTy, S.S.Stride);
      Result = S.Ty->isPointerTy() ? B.CreateGEP(B.getInt8Ty(), Base, Step)
                                   : B.CreateAdd(Base, Step);
    }
  }
  return Result;
}

/// For each region that starts after a work-group sync point (or at the
/// entry), the regions a sub-group can run from it before the next
/// work-group sync point.
SmallVector<SmallPtrSet<Region *, 8>> CBSLowering::getWorkGroupSpans() {
  SmallVector<SmallPtrSet<Region *, 8>> Spans;
  for (auto &Start : Regions) {
    bool StartsSpan = Start->Id == 0 || Syncs[Start->Id - 1].WorkGroupLevel;
    if (!StartsSpan)
      continue;
    SmallPtrSet<Region *, 8> Span;
    SmallVector<Region *> Worklist = {Start.get()};
    while (!Worklist.empty()) {
      Region *R = Worklist.pop_back_val();
      if (!Span.insert(R).second)
        continue;
      for (unsigned Sync : R->ExitSyncs)
        if (!Syncs[Sync - 1].WorkGroupLevel)
          Worklist.push_back(Regions[Sync].get());
    }
    Spans.push_back(std::move(Span));
  }
  return Spans;
}

bool CBSLowering::isReachableInRegion(BasicBlock *From, BasicBlock *To,
                                      const Region &R) const {
  SmallPtrSet<BasicBlock *, 16> InRegion(R.Clones.begin(), R.Clones.end());
  SmallPtrSet<BasicBlock *, 16> Seen;
  SmallVector<BasicBlock *> Worklist(successors(From));
  while (!Worklist.empty()) {
    BasicBlock *BB = Worklist.pop_back_val();
    if (!InRegion.contains(BB) || !Seen.insert(BB).second)
      continue;
    if (BB == To)
      return true;
    append_range(Worklist, successors(BB));
  }
  return false;
}

void CBSLowering::publishAtRegionEnd(const Slot &S, Region &R) {
  // Before the items run, the next value is the current one (in case no
  // item defines it this time); after them, it becomes the current one.
  auto SlotOf = [&](IRBuilder<> &B, Value *Base) {
    return S.PerSubGroup ? B.CreateGEP(S.Ty, Base, SubGroup) : Base;
  };
  IRBuilder<> B(R.Preheader->getTerminator());
  LoadInst *Current = B.CreateLoad(S.Ty, SlotOf(B, S.Address));
  StoreInst *Seed = B.CreateStore(Current, SlotOf(B, S.NextAddress));
  B.SetInsertPoint(R.Exit->getTerminator());
  LoadInst *Next = B.CreateLoad(S.Ty, SlotOf(B, S.NextAddress));
  StoreInst *Publish = B.CreateStore(Next, SlotOf(B, S.Address));
  for (Instruction *I : {cast<Instruction>(Current), cast<Instruction>(Seed),
                         cast<Instruction>(Next), cast<Instruction>(Publish)})
    markLiveValueAccess(I);
}

void CBSLowering::storeLive(Instruction *Clone, const Slot &S, Region &R) {
  BasicBlock::iterator InsertPt = std::next(Clone->getIterator());
  if (isa<PHINode>(Clone))
    InsertPt = Clone->getParent()->getFirstInsertionPt();
  IRBuilder<> B(Clone->getParent(), InsertPt);
  Value *V = Clone;
  Value *Addr = S.WritesNext.contains(&R) ? S.NextAddress : S.Address;
  if (S.PerSubGroup) {
    Addr = B.CreateGEP(S.Ty, Addr, SubGroup);
  } else if (S.S.isVarying()) {
    Addr = B.CreateGEP(S.Ty, S.Address, R.LinearId);
  } else if (S.S.isAffine()) {
    Type *IdxTy = S.Ty->isPointerTy() ? DL.getIndexType(S.Ty) : S.Ty;
    Value *Step = scaledId(B, R, IdxTy, -S.S.Stride);
    V = S.Ty->isPointerTy() ? B.CreateGEP(B.getInt8Ty(), V, Step)
                            : B.CreateAdd(V, Step);
  }
  StoreInst *Store = B.CreateStore(V, Addr);
  Store->setMetadata(LLVMContext::MD_access_group, R.AccessGroup);
  markLiveValueAccess(Store);
}

void CBSLowering::repairCrossRegionUses(const KernelShape &Shape,
                                        const KernelShape *SubGroupShape) {
  DominatorTree DT(*W);
  struct PendingUse {
    Use *U;
    Instruction *Orig;
    Region *R;
    bool AtHeader;
  };
  SmallVector<PendingUse> Pending;
  MapVector<Instruction *, Slot> Slots;
  for (auto &RP : Regions) {
    for (BasicBlock *NB : RP->Clones) {
      for (Instruction &I : *NB) {
        for (Use &U : I.operands()) {
          auto *Op = dyn_cast<Instruction>(U.get());
          if (!Op)
            continue;
          if (OriginalBlockSet.contains(Op->getParent())) {
            Pending.push_back({&U, Op, RP.get(), /*AtHeader=*/true});
            Slots.insert({Op, Slot()});
            continue;
          }
          auto It = CloneOrigin.find(Op);
          if (It == CloneOrigin.end() || DT.dominates(Op, U))
            continue;
          Pending.push_back({&U, It->second.first, RP.get(), false});
          Slots.insert({It->second.first, Slot()});
        }
      }
    }
  }
  // A value both stored and reloaded within one region's work-item loop
  // changes under the later items' feet if it has a single slot: item 0
  // would overwrite what item 1 still has to read. With a second slot that
  // the region writes and publishes when its loop ends, a uniform value keeps
  // one slot, unless an item can read its own new value within the region
  // (a path from the definition to the use that crosses no barrier): then
  // it is kept per work-item.
  DenseMap<Instruction *, SmallPtrSet<Region *, 2>> ReloadedIn;
  DenseSet<Instruction *> ReadsOwnDefinition;
  // Values an item reads after redefining them in the same region: no
  // double buffering can serve those.
  DenseSet<Instruction *> ReachesOwnUse;
  // Values a lane loop both redefines and reloads: later lanes must not see
  // earlier lanes' new values.
  DenseSet<Instruction *> LaneConflicts;
  for (PendingUse &P : Pending) {
    auto *Def = dyn_cast_or_null<Instruction>(P.R->VMap.lookup(P.Orig));
    if (!Def)
      continue;
    ReloadedIn[P.Orig].insert(P.R);
    auto *User = cast<Instruction>(P.U->getUser());
    BasicBlock *UseBB = User->getParent();
    if (auto *PN = dyn_cast<PHINode>(User))
      UseBB = PN->getIncomingBlock(*P.U);
    if (isReachableInRegion(Def->getParent(), UseBB, *P.R)) {
      ReadsOwnDefinition.insert(P.Orig);
      ReachesOwnUse.insert(P.Orig);
    }
  }
  DenseMap<Instruction *, SmallPtrSet<Region *, 2>> LaneReloadedIn;
  if (LaneLoops) {
    // Sub-groups take turns through the regions between two work-group sync
    // points: if one of those regions defines a value and one reloads it,
    // a later sub-group could read what an earlier one wrote for a later
    // step. One slot is safe only when no such group of regions does both.
    DenseMap<Instruction *, SmallPtrSet<Region *, 4>> DefinedIn, UsedIn;
    for (PendingUse &P : Pending)
      UsedIn[P.Orig].insert(P.R);
    for (auto &[Orig, S] : Slots)
      for (auto &R : Regions)
        if (R->VMap.count(Orig))
          DefinedIn[Orig].insert(R.get());
    // A definition outside every loop is written once in each item's
    // life: with a uniform value, every write stores the same, and SSA
    // dominance makes each sub-group write before it reads. Only values
    // redefined in a loop can be overwritten under a later sub-group.
    SmallVector<SmallPtrSet<Region *, 8>> Spans = getWorkGroupSpans();
    for (auto &[Orig, S] : Slots) {
      if (!BlocksInCycles.contains(Orig->getParent()))
        continue;
      for (auto &Span : Spans)
        if (any_of(DefinedIn[Orig],
                   [&](Region *R) { return Span.contains(R); }) &&
            any_of(UsedIn[Orig], [&](Region *R) { return Span.contains(R); }))
          ReadsOwnDefinition.insert(Orig);
    }
    for (auto &[Orig, Rs] : ReloadedIn)
      if (BlocksInCycles.contains(Orig->getParent()))
        LaneConflicts.insert(Orig);
    // Uniform slots are not published between sub-groups; per-sub-group
    // ones are, within each lane loop.
    LaneReloadedIn = std::move(ReloadedIn);
    ReloadedIn.clear();
  }
  // Lay out the storage, then store after every clone of each definition.
  for (auto &[Orig, S] : Slots) {
    S.S = Shape.getShape(Orig);
    S.Ty = Orig->getType();
    if ((S.S.isAffine() && !S.Ty->isIntegerTy() && !S.Ty->isPointerTy()) ||
        ReadsOwnDefinition.contains(Orig))
      S.S = Shape::varying();
    // Kept once per sub-group when the value only varies between them (the
    // sub-group id, a sub-group reduction): the lanes of one sub-group
    // write the same value, and other sub-groups have slots of their own.
    // A lane loop that redefines and reloads it double-buffers it, unless
    // a lane reads its own new value in the same loop.
    S.PerSubGroup =
        S.S.isVarying() && SubGroupShape && SubGroupShape->isUniform(Orig) &&
        !(LaneConflicts.contains(Orig) && ReachesOwnUse.contains(Orig));
    uint64_t Bytes = DL.getTypeAllocSize(S.Ty);
    S.Address =
        allocateScratch(Bytes, S.S.isVarying(),
                        Orig->getName() + (S.PerSubGroup     ? ".subgroups"
                                           : S.S.isVarying() ? ".items"
                                                             : ".slot"));
    // Regions that both redefine and reload the value write a second slot
    // (array, per sub-group), published when their loop ends.
    auto RegionsReloading =
        [](const DenseMap<Instruction *, SmallPtrSet<Region *, 2>> &Map,
           Instruction *Value) -> const SmallPtrSet<Region *, 2> * {
      auto It = Map.find(Value);
      return It == Map.end() ? nullptr : &It->second;
    };
    const SmallPtrSet<Region *, 2> *Writers = nullptr;
    if (!S.S.isVarying())
      Writers = RegionsReloading(ReloadedIn, Orig);
    else if (S.PerSubGroup && LaneConflicts.contains(Orig))
      Writers = RegionsReloading(LaneReloadedIn, Orig);
    if (Writers) {
      S.NextAddress = allocateScratch(
          Bytes, /*PerItem=*/S.PerSubGroup,
          Orig->getName() + (S.PerSubGroup ? ".next.subgroups" : ".next.slot"));
      S.WritesNext = *Writers;
      for (Region *R : S.WritesNext)
        publishAtRegionEnd(S, *R);
      if (S.PerSubGroup)
        ++NumDoubleBufferedSubGroupSlots;
    }
    if (S.PerSubGroup)
      ++NumPerSubGroupSlots;
    else if (S.S.isVarying())
      ++NumPerItemArrays;
    else if (S.S.isAffine())
      ++NumAffineSlots;
    else
      ++NumUniformSlots;
    LLVM_DEBUG(dbgs() << "sublane-wg-cbs: live across barrier: " << *Orig
                      << " shape " << int(S.S.K) << "\n");
    for (auto &R : Regions)
      if (Value *Clone = R->VMap.lookup(Orig))
        storeLive(cast<Instruction>(Clone), S, *R);
  }
  for (PendingUse &P : Pending) {
    const Slot &S = Slots[P.Orig];
    auto *User = cast<Instruction>(P.U->getUser());
    if (P.AtHeader) {
      Value *&Cached = P.R->HeaderLoads[P.Orig];
      if (!Cached) {
        IRBuilder<> B(P.R->InnerHeader->getTerminator());
        Cached = loadLive(B, P.Orig, S, *P.R);
      }
      P.U->set(Cached);
      continue;
    }
    Instruction *InsertPt = User;
    if (auto *PN = dyn_cast<PHINode>(User))
      InsertPt = PN->getIncomingBlock(*P.U)->getTerminator();
    IRBuilder<> B(InsertPt);
    P.U->set(loadLive(B, P.Orig, S, *P.R));
  }
}

void CBSLowering::tagParallelAccesses(Region &R) {
  auto IsPrivate = [&](Value *Ptr) {
    auto *AI = dyn_cast<AllocaInst>(getUnderlyingObject(Ptr));
    return AI != nullptr;
  };
  auto Tag = [&](Instruction &I) {
    Value *Ptr = getLoadStorePointerOperand(&I);
    if (!Ptr || IsPrivate(Ptr))
      return;
    I.setMetadata(LLVMContext::MD_access_group, R.AccessGroup);
  };
  for (BasicBlock *BB : R.Clones)
    for (Instruction &I : *BB)
      Tag(I);
  for (Instruction &I : *R.InnerHeader)
    Tag(I);
}

/// Live-value slots are the lowering's own memory, which no pointer of the
/// kernel's can reach. Saying so lets LLVM keep a uniform value in a register
/// across a work-item loop that stores to user memory.
/// Only the last sub-group of a work-group can be partial. Every region's
/// lane loop gets a copy with the trip count fixed to the sub-group size,
/// which full sub-groups take: LLVM then vectorizes or unrolls it without a
/// masked tail, whose masked stores would also stall the combine step that
/// reloads the lanes as a vector.
void CBSLowering::specializeFullSubGroups() {
  if (!LaneLoops || SubGroupSize == 1)
    return;
  IRBuilder<> B(SubGroupHeader->getTerminator());
  Value *IsFull =
      B.CreateICmpEQ(SubGroupLanes, B.getInt64(SubGroupSize), "sg.full");
  Constant *FullLanes = B.getInt64(SubGroupSize);
  for (auto &R : Regions) {
    SmallVector<BasicBlock *> Blocks = {R->Preheader};
    append_range(Blocks, R->Headers);
    append_range(Blocks, R->Clones);
    append_range(Blocks, R->Latches);
    Blocks.push_back(R->Exit);
    ValueToValueMapTy VMap;
    SmallVector<BasicBlock *> Copies;
    for (BasicBlock *BB : Blocks) {
      BasicBlock *NB = CloneBasicBlock(BB, VMap, ".full", W);
      VMap[BB] = NB;
      Copies.push_back(NB);
    }
    remapInstructionsInBlocks(Copies, VMap);
    for (BasicBlock *NB : Copies)
      for (Instruction &I : *NB) {
        I.replaceUsesOfWith(SubGroupLanes, FullLanes);
        if (MDNode *Loop = I.getMetadata(LLVMContext::MD_loop)) {
          // A loop of its own needs an identity of its own. Full unrolling
          // would turn it into scalar code before the loop vectorizer sees
          // its constant trip count.
          SmallVector<Metadata *> Props(drop_begin(Loop->operands()));
          Props.push_back(
              MDNode::get(C, {MDString::get(C, "llvm.loop.unroll.disable")}));
          I.setMetadata(LLVMContext::MD_loop, makeLoopID(C, Props));
        }
      }
    BasicBlock *Choose = BasicBlock::Create(
        C, "sublane.r" + Twine(R->Id) + ".choose", W, R->Preheader);
    for (auto Case : SubGroupSwitch->cases())
      if (Case.getCaseSuccessor() == R->Preheader)
        Case.setSuccessor(Choose);
    BranchInst::Create(cast<BasicBlock>(VMap[R->Preheader]), R->Preheader,
                       IsFull, Choose);
    ReachedPhi->addIncoming(VMap[R->NextState],
                            cast<BasicBlock>(VMap[R->Exit]));
    CombineBlocks.push_back(Choose);
    append_range(CombineBlocks, Copies);
  }
}

void CBSLowering::markLiveValueAccess(Instruction *I) {
  if (!LiveValueScope) {
    MDBuilder MDB(C);
    MDNode *Domain = MDB.createAnonymousAliasScopeDomain("sublane.scratch");
    MDNode *Scope = MDB.createAnonymousAliasScope(Domain, "live values");
    LiveValueScope = MDNode::get(C, {Scope});
  }
  I->setMetadata(LLVMContext::MD_alias_scope, LiveValueScope);
}

void CBSLowering::separateLiveValuesFromUserMemory() {
  if (!LiveValueScope)
    return;
  for (Instruction &I : instructions(W)) {
    if (!I.mayReadOrWriteMemory() ||
        I.getMetadata(LLVMContext::MD_alias_scope) == LiveValueScope)
      continue;
    I.setMetadata(LLVMContext::MD_noalias,
                  MDNode::concatenate(I.getMetadata(LLVMContext::MD_noalias),
                                      LiveValueScope));
  }
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
  auto *Init = GV->getInitializer();
  auto *DescTy = cast<StructType>(GV->getValueType());
  SmallVector<Constant *> Fields;
  for (unsigned I = 0; I < desc::NumFields; ++I)
    Fields.push_back(Init->getAggregateElement(I));
  auto SetI32 = [&](unsigned F, uint64_t V) {
    Fields[F] = ConstantInt::get(DescTy->getElementType(F), V);
  };
  auto *Flags = cast<ConstantInt>(Fields[desc::Flags]);
  SetI32(desc::Flags, Flags->getZExtValue() | desc::LoweredFlag);
  SetI32(desc::SubGroupSize, SubGroupSize);
  SetI32(desc::Variant, unsigned(Hierarchical ? Variant::HCBS : Variant::CBS));
  SetI32(desc::ScratchArrays, ScratchArrays);
  SetI32(desc::ScratchBytesPerItem, ScratchBytesPerItem);
  SetI32(desc::ScratchUniformBytes, ScratchUniformBytes);
  Fields[desc::WorkGroupFn] = W;
  GV->setInitializer(ConstantStruct::get(DescTy, Fields));
}

Function *CBSLowering::run() {
  if (!checkKernel())
    return nullptr;
  createWorkGroupFunction();
  emitSetup();
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
  std::optional<KernelShape> SubGroupShape;
  if (LaneLoops && SubGroupSize > 1)
    SubGroupShape.emplace(*W, Dims,
                          DivergenceSources::ConservativeWithinSubGroup,
                          SubGroupUniformResults);
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
  separateLiveValuesFromUserMemory();
  layoutBlocks();

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
  ++NumKernelsLowered;
  return W;
}

} // namespace

PreservedAnalyses WorkGroupCBSPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function *K : getKernels(M)) {
    if (!findDescriptor(*K)) {
      reportKernelError(*K, "has no descriptor; run sublane-prepare first");
      continue;
    }
    if (M.getFunction((K->getName() + ".wg").str()))
      continue; // lowered already
    Changed |= CBSLowering(*K).run() != nullptr;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace sublane
