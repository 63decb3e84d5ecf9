//===- IdArithmeticTest.cpp - Local ids divided by the reciprocal ---------===//

#include "sublane/Passes/IdArithmetic.h"
#include "sublane/Passes/KernelInfo.h"

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

/// The quotient and remainder emitLocalIdDivRem computes for constants,
/// with what IRBuilder leaves unfolded (the intrinsic) folded afterwards;
/// none if they do not fold to constants.
std::optional<std::pair<uint64_t, uint64_t>> divide(IRBuilder<> &B, uint64_t N,
                                                    uint64_t R) {
  auto [Q, Rem] = emitLocalIdDivRem(B, B.getInt64(N), B.getInt64(R));
  WeakTrackingVH QH(Q), RemH(Rem);
  BasicBlock *BB = B.GetInsertBlock();
  const DataLayout &DL = BB->getModule()->getDataLayout();
  for (Instruction &I : make_early_inc_range(*BB))
    if (Constant *C = ConstantFoldInstruction(&I, DL)) {
      I.replaceAllUsesWith(C);
      I.eraseFromParent();
    }
  auto *QC = dyn_cast_or_null<ConstantInt>(QH);
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

} // namespace
