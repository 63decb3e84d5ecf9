//===- VectorCompares.cpp - Compares of lane-affine values ----------------===//
//
// A compare of a value that is affine in the lane against a uniform value,
// the bounds check `x < n` on a global id, asks which of the lanes' offsets
// from a base (0, k, 2k, ... for a stride k) the predicate accepts once the
// base is added. That is decided once per sub-group (per row, for sub-groups
// of whole rows) in scalars, and the lanes compare their offsets, constants,
// in the narrowest integer type that holds them (emitLaneOffsetCompare): a
// bounds check on 64-bit ids at 32 lanes becomes one compare of bytes, where
// it was eight compares of 64-bit integers and the packing of their results
// on AVX2, and the vector of 64-bit ids is often no longer needed at all.
//
// A vote on such a compare where the lanes step by one (all_of_group(sg,
// i < n), and the bounds check GuardVersioning asks about) needs no lanes at
// all when every lane is active: the lanes hold a run of consecutive values,
// and whether all or any of them pass is decided from the run's first value
// in a few scalar compares (emitConsecutiveCompareVote).
//
//===----------------------------------------------------------------------===//

#include "SubGroupVectorizer.h"

#include "sublane/Passes/util/IdArithmetic.h"
#include "sublane/Passes/util/TargetInfo.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "sublane-wfv"

using namespace llvm;

STATISTIC(NumOffsetCompares,
          "Number of compares of lane-affine values done on lane offsets");

static cl::opt<bool> CompareOffsets(
    "sublane-compare-offsets", cl::Hidden, cl::init(true),
    cl::desc("Compare values affine in the lane against uniform ones as the "
             "lanes' offsets, in the narrowest integer type that holds them"));

static cl::opt<unsigned> OffsetCompareRegisters(
    "sublane-offset-compare-registers", cl::Hidden, cl::init(4),
    cl::desc("Compare on the lanes' offsets only where the values compared "
             "fill more than this many vector registers of the target (a "
             "value the same in each row is always compared once per row)"));

