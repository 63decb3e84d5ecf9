//===- WorkGroupCBS.cpp - Work-group continuation-based synchronization ---===//

#include "sublane/Passes/WorkGroupCBS.h"
#include "sublane/Passes/KernelInfo.h"
#include "sublane/Passes/KernelShape.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CaptureTracking.h"
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
STATISTIC(NumPerItemAllocas, "Number of private variables kept per item");
STATISTIC(NumHoisted, "Number of group-invariant instructions hoisted");

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
  Value *Ids[3] = {};
  Value *LinearId = nullptr;
  MDNode *AccessGroup = nullptr;
  DenseMap<Instruction *, Value *> HeaderLoads;
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
  void hoistGroupInvariants();
  void rematerializeVaryingBuiltins();
  void splitBarriers();
  void formRegions();
  void privatizeAllocas();
  void cloneRegions();
  void buildItemLoops(Region &R);
  void redirectRegionExits(Region &R);
  void lowerVaryingBuiltins(Region &R);
  void buildDispatch();
  void repairCrossRegionUses(const KernelShape &Shape);
  void tagParallelAccesses(Region &R);
  void separateLiveValuesFromUserMemory();
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
  Value *scaledId(IRBuilder<> &B, Region &R, Type *Ty, int64_t Stride);

  Function &K;
  Module &M;
  LLVMContext &C;
  const DataLayout &DL;
  unsigned Dims = 1;
  Function *W = nullptr;
  BasicBlock *Setup = nullptr;
  BasicBlock *Dispatch = nullptr;
  Value *GroupId[3] = {}, *LocalRange[3] = {}, *GroupRange[3] = {};
  Value *GlobalRange[3] = {}, *GlobalIdBase[3] = {};
  Value *LocalMem = nullptr, *Scratch = nullptr, *WorkGroupSize = nullptr;
  Value *ScratchOffset = nullptr; ///< running i64 offset, in setup
  unsigned ScratchArrays = 0;
  uint64_t ScratchBytesPerItem = 0, ScratchUniformBytes = 0;

  SmallVector<BasicBlock *> BarrierBlocks; ///< index j-1 for barrier j
  DenseMap<BasicBlock *, unsigned> BarrierIndex;
  SmallVector<BasicBlock *> OriginalBlocks;
  DenseSet<BasicBlock *> OriginalBlockSet;
  SmallVector<std::unique_ptr<Region>> Regions;
  DenseMap<Instruction *, std::pair<Instruction *, Region *>> CloneOrigin;
  unsigned ExitState = 0;
  /// Loads and stores of live-value slots; no user access can touch them.
  SmallPtrSet<Instruction *, 32> LiveValueAccesses;
};

