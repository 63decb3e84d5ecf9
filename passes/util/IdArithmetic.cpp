//===- IdArithmetic.cpp - Arithmetic on ids -------------------------------===//

#include "sublane/Passes/util/IdArithmetic.h"
#include "sublane/Passes/util/KernelInfo.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace sublane {

/// Why the quotient is exact: M * R = 2^40 + E with 0 < E <= R, so
/// N * M / 2^40 = N / R + N * E / (R * 2^40), whose second term is below
/// N / 2^40 < 2^-18. N / R lies at least 1 / R >= 2^-16 below the next
/// integer, so adding less than 2^-18 cannot reach it. N * M < 2^22 * (2^40 +
/// 1) fits in 64 bits.
std::pair<Value *, Value *> emitLocalIdDivRem(IRBuilderBase &B, Value *N,
                                              Value *R, const Twine &Name) {
  static_assert(MaxWorkGroupSize + 64 < (uint64_t(1) << 22) &&
                    MaxWorkGroupSize <= (uint64_t(1) << 16),
                "local ids must stay exact under the reciprocal");
  constexpr unsigned Shift = 40;
  Type *I64 = B.getInt64Ty();
  N = B.CreateZExtOrTrunc(N, I64);
  R = B.CreateZExtOrTrunc(R, I64);
  // A local range is never 0; saying so lets LLVM hoist the division out of
  // the loops over sub-groups, where it would otherwise have to stay behind
  // the branches that guard it.
  Value *NonZero = B.CreateBinaryIntrinsic(Intrinsic::umax, R, B.getInt64(1));
  Value *Reciprocal =
      B.CreateAdd(B.CreateUDiv(B.getInt64(uint64_t(1) << Shift), NonZero),
                  B.getInt64(1), Name + ".reciprocal", /*HasNUW=*/true,
                  /*HasNSW=*/true);
  Value *Quotient = B.CreateLShr(B.CreateMul(N, Reciprocal, "", /*HasNUW=*/true,
                                             /*HasNSW=*/true),
                                 Shift, Name + ".quotient");
  Value *Remainder = B.CreateSub(N, B.CreateMul(Quotient, R), Name + ".rem",
                                 /*HasNUW=*/true, /*HasNSW=*/true);
  return {Quotient, Remainder};
}

namespace {

/// The values a predicate accepts against a bound: the cyclic interval
/// [Low, High) (empty when the two are equal), or all but it.
struct AcceptedInterval {
  Value *Low;
  Value *High;
  bool Complement;
};

AcceptedInterval getAcceptedInterval(IRBuilderBase &B, CmpInst::Predicate Pred,
                                     Value *Bound) {
  auto *Ty = cast<IntegerType>(Bound->getType());
  Constant *Zero = ConstantInt::get(Ty, 0);
  Constant *SignedMin =
      ConstantInt::get(Ty, APInt::getSignedMinValue(Ty->getBitWidth()));
  auto Next = [&] { return B.CreateAdd(Bound, ConstantInt::get(Ty, 1)); };
  switch (Pred) {
  case CmpInst::ICMP_EQ:
    return {Bound, Next(), false};
  case CmpInst::ICMP_NE:
    return {Bound, Next(), true};
  case CmpInst::ICMP_ULT:
    return {Zero, Bound, false};
  case CmpInst::ICMP_UGE:
    return {Zero, Bound, true};
  case CmpInst::ICMP_UGT:
    return {Next(), Zero, false};
  case CmpInst::ICMP_ULE:
    return {Next(), Zero, true};
  case CmpInst::ICMP_SLT:
    return {SignedMin, Bound, false};
  case CmpInst::ICMP_SGE:
    return {SignedMin, Bound, true};
  case CmpInst::ICMP_SGT:
    return {Next(), SignedMin, false};
  case CmpInst::ICMP_SLE:
    return {Next(), SignedMin, true};
  default:
    llvm_unreachable("not an integer predicate");
  }
}

} // namespace

Value *emitRowsVector(IRBuilderBase &B, ArrayRef<Value *> PerRow,
                      unsigned Lanes) {
  unsigned RowLength = Lanes / PerRow.size();
  Value *V = B.CreateVectorSplat(Lanes, PerRow[0]);
  // Rows with the first row's value keep it from the splat.
  for (unsigned Row = 1; Row < PerRow.size(); ++Row) {
    if (PerRow[Row] == PerRow[0])
      continue;
    SmallVector<int> Picks;
    for (unsigned L = 0; L < Lanes; ++L)
      Picks.push_back(L / RowLength == Row ? Lanes + L : L);
    V = B.CreateShuffleVector(V, B.CreateVectorSplat(Lanes, PerRow[Row]),
                              Picks);
  }
  return V;
}

