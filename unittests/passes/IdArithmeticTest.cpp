//===- IdArithmeticTest.cpp - Id division, lane offset compares -----------===//

#include "sublane/Passes/util/IdArithmetic.h"
#include "sublane/Passes/util/KernelInfo.h"

#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <gtest/gtest.h>

#include <optional>

using namespace llvm;
using namespace sublane;

namespace {

/// A builder with a place to insert (the umax it emits needs a module for
/// its declaration), whose constant operands fold away.
struct Builder {
  LLVMContext Ctx;
  Module M{"ids", Ctx};
  Function *F = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                                 GlobalValue::ExternalLinkage, "f", M);
  IRBuilder<> B{BasicBlock::Create(Ctx, "entry", F)};
};

/// Folds what \p B emitted into its block; the folded \p V, or null.
Constant *foldAll(IRBuilder<> &B, Value *V) {
  WeakTrackingVH Handle(V);
  BasicBlock *BB = B.GetInsertBlock();
  const DataLayout &DL = BB->getModule()->getDataLayout();
  for (Instruction &I : make_early_inc_range(*BB))
    if (Constant *C = ConstantFoldInstruction(&I, DL)) {
      I.replaceAllUsesWith(C);
      I.eraseFromParent();
    }
  return dyn_cast_or_null<Constant>(Handle);
}

/// The quotient and remainder emitLocalIdDivRem computes for constants,
/// with what IRBuilder leaves unfolded (the intrinsic) folded afterwards;
/// none if they do not fold to constants.
std::optional<std::pair<uint64_t, uint64_t>> divide(IRBuilder<> &B, uint64_t N,
                                                    uint64_t R) {
  auto [Q, Rem] = emitLocalIdDivRem(B, B.getInt64(N), B.getInt64(R));
  WeakTrackingVH RemH(Rem);
  auto *QC = dyn_cast_or_null<ConstantInt>(foldAll(B, Q));
  auto *RC = dyn_cast_or_null<ConstantInt>(RemH);
  if (!QC || !RC)
    return std::nullopt;
  return std::make_pair(QC->getZExtValue(), RC->getZExtValue());
}

/// Expects N / R and N % R; false (after reporting) if either is wrong.
bool expectExact(IRBuilder<> &B, uint64_t N, uint64_t R) {
  auto Result = divide(B, N, R);
  EXPECT_TRUE(Result.has_value()) << N << " / " << R << " did not fold";
  if (!Result)
    return false;
  EXPECT_EQ(Result->first, N / R) << "quotient of " << N << " / " << R;
  EXPECT_EQ(Result->second, N % R) << "remainder of " << N << " / " << R;
  return Result->first == N / R && Result->second == N % R;
}

// Every local range, at the ids where a quotient changes (either side of
// each range's multiples near 0 and near the largest id) and at the ends.
TEST(IdArithmeticTest, ExactForEveryLocalRange) {
  Builder Build;
  constexpr uint64_t Largest = (uint64_t(1) << 22) - 1;
  unsigned Wrong = 0; // a few reports say enough
  for (uint64_t R = 1; R <= MaxWorkGroupSize && Wrong < 10; ++R) {
    uint64_t Top = Largest / R * R;
    for (uint64_t N : {uint64_t(0), R - 1, R, R + 1, 2 * R - 1, Top - 1, Top,
                       Largest, MaxWorkGroupSize + 63})
      if (N <= Largest && !expectExact(Build.B, N, R))
        ++Wrong;
  }
  EXPECT_EQ(Wrong, 0u);
}

// Every id of the largest work-group, by a few ranges a 2D or 3D work-group
// has.
TEST(IdArithmeticTest, ExactForEveryIdOfCommonRanges) {
  Builder Build;
  for (uint64_t R : {3, 7, 16, 24, 100, 255, 1023}) {
    unsigned Wrong = 0;
    for (uint64_t N = 0; N < MaxWorkGroupSize + 64 && Wrong < 10; ++N)
      if (!expectExact(Build.B, N, R))
        ++Wrong;
    EXPECT_EQ(Wrong, 0u) << "range " << R;
  }
}