bool CBSLowering::checkKernel() {
  Dims = getUnsignedAttr(K, attr::Dims).value_or(1);
  unsigned SubGroupSize = getUnsignedAttr(K, attr::SubGroupSize).value_or(1);
  StringRef V = K.getFnAttribute(attr::Variant).getValueAsString();
  if (SubGroupSize != 1 || (!V.empty() && V != "cbs")) {
    reportKernelError(K, "sub-group size " + Twine(SubGroupSize) +
                             " with variant '" + V +
                             "' is not available in this build; only "
                             "sub-group size 1 (variant cbs) is");
    return false;
  }
  bool Ok = true;
  KernelShape Provable(K, Dims, DivergenceSources::Provable);
  for (Instruction &I : instructions(K)) {
    if (auto *AI = dyn_cast<AllocaInst>(&I)) {
      if (!AI->isStaticAlloca()) {
        reportKernelError(K,
                          "variable-length arrays and dynamic alloca are not "
                          "supported in kernels",
                          AI);
        Ok = false;
      }
      continue;
    }
    if (getBuiltinKind(&I) != BuiltinKind::WorkGroupBarrier)
      continue;
    const Instruction *Branch;
    if (Provable.isDivergentlyExecuted(I.getParent(), &Branch)) {
      std::string Where;
      if (DebugLoc BL = getUserDebugLoc(Branch))
        Where = " at line " + std::to_string(BL.getLine());
      reportKernelError(
          K,
          "work-group barrier in divergent control flow: the branch" + Where +
              " depends on the work-item id, so not every work-item of the "
              "group reaches this barrier",
          &I);
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
    // Sub-group size 1: every work-item is its own sub-group.
    case BuiltinKind::SubGroupLocalId:
      Repl = B.getInt32(0);
      break;
    case BuiltinKind::SubGroupSize:
    case BuiltinKind::SubGroupMaxSize:
      Repl = B.getInt32(1);
      break;
    case BuiltinKind::SubGroupCount:
      Repl = B.CreateTrunc(WorkGroupSize, B.getInt32Ty());
      break;
    case BuiltinKind::SubGroupBarrier:
      CB->eraseFromParent();
      continue;
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

/// Ids are never stored: each use gets its own call next to it, which the
/// region clone then replaces with its loop's id.
void CBSLowering::rematerializeVaryingBuiltins() {
  SmallVector<CallBase *> Calls;
  for (Instruction &I : instructions(W))
    if (isWorkItemVaryingBuiltin(getBuiltinKind(&I)))
      Calls.push_back(cast<CallBase>(&I));
  for (CallBase *CB : Calls) {
    for (Use &U : make_early_inc_range(CB->uses())) {
      auto *User = cast<Instruction>(U.getUser());
      Instruction *InsertPt = User;
      if (auto *PN = dyn_cast<PHINode>(User))
        InsertPt = PN->getIncomingBlock(U)->getTerminator();
      Instruction *Copy = CB->clone();
      Copy->insertBefore(InsertPt);
      U.set(Copy);
    }
    CB->eraseFromParent();
  }
}

void CBSLowering::splitBarriers() {
  SmallVector<CallBase *> Barriers;
  for (Instruction &I : instructions(W))
    if (getBuiltinKind(&I) == BuiltinKind::WorkGroupBarrier)
      Barriers.push_back(cast<CallBase>(&I));
  for (CallBase *CB : Barriers) {
    BasicBlock *BarrierBB =
        CB->getParent()->splitBasicBlock(CB, "sublane.barrier");
    BarrierBB->splitBasicBlock(CB->getNextNode(), "sublane.after.barrier");
    BarrierBlocks.push_back(BarrierBB);
    BarrierIndex[BarrierBB] = BarrierBlocks.size();
  }
  ExitState = BarrierBlocks.size() + 1;
}

void CBSLowering::formRegions() {
  for (BasicBlock &BB : *W)
    if (&BB != Setup) {
      OriginalBlocks.push_back(&BB);
      OriginalBlockSet.insert(&BB);
    }
  SmallVector<BasicBlock *> Entries = {Setup->getSingleSuccessor()};
  for (BasicBlock *BarrierBB : BarrierBlocks)
    Entries.push_back(BarrierBB->getSingleSuccessor());
  for (auto [Id, Entry] : enumerate(Entries)) {
    auto R = std::make_unique<Region>();
    R->Id = Id;
    R->Entry = Entry;
    SmallPtrSet<BasicBlock *, 32> Seen = {Entry};
    SmallVector<BasicBlock *> Worklist = {Entry};
    while (!Worklist.empty()) {
      BasicBlock *BB = Worklist.pop_back_val();
      R->Blocks.push_back(BB);
      for (BasicBlock *Succ : successors(BB))
        if (!BarrierIndex.count(Succ) && Seen.insert(Succ).second)
          Worklist.push_back(Succ);
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
    Size = B.CreateMul(B.getInt64(Bytes), WorkGroupSize);
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
  Function *LinearIdFn = cast<Function>(
      M.getOrInsertFunction("__sublane_local_linear_id",
                            FunctionType::get(Type::getInt64Ty(C), false))
          .getCallee());
  LinearIdFn->setDoesNotAccessMemory();
  LinearIdFn->setDoesNotThrow();
  LinearIdFn->setWillReturn();

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

void CBSLowering::buildItemLoops(Region &R) {
  Type *I64 = Type::getInt64Ty(C);
  std::string Prefix = "sublane.r" + std::to_string(R.Id);
  R.Preheader = BasicBlock::Create(C, Prefix + ".pre", W);
  R.Exit = BasicBlock::Create(C, Prefix + ".exit", W);
  R.AccessGroup = MDNode::getDistinct(C, {});
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
    MDNode *Parallel = MDNode::get(
        C, {MDString::get(C, "llvm.loop.parallel_accesses"), R.AccessGroup});
    MDNode *Loop = MDNode::getDistinct(C, {nullptr, Parallel});
    Loop->replaceOperandWith(0, Loop);
    Br->setMetadata(LLVMContext::MD_loop, Loop);
  }
  B.SetInsertPoint(R.Exit);
  B.CreateBr(Dispatch);
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
      unsigned Barrier = BarrierIndex.lookup(T->getSuccessor(S));
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
    case BuiltinKind::SubGroupId: // sub-group size 1
      Repl = R.LinearId;
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
  BasicBlock *Done = BasicBlock::Create(C, "sublane.done", W);
  ReturnInst::Create(C, Done);
  for (auto &R : Regions)
    buildItemLoops(*R);
  IRBuilder<> B(Dispatch);
  PHINode *State = B.CreatePHI(B.getInt32Ty(), Regions.size() + 1, "region");
  State->addIncoming(B.getInt32(0), Setup);
  SwitchInst *SW = B.CreateSwitch(State, Done, Regions.size());
  for (auto &R : Regions) {
    redirectRegionExits(*R);
    lowerVaryingBuiltins(*R);
    SW->addCase(B.getInt32(R->Id), R->Preheader);
    State->addIncoming(R->NextState, R->Exit);
  }
  Setup->getTerminator()->setSuccessor(0, Dispatch);
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
    Value *Addr = B.CreateGEP(S.Ty, S.Address, R.LinearId);
    Result = B.CreateLoad(S.Ty, Addr, Orig->getName() + ".reload");
    cast<LoadInst>(Result)->setMetadata(LLVMContext::MD_access_group,
                                        R.AccessGroup);
    LiveValueAccesses.insert(cast<LoadInst>(Result));
  } else {
    auto *Base = B.CreateLoad(S.Ty, S.Address, Orig->getName() + ".reload");
    Base->setMetadata(LLVMContext::MD_access_group, R.AccessGroup);
    LiveValueAccesses.insert(Base);
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
  IRBuilder<> B(R.Preheader->getTerminator());
  LoadInst *Current = B.CreateLoad(S.Ty, S.Address);
  StoreInst *Seed = B.CreateStore(Current, S.NextAddress);
  B.SetInsertPoint(R.Exit->getTerminator());
  LoadInst *Next = B.CreateLoad(S.Ty, S.NextAddress);
  StoreInst *Publish = B.CreateStore(Next, S.Address);
  LiveValueAccesses.insert({Current, Seed, Next, Publish});
}

void CBSLowering::storeLive(Instruction *Clone, const Slot &S, Region &R) {
  BasicBlock::iterator InsertPt = std::next(Clone->getIterator());
  if (isa<PHINode>(Clone))
    InsertPt = Clone->getParent()->getFirstInsertionPt();
  IRBuilder<> B(Clone->getParent(), InsertPt);
  Value *V = Clone;
  Value *Addr = S.WritesNext.contains(&R) ? S.NextAddress : S.Address;
  if (S.S.isVarying()) {
    Addr = B.CreateGEP(S.Ty, S.Address, R.LinearId);
  } else if (S.S.isAffine()) {
    Type *IdxTy = S.Ty->isPointerTy() ? DL.getIndexType(S.Ty) : S.Ty;
    Value *Step = scaledId(B, R, IdxTy, -S.S.Stride);
    V = S.Ty->isPointerTy() ? B.CreateGEP(B.getInt8Ty(), V, Step)
                            : B.CreateAdd(V, Step);
  }
  StoreInst *Store = B.CreateStore(V, Addr);
  Store->setMetadata(LLVMContext::MD_access_group, R.AccessGroup);
  LiveValueAccesses.insert(Store);
}

void CBSLowering::repairCrossRegionUses(const KernelShape &Shape) {
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
  for (PendingUse &P : Pending) {
    auto *Def = dyn_cast_or_null<Instruction>(P.R->VMap.lookup(P.Orig));
    if (!Def)
      continue;
    ReloadedIn[P.Orig].insert(P.R);
    auto *User = cast<Instruction>(P.U->getUser());
    BasicBlock *UseBB = User->getParent();
    if (auto *PN = dyn_cast<PHINode>(User))
      UseBB = PN->getIncomingBlock(*P.U);
    if (isReachableInRegion(Def->getParent(), UseBB, *P.R))
      ReadsOwnDefinition.insert(P.Orig);
  }
  // Lay out the storage, then store after every clone of each definition.
  for (auto &[Orig, S] : Slots) {
    S.S = Shape.getShape(Orig);
    S.Ty = Orig->getType();
    if ((S.S.isAffine() && !S.Ty->isIntegerTy() && !S.Ty->isPointerTy()) ||
        ReadsOwnDefinition.contains(Orig))
      S.S = Shape::varying();
    uint64_t Bytes = DL.getTypeAllocSize(S.Ty);
    S.Address = allocateScratch(Bytes, S.S.isVarying(),
                                Orig->getName() +
                                    (S.S.isVarying() ? ".items" : ".slot"));
    auto Reloaded = ReloadedIn.find(Orig);
    if (!S.S.isVarying() && Reloaded != ReloadedIn.end()) {
      S.NextAddress = allocateScratch(Bytes, /*PerItem=*/false,
                                      Orig->getName() + ".next.slot");
      S.WritesNext = Reloaded->second;
      for (Region *R : S.WritesNext)
        publishAtRegionEnd(S, *R);
    }
    if (S.S.isVarying())
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
void CBSLowering::separateLiveValuesFromUserMemory() {
  if (LiveValueAccesses.empty())
    return;
  MDBuilder MDB(C);
  MDNode *Domain = MDB.createAnonymousAliasScopeDomain("sublane.scratch");
  MDNode *Scope = MDB.createAnonymousAliasScope(Domain, "live values");
  MDNode *ScopeList = MDNode::get(C, {Scope});
  for (Instruction &I : instructions(W)) {
    if (!I.mayReadOrWriteMemory())
      continue;
    if (LiveValueAccesses.contains(&I)) {
      I.setMetadata(LLVMContext::MD_alias_scope, ScopeList);
      continue;
    }
    I.setMetadata(
        LLVMContext::MD_noalias,
        MDNode::concatenate(I.getMetadata(LLVMContext::MD_noalias), ScopeList));
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
  SetI32(desc::SubGroupSize, 1);
  SetI32(desc::Variant, unsigned(Variant::CBS));
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
  rematerializeVaryingBuiltins();
  splitBarriers();
  formRegions();
  privatizeAllocas();
  KernelShape Shape(*W, Dims, DivergenceSources::Conservative);
  cloneRegions();
  buildDispatch();
  repairCrossRegionUses(Shape);
  for (auto &R : Regions)
    tagParallelAccesses(*R);
  deleteOriginalBlocks();
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
