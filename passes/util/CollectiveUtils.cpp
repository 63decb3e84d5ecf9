//===- CollectiveUtils.cpp - Collective arithmetic ------------------------===//

#include "sublane/Passes/util/CollectiveUtils.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace sublane {

Constant *getIdentity(const CollectiveInfo &Info, Type *Ty) {
  Type *Elem = Ty->getScalarType();
  Constant *Scalar = nullptr;
  if (Elem->isFloatingPointTy()) {
    const fltSemantics &Sem = Elem->getFltSemantics();
    switch (Info.Op) {
    case CollectiveInfo::Add:
      Scalar = ConstantFP::get(Elem, APFloat::getZero(Sem, /*Negative=*/true));
      break;
    case CollectiveInfo::Mul:
      Scalar = ConstantFP::get(Elem, 1.0);
      break;
    case CollectiveInfo::Min:
      Scalar = ConstantFP::getInfinity(Elem, /*Negative=*/false);
      break;
    case CollectiveInfo::Max:
      Scalar = ConstantFP::getInfinity(Elem, /*Negative=*/true);
      break;
    default:
      llvm_unreachable("no bitwise operations on floating point");
    }
  } else {
    unsigned Bits = Elem->getIntegerBitWidth();
    APInt Value(Bits, 0);
    switch (Info.Op) {
    case CollectiveInfo::Mul:
    case CollectiveInfo::LogicalAnd:
      Value = APInt(Bits, 1);
      break;
    case CollectiveInfo::Min:
      Value = Info.isSigned() ? APInt::getSignedMaxValue(Bits)
                              : APInt::getMaxValue(Bits);
      break;
    case CollectiveInfo::Max:
      Value = Info.isSigned() ? APInt::getSignedMinValue(Bits)
                              : APInt::getMinValue(Bits);
      break;
    case CollectiveInfo::And:
      Value = APInt::getAllOnes(Bits);
      break;
    default: // add, or, xor, logical or, and none: zero
      break;
    }
    Scalar = ConstantInt::get(Elem, Value);
  }
  if (auto *VT = dyn_cast<VectorType>(Ty))
    return ConstantVector::getSplat(VT->getElementCount(), Scalar);
  return Scalar;
}

Constant *getKnownIdentity(const CollectiveInfo &Info, Type *Ty) {
  if (Info.Op == CollectiveInfo::Add && Ty->isFPOrFPVectorTy())
    return Constant::getNullValue(Ty);
  return getIdentity(Info, Ty);
}

Value *emitCombineWithKnownIdentity(IRBuilder<> &B, const CollectiveInfo &Info,
                                    Value *V) {
  Constant *Known = getKnownIdentity(Info, V->getType());
  if (Known == getIdentity(Info, V->getType()))
    return V;
  return emitCombine(B, Info, Known, V);
}

static Value *truthValue(IRBuilder<> &B, Value *V) {
  return B.CreateICmpNE(V, Constant::getNullValue(V->getType()));
}

Value *emitCombine(IRBuilder<> &B, const CollectiveInfo &Info, Value *A,
                   Value *Bv) {
  bool FP = A->getType()->isFPOrFPVectorTy();
  switch (Info.Op) {
  case CollectiveInfo::Add:
    return FP ? B.CreateFAdd(A, Bv) : B.CreateAdd(A, Bv);
  case CollectiveInfo::Mul:
    return FP ? B.CreateFMul(A, Bv) : B.CreateMul(A, Bv);
  case CollectiveInfo::Min:
    if (FP) // sycl::minimum: (y < x) ? y : x
      return B.CreateSelect(B.CreateFCmpOLT(Bv, A), Bv, A);
    return B.CreateBinaryIntrinsic(
        Info.isSigned() ? Intrinsic::smin : Intrinsic::umin, A, Bv);
  case CollectiveInfo::Max:
    if (FP) // sycl::maximum: (x < y) ? y : x
      return B.CreateSelect(B.CreateFCmpOLT(A, Bv), Bv, A);
    return B.CreateBinaryIntrinsic(
        Info.isSigned() ? Intrinsic::smax : Intrinsic::umax, A, Bv);
  case CollectiveInfo::And:
    return B.CreateAnd(A, Bv);
  case CollectiveInfo::Or:
    return B.CreateOr(A, Bv);
  case CollectiveInfo::Xor:
    return B.CreateXor(A, Bv);
  case CollectiveInfo::LogicalAnd:
    return B.CreateZExt(B.CreateAnd(truthValue(B, A), truthValue(B, Bv)),
                        A->getType());
  case CollectiveInfo::LogicalOr:
    return B.CreateZExt(B.CreateOr(truthValue(B, A), truthValue(B, Bv)),
                        A->getType());
  case CollectiveInfo::None:
    break;
  }
  llvm_unreachable("collective without an operation");
}