/// Checks emitLaneOffsetCompare against each lane's own compare, for lanes
/// RowBases[r] + Stride * p of \p Lanes lanes; returns the lanes that
/// differ (after reporting the first), or -1 where nothing was emitted.
int countWrongLanes(IRBuilder<> &B, CmpInst::Predicate Pred,
                    ArrayRef<APInt> RowBases, int64_t Stride,
                    const APInt &Bound, unsigned Lanes) {
  LLVMContext &Ctx = B.getContext();
  SmallVector<Value *, 4> Bases;
  for (const APInt &Base : RowBases)
    Bases.push_back(ConstantInt::get(Ctx, Base));
  Value *Mask = emitLaneOffsetCompare(B, Pred, Bases, Stride,
                                      ConstantInt::get(Ctx, Bound), Lanes);
  if (!Mask)
    return -1;
  Constant *Folded = foldAll(B, Mask);
  EXPECT_TRUE(Folded) << "the mask did not fold";
  if (!Folded)
    return Lanes;
  unsigned Bits = Bound.getBitWidth();
  unsigned RowLength = Lanes / RowBases.size();
  int Wrong = 0;
  for (unsigned L = 0; L < Lanes; ++L) {
    APInt Lane = RowBases[L / RowLength] +
                 APInt(Bits, Stride, /*isSigned=*/true) * (L % RowLength);
    bool Want = ICmpInst::compare(Lane, Bound, Pred);
    auto *Got = dyn_cast_or_null<ConstantInt>(Folded->getAggregateElement(L));
    if (Got && Got->isOne() == Want)
      continue;
    if (!Wrong++)
      ADD_FAILURE() << "lane " << L << ": " << Lane.getZExtValue() << " "
                    << CmpInst::getPredicateName(Pred).str() << " "
                    << Bound.getZExtValue() << " is " << Want << ", stride "
                    << Stride << ", " << RowBases.size() << " row(s) of "
                    << RowLength;
  }
  return Wrong;
}

constexpr CmpInst::Predicate AllPredicates[] = {
    CmpInst::ICMP_EQ,  CmpInst::ICMP_NE,  CmpInst::ICMP_UGT, CmpInst::ICMP_UGE,
    CmpInst::ICMP_ULT, CmpInst::ICMP_ULE, CmpInst::ICMP_SGT, CmpInst::ICMP_SGE,
    CmpInst::ICMP_SLT, CmpInst::ICMP_SLE};

// 8-bit lanes: every base, against bounds at both ends of both orders and
// around the lanes, so that lanes wrap around in every place.
TEST(LaneOffsetCompareTest, ExactForEveryEightBitBase) {
  Builder Build;
  const unsigned Bounds[] = {0,   1,   2,   5,   7,   8,   9,   100, 120, 126,
                             127, 128, 129, 130, 200, 250, 253, 254, 255};
  for (int64_t Stride : {1, -1, 3, -2, 0, 17, -17})
    for (unsigned Rows : {1u, 2u}) {
      int Wrong = 0;
      for (CmpInst::Predicate Pred : AllPredicates)
        for (unsigned Base = 0; Base < 256; ++Base)
          for (unsigned Bound : Bounds) {
            SmallVector<APInt, 2> RowBases{APInt(8, Base)};
            if (Rows == 2)
              RowBases.push_back(APInt(8, Base * 37 + 11));
            int W = countWrongLanes(Build.B, Pred, RowBases, Stride,
                                    APInt(8, Bound), 8);
            EXPECT_GE(W, 0) << "stride " << Stride << " not compared";
            Wrong += std::abs(W);
          }
      EXPECT_EQ(Wrong, 0) << "stride " << Stride << ", " << Rows << " row(s)";
    }
}

// Offsets that do not fit the compared type are refused, not miscompared.
TEST(LaneOffsetCompareTest, RefusesOffsetsWiderThanTheValues) {
  Builder Build;
  // 8 lanes of stride 19 reach offset 133: beyond i8's signed half.
  EXPECT_EQ(countWrongLanes(Build.B, CmpInst::ICMP_ULT, {APInt(8, 3)}, 19,
                            APInt(8, 100), 8),
            -1);
  // ... and are compared as i16 where the values are wider.
  EXPECT_EQ(countWrongLanes(Build.B, CmpInst::ICMP_ULT, {APInt(16, 3)}, 19,
                            APInt(16, 100), 8),
            0);
  EXPECT_EQ(countWrongLanes(Build.B, CmpInst::ICMP_SLT, {APInt(64, 3)},
                            int64_t(1) << 40, APInt(64, 100), 8),
            -1);
}

