//===- IdArithmetic.cpp - Dividing local ids ------------------------------===//

#include "sublane/Passes/IdArithmetic.h"
#include "sublane/Passes/KernelInfo.h"

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

} // namespace sublane
