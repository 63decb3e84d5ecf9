//===- VectorElements.cpp - Values that are vectors in each lane ----------===//
//
// A work-item's value may itself be a vector: a sycl::vec after SROA, or a
// pair of floats that the x86-64 ABI passes as <2 x float>. The lanes' values
// of type <N x T> live in one vector <N*S x T>, element by element: all
// lanes' element 0 first, then all lanes' element 1, and so on. Element-wise
// operations then stay one instruction on the wide vector, element e of the
// sub-group is one sub-vector, and a work-item's vector is gathered only
// where a call or a memory access needs it whole (lane by lane, "lane-major",
// as it lies in memory).
//
//===----------------------------------------------------------------------===//

#include "SubGroupVectorizer.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/VectorUtils.h"

#define DEBUG_TYPE "sublane-wfv"

using namespace llvm;

STATISTIC(NumElementOps, "Number of vector element operations vectorized");

namespace sublane {
namespace wfv {

unsigned getLaneElementCount(Type *T) {
  auto *VT = dyn_cast<FixedVectorType>(T);
  return VT ? VT->getNumElements() : 1;
}

Value *SubGroupVectorizer::extractLane(Value *Wide, unsigned Lane) {
  unsigned N = cast<FixedVectorType>(Wide->getType())->getNumElements() / S;
  if (N == 1)
    return B.CreateExtractElement(Wide, B.getInt32(Lane));
  return B.CreateShuffleVector(Wide, createStrideMask(Lane, S, N));
}

/// Vectors are joined lane-major and reordered by one shuffle: inserting
/// their elements one by one gives S*N insertions, a chain that LLVM's SLP
/// vectorizer takes time quadratic in its length to look through.
Value *SubGroupVectorizer::joinLanes(ArrayRef<Value *> PerLane) {
  assert(PerLane.size() == S && "one value per lane");
  Type *T = PerLane.front()->getType();
  if (auto *ST = dyn_cast<StructType>(T)) {
    // A pair per lane (VectorCalls.cpp): a struct of one vector per field.
    Value *Wide = PoisonValue::get(getVectorType(T));
    for (unsigned F = 0; F < ST->getNumElements(); ++F) {
      SmallVector<Value *, 64> Fields;
      for (Value *V : PerLane)
        Fields.push_back(B.CreateExtractValue(V, F));
      Wide = B.CreateInsertValue(Wide, joinLanes(Fields), F);
    }
    return Wide;
  }
  if (!T->isVectorTy()) {
    Value *Wide = PoisonValue::get(getVectorType(T));
    for (unsigned L = 0; L < S; ++L)
      Wide = B.CreateInsertElement(Wide, PerLane[L], B.getInt32(L));
    return Wide;
  }
  return toElementMajor(concatenateVectors(B, PerLane), getLaneElementCount(T));
}

Value *SubGroupVectorizer::getElementLanes(Value *Wide, unsigned E) {
  unsigned N = cast<FixedVectorType>(Wide->getType())->getNumElements() / S;
  if (N == 1)
    return Wide;
  if (auto It = ElementParts.find(Wide); It != ElementParts.end())
    return It->second[E];
  return B.CreateShuffleVector(Wide, createSequentialMask(E * S, S, 0));
}

Value *SubGroupVectorizer::expandMask(Value *LaneMask, Type *WideTy) {
  unsigned N = cast<FixedVectorType>(WideTy)->getNumElements() / S;
  if (N == 1)
    return LaneMask;
  SmallVector<int> Picks;
  for (unsigned E = 0; E < N; ++E)
    for (unsigned L = 0; L < S; ++L)
      Picks.push_back(L);
  return B.CreateShuffleVector(LaneMask, Picks);
}

/// Element e of lane l moves from e*S+l to l*N+e.
Value *SubGroupVectorizer::toLaneMajor(Value *Wide, unsigned N) {
  if (N == 1)
    return Wide;
  return B.CreateShuffleVector(Wide, createInterleaveMask(S, N));
}

Value *SubGroupVectorizer::toElementMajor(Value *Wide, unsigned N) {
  if (N == 1)
    return Wide;
  SmallVector<int> Picks;
  for (unsigned E = 0; E < N; ++E)
    append_range(Picks, createStrideMask(E, N, S));
  return B.CreateShuffleVector(Wide, Picks);
}

/// A bit cast reinterprets each lane's bytes: its elements may change in
/// number (<2 x float> to i64), which only a lane-major layout keeps
/// together.
Value *SubGroupVectorizer::widenBitCast(CastInst &Cast) {
  unsigned From = getLaneElementCount(Cast.getSrcTy());
  unsigned To = getLaneElementCount(Cast.getDestTy());
  Value *Src = getVector(Cast.getOperand(0));
  Type *WideTo = getVectorType(Cast.getDestTy());
  if (From == To)
    return B.CreateBitCast(Src, WideTo);
  return toElementMajor(B.CreateBitCast(toLaneMajor(Src, From), WideTo), To);
}

/// Each lane's element \p Index (constant, uniform or varying) of the lanes'
/// vectors \p Wide of \p N elements; poison where it is out of range.
Value *SubGroupVectorizer::selectElement(Value *Wide, unsigned N,
                                         Value *Index) {
  if (auto *CI = dyn_cast<ConstantInt>(Index))
    return CI->getValue().ult(N)
               ? getElementLanes(Wide, CI->getZExtValue())
               : PoisonValue::get(FixedVectorType::get(
                     cast<VectorType>(Wide->getType())->getElementType(), S));
  Value *R = PoisonValue::get(FixedVectorType::get(
      cast<VectorType>(Wide->getType())->getElementType(), S));
  for (unsigned E = 0; E < N; ++E)
    R = B.CreateSelect(
        B.CreateICmpEQ(Index, ConstantInt::get(Index->getType(), E)),
        getElementLanes(Wide, E), R);
  return R;
}

void SubGroupVectorizer::widenElementOp(Instruction &I) {
  ++NumElementOps;
  auto IndexOf = [&](Value *Idx) -> Value * {
    if (isa<Constant>(Idx) || !isVector(Idx))
      return getScalar(Idx);
    return getVector(Idx);
  };
  if (auto *EE = dyn_cast<ExtractElementInst>(&I)) {
    unsigned N = getLaneElementCount(EE->getVectorOperandType());
    setVector(I, selectElement(getVector(EE->getVectorOperand()), N,
                               IndexOf(EE->getIndexOperand())));
    return;
  }
  if (auto *IE = dyn_cast<InsertElementInst>(&I)) {
    unsigned N = getLaneElementCount(IE->getType());
    Value *Wide = getVector(IE->getOperand(0));
    Value *X = getVector(IE->getOperand(1));
    Value *Index = IndexOf(IE->getOperand(2));
    auto *CI = dyn_cast<ConstantInt>(Index);
    if (CI && !CI->getValue().ult(N)) {
      setVector(I, PoisonValue::get(Wide->getType()));
      return;
    }
    SmallVector<Value *, 16> Elements;
    for (unsigned E = 0; E < N; ++E) {
      Value *Old = getElementLanes(Wide, E);
      if (CI)
        Elements.push_back(CI->getZExtValue() == E ? X : Old);
      else
        Elements.push_back(B.CreateSelect(
            B.CreateICmpEQ(Index, ConstantInt::get(Index->getType(), E)), X,
            Old));
    }
    setVector(I, N == 1 ? Elements.front() : concatenateVectors(B, Elements));
    return;
  }
  auto &SV = cast<ShuffleVectorInst>(I);
  unsigned N = getLaneElementCount(SV.getOperand(0)->getType());
  SmallVector<int> Picks;
  for (int M : SV.getShuffleMask())
    for (unsigned L = 0; L < S; ++L)
      Picks.push_back(M == PoisonMaskElem ? PoisonMaskElem
                      : unsigned(M) < N   ? M * S + L
                                          : N * S + (M - N) * S + L);
  setVector(I, B.CreateShuffleVector(getVector(SV.getOperand(0)),
                                     getVector(SV.getOperand(1)), Picks));
}

} // namespace wfv
} // namespace sublane