// 64-bit ids at sub-group sizes up to 64, in rows, at the ends of both
// orders, where the lanes' values wrap.
TEST(LaneOffsetCompareTest, ExactForSixtyFourBitEnds) {
  Builder Build;
  const uint64_t Max = UINT64_MAX, SMax = INT64_MAX;
  const uint64_t Values[] = {0,        1,        5,         31,       63,
                             64,       1000,     SMax - 40, SMax - 3, SMax,
                             SMax + 1, SMax + 9, Max - 62,  Max - 3,  Max};
  int Wrong = 0;
  for (unsigned Lanes : {8u, 32u, 64u})
    for (unsigned Rows : {1u, 2u, 4u})
      for (int64_t Stride : {1, -1, 4, -3, 0})
        for (CmpInst::Predicate Pred : AllPredicates)
          for (uint64_t Base : Values)
            for (uint64_t Bound : Values) {
              SmallVector<APInt, 4> RowBases;
              for (unsigned R = 0; R < Rows; ++R)
                RowBases.push_back(APInt(64, Base + R * 7));
              int W = countWrongLanes(Build.B, Pred, RowBases, Stride,
                                      APInt(64, Bound), Lanes);
              EXPECT_GE(W, 0);
              Wrong += std::abs(W);
            }
  EXPECT_EQ(Wrong, 0);
}

/// Checks emitConsecutiveCompareVote against the lanes' own compares, for
/// the \p Lanes values from \p First; false (after reporting) if it differs.
bool expectVote(IRBuilder<> &B, CmpInst::Predicate Pred, const APInt &First,
                const APInt &Bound, unsigned Lanes, bool All) {
  LLVMContext &Ctx = B.getContext();
  Value *Vote =
      emitConsecutiveCompareVote(B, Pred, ConstantInt::get(Ctx, First),
                                 ConstantInt::get(Ctx, Bound), Lanes, All);
  auto *Got = dyn_cast_or_null<ConstantInt>(foldAll(B, Vote));
  EXPECT_TRUE(Got) << "the vote did not fold";
  if (!Got)
    return false;
  bool Want = All;
  for (unsigned L = 0; L < Lanes; ++L) {
    bool Holds = ICmpInst::compare(First + L, Bound, Pred);
    Want = All ? Want && Holds : Want || Holds;
  }
  if (Got->isOne() == Want)
    return true;
  ADD_FAILURE() << (All ? "all" : "any") << " of " << Lanes << " lanes from "
                << First.getZExtValue() << " "
                << CmpInst::getPredicateName(Pred).str() << " "
                << Bound.getZExtValue() << " is " << Want;
  return false;
}

// 8-bit values: every first lane against every bound, for runs of lanes
// that wrap around both orders' ends, up to half of all values.
TEST(ConsecutiveCompareVoteTest, ExactForEveryEightBitValue) {
  Builder Build;
  unsigned Wrong = 0;
  for (unsigned Lanes : {1u, 8u, 64u, 128u})
    for (bool All : {true, false})
      for (CmpInst::Predicate Pred : AllPredicates)
        for (unsigned First = 0; First < 256 && Wrong < 10; ++First)
          for (unsigned Bound = 0; Bound < 256; ++Bound)
            if (!expectVote(Build.B, Pred, APInt(8, First), APInt(8, Bound),
                            Lanes, All))
              ++Wrong;
  EXPECT_EQ(Wrong, 0u);
}

// 64-bit ids at sub-group sizes up to 64, at the ends of both orders.
TEST(ConsecutiveCompareVoteTest, ExactForSixtyFourBitEnds) {
  Builder Build;
  const uint64_t Max = UINT64_MAX, SMax = INT64_MAX;
  const uint64_t Values[] = {0,        1,       5,        7,         8,
                             63,       64,      1000,     SMax - 40, SMax - 7,
                             SMax - 3, SMax,    SMax + 1, SMax + 9,  Max - 62,
                             Max - 7,  Max - 3, Max};
  unsigned Wrong = 0;
  for (unsigned Lanes : {8u, 32u, 64u})
    for (bool All : {true, false})
      for (CmpInst::Predicate Pred : AllPredicates)
        for (uint64_t First : Values)
          for (uint64_t Bound : Values)
            if (!expectVote(Build.B, Pred, APInt(64, First), APInt(64, Bound),
                            Lanes, All))
              ++Wrong;
  EXPECT_EQ(Wrong, 0u);
}

} // namespace
