//===- Collectives.cpp - Collectives through arrays -----------------------===//

#include "CBSLowering.h"
#include "sublane/Passes/util/Metadata.h"
#include "sublane/Passes/util/TargetInfo.h"

#include "llvm/Support/CommandLine.h"

#define DEBUG_TYPE "sublane-wg-cbs"

using namespace llvm;

static cl::opt<unsigned> RunningVectorRegisters(
    "sublane-reduce-running-registers", cl::Hidden, cl::init(4),
    cl::desc("Vector registers a work-group reduction of vectorized "
             "sub-groups keeps its running values in: as many running values "
             "as fill them (a power of 2), used by consecutive sub-groups in "
             "turn (1: one)"));

namespace sublane {
namespace cbs {

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

/// Where part \p Part of the running values of \p SP is.
static Value *getRunningValuePart(IRBuilder<> &B, const SyncPoint &SP, Type *Ty,
                                  unsigned Part) {
  return Part ? B.CreateConstInBoundsGEP1_64(Ty, SP.Acc, Part) : SP.Acc;
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
    StringRef Short = StringRef(Name).drop_front(BuiltinPrefix.size());
    // Every item gets the same result of a work-group reduction, vote or
    // broadcast: one element holds it.
    bool OneResult = SP.WorkGroupLevel && SP.Info->hasUniformResult();
    SP.Out = allocateScratch(DL.getTypeAllocSize(CB->getType()), !OneResult,
                             Short + ".out");
    IRBuilder<> B(CB);
    if (SP.WorkGroupLevel && SP.Info->Kind == CollectiveInfo::Reduce) {
      // A reduction combines each item's operand into a running value as
      // the items reach it, in item order, so that the item loop is a
      // reduction loop LLVM can vectorize, and the combine step only reads
      // (and resets) it.
      // Vectorized sub-groups' vectors of partial values take turns among
      // as many running values as fill RunningVectorRegisters registers: in
      // one chain, the latency of the operation (3-4 cycles for a vector
      // add) would bound a loop whose sub-groups take less.
      Type *XTy = X->getType();
      if (XTy->isVectorTy()) {
        uint64_t Registers = divideCeil(DL.getTypeStoreSizeInBits(XTy),
                                        getVectorRegisterBits(*W));
        SP.AccParts = std::max<uint64_t>(
            1, bit_floor(RunningVectorRegisters / Registers));
      }
      SP.Acc = allocateScratch(DL.getTypeAllocSize(XTy) * SP.AccParts, false,
                               Short + ".acc");
      IRBuilder<> SB(Setup->getTerminator());
      for (unsigned Part = 0; Part < SP.AccParts; ++Part)
        markRunningValueAccess(
            SB.CreateStore(getIdentity(*SP.Info, XTy),
                           getRunningValuePart(SB, SP, XTy, Part)));
      IRBuilder<>::FastMathFlagGuard Guard(B);
      FastMathFlags Reassoc;
      Reassoc.setAllowReassoc();
      B.setFastMathFlags(Reassoc);
      // The running values rotate: each item combines into the first one
      // and moves it last. Their places do not depend on the item, so LLVM
      // keeps them in registers.
      SmallVector<Value *, 4> Parts;
      for (unsigned Part = 0; Part < SP.AccParts; ++Part) {
        auto *Running =
            B.CreateLoad(XTy, getRunningValuePart(B, SP, XTy, Part));
        markRunningValueAccess(Running);
        Parts.push_back(Running);
      }
      Parts.push_back(emitCombine(B, *SP.Info, Parts.front(), X));
      for (unsigned Part = 0; Part < SP.AccParts; ++Part)
        markRunningValueAccess(B.CreateStore(
            Parts[Part + 1], getRunningValuePart(B, SP, XTy, Part)));
    } else {
      SP.In = allocateScratch(DL.getTypeAllocSize(X->getType()), true,
                              Short + ".in");
      Value *Lin = B.CreateCall(LinearIdFn);
      markLiveValueAccess(
          B.CreateStore(X, B.CreateGEP(X->getType(), SP.In, Lin)));
    }
    if (SP.Info->hasIndexOperand()) {
      Value *Index = CB->getArgOperand(1);
      if (auto *CI = dyn_cast<ConstantInt>(Index))
        SP.ConstIndex = CI->getZExtValue();
      SP.Index = allocateScratch(DL.getTypeAllocSize(Index->getType()), true,
                                 Short + ".index");
      markLiveValueAccess(
          B.CreateStore(Index, B.CreateGEP(Index->getType(), SP.Index,
                                           B.CreateCall(LinearIdFn))));
    }
    B.SetInsertPoint(CB->getNextNode());
    Value *ResultAddress = OneResult ? SP.Out
                                     : B.CreateGEP(CB->getType(), SP.Out,
                                                   B.CreateCall(LinearIdFn));
    auto *Result =
        B.CreateLoad(CB->getType(), ResultAddress, Short + ".result");
    markLiveValueAccess(Result);
    if (SP.Info->Scope == CollectiveInfo::SubGroup &&
        SP.Info->hasUniformResult())
      SubGroupUniformResults.push_back(Result);
    CB->replaceAllUsesWith(Result);
    CollectiveSync[CB] = Syncs.size();
    Syncs.push_back(SP);
  }
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
  BranchInst *Latch =
      B.CreateCondBr(B.CreateICmpULT(NextI, Count), Loop, After);
  // Over a vectorized kernel's sub-groups (at most MaxWorkGroupSize / S
  // steps, each combining with the last one's result) unrolling saves
  // little, while every copy is compiled again at each of the kernel's
  // collectives: WorkGroupAlgorithmsTest.cpp, whose work-group scans LLVM
  // unrolled 2,520 times by 8 with a remainder loop, compiled for AVX2 in
  // 116 s with none of these loops unrolled, 144 s with all of them (one
  // run each, alone on 2 cores). Over work-items the chain of 1-cycle
  // integer adds gains from it: an int scan of work-groups of 256 at size 1
  // took 1.48 ms unrolled, 1.98 not (AVX2, one thread, 2^22 items).
  if (Vectorized)
    Latch->setMetadata(
        LLVMContext::MD_loop,
        makeLoopID(C, {MDNode::get(C, {MDString::get(
                                          C, md::LLVMUnrollRuntimeDisable)})}));
  B.SetInsertPoint(After);
  return Acc ? NextAcc : nullptr;
}

/// The combine step of a work-group collective: over the whole group's
/// operand array, in work-item order.
void CBSLowering::emitWorkGroupCombine(IRBuilder<> &B, SyncPoint &SP) {
  const CollectiveInfo &Info = *SP.Info;
  Type *Ty = Info.getValueType(C), *ResultTy = Info.getResultType(C);
  Value *N = ItemCount;
  auto LoadIn = [&](IRBuilder<> &LB, Value *I) {
    auto *L = LB.CreateLoad(Ty, LB.CreateGEP(Ty, SP.In, I));
    markLiveValueAccess(L);
    return cast<Value>(L);
  };
  auto StoreOut = [&](IRBuilder<> &SB, Value *V, Value *I) {
    markLiveValueAccess(SB.CreateStore(V, SB.CreateGEP(ResultTy, SP.Out, I)));
  };
  // The result every item gets, in the collective's one result element.
  auto Fill = [&](Value *V) { markLiveValueAccess(B.CreateStore(V, SP.Out)); };
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
    // The items' operands are already combined; vectors of partial values
    // (from vectorized sub-groups) are then reduced across their lanes. The
    // running value starts again from the identity for the next time the
    // items reach this reduction.
    Type *OperandTy = Info.getOperandType(C);
    IRBuilder<>::FastMathFlagGuard Guard(B);
    B.setFastMathFlags(Reassoc);
    Value *Acc = nullptr;
    for (unsigned Part = 0; Part < SP.AccParts; ++Part) {
      Value *Running = getRunningValuePart(B, SP, OperandTy, Part);
      auto *PartValue = B.CreateLoad(OperandTy, Running);
      markRunningValueAccess(PartValue);
      Acc = Acc ? emitCombine(B, Info, Acc, PartValue) : PartValue;
      markRunningValueAccess(
          B.CreateStore(getIdentity(Info, OperandTy), Running));
    }
    Value *R = OperandTy->isVectorTy() ? emitVectorReduce(B, Info, Acc) : Acc;
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

} // namespace cbs
} // namespace sublane
