//===- MaskLanes.cpp - One lane's mask bit computed in scalars ------------===//
//
// Code that one lane runs (a stencil's halo: `if (lx == 1)`, `if (lx ==
// tile)`) reaches the backend as tests of a mask's bits: which lane holds
// (`ctlz` of the mask, for the store that lane makes) and whether that
// lane's read is in bounds (a bit of another mask). Each built the whole
// <S x i1> mask first: compares of 64-bit vectors, packed down to bytes,
// most of a halo block's time on AVX2.
//
// Here a mask bit is computed for its lane alone: the lane-wise compares,
// logic and arithmetic it is made of are done on scalars, down to splats,
// constants and sequences of consecutive values. Where the mask is an
// equality that at most one lane can meet (lane ids against a shared
// value: `first + lane == bound`), that lane is found by a subtraction
// (`bound - first`), and the mask's leading (or trailing) zeros follow from
// whether that lane exists and its bit. (Whether any lane holds stays a test
// of the whole mask: the any-lane test of a block that loads a value every
// lane shares must not become a condition LLVM can prove false, see
// SubGroupVectorizer::any.)
//
//===----------------------------------------------------------------------===//

#include "SubGroupVectorizer.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/InstSimplifyFolder.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/Local.h"

#define DEBUG_TYPE "sublane-wfv"

using namespace llvm;
using namespace llvm::PatternMatch;

STATISTIC(NumMaskBitsInScalars,
          "Number of mask bits computed for their lane in scalars");
STATISTIC(NumOneLaneMasks,
          "Number of mask tests on an equality at most one lane meets, made "
          "scalar from that lane's index");

static cl::opt<bool> MaskLanesInScalars(
    "sublane-wfv-mask-lanes-in-scalars", cl::init(true), cl::Hidden,
    cl::desc("Compute a mask's bit for one lane, and the lane of a mask that "
             "at most one lane meets, in scalars"));

namespace sublane {
namespace wfv {
namespace {

/// Builds scalar forms of lanes of vector values before one instruction.
/// What it built is erased again unless kept, so that a try that fails
/// halfway leaves nothing behind.
class LaneScalarizer {
public:
  explicit LaneScalarizer(Instruction *Before)
      : B(Before->getContext(), InstSimplifyFolder(Before->getDataLayout()),
          IRBuilderCallbackInserter(
              [this](Instruction *I) { Created.push_back(I); })) {
    B.SetInsertPoint(Before);
  }
  ~LaneScalarizer() {
    if (Kept)
      return;
    for (Instruction *I : reverse(Created))
      I->eraseFromParent();
  }
  void keep() { Kept = true; }
  IRBuilderBase &builder() { return B; }

  /// Lane \p Lane (a scalar integer) of the vector \p V, or null.
  Value *getLane(Value *V, Value *Lane, unsigned Depth = 0);

  /// Records that lane \p Lane of \p V is \p Known where the caller uses it.
  void assume(Value *V, Value *Lane, Value *Known) { Memo[{V, Lane}] = Known; }

  /// V's lanes as Base + Step * lane.
  struct Sequence {
    Value *Base;
    APInt Step;
  };
  std::optional<Sequence> getSequence(Value *V, unsigned Depth = 0);

private:
  Value *getLeafLane(Value *V, Value *Lane);
  Value *laneAs(Value *Lane, Type *Ty) { return B.CreateZExtOrTrunc(Lane, Ty); }
  bool overBudget() const { return Created.size() > MaxInstructions; }