namespace sublane {
namespace wfv {

Value *SubGroupVectorizer::emitOffsetCompare(ICmpInst &Cmp) {
  if (!CompareOffsets)
    return nullptr;
  Value *X = Cmp.getOperand(0), *Bound = Cmp.getOperand(1);
  CmpInst::Predicate Pred = Cmp.getPredicate();
  if (!isVector(X)) {
    std::swap(X, Bound);
    Pred = CmpInst::getSwappedPredicate(Pred);
  }
  auto *Ty = dyn_cast<IntegerType>(X->getType());
  if (!Ty || Ty->getBitWidth() < 8 || !isVector(X) || isVector(Bound))
    return nullptr;

  // Sub-groups of whole rows: the lanes of each row are affine in the id,
  // each row from its own base (the same in every lane where uniform).
  unsigned Rows = std::max(P->RowsSpanned, 1u);
  Shape XS = (P->RowsSpanned ? P->RowShapes : P->Shapes)->getShape(X);
  if (!XS.isAffine() && !(P->RowsSpanned && XS.isUniform()))
    return nullptr;
  // The offsets' limits cost a dozen scalar instructions: a compare of a few
  // registers of lanes is cheaper as it is.
  int64_t Stride = XS.isAffine() ? XS.Stride : 0;
  uint64_t RegisterBits = getVectorRegisterBits(K);
  if (Stride != 0 &&
      uint64_t(S) * Ty->getBitWidth() <= OffsetCompareRegisters * RegisterBits)
    return nullptr;
  bool Exact = true;
  SmallVector<Value *, 4> Bases;
  for (unsigned Row = 0; Row < Rows; ++Row)
    Bases.push_back(getLaneScalar(X, Row * (S / Rows), Exact));
  // A base made of ids and uniform values holds for any lane; one that a lane
  // computed needs that lane to have run. Values affine across the whole
  // sub-group are arithmetic on ids and scalars, which every lane computes
  // (a value the lanes still in a loop share is a scalar there).
  auto *CM = dyn_cast<Constant>(Mask);
  if (!Exact && !(CM && CM->isAllOnesValue()))
    return nullptr;
  Value *New =
      emitLaneOffsetCompare(B, Pred, Bases, Stride, getScalar(Bound), S);
  if (New) {
    ++NumOffsetCompares;
    New->setName(Cmp.getName());
    LLVM_DEBUG(dbgs() << "sublane-wfv: on lane offsets (stride " << Stride
                      << ", " << Rows << " row(s) of " << S / Rows
                      << "): " << Cmp << "\n");
  }
  return New;
}

Value *SubGroupVectorizer::emitScalarVote(Value *Cond, bool All,
                                          unsigned Depth) {
  using namespace PatternMatch;
  if (!isVector(Cond))
    return getScalar(Cond);
  if (!CompareOffsets || Depth > 6)
    return nullptr;
  Value *L, *R;
  // A lane that would be poison is frozen to some value; the vote on the
  // values the lanes compute is one of those the frozen lanes allow.
  if (match(Cond, m_Freeze(m_Value(L)))) {
    Value *Inner = emitScalarVote(L, All, Depth + 1);
    return Inner ? B.CreateFreeze(Inner) : nullptr;
  }
  // all(!x) is !any(x), any(!x) is !all(x).
  if (match(Cond, m_Not(m_Value(L)))) {
    Value *Inner = emitScalarVote(L, !All, Depth + 1);
    return Inner ? B.CreateNot(Inner) : nullptr;
  }
  // all(x && y) is all(x) && all(y), any(x || y) is any(x) || any(y); the
  // other two split only where one side is the same in every lane.
  bool IsAnd = match(Cond, m_LogicalAnd(m_Value(L), m_Value(R)));
  if (IsAnd || match(Cond, m_LogicalOr(m_Value(L), m_Value(R)))) {
    if (IsAnd != All && isVector(L) && isVector(R))
      return nullptr;
    Value *Left = emitScalarVote(L, All, Depth + 1);
    Value *Right = Left ? emitScalarVote(R, All, Depth + 1) : nullptr;
    if (!Right)
      return nullptr;
    return IsAnd ? B.CreateLogicalAnd(Left, Right)
                 : B.CreateLogicalOr(Left, Right);
  }
  auto *Cmp = dyn_cast<ICmpInst>(Cond);
  if (!Cmp)
    return nullptr;
  Value *X = Cmp->getOperand(0), *Bound = Cmp->getOperand(1);
  CmpInst::Predicate Pred = Cmp->getPredicate();
  // The sign of x | y is that of x or y, of x & y that of x and y:
  // InstCombine's join of `x < 0 || y < 0` (a 2D range's bounds check) and
  // its kin split back into votes on x and on y.
  bool Negative = Pred == CmpInst::ICMP_SLT && match(Bound, m_Zero());
  bool NonNegative = Pred == CmpInst::ICMP_SGT && match(Bound, m_AllOnes());
  bool IsOr = match(X, m_Or(m_Value(L), m_Value(R)));
  if ((Negative || NonNegative) &&
      (IsOr || match(X, m_And(m_Value(L), m_Value(R))))) {
    // Whether the compare holds where both signs hold (else either).
    bool Both = IsOr == NonNegative;
    if (Both != All && isVector(L) && isVector(R))
      return nullptr;
    Value *Left = emitScalarSignVote(L, Negative, All);
    Value *Right = Left ? emitScalarSignVote(R, Negative, All) : nullptr;
    if (!Right)
      return nullptr;
    return Both ? B.CreateLogicalAnd(Left, Right)
                : B.CreateLogicalOr(Left, Right);
  }
  return emitScalarCompareVote(Pred, X, Bound, All);
}

Value *SubGroupVectorizer::emitScalarSignVote(Value *X, bool Negative,
                                              bool All) {
  Constant *Zero = Constant::getNullValue(X->getType());
  if (!isVector(X))
    return Negative ? B.CreateICmpSLT(getScalar(X), Zero)
                    : B.CreateICmpSGE(getScalar(X), Zero);
  return emitScalarCompareVote(Negative ? CmpInst::ICMP_SLT : CmpInst::ICMP_SGE,
                               X, Zero, All);
}

Value *SubGroupVectorizer::emitScalarCompareVote(CmpInst::Predicate Pred,
                                                 Value *X, Value *Bound,
                                                 bool All) {
  if (!isVector(X)) {
    std::swap(X, Bound);
    Pred = CmpInst::getSwappedPredicate(Pred);
  }
  auto *Ty = dyn_cast<IntegerType>(X->getType());
  if (!Ty || Ty->getBitWidth() < 8 || isVector(Bound))
    return nullptr;
  Shape XS = P->Shapes->getShape(X);
  if (!XS.isAffine() || (XS.Stride != 1 && XS.Stride != -1))
    return nullptr;
  // Every lane ran: what lane 0 holds is there even where it was computed.
  bool Exact = true;
  Value *First = getLaneScalar(X, 0, Exact);
  if (XS.Stride < 0)
    First = B.CreateSub(First, ConstantInt::get(Ty, S - 1));
  LLVM_DEBUG(dbgs() << "sublane-wfv: " << (All ? "all" : "any")
                    << " in scalars: " << CmpInst::getPredicateName(Pred) << " "
                    << *X << "\n");
  return emitConsecutiveCompareVote(B, Pred, First, getScalar(Bound), S, All);
}

} // namespace wfv
} // namespace sublane
