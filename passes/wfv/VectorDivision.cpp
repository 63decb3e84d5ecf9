//===- VectorDivision.cpp - Lane-affine values divided by uniform ones ----===//
//
// Code ported from GPUs splits a linear index into a row and a column:
// `row = i / width; col = i % width`. x86 has no vector integer division, so
// the division of a vector of lanes is one scalar division per lane (32 of
// them at 32 lanes, each tens of cycles at 64 bits). When the lanes hold
// Base, Base + k, Base + 2k, ... and the divisor D is uniform, one scalar
// division of Base gives the sub-group's quotient Q0 and remainder R0; lane
// l's remainder before wrapping is R0 + l*k, below D + k*(S-1). Where D is
// larger than k*(S-1) that wraps at most once (a compare and a select);
// otherwise D and the offsets are small enough for single precision. Lanes
// whose values could wrap around the integer type, and signed divisions of
// negative values, take the division per lane, behind a uniform branch.
//
//===----------------------------------------------------------------------===//

#include "SubGroupVectorizer.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "sublane-wfv"

using namespace llvm;

STATISTIC(NumAffineDivisions,
          "Number of divisions of lane-affine values by uniform ones done "
          "once per sub-group");

static cl::opt<bool> AffineDivisions(
    "sublane-affine-divisions", cl::Hidden, cl::init(true),
    cl::desc("Divide a value affine in the lane by a uniform one with one "
             "scalar division per sub-group instead of one per lane"));

namespace sublane {
namespace wfv {

/// The largest lane stride divided this way: the offsets R0 + l*k then stay
/// below 2^22, where emitSmallDivRem is exact.
static constexpr int64_t MaxDividedStride = 1024;

Value *SubGroupVectorizer::emitAffineDivRem(BinaryOperator &BO) {
  Instruction::BinaryOps Opcode = BO.getOpcode();
  bool Signed = Opcode == Instruction::SDiv || Opcode == Instruction::SRem;
  bool Quotient = Opcode == Instruction::UDiv || Opcode == Instruction::SDiv;
  Value *Num = BO.getOperand(0), *Den = BO.getOperand(1);
  auto *Ty = dyn_cast<IntegerType>(BO.getType());
  if (!AffineDivisions || !Ty ||
      (Ty->getBitWidth() != 32 && Ty->getBitWidth() != 64) || !isVector(Num) ||
      isVector(Den) || P->RowsSpanned)
    return nullptr;
  Shape NS = P->Shapes->getShape(Num);
  if (!NS.isAffine() || NS.Stride <= 0 || NS.Stride > MaxDividedStride)
    return nullptr;
  const uint64_t Span = uint64_t(NS.Stride) * (S - 1);

  // Values affine across the whole sub-group are arithmetic on ids and
  // uniform values, which every lane computes, active or not (see
  // emitOffsetCompare): lane 0's is the base. Lane 0 may have left a loop
  // the others are still in; a value uniform in such a loop is a scalar
  // (makePlan), so only a lane's own computation could be stale, which
  // getLaneScalar reports.
  bool Exact = true;
  Value *LaneZero = getLaneScalar(Num, 0, Exact);
  if (!Exact) {
    LLVM_DEBUG(dbgs() << "sublane-wfv: lane 0 of " << *Num
                      << " may not have run: divided per lane\n");
    return nullptr;
  }
  Value *Base = B.CreateFreeze(LaneZero);
  Value *D = getScalar(Den);
  auto *CD = dyn_cast<ConstantInt>(D);
  if (!CD)
    D = B.CreateFreeze(D);
  APInt Max = Signed ? APInt::getSignedMaxValue(Ty->getBitWidth())
                     : APInt::getMaxValue(Ty->getBitWidth());
  Value *NoWrap =
      B.CreateICmpULE(Base, ConstantInt::get(Ty, Max - Span), "div.nowrap");
  Value *Ok =
      Signed ? B.CreateAnd(NoWrap, B.CreateICmpSGT(D, ConstantInt::get(Ty, 0)))
             : B.CreateAnd(NoWrap, B.CreateIsNotNull(D));
  // Under Ok, Base and D are non-negative: unsigned division is the same.
  // A constant divisor stays one, which LLVM divides by with a multiply.
  bool SafeConstant =
      CD && (Signed ? CD->getValue().isStrictlyPositive() : !CD->isZero());
  Value *SafeD =
      SafeConstant ? D : B.CreateSelect(Ok, D, ConstantInt::get(Ty, 1));
  Value *Q0 = B.CreateUDiv(Base, SafeD, "sg.quotient");
  Value *R0 = B.CreateURem(Base, SafeD, "sg.remainder");
  Value *Steps =
      B.CreateMul(getLaneIds(Ty), splat(ConstantInt::get(Ty, NS.Stride)), "",
                  /*HasNUW=*/true, /*HasNSW=*/true);
  Value *Offsets = B.CreateAdd(splat(R0), Steps, "div.offsets",
                               /*HasNUW=*/true, /*HasNSW=*/true);
  Type *VecTy = getVectorType(Ty);

  // A divisor above the span: each lane's offset wraps at most once.
  Value *Wraps = B.CreateICmpUGE(Offsets, splat(SafeD));
  Value *OnceQ = B.CreateZExt(Wraps, VecTy);
  Value *OnceR =
      B.CreateSub(Offsets, B.CreateSelect(Wraps, splat(SafeD),
                                          Constant::getNullValue(VecTy)));
  Value *Result;
  if (SafeConstant && CD->getZExtValue() > Span) {
    Result = Quotient ? OnceQ : OnceR;
  } else {
    // Otherwise the divisor is at most the span, and the offsets below
    // twice the span. Converting each register to single precision and
    // back costs more than the compare, so it runs only for such divisors.
    Value *Once = B.CreateICmpUGT(SafeD, ConstantInt::get(Ty, Span));
    Value *Small = emitGuarded(B.CreateNot(Once), VecTy, [&] {
      Type *I32 = B.getInt32Ty();
      auto [SmallQ, SmallR] =
          emitSmallDivRem(B.CreateTrunc(Offsets, getVectorType(I32)),
                          B.CreateTrunc(SafeD, I32));
      return B.CreateZExt(Quotient ? SmallQ : SmallR, VecTy);
    });
    Result = B.CreateSelect(Once, Quotient ? OnceQ : OnceR, Small);
  }
  if (Quotient)
    Result = B.CreateAdd(splat(Q0), Result, "", /*HasNUW=*/true,
                         /*HasNSW=*/true);

  // Values that could wrap, a negative one or a divisor the fast way cannot
  // take: a division per lane, inactive lanes dividing by one.
  Value *PerLane = emitGuarded(B.CreateNot(Ok), VecTy, [&]() -> Value * {
    Value *R = B.CreateSelect(expandMask(Mask, VecTy), splat(D),
                              ConstantInt::get(VecTy, 1));
    return B.CreateBinOp(Opcode, getVector(Num), R);
  });
  ++NumAffineDivisions;
  LLVM_DEBUG(dbgs() << "sublane-wfv: once per sub-group (stride " << NS.Stride
                    << "): " << BO << "\n");
  return B.CreateSelect(Ok, Result, PerLane, BO.getName());
}

} // namespace wfv
} // namespace sublane
