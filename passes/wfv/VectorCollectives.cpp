//===- VectorCollectives.cpp - Collectives as vector operations -----------===//
//
// A sub-group collective is an operation on the vector that holds the
// sub-group's values: reductions through llvm.vector.reduce.* with the
// identity in inactive lanes, scans in log2(width) shift-and-combine steps,
// shifts and xor permutations as shuffles, votes as i1 reductions, a ballot
// as the bits of the mask. A work-group collective combines each sub-group's
// partial result here and leaves the combination across sub-groups to
// work-group CBS, whose "work-items" are the sub-groups.
//
//===----------------------------------------------------------------------===//

#include "SubGroupVectorizer.h"

#include "sublane/Passes/util/CollectiveUtils.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/PatternMatch.h"

#define DEBUG_TYPE "sublane-wfv"

using namespace llvm;
using namespace llvm::PatternMatch;

STATISTIC(NumVectorCollectives, "Number of collectives vectorized");
STATISTIC(NumScalarVotes,
          "Number of votes on compares of consecutive ids done in scalars");

namespace sublane {
namespace wfv {

/// Lane i takes lane Src[i] (in [0, S)): through a stack copy of the vector,
/// which the backend turns into a permute where it can.
Value *SubGroupVectorizer::emitPermute(Value *X, Value *Src) {
  auto *VTy = cast<FixedVectorType>(X->getType());
  IRBuilder<> EB(NewEntry, NewEntry->begin());
  AllocaInst *Copy = EB.CreateAlloca(VTy, nullptr, "permute.copy");
  B.CreateStore(X, Copy);
  Value *Ptrs = B.CreateGEP(VTy->getElementType(), Copy, Src);
  Value *All = Constant::getAllOnesValue(getVectorType(B.getInt1Ty()));
  return B.CreateMaskedGather(VTy, Ptrs,
                              DL.getABITypeAlign(VTy->getElementType()), All);
}

Value *SubGroupVectorizer::emitSubGroupCollective(const CollectiveInfo &Info,
                                                  Value *X, Value *Index,
                                                  Value *ActiveMask) {
  Type *Ty = Info.getValueType(C), *ResultTy = Info.getResultType(C);
  auto *VTy = cast<FixedVectorType>(getVectorType(Ty));
  Value *XV = getVector(X);
  Value *LaneVec = getLaneIds(B.getInt32Ty());
  Value *N = splat(Lanes);
  // A uniform index operand; a varying one only for select.
  auto UniformIndex = [&]() { return getLane(Index, 0); };
  switch (Info.Kind) {
  case CollectiveInfo::Broadcast: {
    if (!isVector(X))
      return getScalar(X);
    Value *Lane = B.CreateAnd(UniformIndex(), B.getInt32(S - 1));
    return B.CreateFreeze(B.CreateExtractElement(XV, Lane));
  }
  case CollectiveInfo::Select: {
    Value *Mod =
        ConstantVector::getSplat(ElementCount::getFixed(S), B.getInt32(S - 1));
    if (!isVector(Index)) {
      if (!isVector(X))
        return getScalar(X);
      Value *Lane = B.CreateAnd(getScalar(Index), B.getInt32(S - 1));
      return B.CreateFreeze(B.CreateExtractElement(XV, Lane));
    }
    // Lanes past a partial sub-group's end keep their own value.
    Value *Src = B.CreateAnd(getVector(Index), Mod);
    Src = B.CreateSelect(B.CreateICmpULT(Src, N), Src, LaneVec);
    return emitPermute(XV, Src);
  }
  case CollectiveInfo::ShiftLeft:
  case CollectiveInfo::ShiftRight:
  case CollectiveInfo::PermuteXor: {
    Value *Arg = UniformIndex();
    Value *ArgV = splat(Arg);
    Value *Src;
    if (Info.Kind == CollectiveInfo::ShiftLeft)
      Src = B.CreateAdd(LaneVec, ArgV);
    else if (Info.Kind == CollectiveInfo::PermuteXor)
      Src = B.CreateXor(LaneVec, ArgV);
    else // lanes below the delta have no source: they keep their own
      Src = B.CreateSelect(B.CreateICmpUGE(LaneVec, ArgV),
                           B.CreateSub(LaneVec, ArgV), N);
    Value *Valid = B.CreateICmpULT(Src, N);
    // A constant shift or mask is a constant shuffle.
    auto ConstantShuffle = [&](uint64_t D) {
      SmallVector<int> ShuffleMask;
      for (unsigned L = 0; L < S; ++L) {
        int64_t From = Info.Kind == CollectiveInfo::ShiftLeft ? L + D
                       : Info.Kind == CollectiveInfo::PermuteXor
                           ? int64_t(L ^ D)
                           : int64_t(L) - int64_t(D);
        ShuffleMask.push_back(From >= 0 && From < int64_t(S) ? int(From)
                                                             : int(L));
      }
      return B.CreateSelect(Valid, B.CreateShuffleVector(XV, ShuffleMask), XV);
    };
    if (auto *CA = dyn_cast<ConstantInt>(Arg); CA && CA->getZExtValue() < S)
      return ConstantShuffle(CA->getZExtValue());
    // A uniform one is most often a power of two (butterflies, scan steps):
    // a switch over those picks a constant shuffle, anything else permutes
    // through memory.
    BasicBlock *From = B.GetInsertBlock();
    BasicBlock *Join = BasicBlock::Create(C, From->getName() + ".permuted", &K);
    BasicBlock *Other = BasicBlock::Create(C, From->getName() + ".permute", &K);
    SwitchInst *Switch = B.CreateSwitch(B.CreateFreeze(Arg), Other);
    SmallVector<std::pair<Value *, BasicBlock *>> Results;
    for (uint64_t D = 1; D < S; D *= 2) {
      BasicBlock *Case =
          BasicBlock::Create(C, From->getName() + ".by" + Twine(D), &K, Join);
      Switch->addCase(cast<ConstantInt>(ConstantInt::get(Arg->getType(), D)),
                      Case);
      B.SetInsertPoint(Case);
      Results.push_back({ConstantShuffle(D), Case});
      B.CreateBr(Join);
    }
    B.SetInsertPoint(Other);
    Results.push_back(
        {emitPermute(XV, B.CreateSelect(Valid, Src, LaneVec)), Other});
    B.CreateBr(Join);
    B.SetInsertPoint(Join);
    PHINode *R = B.CreatePHI(VTy, Results.size());
    for (auto [V, BB] : Results)
      R->addIncoming(V, BB);
    return R;
  }
  case CollectiveInfo::Reduce:
  case CollectiveInfo::InclusiveScan:
  case CollectiveInfo::ExclusiveScan: {
    Value *Masked = B.CreateSelect(ActiveMask, XV, getIdentity(Info, VTy));
    if (Info.Kind == CollectiveInfo::Reduce)
      return emitVectorReduce(B, Info, Masked);
    Value *Scan = emitVectorInclusiveScan(B, Info, Masked);
    if (Info.Kind == CollectiveInfo::ExclusiveScan)
      Scan = emitCombineWithKnownIdentity(
          B, Info, emitShiftUp(B, Scan, 1, getKnownIdentity(Info, VTy)));
    return Scan;
  }
  case CollectiveInfo::Any:
  case CollectiveInfo::All:
  case CollectiveInfo::Ballot: {
    // A vote on a bounds check (i < n) of a sub-group whose lanes all run
    // needs no vector of the lanes' ids.
    Value *Cond;
    if (Info.Kind != CollectiveInfo::Ballot && ActiveMask == Mask &&
        everyLaneRuns() && match(X, m_ZExtOrSExt(m_Value(Cond))) &&
        Cond->getType()->isIntegerTy(1))
      if (Value *Vote =
              emitScalarVote(Cond, Info.Kind == CollectiveInfo::All)) {
        ++NumScalarVotes;
        return B.CreateZExt(Vote, ResultTy);
      }
    Value *Set = B.CreateICmpNE(XV, Constant::getNullValue(VTy));
    if (Info.Kind == CollectiveInfo::All)
      return B.CreateZExt(
          B.CreateAndReduce(B.CreateOr(Set, B.CreateNot(ActiveMask))),
          ResultTy);
    Set = B.CreateAnd(Set, ActiveMask);
    if (Info.Kind == CollectiveInfo::Any)
      return B.CreateZExt(B.CreateOrReduce(Set), ResultTy);
    return B.CreateZExtOrTrunc(B.CreateBitCast(Set, B.getIntNTy(S)), ResultTy);
  }
  }
  llvm_unreachable("unknown collective");
}

/// A call to a work-group collective, where the sub-group stops.
Value *SubGroupVectorizer::emitSyncCall(const CallInst &Sync, Function *Callee,
                                        ArrayRef<Value *> Args) {
  return emitGuarded(getSyncGuard(), Callee->getReturnType(), [&] {
    emitLaneCheck(Sync, "work-group collective");
    return B.CreateCall(Callee, Args);
  });
}

/// A work-group collective: the sub-group's partial result, combined across
/// the sub-groups by work-group CBS, then with each lane's own part.
void SubGroupVectorizer::emitWorkGroupCollective(CallInst &CI,
                                                 const CollectiveInfo &Info) {
  Type *Ty = Info.getValueType(C);
  auto *VTy = cast<FixedVectorType>(getVectorType(Ty));
  Value *X = CI.getArgOperand(0);
  Function *Callee = CI.getCalledFunction();
  Value *R = nullptr;
  switch (Info.Kind) {
  case CollectiveInfo::Broadcast: {
    // The value of the work-item with local linear id Id, from its
    // sub-group Id / S.
    // SYCL requires the same id in every work-item: lane 0's stands for all.
    Value *Id = getLane(CI.getArgOperand(1), 0);
    Value *Part =
        isVector(X)
            ? B.CreateExtractElement(
                  getVector(X), B.CreateTrunc(B.CreateURem(Id, B.getInt64(S)),
                                              B.getInt32Ty()))
            : getScalar(X);
    R = emitSyncCall(CI, Callee, {Part, B.CreateUDiv(Id, B.getInt64(S))});
    break;
  }
  case CollectiveInfo::Reduce: {
    // The sub-group's lanes as a vector of partial values (the identity in
    // inactive lanes): work-group CBS combines the sub-groups' vectors lane-
    // wise and reduces across lanes once per work-group, not once per
    // sub-group.
    CollectiveInfo Partials = Info;
    Partials.OperandLanes = S;
    Value *Masked = B.CreateSelect(Mask, getVector(X), getIdentity(Info, VTy));
    R = emitSyncCall(CI, getOrInsertCollective(M, Partials), {Masked});
    break;
  }
  case CollectiveInfo::Any:
  case CollectiveInfo::All: {
    // The vote over the sub-group's lanes, then over the sub-groups.
    CollectiveInfo Part = Info;
    Part.Scope = CollectiveInfo::SubGroup;
    R = emitSyncCall(CI, Callee,
                     {emitSubGroupCollective(Part, X, nullptr, Mask)});
    break;
  }
  case CollectiveInfo::InclusiveScan:
  case CollectiveInfo::ExclusiveScan: {
    Value *Masked = B.CreateSelect(Mask, getVector(X), getIdentity(Info, VTy));
    Value *Inclusive = emitVectorInclusiveScan(B, Info, Masked);
    Value *Total = B.CreateExtractElement(Inclusive, B.getInt32(S - 1));
    // What the sub-groups before this one add up to: known_identity op
    // their totals, in sub-group order.
    CollectiveInfo Prefix = Info;
    Prefix.Kind = CollectiveInfo::ExclusiveScan;
    Value *Before =
        splat(emitSyncCall(CI, getOrInsertCollective(M, Prefix), {Total}));
    if (Info.Kind == CollectiveInfo::ExclusiveScan) {
      // Lane 0 gets the prefix itself (op with the exact identity).
      R = emitCombine(B, Info, Before,
                      emitShiftUp(B, Inclusive, 1, getIdentity(Info, VTy)));
    } else {
      // The first sub-group has no prefix: its known_identity op x would
      // turn a -0.0 into +0.0.
      Value *First = B.CreateICmpEQ(SubGroupId, B.getInt32(0));
      R = B.CreateSelect(First, Inclusive,
                         emitCombine(B, Info, Before, Inclusive));
    }
    break;
  }
  default:
    llvm_unreachable("not a work-group collective");
  }
  if (isVector(&CI))
    setVector(CI, R->getType()->isVectorTy() ? R : splat(R));
  else
    setScalar(CI, R);
}

void SubGroupVectorizer::widenCollective(CallInst &CI,
                                         const CollectiveInfo &Info) {
  ++NumVectorCollectives;
  if (Info.Scope == CollectiveInfo::WorkGroup) {
    emitWorkGroupCollective(CI, Info);
    return;
  }
  Value *Index = Info.hasIndexOperand() ? CI.getArgOperand(1) : nullptr;
  Value *R = emitSubGroupCollective(Info, CI.getArgOperand(0), Index, Mask);
  if (isVector(&CI)) {
    setVector(CI, R->getType()->isVectorTy() ? R : splat(R));
    return;
  }
  // The shape analysis found the result uniform: every lane holds it.
  setScalar(CI, R->getType()->isVectorTy()
                    ? B.CreateExtractElement(R, B.getInt32(0))
                    : R);
}

} // namespace wfv
} // namespace sublane