Value *emitVectorReduce(IRBuilder<> &B, const CollectiveInfo &Info, Value *V) {
  bool FP = V->getType()->isFPOrFPVectorTy();
  FastMathFlags Reassoc;
  Reassoc.setAllowReassoc();
  IRBuilder<>::FastMathFlagGuard Guard(B);
  B.setFastMathFlags(Reassoc);
  switch (Info.Op) {
  case CollectiveInfo::Add:
    return FP ? B.CreateFAddReduce(
                    getIdentity(Info, V->getType()->getScalarType()), V)
              : B.CreateAddReduce(V);
  case CollectiveInfo::Mul:
    return FP ? B.CreateFMulReduce(
                    getIdentity(Info, V->getType()->getScalarType()), V)
              : B.CreateMulReduce(V);
  case CollectiveInfo::Min:
    return FP ? B.CreateFPMinReduce(V)
              : B.CreateIntMinReduce(V, Info.isSigned());
  case CollectiveInfo::Max:
    return FP ? B.CreateFPMaxReduce(V)
              : B.CreateIntMaxReduce(V, Info.isSigned());
  case CollectiveInfo::And:
    return B.CreateAndReduce(V);
  case CollectiveInfo::Or:
    return B.CreateOrReduce(V);
  case CollectiveInfo::Xor:
    return B.CreateXorReduce(V);
  case CollectiveInfo::LogicalAnd:
    return B.CreateZExt(B.CreateAndReduce(truthValue(B, V)),
                        V->getType()->getScalarType());
  case CollectiveInfo::LogicalOr:
    return B.CreateZExt(B.CreateOrReduce(truthValue(B, V)),
                        V->getType()->getScalarType());
  case CollectiveInfo::None:
    break;
  }
  llvm_unreachable("collective without an operation");
}

Value *emitShiftUp(IRBuilder<> &B, Value *V, unsigned By, Value *Fill) {
  unsigned Width = cast<FixedVectorType>(V->getType())->getNumElements();
  SmallVector<int> Mask;
  for (unsigned Lane = 0; Lane < Width; ++Lane)
    Mask.push_back(Lane >= By ? int(Lane - By) : int(Width)); // Fill lane 0
  return B.CreateShuffleVector(V, Fill, Mask);
}

Value *emitVectorInclusiveScan(IRBuilder<> &B, const CollectiveInfo &Info,
                               Value *V) {
  unsigned Width = cast<FixedVectorType>(V->getType())->getNumElements();
  Value *Identity = getIdentity(Info, V->getType());
  for (unsigned By = 1; By < Width; By *= 2)
    V = emitCombine(B, Info, V, emitShiftUp(B, V, By, Identity));
  return V;
}

std::optional<std::pair<RecurKind, Constant *>>
getAtomicCombiningKind(AtomicRMWInst::BinOp Op, Type *Ty) {
  using RMW = AtomicRMWInst;
  switch (Op) {
  case RMW::Add:
  case RMW::Sub: // sub(sub(m, a), b) == sub(m, a + b)
    return {{RecurKind::Add, Constant::getNullValue(Ty)}};
  case RMW::Or:
    return {{RecurKind::Or, Constant::getNullValue(Ty)}};
  case RMW::Xor:
    return {{RecurKind::Xor, Constant::getNullValue(Ty)}};
  case RMW::And:
    return {{RecurKind::And, Constant::getAllOnesValue(Ty)}};
  case RMW::Max:
    return {{RecurKind::SMax,
             ConstantInt::get(
                 Ty, APInt::getSignedMinValue(Ty->getScalarSizeInBits()))}};
  case RMW::Min:
    return {{RecurKind::SMin,
             ConstantInt::get(
                 Ty, APInt::getSignedMaxValue(Ty->getScalarSizeInBits()))}};
  case RMW::UMax:
    return {{RecurKind::UMax, Constant::getNullValue(Ty)}};
  case RMW::UMin:
    return {{RecurKind::UMin, Constant::getAllOnesValue(Ty)}};
  case RMW::FAdd:
  case RMW::FSub:
    return {{RecurKind::FAdd, ConstantFP::getNegativeZero(Ty)}};
  // maxnum/minnum ignore a NaN operand, as the atomic does.
  case RMW::FMax:
    return {{RecurKind::FMax, ConstantFP::getQNaN(Ty)}};
  case RMW::FMin:
    return {{RecurKind::FMin, ConstantFP::getQNaN(Ty)}};
  default:
    return std::nullopt;
  }
}

} // namespace sublane
