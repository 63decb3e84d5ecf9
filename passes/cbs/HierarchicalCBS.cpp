//===- HierarchicalCBS.cpp - Lane loops and sub-group combine steps -------===//

#include "CBSLowering.h"

#include "sublane/Passes/util/IdArithmetic.h"
#include "sublane/Passes/util/Metadata.h"

#define DEBUG_TYPE "sublane-wg-cbs"

using namespace llvm;

namespace sublane {
namespace cbs {

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
    std::tie(Rest, R.Ids[D]) = emitLocalIdDivRem(
        B, Rest, LocalRange[D], "r" + Twine(R.Id) + ".lid" + Twine(D));
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
    ValueToValueMapTy VMap;
    SmallVector<BasicBlock *> Copies =
        cloneBlocks(getLoopBlocks(*R), VMap, ".full");
    for (BasicBlock *NB : Copies)
      for (Instruction &I : *NB) {
        I.replaceUsesOfWith(SubGroupLanes, FullLanes);
        if (MDNode *Loop = I.getMetadata(LLVMContext::MD_loop)) {
          // A loop of its own needs an identity of its own. Full unrolling
          // would turn it into scalar code before the loop vectorizer sees
          // its constant trip count.
          SmallVector<Metadata *> Props(drop_begin(Loop->operands()));
          Props.push_back(
              MDNode::get(C, {MDString::get(C, md::LLVMUnrollDisable)}));
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

} // namespace cbs
} // namespace sublane