/// Lane l holds (Base + o_l) mod 2^N, o_l in [0, End) its offset from the
/// row's smallest. Equality holds in the lane whose offset is Bound - Base.
/// An order predicate accepts the cyclic interval [L, H) of
/// values, or its complement; the lane is in it exactly when o_l is in the
/// cyclic interval [L - Base, H - Base). If that does not wrap (s <= e,
/// unsigned) it is [s, e), which for offsets below End is [min(s, End),
/// min(e, End)); if it wraps, its complement [e, s) is clamped the same way.
/// What remains is one range test, (o_l - lo) <u len, and possibly a
/// complement; it holds in w bits when End <= 2^(w-1), as o_l - lo then
/// lies in (-2^(w-1), 2^(w-1)).
Value *emitLaneOffsetCompare(IRBuilderBase &B, CmpInst::Predicate Pred,
                             ArrayRef<Value *> RowBases, int64_t Stride,
                             Value *Bound, unsigned Lanes) {
  auto *Ty = cast<IntegerType>(Bound->getType());
  unsigned RowLength = Lanes / RowBases.size();
  if (Stride == 0) {
    SmallVector<Value *, 4> PerRow;
    for (Value *Base : RowBases)
      PerRow.push_back(B.CreateICmp(Pred, Base, Bound));
    return emitRowsVector(B, PerRow, Lanes);
  }
  if (Stride == INT64_MIN)
    return nullptr;
  uint64_t Step = Stride < 0 ? -Stride : Stride;
  constexpr uint64_t MaxEnd = uint64_t(1) << 30;
  if (Step > (MaxEnd - 1) / RowLength)
    return nullptr;
  uint64_t End = Step * (RowLength - 1) + 1;
  unsigned OffsetBits = End <= 128 ? 8 : End <= (1u << 15) ? 16 : 32;
  if (OffsetBits > Ty->getBitWidth())
    return nullptr;

  Constant *Limit = ConstantInt::get(Ty, End);
  Type *OffsetTy = B.getIntNTy(OffsetBits);
  SmallVector<Constant *> Offsets;
  for (unsigned L = 0; L < Lanes; ++L) {
    uint64_t InRow = L % RowLength;
    Offsets.push_back(ConstantInt::get(
        OffsetTy, Step * (Stride < 0 ? RowLength - 1 - InRow : InRow)));
  }
  // With a negative stride the row's smallest offset is its last lane's.
  SmallVector<Value *, 4> Bases(RowBases);
  if (Stride < 0)
    for (Value *&Base : Bases)
      Base = B.CreateAdd(Base, ConstantInt::get(Ty, Stride * (RowLength - 1)));

  // Equality needs no interval: the one offset equal to Bound - Base, which
  // no lane has if it is End or more.
  if (Pred == CmpInst::ICMP_EQ || Pred == CmpInst::ICMP_NE) {
    SmallVector<Value *, 4> Wanted;
    for (Value *Base : Bases)
      Wanted.push_back(
          B.CreateTrunc(B.CreateBinaryIntrinsic(
                            Intrinsic::umin, B.CreateSub(Bound, Base), Limit),
                        OffsetTy));
    return B.CreateICmp(Pred, ConstantVector::get(Offsets),
                        emitRowsVector(B, Wanted, Lanes));
  }

  AcceptedInterval A = getAcceptedInterval(B, Pred, Bound);
  SmallVector<Value *, 4> Lows, Lengths, Flips;
  for (Value *Base : Bases) {
    Value *Start = B.CreateSub(A.Low, Base), *Stop = B.CreateSub(A.High, Base);
    Value *NoWrap = B.CreateICmpULE(Start, Stop);
    Value *StartIn = B.CreateBinaryIntrinsic(Intrinsic::umin, Start, Limit);
    Value *StopIn = B.CreateBinaryIntrinsic(Intrinsic::umin, Stop, Limit);
    Value *Low = B.CreateSelect(NoWrap, StartIn, StopIn);
    Value *High = B.CreateSelect(NoWrap, StopIn, StartIn);
    Lows.push_back(B.CreateTrunc(Low, OffsetTy));
    Lengths.push_back(B.CreateTrunc(B.CreateSub(High, Low), OffsetTy));
    Flips.push_back(A.Complement ? NoWrap : B.CreateNot(NoWrap));
  }
  Value *InRange = B.CreateICmpULT(
      B.CreateSub(ConstantVector::get(Offsets), emitRowsVector(B, Lows, Lanes)),
      emitRowsVector(B, Lengths, Lanes));
  return B.CreateXor(InRange, emitRowsVector(B, Flips, Lanes));
}

/// The accepted values are a cyclic interval I = [Low, High) of length
/// len = High - Low, or its complement; the lanes are the run of Lanes
/// values from First, at offsets d, d + 1, ... from Low, d = First - Low.
/// Without wrapping (d + Lanes <= 2^N) every offset is below len exactly
/// when the last one is; with it the offsets pass 2^N - 1 >= len, so not
/// all are. Some offset is below len when the first one is or when the run
/// wraps to offset 0 of a non-empty I.
Value *emitConsecutiveCompareVote(IRBuilderBase &B, CmpInst::Predicate Pred,
                                  Value *First, Value *Bound, unsigned Lanes,
                                  bool All) {
  auto *Ty = cast<IntegerType>(Bound->getType());
  assert(Lanes >= 1 &&
         (Ty->getBitWidth() >= 64 ||
          Lanes <= (uint64_t(1) << (Ty->getBitWidth() - 1))) &&
         "more lanes than half the values");
  AcceptedInterval A = getAcceptedInterval(B, Pred, Bound);
  Constant *Count = ConstantInt::get(Ty, Lanes);
  Value *Length = B.CreateSub(A.High, A.Low);
  Value *Offset = B.CreateSub(First, A.Low);
  // Complemented, all lanes are accepted when none is in I, and some is
  // when not all are.
  bool AllInInterval = All != A.Complement;
  Value *R;
  if (AllInInterval) {
    R = B.CreateAnd(B.CreateICmpUGE(Length, Count),
                    B.CreateICmpULE(Offset, B.CreateSub(Length, Count)));
  } else {
    Value *Last = B.CreateAdd(Offset, ConstantInt::get(Ty, Lanes - 1));
    Value *Wraps = B.CreateICmpULT(Last, Offset);
    R = B.CreateOr(B.CreateICmpULT(Offset, Length),
                   B.CreateAnd(Wraps, B.CreateIsNotNull(Length)));
  }
  return A.Complement ? B.CreateNot(R) : R;
}

} // namespace sublane
