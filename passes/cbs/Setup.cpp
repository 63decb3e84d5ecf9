//===- Setup.cpp - K.wg's set-up: group-uniform values --------------------===//

#include "CBSLowering.h"

#include "llvm/ADT/Statistic.h"

#define DEBUG_TYPE "sublane-wg-cbs"

using namespace llvm;

STATISTIC(NumHoisted, "Number of group-invariant instructions hoisted");

namespace sublane {
namespace cbs {

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
  ItemCount = Vectorized ? SubGroupCount : WorkGroupSize;
  B.CreateBr(OldEntry);
}

/// K.wg runs ctx->group_count work-groups in a loop, so that what is the
/// same for all of them (ranges, the scratch layout, the closure's values) is
/// computed once per call, not once per group, and the runtime calls it once
/// per thread's share of a launch. With work-groups of 256 items and a small
/// body, a call, set-up and dispatch per group cost ElementReduce 1.2x.
void CBSLowering::loopOverGroups() {
  Type *I64 = Type::getInt64Ty(C);
  BasicBlock *Entry = BasicBlock::Create(C, "sublane.groups", W, Setup);
  // What setup computes from the context and the closure alone moves to the
  // entry; allocas too, which stay static there.
  SmallPtrSet<const Value *, 32> InEntry;
  for (Instruction &I : make_early_inc_range(*Setup)) {
    if (I.isTerminator())
      break;
    bool Movable = isa<AllocaInst>(I) && cast<AllocaInst>(I).isStaticAlloca();
    if (!Movable && !I.mayHaveSideEffects() && !isa<PHINode>(I)) {
      auto *LI = dyn_cast<LoadInst>(&I);
      bool GroupIdLoad = false;
      if (LI)
        for (unsigned D = 0; D < Dims; ++D)
          GroupIdLoad |= LI == GroupId[D];
      bool PureOrInvariant =
          !I.mayReadFromMemory() ||
          (LI && !GroupIdLoad &&
           (LI->hasMetadata(LLVMContext::MD_invariant_load) ||
            getUnderlyingObject(LI->getPointerOperand()) == W->getArg(0)));
      Movable = PureOrInvariant && all_of(I.operands(), [&](Value *V) {
                  return !isa<Instruction>(V) || InEntry.contains(V);
                });
      Movable |= GroupIdLoad;
    }
    if (!Movable)
      continue;
    I.moveBefore(*Entry, Entry->end());
    // The first group's ids are the start of the ids, not the ids.
    if (!is_contained(ArrayRef(GroupId, Dims), &I))
      InEntry.insert(&I);
  }
  IRBuilder<> B(Entry);
  StructType *CtxTy = getContextType(M);
  auto *Count = B.CreateLoad(
      I64,
      B.CreateConstInBoundsGEP2_32(CtxTy, W->getArg(1), 0, ctx::GroupCount),
      "group.count");
  Count->setMetadata(LLVMContext::MD_invariant_load, MDNode::get(C, {}));
  B.CreateBr(Setup);

  // Setup starts each group: its index among this call's groups and its ids.
  B.SetInsertPoint(Setup, Setup->begin());
  PHINode *Index = B.CreatePHI(I64, 2, "group.index");
  Index->addIncoming(B.getInt64(0), Entry);
  PHINode *Ids[3] = {};
  for (unsigned D = 0; D < Dims; ++D) {
    Value *First = GroupId[D];
    First->setName("first.group.id" + Twine(D));
    Ids[D] = B.CreatePHI(I64, 2, "group.id" + Twine(D));
    First->replaceAllUsesWith(Ids[D]);
    Ids[D]->addIncoming(First, Entry);
    GroupId[D] = Ids[D];
  }

  // Every return goes on to the next group, if any.
  BasicBlock *Next = BasicBlock::Create(C, "sublane.next.group", W);
  BasicBlock *Exit = BasicBlock::Create(C, "sublane.exit", W);
  ReturnInst::Create(C, Exit);
  for (BasicBlock &BB : *W)
    if (BB.getTerminator() && isa<ReturnInst>(BB.getTerminator()) &&
        &BB != Exit) {
      BB.getTerminator()->eraseFromParent();
      BranchInst::Create(Next, &BB);
    }
  B.SetInsertPoint(Next);
  Value *NextIndex = B.CreateAdd(Index, B.getInt64(1), "group.index.next",
                                 /*HasNUW=*/true, /*HasNSW=*/true);
  Index->addIncoming(NextIndex, Next);
  // Row-major order: the last dimension counts up and carries over.
  Value *Carry = B.getTrue();
  for (int D = int(Dims) - 1; D >= 0; --D) {
    Value *Up = B.CreateAdd(Ids[D], B.CreateZExt(Carry, I64));
    Value *Wraps = B.CreateICmpEQ(Up, GroupRange[D]);
    Ids[D]->addIncoming(
        B.CreateSelect(Wraps, B.getInt64(0), Up, "group.id.next" + Twine(D)),
        Next);
    Carry = Wraps;
  }
  B.CreateCondBr(B.CreateICmpULT(NextIndex, Count, "more.groups"), Setup, Exit);
  GroupsEntry = Entry;
  GroupsExit = Exit;
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
    case BuiltinKind::GroupLocalAlloc:
      Repl = getGroupLocalMemory();
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
      if (Hierarchical || Vectorized)
        continue;
      Repl = B.getInt32(0);
      break;
    case BuiltinKind::SubGroupSize:
      if (Hierarchical || Vectorized)
        continue;
      Repl = B.getInt32(1);
      break;
    case BuiltinKind::SubGroupBarrier:
      if (Hierarchical || Vectorized)
        continue;
      CB->eraseFromParent();
      continue;
    case BuiltinKind::Collective: {
      auto Info = getCollectiveInfo(CB->getCalledFunction());
      if (Hierarchical || Vectorized || Info->Scope != CollectiveInfo::SubGroup)
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

Function *CBSLowering::getLinearIdFunction() {
  auto *F = cast<Function>(
      getOrInsertBuiltin(M, BuiltinKind::LocalLinearId).getCallee());
  F->setDoesNotAccessMemory();
  F->setDoesNotThrow();
  F->setWillReturn();
  return F;
}

/// Group local memory lives in the uniform part of scratch: like local
/// memory it belongs to the work-group running on this thread, and scratch
/// is sized from the descriptor, with no help from the launch.
/// sublane-prepare left one call per kernel, laying out all of its blocks;
/// the vectorizer may have copied that call (full and partial sub-groups,
/// versioned bounds checks), and every copy must see the same memory.
Value *CBSLowering::getGroupLocalMemory() {
  if (GroupLocalMemory)
    return GroupLocalMemory;
  uint64_t Bytes = 0;
  Align Alignment(1);
  for (Instruction &I : instructions(W))
    if (getBuiltinKind(&I) == BuiltinKind::GroupLocalAlloc) {
      // checkKernel refused blocks of unknown size.
      GroupLocalBlock Block = *getGroupLocalBlock(cast<CallBase>(I));
      Bytes = std::max(Bytes, Block.Bytes);
      Alignment = std::max(Alignment, Block.Alignment);
    }
  // The vectorizer's whole-vector accesses of local memory may touch up to
  // a guard's bytes before and after the block (LocalMemoryBlends.cpp): the
  // block gets guards of its own, so that they never reach the lowering's
  // slots beside it, whose accesses other accesses are declared not to
  // alias.
  uint64_t Guard = Vectorized ? MemoryGuardBytes : 0;
  // Scratch is aligned to ScratchAlign only: over-allocate and round up.
  uint64_t Slack = Alignment.value() > ScratchAlign ? Alignment.value() : 0;
  if (!Guard && !Slack)
    return GroupLocalMemory =
               allocateScratch(Bytes, /*PerItem=*/false, "group.local");
  Value *Start = allocateScratch(Bytes + 2 * Guard + Slack, /*PerItem=*/false,
                                 "group.local.guarded");
  IRBuilder<> B(Setup->getTerminator());
  Value *Block =
      B.CreateInBoundsGEP(B.getInt8Ty(), Start, B.getInt64(Guard),
                          Slack ? "group.local.unaligned" : "group.local");
  if (!Slack)
    return GroupLocalMemory = Block;
  Value *Address = B.CreatePtrToInt(Block, B.getInt64Ty());
  Value *Skip =
      B.CreateAnd(B.CreateNeg(Address), B.getInt64(Alignment.value() - 1));
  return GroupLocalMemory =
             B.CreateInBoundsGEP(B.getInt8Ty(), Block, Skip, "group.local");
}

Value *CBSLowering::allocateScratch(uint64_t Bytes, bool PerItem,
                                    const Twine &Name) {
  IRBuilder<> B(Setup->getTerminator());
  Value *Address = B.CreateGEP(B.getInt8Ty(), Scratch, ScratchOffset, Name);
  Value *Size = B.getInt64(alignTo(Bytes, ScratchAlign));
  if (PerItem) {
    // Vectorized kernels keep one element per sub-group; the descriptor
    // counts bytes per work-item either way.
    Size = B.CreateMul(B.getInt64(Bytes),
                       Vectorized ? SubGroupCount : ItemCapacity);
    Size = B.CreateAnd(B.CreateAdd(Size, B.getInt64(ScratchAlign - 1)),
                       B.getInt64(~uint64_t(ScratchAlign - 1)));
    ++ScratchArrays;
    ScratchBytesPerItem += Vectorized ? divideCeil(Bytes, SubGroupSize) : Bytes;
  } else {
    ScratchUniformBytes += alignTo(Bytes, ScratchAlign);
  }
  ScratchOffset = B.CreateAdd(ScratchOffset, Size);
  return Address;
}

} // namespace cbs
} // namespace sublane