  static constexpr unsigned MaxDepth = 16;
  static constexpr unsigned MaxInstructions = 64;
  IRBuilder<InstSimplifyFolder, IRBuilderCallbackInserter> B;
  SmallVector<Instruction *, 32> Created;
  DenseMap<std::pair<Value *, Value *>, Value *> Memo;
  bool Kept = false;
};

/// The integers of \p C, if it is an arithmetic sequence: its first element
/// and step.
std::optional<std::pair<APInt, APInt>> getConstantSequence(Constant *C) {
  auto *VT = dyn_cast<FixedVectorType>(C->getType());
  if (!VT || !VT->getElementType()->isIntegerTy())
    return std::nullopt;
  auto *E0 = dyn_cast_or_null<ConstantInt>(C->getAggregateElement(0u));
  if (!E0)
    return std::nullopt;
  APInt First = E0->getValue();
  APInt Step(First.getBitWidth(), 0);
  for (unsigned I = 1, N = VT->getNumElements(); I < N; ++I) {
    auto *E = dyn_cast_or_null<ConstantInt>(C->getAggregateElement(I));
    if (!E)
      return std::nullopt;
    if (I == 1)
      Step = E->getValue() - First;
    else if (E->getValue() != First + Step * I)
      return std::nullopt;
  }
  return std::make_pair(First, Step);
}

/// The first element a shuffle takes, if it takes consecutive elements of
/// its first operand.
std::optional<int> getConsecutiveShuffleStart(const ShuffleVectorInst &SV) {
  ArrayRef<int> Mask = SV.getShuffleMask();
  int Width =
      cast<FixedVectorType>(SV.getOperand(0)->getType())->getNumElements();
  if (Mask.empty() || Mask[0] < 0 || Mask.back() >= Width)
    return std::nullopt;
  for (auto [I, M] : enumerate(Mask))
    if (M != Mask[0] + int(I))
      return std::nullopt;
  return Mask[0];
}

std::optional<LaneScalarizer::Sequence>
LaneScalarizer::getSequence(Value *V, unsigned Depth) {
  auto *VT = dyn_cast<FixedVectorType>(V->getType());
  if (!VT || !VT->getElementType()->isIntegerTy() || Depth > MaxDepth ||
      overBudget())
    return std::nullopt;
  unsigned Bits = VT->getScalarSizeInBits();
  if (Value *Splat = getSplatValue(V))
    return Sequence{Splat, APInt(Bits, 0)};
  if (auto *C = dyn_cast<Constant>(V)) {
    auto Seq = getConstantSequence(C);
    if (!Seq)
      return std::nullopt;
    return Sequence{ConstantInt::get(VT->getElementType(), Seq->first),
                    Seq->second};
  }
  if (auto *SV = dyn_cast<ShuffleVectorInst>(V)) {
    std::optional<int> Start = getConsecutiveShuffleStart(*SV);
    auto Whole =
        Start ? getSequence(SV->getOperand(0), Depth + 1) : std::nullopt;
    if (!Whole)
      return std::nullopt;
    Value *Base =
        B.CreateAdd(Whole->Base, ConstantInt::get(VT->getElementType(),
                                                  Whole->Step * *Start));
    return Sequence{Base, Whole->Step};
  }
  auto *BO = dyn_cast<BinaryOperator>(V);
  if (!BO)
    return std::nullopt;
  // Wrapping arithmetic throughout: a lane the vector's no-wrap flags made
  // poison gets the wrapped value, which refines it.
  unsigned Op = BO->getOpcode();
  if (Op == Instruction::Or && !cast<PossiblyDisjointInst>(BO)->isDisjoint())
    return std::nullopt; // not a sum
  if (Op != Instruction::Add && Op != Instruction::Sub &&
      Op != Instruction::Or && Op != Instruction::Mul && Op != Instruction::Shl)
    return std::nullopt;
  auto SL = getSequence(BO->getOperand(0), Depth + 1);
  auto SR = SL ? getSequence(BO->getOperand(1), Depth + 1) : std::nullopt;
  if (!SR)
    return std::nullopt;
  if (Op == Instruction::Sub)
    return Sequence{B.CreateSub(SL->Base, SR->Base), SL->Step - SR->Step};
  if (Op != Instruction::Mul && Op != Instruction::Shl)
    return Sequence{B.CreateAdd(SL->Base, SR->Base), SL->Step + SR->Step};
  // Times a constant, or a sequence of one value times anything shared.
  auto *CR = dyn_cast<ConstantInt>(SR->Base);
  if (!SR->Step.isZero() || (!SL->Step.isZero() && !CR) ||
      (Op == Instruction::Shl && (!CR || CR->getValue().uge(Bits))))
    return std::nullopt;
  if (Op == Instruction::Shl)
    return Sequence{B.CreateShl(SL->Base, SR->Base),
                    SL->Step.shl(CR->getValue())};
  return Sequence{B.CreateMul(SL->Base, SR->Base),
                  CR ? SL->Step * CR->getValue() : SL->Step};
}

Value *LaneScalarizer::getLeafLane(Value *V, Value *Lane) {
  // At a lane known only at run time, an extract goes through the stack; a
  // mask's bit is a shift of its integer instead, and other elements are
  // not taken.
  if (!isa<ConstantInt>(Lane) &&
      !cast<VectorType>(V->getType())->getElementType()->isIntegerTy(1))
    return nullptr;
  return testMaskLane(
      B, V, isa<ConstantInt>(Lane) ? laneAs(Lane, B.getInt32Ty()) : Lane);
}

Value *LaneScalarizer::getLane(Value *V, Value *Lane, unsigned Depth) {
  auto *VT = dyn_cast<FixedVectorType>(V->getType());
  if (!VT)
    return V; // a select's scalar condition, shared by every lane
  if (Depth > MaxDepth || overBudget())
    return nullptr;
  auto [It, New] = Memo.try_emplace({V, Lane}, nullptr);
  if (!New)
    return It->second;
  auto *ConstLane = dyn_cast<ConstantInt>(Lane);
  Value *R = nullptr;
  if (Value *Splat = getSplatValue(V)) {
    R = Splat;
  } else if (auto *C = dyn_cast<Constant>(V)) {
    if (ConstLane) {
      R = C->getAggregateElement(ConstLane->getZExtValue());
    } else if (auto Seq = getConstantSequence(C)) {
      Type *Ty = VT->getElementType();
      R = B.CreateAdd(
          ConstantInt::get(Ty, Seq->first),
          B.CreateMul(laneAs(Lane, Ty), ConstantInt::get(Ty, Seq->second)));
    } else {
      R = getLeafLane(V, Lane);
    }
  } else if (auto *SV = dyn_cast<ShuffleVectorInst>(V)) {
    // Consecutive elements of the first operand (a row's part of a mask), or
    // one element of either (a broadcast).
    int Width =
        cast<FixedVectorType>(SV->getOperand(0)->getType())->getNumElements();
    int Broadcast = SV->getShuffleMask()[0];
    if (std::optional<int> Start = getConsecutiveShuffleStart(*SV)) {
      Value *From =
          B.CreateAdd(laneAs(Lane, B.getInt32Ty()), B.getInt32(*Start));
      R = getLane(SV->getOperand(0), From, Depth + 1);
    } else if (Broadcast >= 0 && all_equal(SV->getShuffleMask())) {
      R = getLane(SV->getOperand(Broadcast / Width),
                  B.getInt32(Broadcast % Width), Depth + 1);
    } else if (ConstLane && ConstLane->getValue().ult(VT->getNumElements())) {
      int Elt = SV->getMaskValue(ConstLane->getZExtValue());
      R = Elt < 0 ? PoisonValue::get(VT->getElementType())
                  : getLane(SV->getOperand(Elt / Width),
                            B.getInt32(Elt % Width), Depth + 1);
    }
  } else if (auto *I = dyn_cast<Instruction>(V);
             I &&
             ((isa<BinaryOperator>(I) && !I->isIntDivRem()) ||
              isa<CmpInst>(I) || isa<UnaryOperator>(I) || isa<SelectInst>(I) ||
              (isa<CastInst>(I) && !isa<BitCastInst>(I)))) {
    // Lane-wise: the lane of the result is the operation on the operands'
    // lanes. Not a division: at a lane past the end (a bit test's shift
    // can ask for one) its divisor would be poison, and the scalar
    // division undefined where the vector's was not.
    SmallVector<Value *, 3> Ops;
    for (Value *Op : I->operands()) {
      Value *OpLane = getLane(Op, Lane, Depth + 1);
      if (!OpLane) {
        Ops.clear();
        break;
      }
      Ops.push_back(OpLane);
    }
    if (!Ops.empty()) {
      Instruction *Scalar = I->clone();
      Scalar->mutateType(VT->getElementType());
      for (auto [Op, OpLane] : zip(Scalar->operands(), Ops))
        Op.set(OpLane);
      R = B.Insert(Scalar);
    }
  } else {
    R = getLeafLane(V, Lane);
  }
  if (!R && !isa<Constant>(V))
    R = getLeafLane(V, Lane);
  Memo[{V, Lane}] = R;
  return R;
}

/// The lane that may meet the equality \p Cmp of lane sequences, or null:
/// lanes' values Base + Step * lane compared, with steps differing by one,
/// meet at no more than one lane, which the bases give.
Value *getEqualityLane(LaneScalarizer &LS, ICmpInst &Cmp) {
  if (Cmp.getPredicate() != ICmpInst::ICMP_EQ)
    return nullptr;
  auto SL = LS.getSequence(Cmp.getOperand(0));
  auto SR = SL ? LS.getSequence(Cmp.getOperand(1)) : std::nullopt;
  if (!SR)
    return nullptr;
  // The lane count must fit the values' type, for the lane to be unique.
  unsigned Lanes =
      cast<FixedVectorType>(Cmp.getOperand(0)->getType())->getNumElements();
  if (SL->Step.getBitWidth() < 8 || Lanes > 128)
    return nullptr;
  APInt Step = SL->Step - SR->Step;
  IRBuilderBase &B = LS.builder();
  if (Step.isOne())
    return B.CreateSub(SR->Base, SL->Base);
  if (Step.isAllOnes())
    return B.CreateSub(SL->Base, SR->Base);
  return nullptr;
}

/// The lane that may meet `splat(X) == C` where C's lanes are K ^ lane, or
/// null. InstCombine writes a compare of aligned ids, `(first | lane) ==
/// K`, so.
Value *getXorEqualityLane(LaneScalarizer &LS, ICmpInst &Cmp) {
  if (Cmp.getPredicate() != ICmpInst::ICMP_EQ)
    return nullptr;
  Value *X = getSplatValue(Cmp.getOperand(0));
  auto *C = dyn_cast<Constant>(Cmp.getOperand(1));
  if (!X || !C || !X->getType()->isIntegerTy() ||
      X->getType()->getIntegerBitWidth() < 8)
    return nullptr;
  unsigned Lanes = cast<FixedVectorType>(C->getType())->getNumElements();
  std::optional<APInt> K;
  for (unsigned L = 0; L < Lanes; ++L) {
    auto *E = dyn_cast_or_null<ConstantInt>(C->getAggregateElement(L));
    if (!E)
      return nullptr;
    APInt LaneK = E->getValue() ^ L;
    if (K && *K != LaneK)
      return nullptr;
    K = LaneK;
  }
  return LS.builder().CreateXor(X, ConstantInt::get(X->getType(), *K));
}

/// An equality inside mask \p M (M holds in no lane it fails) that at most
/// one lane meets, and that lane (possibly out of range), or null.
std::pair<ICmpInst *, Value *> findOneLaneEquality(LaneScalarizer &LS, Value *M,
                                                   unsigned Depth = 0) {
  if (Depth > 4)
    return {};
  if (auto *Cmp = dyn_cast<ICmpInst>(M)) {
    if (Value *Lane = getEqualityLane(LS, *Cmp))
      return {Cmp, Lane};
    if (Value *Lane = getXorEqualityLane(LS, *Cmp))
      return {Cmp, Lane};
  }
  Value *X, *Y;
  // M = X && Y, as `and` or as a select: it holds only where both do.
  if (match(M, m_And(m_Value(X), m_Value(Y))) ||
      match(M, m_Select(m_Value(X), m_Value(Y), m_Zero()))) {
    if (X->getType()->isVectorTy())
      if (auto Found = findOneLaneEquality(LS, X, Depth + 1); Found.first)
        return Found;
    return findOneLaneEquality(LS, Y, Depth + 1);
  }
  return {};
}

/// For a mask \p M that at most one lane holds in: whether one does, and
/// which (its index within the mask, valid where one does).
struct OneLane {
  Value *Holds;
  Value *Lane;
};
std::optional<OneLane> getOneLane(LaneScalarizer &LS, Value *M) {
  auto [Cmp, Candidate] = findOneLaneEquality(LS, M);
  if (!Cmp)
    return std::nullopt;
  IRBuilderBase &B = LS.builder();
  unsigned Lanes = cast<FixedVectorType>(M->getType())->getNumElements();
  Type *Ty = Candidate->getType();
  Value *InRange = B.CreateICmpULT(Candidate, ConstantInt::get(Ty, Lanes));
  // Kept in range, so that lanes of other vectors taken at it stay defined
  // where the candidate is not a lane. (Masks of vectors per lane, N * S
  // lanes, need not be a power of two.)
  Value *InRangeLane =
      isPowerOf2_32(Lanes)
          ? B.CreateAnd(Candidate, ConstantInt::get(Ty, Lanes - 1))
          : B.CreateSelect(InRange, Candidate, ConstantInt::get(Ty, 0));
  Value *Lane = B.CreateZExtOrTrunc(InRangeLane, B.getInt32Ty());
  // Where the candidate is a lane, the equality holds there.
  LS.assume(Cmp, Lane, B.getTrue());
  Value *Bit = LS.getLane(M, Lane);
  if (!Bit)
    return std::nullopt;
  return OneLane{B.CreateSelect(InRange, Bit, B.getFalse()), Lane};
}

/// The mask whose integer \p V is (a bitcast of <S x i1> to iS), or null.
Value *getMaskOfBits(Value *V) {
  auto *BC = dyn_cast<BitCastInst>(V);
  if (!BC || !BC->getType()->isIntegerTy())
    return nullptr;
  auto *VT = dyn_cast<FixedVectorType>(BC->getOperand(0)->getType());
  return VT && VT->getElementType()->isIntegerTy(1) ? BC->getOperand(0)
                                                    : nullptr;
}

/// The count of leading (or trailing) zeros of the bits of a mask that at
/// most one lane holds in.
bool rewriteZeroCount(IntrinsicInst &II) {
  Value *M = getMaskOfBits(II.getArgOperand(0));
  if (!M)
    return false;
  LaneScalarizer LS(&II);
  std::optional<OneLane> One = getOneLane(LS, M);
  if (!One)
    return false;
  IRBuilderBase &B = LS.builder();
  Type *Ty = II.getType();
  unsigned Lanes = Ty->getIntegerBitWidth();
  Value *Lane = B.CreateZExtOrTrunc(One->Lane, Ty);
  Value *Zeros = II.getIntrinsicID() == Intrinsic::ctlz
                     ? B.CreateSub(ConstantInt::get(Ty, Lanes - 1), Lane)
                     : Lane;
  II.replaceAllUsesWith(
      B.CreateSelect(One->Holds, Zeros, ConstantInt::get(Ty, Lanes)));
  LS.keep();
  ++NumOneLaneMasks;
  return true;
}

/// One lane's bit of a mask made of lane-wise operations: `extractelement
/// M, lane`, or the shift of the mask's integer that stands for it.
bool rewriteLaneBit(Instruction &I) {
  Value *M, *Lane;
  if (match(&I, m_ExtractElt(m_Value(M), m_Value(Lane)))) {
    if (!M->getType()->getScalarType()->isIntegerTy(1))
      return false;
  } else if (!match(&I, m_Trunc(m_LShr(m_Value(M), m_Value(Lane)))) ||
             !I.getType()->isIntegerTy(1) || !(M = getMaskOfBits(M))) {
    return false;
  }
  // Only masks built by lane-wise operations gain: a mask from memory or a
  // phi is tested as it is.
  // Only a mask no other code needs: one computed for every lane anyway
  // costs less than its lanes one by one.
  auto *MI = dyn_cast<Instruction>(M);
  if (!MI || !MI->hasOneUse() ||
      !(isa<BinaryOperator>(MI) || isa<CmpInst>(MI) || isa<SelectInst>(MI) ||
        isa<ShuffleVectorInst>(MI)))
    return false;
  if (isa<CmpInst>(MI) && isa<ConstantInt>(Lane))
    return false; // InstCombine's own scalarization
  LaneScalarizer LS(&I);
  Value *Bit = LS.getLane(M, Lane);
  Value *Tested;
  if (!Bit || match(Bit, m_ExtractElt(m_Specific(M), m_Value())) ||
      (match(Bit, m_Trunc(m_LShr(m_Value(Tested), m_Value()))) &&
       getMaskOfBits(Tested) == M))
    return false; // no lane-wise operation to take apart
  I.replaceAllUsesWith(Bit);
  LS.keep();
  ++NumMaskBitsInScalars;
  return true;
}

} // namespace

bool computeMaskLanesInScalars(Function &K) {
  if (!MaskLanesInScalars)
    return false;
  // Lanes first, then bits: a bit is often taken at the lane a count gave,
  // of a mask the count no longer needs once it is gone.
  bool Changed = false;
  for (bool Counts : {true, false}) {
    SmallVector<Instruction *, 32> Tests;
    for (Instruction &I : instructions(K)) {
      auto *II = dyn_cast<IntrinsicInst>(&I);
      bool IsCount = II && (II->getIntrinsicID() == Intrinsic::ctlz ||
                            II->getIntrinsicID() == Intrinsic::cttz);
      bool IsBit = isa<ExtractElementInst>(I) || isa<TruncInst>(I);
      if (Counts ? IsCount : IsBit)
        Tests.push_back(&I);
    }
    // Replaced tests go at the end of each round, with what only they used:
    // one test's mask can be another's operand.
    SmallVector<WeakTrackingVH, 32> Replaced;
    for (Instruction *I : Tests)
      if (Counts ? rewriteZeroCount(*cast<IntrinsicInst>(I))
                 : rewriteLaneBit(*I))
        Replaced.push_back(I);
    Changed |= !Replaced.empty();
    RecursivelyDeleteTriviallyDeadInstructionsPermissive(Replaced);
  }
  return Changed;
}

} // namespace wfv
} // namespace sublane
