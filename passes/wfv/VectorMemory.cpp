//===- VectorMemory.cpp - Memory accesses by address shape ----------------===//
//
// A uniform address is one scalar access (a store of a uniform value is the
// same whichever lane does it). Consecutive addresses are one vector access,
// masked by the lanes that run the block; in a sub-group of whole rows,
// addresses consecutive along each row are one access per row. Lanes
// storing different values to one address leave the last active lane's
// value, as a scatter would; only that lane stores. Anything else is a
// gather or a scatter. Read-modify-write atomics on one address
// whose result is unused combine the active lanes' operands and run once
// (the order of the lanes' updates is not observable); other atomics and
// volatile accesses happen once per active lane, in lane order. Private
// variables become one copy per lane.
//
//===----------------------------------------------------------------------===//

#include "sublane/Passes/util/Metadata.h"

#include "SubGroupVectorizer.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/LowerAtomic.h"

#define DEBUG_TYPE "sublane-wfv"

using namespace llvm;

STATISTIC(NumContiguous, "Number of accesses vectorized as one vector access");
STATISTIC(NumContiguousRows, "Number of accesses vectorized as one vector "
                             "access per row of a sub-group of whole rows");
STATISTIC(NumLastLaneStores, "Number of stores of many lanes to one address "
                             "done by the last active lane");
STATISTIC(NumGatherScatter, "Number of accesses vectorized as gather/scatter");
STATISTIC(NumNarrowOffsets, "Number of gathers/scatters with a scalar base "
                            "and constant 32-bit offsets");
STATISTIC(NumUniformStrides, "Number of gathers/scatters with a scalar base "
                             "and lanes a run-time stride apart");
STATISTIC(NumTransposedLoads, "Number of per-lane vector loads from scattered "
                              "addresses done as one load per lane and a "
                              "transpose");
STATISTIC(NumClampedLoads, "Number of gathers through a clamp that load one "
                           "vector when the lanes' addresses are contiguous");
STATISTIC(NumReplicatedAccesses, "Number of accesses replicated per lane");
STATISTIC(NumPlainLocalAtomics, "Number of atomics on local memory made "
                                "plain reads and writes per lane");
STATISTIC(NumScalarizedLaneReads,
          "Number of masked loads and gathers read for one lane only, made "
          "one scalar load of that lane");
STATISTIC(NumCombinedAtomics,
          "Number of atomics on one address combined into one per sub-group");

static cl::opt<bool> LocalAtomicsPlain(
    "sublane-wfv-plain-local-atomics", cl::Hidden,
    cl::desc("Make atomics on a work-group's local memory plain reads and "
             "writes, lane after lane (the work-group runs on one thread)"),
    cl::init(true));
static cl::opt<bool> UniformStrideGathers(
    "sublane-wfv-uniform-stride-gathers", cl::init(true), cl::Hidden,
    cl::desc("Address gathers and scatters whose lanes lie a uniform run-time "
             "stride apart from the first lane's address"));

static cl::opt<bool> ClampedContiguousLoads(
    "sublane-wfv-clamped-contiguous-loads", cl::init(true), cl::Hidden,
    cl::desc("Gathers whose addresses pass through a clamp of a value affine "
             "in the lane test whether the lanes' addresses are contiguous "
             "and then load one vector"));

static cl::opt<bool> NarrowGatherOffsets(
    "sublane-wfv-narrow-gather-offsets", cl::init(true), cl::Hidden,
    cl::desc("Gathers and scatters of lanes a constant stride apart take the "
             "first lane's address and constant 32-bit offsets"));

static llvm::cl::opt<bool> TransposeLaneVectors(
    "sublane-wfv-transpose-lane-vectors", llvm::cl::Hidden,
    llvm::cl::desc("Load each lane's vector from an address that is not next "
                   "to its neighbours' with one load per lane and a "
                   "transpose in registers, rather than a gather per element"),
    llvm::cl::init(true));

namespace sublane {
namespace wfv {

/// Types whose vector occupies exactly its lanes' bytes side by side.
static bool isPackable(const DataLayout &DL, Type *T) {
  return (T->isIntegerTy() || T->isFloatingPointTy() || T->isPointerTy()) &&
         DL.getTypeSizeInBits(T) == DL.getTypeAllocSizeInBits(T);
}

/// Vectors whose elements lie side by side, as packable scalars do.
static bool isPackableVector(const DataLayout &DL, Type *T) {
  auto *VT = dyn_cast<FixedVectorType>(T);
  return VT && isPackable(DL, VT->getElementType());
}

/// Lanes' vectors of type \p VT that \p Ptr finds one after another, with
/// nothing between them (a <3 x float> takes 16 bytes in memory).
static bool isContiguousVector(const KernelShape &Shapes, const DataLayout &DL,
                               Value *Ptr, FixedVectorType *VT) {
  sublane::Shape PS = Shapes.getShape(Ptr);
  return DL.getTypeSizeInBits(VT) == DL.getTypeAllocSizeInBits(VT) &&
         PS.isAffine() &&
         PS.Stride == int64_t(DL.getTypeAllocSize(VT).getFixedValue());
}

bool SubGroupVectorizer::isContiguous(Value *Ptr, Type *AccessTy) const {
  if (!isPackable(DL, AccessTy))
    return false;
  sublane::Shape PS = P->Shapes->getShape(Ptr);
  return PS.isAffine() &&
         PS.Stride == int64_t(DL.getTypeAllocSize(AccessTy).getFixedValue());
}

bool SubGroupVectorizer::isContiguousInRows(Value *Ptr, Type *AccessTy) const {
  if (!P->RowsSpanned || !isPackable(DL, AccessTy))
    return false;
  sublane::Shape PS = P->RowShapes->getShape(Ptr);
  return PS.isAffine() &&
         PS.Stride == int64_t(DL.getTypeAllocSize(AccessTy).getFixedValue());
}

Value *SubGroupVectorizer::getRowPart(Value *V, unsigned Row) {
  unsigned RowLength = S / P->RowsSpanned;
  return B.CreateShuffleVector(
      V, createSequentialMask(Row * RowLength, RowLength, 0));
}

SmallVector<Value *, 4> SubGroupVectorizer::getRowAddresses(Value *Ptr) {
  unsigned RowLength = S / P->RowsSpanned;
  bool Exact = true;
  SmallVector<Value *, 4> Addresses;
  for (unsigned Row = 0; Row < P->RowsSpanned; ++Row)
    Addresses.push_back(getLaneScalar(Ptr, Row * RowLength, Exact));
  // An address made of ids and uniform values holds for any lane; one that
  // depends on what a lane computed needs that lane to have run.
  auto *CM = dyn_cast<Constant>(Mask);
  if (!Exact && !(CM && CM->isAllOnesValue()))
    return {};
  return Addresses;
}

/// Sub-groups of whole rows: one access per row, at the address of the
/// row's first lane.
Value *SubGroupVectorizer::loadRows(LoadInst &L, ArrayRef<Value *> Addresses) {
  unsigned RowLength = S / P->RowsSpanned;
  auto *RowTy = FixedVectorType::get(L.getType(), RowLength);
  SmallVector<Value *, 4> Parts;
  for (auto [Row, Base] : enumerate(Addresses)) {
    Instruction *Part =
        B.CreateMaskedLoad(RowTy, Base, L.getAlign(), getRowPart(Mask, Row));
    Part->setAAMetadata(L.getAAMetadata());
    Parts.push_back(Part);
  }
  return concatenateVectors(B, Parts);
}

void SubGroupVectorizer::storeRows(StoreInst &St, ArrayRef<Value *> Addresses) {
  Value *Val = getVector(St.getValueOperand());
  for (auto [Row, Base] : enumerate(Addresses)) {
    Instruction *Part = B.CreateMaskedStore(
        getRowPart(Val, Row), Base, St.getAlign(), getRowPart(Mask, Row));
    Part->setAAMetadata(St.getAAMetadata());
  }
}

/// A load or store whose address and value are the same in every lane: one
/// scalar access, skipped when the block may run with no lane active.
void SubGroupVectorizer::emitUniformAccess(Instruction &I) {
  auto Emit = [&]() -> Value * {
    Instruction *NI = I.clone();
    for (Use &U : NI->operands())
      U.set(getScalar(U.get()));
    B.Insert(NI);
    return NI->getType()->isVoidTy() ? nullptr : NI;
  };
  // A skipped load's value is poison. Where a scalar vote lets LLVM prove
  // that no lane runs the block (in the masked copy of a versioned check
  // whose runs of lanes are aligned), it then folds whatever is addressed
  // with that value to poison, and x86 masked accesses under an all-false
  // mask at such an address take a fault assist, hundreds of cycles each
  // (Histogram, 4.7x slower): loads keep the test on the lanes' mask.
  Value *R = mayBeEmpty() ? emitGuarded(any(Mask, /*ScalarVote=*/
                                            I.getType()->isVoidTy()),
                                        I.getType(), Emit)
                          : Emit();
  if (R)
    setScalar(I, R);
}

void SubGroupVectorizer::widenLoad(LoadInst &L) {
  Value *Ptr = L.getPointerOperand();
  Type *Ty = L.getType();
  if (!isVector(&L)) {
    emitUniformAccess(L);
    return;
  }
  if (L.isSimple() && isVector(Ptr) && isPackableVector(DL, Ty)) {
    setVector(L, loadElements(L));
    return;
  }
  if (!L.isSimple() || !isPackable(DL, Ty) || !isVector(Ptr)) {
    ++NumReplicatedAccesses;
    Value *R = replicatePerLane(Mask, Ty, [&](unsigned Lane) {
      auto *NL = cast<LoadInst>(L.clone());
      NL->setOperand(0, getLane(Ptr, Lane));
      return B.Insert(NL);
    });
    setVector(L, R);
    return;
  }
  Type *VTy = getVectorType(Ty);
  if (isContiguousInRows(Ptr, Ty) && !isContiguous(Ptr, Ty))
    if (SmallVector<Value *, 4> Rows = getRowAddresses(Ptr); !Rows.empty()) {
      ++NumContiguousRows;
      setVector(L, loadRows(L, Rows));
      return;
    }
  Instruction *New;
  if (isContiguous(Ptr, Ty)) {
    ++NumContiguous;
    Value *Base = B.CreateExtractElement(getVector(Ptr), B.getInt32(0));
    New = B.CreateMaskedLoad(VTy, Base, L.getAlign(), Mask);
  } else if (Value *V = ClampedContiguousLoads && isClampedAddress(Ptr)
                            ? loadContiguousOrGather(L)
                            : nullptr) {
    ++NumClampedLoads;
    setVector(L, V);
    return;
  } else {
    ++NumGatherScatter;
    noteScatteredAccess(L, Ptr);
    New =
        B.CreateMaskedGather(VTy, getGatherAddresses(Ptr), L.getAlign(), Mask);
  }
  New->setAAMetadata(L.getAAMetadata());
  setVector(L, New);
}

/// Whether the lanes' addresses in \p Ptr pass through a minimum or maximum
/// of a value affine in the lane and a value the lanes share: a neighbour's
/// coordinate clamped to an image, contiguous in every sub-group away from
/// the clamp's bounds, which no shape can say.
bool SubGroupVectorizer::isClampedAddress(Value *Ptr) const {
  auto IsClampOf = [&](Value *A, Value *Bound) {
    sublane::Shape SA = P->Shapes->getShape(A);
    return SA.isAffine() && SA.Stride != 0 &&
           P->Shapes->getShape(Bound).isUniform();
  };
  SmallVector<Value *, 8> Work = {Ptr};
  SmallPtrSet<Value *, 16> Seen;
  while (!Work.empty() && Seen.size() < 32) {
    Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second || !P->Shapes->getShape(V).isVarying())
      continue;
    Value *X, *Y;
    if (auto *MM = dyn_cast<MinMaxIntrinsic>(V)) {
      X = MM->getLHS();
      Y = MM->getRHS();
    } else if (auto *Sel = dyn_cast<SelectInst>(V);
               Sel && isa<CmpInst>(Sel->getCondition())) {
      X = Sel->getTrueValue();
      Y = Sel->getFalseValue();
    } else {
      auto *I = dyn_cast<Instruction>(V);
      if (I && (isa<GetElementPtrInst>(I) || isa<CastInst>(I) ||
                isa<BinaryOperator>(I)))
        append_range(Work, I->operands());
      continue;
    }
    if (IsClampOf(X, Y) || IsClampOf(Y, X))
      return true;
    // The outer bound of a clamp: min(max(x, lo), hi).
    Work.push_back(X);
    Work.push_back(Y);
  }
  return false;
}

/// The distance in bytes between consecutive lanes' addresses in \p V if
/// every minimum or maximum on the way from values affine in the lane were
/// the identity, collecting those clamps: one chain of linear steps (sums
/// and products with values the lanes share, address arithmetic) from a
/// clamped affine value. A sign or zero extension is linear only where the
/// steps since the clamp cannot wrap.
std::optional<int64_t> SubGroupVectorizer::getUnclampedStride(
    Value *V, SmallVectorImpl<LaneClamp> &Clamps, bool &NoSignedWrap,
    bool &NoUnsignedWrap, unsigned Depth) const {
  sublane::Shape SV = P->Shapes->getShape(V);
  if (SV.isAffine())
    return SV.Stride;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || SV.isUniform() || Depth > 12)
    return std::nullopt;
  auto IsUniform = [&](Value *Op) {
    return P->Shapes->getShape(Op).isUniform();
  };
  if (auto *MM = dyn_cast<MinMaxIntrinsic>(I)) {
    Value *X = MM->getLHS(), *Bound = MM->getRHS();
    if (!IsUniform(Bound))
      std::swap(X, Bound);
    if (!IsUniform(Bound))
      return std::nullopt;
    std::optional<int64_t> Stride =
        getUnclampedStride(X, Clamps, NoSignedWrap, NoUnsignedWrap, Depth + 1);
    if (!Stride || *Stride == 0)
      return std::nullopt;
    // The scalar test adds the lanes' span to the first lane's value and
    // asks whether the sum came out in order: that needs the span to fit in
    // half the type's range, where a wrapped sum compares lower.
    unsigned Bits = X->getType()->getScalarSizeInBits();
    uint64_t HalfRange = uint64_t(1) << std::min(Bits - 1, 63u);
    if (S > 1 && APInt(64, *Stride, /*isSigned=*/true).abs().getZExtValue() >=
                     HalfRange / (S - 1))
      return std::nullopt;
    Clamps.push_back({MM, X, Bound, *Stride});
    // Each clamp's check keeps its lanes' values in order without wrapping,
    // in its own signedness.
    NoSignedWrap = MM->isSigned();
    NoUnsignedWrap = !MM->isSigned();
    return Stride;
  }
  // The one operand that differs between lanes.
  unsigned Varying = ~0u;
  for (auto [Idx, Op] : enumerate(I->operands())) {
    if (IsUniform(Op))
      continue;
    if (Varying != ~0u)
      return std::nullopt;
    Varying = Idx;
  }
  if (Varying == ~0u)
    return std::nullopt;
  std::optional<int64_t> Stride = getUnclampedStride(
      I->getOperand(Varying), Clamps, NoSignedWrap, NoUnsignedWrap, Depth + 1);
  if (!Stride)
    return std::nullopt;
  ConstantInt *Factor = nullptr;
  if (isa<BinaryOperator>(I))
    Factor = dyn_cast<ConstantInt>(I->getOperand(1 - Varying));
  auto KeepFlags = [&](auto *Op) {
    NoSignedWrap &= Op->hasNoSignedWrap();
    NoUnsignedWrap &= Op->hasNoUnsignedWrap();
  };
  switch (I->getOpcode()) {
  case Instruction::Add:
    KeepFlags(cast<OverflowingBinaryOperator>(I));
    return Stride;
  case Instruction::Or:
    if (!cast<PossiblyDisjointInst>(I)->isDisjoint())
      return std::nullopt;
    return Stride;
  case Instruction::Sub:
    KeepFlags(cast<OverflowingBinaryOperator>(I));
    return Varying == 0 ? *Stride : -*Stride;
  case Instruction::Mul:
    if (!Factor || Factor->getBitWidth() > 64)
      return std::nullopt;
    KeepFlags(cast<OverflowingBinaryOperator>(I));
    return *Stride * Factor->getSExtValue();
  case Instruction::Shl:
    if (Varying != 0 || !Factor || Factor->getZExtValue() > 16)
      return std::nullopt;
    KeepFlags(cast<OverflowingBinaryOperator>(I));
    return *Stride << Factor->getZExtValue();
  case Instruction::SExt:
    if (!NoSignedWrap)
      return std::nullopt;
    NoUnsignedWrap = false;
    return Stride;
  case Instruction::ZExt:
    if (!NoUnsignedWrap)
      return std::nullopt;
    NoSignedWrap = false;
    return Stride;
  case Instruction::GetElementPtr: {
    auto *GEP = cast<GetElementPtrInst>(I);
    if (Varying == 0)
      return Stride;
    gep_type_iterator GTI = gep_type_begin(GEP);
    std::advance(GTI, Varying - 1);
    if (GTI.isStruct())
      return std::nullopt;
    TypeSize Size = GTI.getSequentialElementStride(DL);
    if (Size.isScalable())
      return std::nullopt;
    return *Stride * int64_t(Size.getFixedValue());
  }
  default:
    return std::nullopt;
  }
}

/// A load whose lanes' addresses are contiguous in most sub-groups: one
/// vector load from the first lane's address when they are in this one, a
/// gather otherwise; null (a gather alone) where they never are. Where the
/// address would be contiguous with every clamp on its way the identity, the
/// sub-group asks that in scalars: the clamped value's first and last lanes lie
/// within the bound, in order. Otherwise it compares the lanes' addresses with
/// the first lane's.
Value *SubGroupVectorizer::loadContiguousOrGather(LoadInst &L) {
  Type *Ty = L.getType(), *VTy = getVectorType(Ty);
  Value *Ptr = L.getPointerOperand();
  uint64_t Size = DL.getTypeAllocSize(Ty).getFixedValue();
  SmallVector<LaneClamp, 4> Clamps;
  bool NoSignedWrap = false, NoUnsignedWrap = false;
  std::optional<int64_t> Unclamped =
      getUnclampedStride(Ptr, Clamps, NoSignedWrap, NoUnsignedWrap, 0);
  // Lanes a clamp keeps other than an element apart are never contiguous.
  if (Unclamped && *Unclamped != int64_t(Size))
    return nullptr;
  Value *Contiguous = nullptr, *First = nullptr;
  if (Unclamped) {
    bool Exact = true;
    Value *InRange = B.getTrue();
    for (const LaneClamp &Clamp : Clamps) {
      Value *X0 = getLaneScalar(Clamp.Affine, 0, Exact);
      auto *XTy = cast<IntegerType>(X0->getType());
      Value *XLast = B.CreateAdd(
          X0, ConstantInt::get(XTy, Clamp.Stride * int64_t(S - 1), true));
      Value *Bound = getScalar(Clamp.Bound);
      bool Signed = Clamp.MM->isSigned();
      bool IsMax = Clamp.MM->getIntrinsicID() == Intrinsic::smax ||
                   Clamp.MM->getIntrinsicID() == Intrinsic::umax;
      // The identity for x >= bound (a maximum) or x <= bound (a minimum).
      CmpInst::Predicate Keeps =
          IsMax ? (Signed ? CmpInst::ICMP_SGE : CmpInst::ICMP_UGE)
                : (Signed ? CmpInst::ICMP_SLE : CmpInst::ICMP_ULE);
      CmpInst::Predicate InOrder =
          Clamp.Stride > 0 ? (Signed ? CmpInst::ICMP_SGE : CmpInst::ICMP_UGE)
                           : (Signed ? CmpInst::ICMP_SLE : CmpInst::ICMP_ULE);
      InRange = B.CreateAnd({InRange, B.CreateICmp(Keeps, X0, Bound),
                             B.CreateICmp(Keeps, XLast, Bound),
                             B.CreateICmp(InOrder, XLast, X0)});
    }
    First = getLaneScalar(Ptr, 0, Exact);
    if (Exact)
      Contiguous = InRange;
  }
  Value *Addresses = nullptr;
  if (!Contiguous) {
    Addresses = getGatherAddresses(Ptr);
    Type *IntPtrTy = DL.getIntPtrType(Addresses->getType());
    Value *Offsets = B.CreatePtrToInt(Addresses, IntPtrTy);
    First = B.CreateExtractElement(Addresses, B.getInt32(0));
    Value *FirstOffset = B.CreateExtractElement(Offsets, B.getInt32(0));
    SmallVector<Constant *, 64> Expected;
    for (unsigned Lane = 0; Lane < S; ++Lane)
      Expected.push_back(
          ConstantInt::get(IntPtrTy->getScalarType(), Lane * Size));
    Value *InPlace = B.CreateICmpEQ(B.CreateSub(Offsets, splat(FirstOffset)),
                                    ConstantVector::get(Expected));
    // Inactive lanes' addresses may be anything; a masked load ignores them.
    Contiguous = B.CreateAndReduce(B.CreateOr(InPlace, B.CreateNot(Mask)));
  }
  BasicBlock *From = B.GetInsertBlock();
  BasicBlock *Whole = BasicBlock::Create(C, From->getName() + ".vload", &K);
  BasicBlock *Scattered =
      BasicBlock::Create(C, From->getName() + ".gather", &K);
  BasicBlock *Join = BasicBlock::Create(C, From->getName() + ".loaded", &K);
  B.CreateCondBr(Contiguous, Whole, Scattered);
  B.SetInsertPoint(Whole);
  Instruction *Vector = B.CreateMaskedLoad(VTy, First, L.getAlign(), Mask);
  Vector->setAAMetadata(L.getAAMetadata());
  B.CreateBr(Join);
  B.SetInsertPoint(Scattered);
  if (!Addresses)
    Addresses = getGatherAddresses(Ptr);
  Instruction *Gathered =
      B.CreateMaskedGather(VTy, Addresses, L.getAlign(), Mask);
  Gathered->setAAMetadata(L.getAAMetadata());
  B.CreateBr(Join);
  B.SetInsertPoint(Join);
  PHINode *Phi = B.CreatePHI(VTy, 2);
  Phi->addIncoming(Vector, Whole);
  Phi->addIncoming(Gathered, Scattered);
  return Phi;
}

void SubGroupVectorizer::widenStore(StoreInst &St) {
  Value *Val = St.getValueOperand(), *Ptr = St.getPointerOperand();
  if (!isVector(Val) && !isVector(Ptr)) {
    emitUniformAccess(St);
    return;
  }
  Type *Ty = Val->getType();
  if (St.isSimple() && isPackableVector(DL, Ty)) {
    storeElements(St);
    return;
  }
  if (!St.isSimple() || !isPackable(DL, Ty)) {
    ++NumReplicatedAccesses;
    replicatePerLane(Mask, B.getVoidTy(), [&](unsigned Lane) -> Value * {
      auto *NS = cast<StoreInst>(St.clone());
      NS->setOperand(0, getLane(Val, Lane));
      NS->setOperand(1, getLane(Ptr, Lane));
      B.Insert(NS);
      return nullptr;
    });
    return;
  }
  if (isVector(Ptr) && isContiguousInRows(Ptr, Ty) && !isContiguous(Ptr, Ty))
    if (SmallVector<Value *, 4> Rows = getRowAddresses(Ptr); !Rows.empty()) {
      ++NumContiguousRows;
      storeRows(St, Rows);
      return;
    }
  if (!isVector(Ptr) ||
      (P->RowsSpanned && P->RowShapes->getShape(Ptr).isUniform())) {
    storeLastActive(St);
    return;
  }
  Instruction *New;
  if (isVector(Ptr) && isContiguous(Ptr, Ty)) {
    ++NumContiguous;
    Value *Base = B.CreateExtractElement(getVector(Ptr), B.getInt32(0));
    New = B.CreateMaskedStore(getVector(Val), Base, St.getAlign(), Mask);
  } else {
    // Lanes storing to one address: the scatter writes them in lane order,
    // so the last active lane's value stays.
    ++NumGatherScatter;
    noteScatteredAccess(St, Ptr);
    New = B.CreateMaskedScatter(getVector(Val), getGatherAddresses(Ptr),
                                St.getAlign(), Mask);
  }
  New->setAAMetadata(St.getAAMetadata());
}

/// The constant distance in bytes between consecutive lanes' addresses in
/// \p Ptr, if there is one: from its shape, or for an address in a private
/// variable at an offset that is the same in every lane, the size of one
/// lane's copy.
std::optional<int64_t> SubGroupVectorizer::getLaneStride(Value *Ptr) const {
  sublane::Shape PS = P->Shapes->getShape(Ptr);
  if (PS.isAffine())
    return PS.Stride;
  Value *V = Ptr;
  while (auto *GEP = dyn_cast<GetElementPtrInst>(V)) {
    if (any_of(GEP->indices(), [&](Value *Idx) { return isVector(Idx); }))
      return std::nullopt;
    V = GEP->getPointerOperand();
  }
  if (auto *AI = dyn_cast<AllocaInst>(V))
    if (auto It = PrivateCopySize.find(AI); It != PrivateCopySize.end())
      return int64_t(It->second);
  return std::nullopt;
}

/// Records a gather or scatter of the copy for full sub-groups within a
/// row, once per place in the source: there, it costs what a vector access
/// would not, and the user may be able to change the indexing.
void SubGroupVectorizer::noteScatteredAccess(Instruction &I, Value *Ptr) {
  if (P != &Rows || I.hasMetadata(md::RowTileRemainder))
    return;
  DebugLoc Loc = getUserDebugLoc(&I);
  bool IsStore = isa<StoreInst>(I);
  // Unrolled and versioned copies of an access differ in discriminator.
  auto Same = [&](const ScatteredAccess &A) {
    return A.IsStore == IsStore && A.Loc && A.Loc.getLine() == Loc.getLine() &&
           A.Loc.getCol() == Loc.getCol() &&
           A.Loc->getFilename() == Loc->getFilename();
  };
  if (Loc && any_of(ScatteredAccesses, Same))
    return;
  ScatteredAccesses.push_back({Loc, IsStore, getLaneStride(Ptr)});
}

/// The lanes' addresses of \p Ptr, \p Offset bytes on, for a gather or a
/// scatter. Lanes a constant stride apart are the first lane's address plus
/// constant 32-bit offsets, which x86 gathers take in one instruction per
/// vector of 32-bit elements where 64-bit addresses need two.
Value *SubGroupVectorizer::getGatherAddresses(Value *Ptr, uint64_t Offset) {
  constexpr int64_t Limit = int64_t(1) << 31;
  auto FitsIn32Bits = [&](int64_t Stride) {
    return Stride != 0 && std::abs(Stride) < Limit &&
           int64_t(S - 1) * std::abs(Stride) + int64_t(Offset) < Limit;
  };
  std::optional<int64_t> Stride = getLaneStride(Ptr);
  if (NarrowGatherOffsets && Stride && FitsIn32Bits(*Stride)) {
    ++NumNarrowOffsets;
    SmallVector<Constant *, 64> Offsets;
    for (unsigned Lane = 0; Lane < S; ++Lane)
      Offsets.push_back(B.getInt32(int32_t(Lane * *Stride + Offset)));
    Value *Base = B.CreateExtractElement(getVector(Ptr), B.getInt32(0));
    return B.CreateGEP(B.getInt8Ty(), Base, ConstantVector::get(Offsets));
  }
  // Lanes a uniform run-time stride apart (a column of a local tile whose
  // row length the accessor holds): the first lane's address computed in
  // scalars, plus the lanes' multiples of the stride, which the loops over
  // sub-groups compute once, in place of every lane's address arithmetic.
  if (UniformStrideGathers && !Stride)
    if (Value *Step = getUniformLaneStride(Ptr)) {
      bool Exact = true;
      Value *Base = getLaneScalar(Ptr, 0, Exact);
      if (Exact) {
        ++NumUniformStrides;
        Type *I64 = B.getInt64Ty();
        Value *Offsets = B.CreateMul(getLaneIds(I64), splat(Step));
        if (Offset)
          Offsets = B.CreateAdd(Offsets, splat(B.getInt64(Offset)));
        return B.CreateGEP(B.getInt8Ty(), Base, Offsets);
      }
    }
  Value *Ptrs = getVector(Ptr);
  return Offset ? B.CreateGEP(B.getInt8Ty(), Ptrs, B.getInt64(Offset)) : Ptrs;
}

/// Emits the stride's scalar arithmetic as it goes: where a later operand
/// fails, what was built is dead, and goes with the InstCombine that runs on
/// the vectorized body.
Value *SubGroupVectorizer::getUniformLaneStride(Value *V, unsigned Depth) {
  Type *Ty = V->getType()->isPointerTy() ? B.getInt64Ty() : V->getType();
  if (!Ty->isIntegerTy() || Depth > 8)
    return nullptr;
  sublane::Shape VS = P->Shapes->getShape(V);
  if (VS.isUniform() || !isVector(V))
    return ConstantInt::get(Ty, 0);
  if (VS.isAffine())
    return ConstantInt::get(Ty, VS.Stride);
  auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return nullptr;
  // Sums, differences, products with uniform values and shifts by constants
  // keep the lanes evenly spaced, modulo 2^N like the values themselves;
  // an extension would not where the narrow values wrap.
  if (auto *GEP = dyn_cast<GetElementPtrInst>(I)) {
    if (GEP->getType()->isVectorTy())
      return nullptr;
    Value *Step = getUniformLaneStride(GEP->getPointerOperand(), Depth + 1);
    for (gep_type_iterator GTI = gep_type_begin(GEP), E = gep_type_end(GEP);
         Step && GTI != E; ++GTI) {
      Value *Idx = GTI.getOperand();
      if (!isVector(Idx))
        continue;
      if (GTI.isStruct() || !Idx->getType()->isIntegerTy(64) ||
          GTI.getSequentialElementStride(DL).isScalable())
        return nullptr;
      Value *IdxStep = getUniformLaneStride(Idx, Depth + 1);
      if (!IdxStep)
        return nullptr;
      uint64_t Size = GTI.getSequentialElementStride(DL).getFixedValue();
      Step = B.CreateAdd(Step, B.CreateMul(IdxStep, B.getInt64(Size)));
    }
    return Step;
  }
  auto *BO = dyn_cast<BinaryOperator>(I);
  if (!BO)
    return nullptr;
  Value *A = BO->getOperand(0), *C = BO->getOperand(1);
  unsigned Opcode = BO->getOpcode();
  // A disjoint `or` is a sum.
  if (Opcode == Instruction::Or && cast<PossiblyDisjointInst>(BO)->isDisjoint())
    Opcode = Instruction::Add;
  switch (Opcode) {
  case Instruction::Add:
  case Instruction::Sub: {
    Value *SA = getUniformLaneStride(A, Depth + 1);
    Value *SC = SA ? getUniformLaneStride(C, Depth + 1) : nullptr;
    if (!SC)
      return nullptr;
    return Opcode == Instruction::Add ? B.CreateAdd(SA, SC)
                                      : B.CreateSub(SA, SC);
  }
  case Instruction::Mul:
    if (isVector(A) && isVector(C))
      return nullptr;
    if (isVector(C))
      std::swap(A, C);
    if (Value *SA = getUniformLaneStride(A, Depth + 1))
      return B.CreateMul(SA, getScalar(C));
    return nullptr;
  case Instruction::Shl:
    if (auto *Amount = dyn_cast<ConstantInt>(C);
        Amount && Amount->getValue().ult(Ty->getIntegerBitWidth()))
      if (Value *SA = getUniformLaneStride(A, Depth + 1))
        return B.CreateShl(SA, Amount);
    return nullptr;
  default:
    return nullptr;
  }
}

/// The first or last lane of \p LaneMask that is set, as an i32; an empty
/// mask gives some valid lane rather than poison.
Value *SubGroupVectorizer::getEndActiveLane(Value *LaneMask, bool Last) {
  unsigned N = cast<FixedVectorType>(LaneMask->getType())->getNumElements();
  if (auto *CM = dyn_cast<Constant>(LaneMask); CM && CM->isAllOnesValue())
    return B.getInt32(Last ? N - 1 : 0);
  Value *Bits = B.CreateBitCast(LaneMask, B.getIntNTy(N));
  Value *Lane = B.CreateBinaryIntrinsic(
      Last ? Intrinsic::ctlz : Intrinsic::cttz, Bits, B.getFalse());
  if (Last)
    Lane = B.CreateSub(ConstantInt::get(Bits->getType(), N - 1), Lane);
  Lane = B.CreateAnd(Lane, ConstantInt::get(Bits->getType(), N - 1));
  return B.CreateZExtOrTrunc(Lane, B.getInt32Ty());
}

/// Lanes storing to one address (the whole sub-group's, or one per row of a
/// sub-group of whole rows): the last active lane's value is what a scatter
/// in lane order leaves there, so only that lane stores, as a scalar.
void SubGroupVectorizer::storeLastActive(StoreInst &St) {
  ++NumLastLaneStores;
  Value *Val = getVector(St.getValueOperand());
  Value *Ptr = St.getPointerOperand();
  unsigned Rows = isVector(Ptr) ? P->RowsSpanned : 1;
  Value *Ptrs = isVector(Ptr) ? getVector(Ptr) : nullptr;
  for (unsigned Row = 0; Row < Rows; ++Row) {
    Value *RowMask = Rows == 1 ? Mask : getRowPart(Mask, Row);
    auto Emit = [&]() -> Value * {
      Value *Lane = getLastActiveLane(RowMask);
      if (Rows > 1)
        Lane = B.CreateAdd(Lane, B.getInt32(Row * (S / Rows)));
      Value *Base = Ptrs ? B.CreateExtractElement(Ptrs, Lane) : getScalar(Ptr);
      auto *New = cast<StoreInst>(St.clone());
      New->setOperand(0, B.CreateExtractElement(Val, Lane));
      New->setOperand(1, Base);
      B.Insert(New);
      return nullptr;
    };
    auto *CM = dyn_cast<Constant>(RowMask);
    if (CM && CM->isAllOnesValue())
      Emit();
    else
      emitGuarded(any(RowMask), B.getVoidTy(), Emit);
  }
}

/// Each lane's vector: one wide load when the lanes' vectors lie side by
/// side (then rearranged element-major), else a gather per element.
Value *SubGroupVectorizer::loadElements(LoadInst &L) {
  auto *VT = cast<FixedVectorType>(L.getType());
  unsigned N = VT->getNumElements();
  Type *WideTy = getVectorType(VT);
  Value *Ptrs = getVector(L.getPointerOperand());
  if (isContiguousVector(*P->Shapes, DL, L.getPointerOperand(), VT)) {
    ++NumContiguous;
    Value *Base = B.CreateExtractElement(Ptrs, B.getInt32(0));
    Value *LaneMajorMask = toLaneMajor(expandMask(Mask, WideTy), N);
    Instruction *New =
        B.CreateMaskedLoad(WideTy, Base, L.getAlign(), LaneMajorMask);
    New->setAAMetadata(L.getAAMetadata());
    return toElementMajor(New, N);
  }
  if (TransposeLaneVectors && isPowerOf2_32(N) && isPowerOf2_32(S))
    return loadLaneVectorsTransposed(L);
  ++NumGatherScatter;
  uint64_t Size = DL.getTypeAllocSize(VT->getElementType());
  SmallVector<Value *, 16> Elements;
  for (unsigned E = 0; E < N; ++E) {
    Value *At = getGatherAddresses(L.getPointerOperand(), E * Size);
    Instruction *Gather =
        B.CreateMaskedGather(getVectorType(VT->getElementType()), At,
                             commonAlignment(L.getAlign(), E * Size), Mask);
    Gather->setAAMetadata(L.getAAMetadata());
    Elements.push_back(Gather);
  }
  return N == 1 ? Elements.front() : concatenateVectors(B, Elements);
}

/// Transposes the square matrix whose rows are \p Rows (Q vectors of Q
/// elements, \p LaneElements of them to a 128-bit lane of a register) in
/// log2(Q) rounds of two-input shuffles that x86 does in one instruction
/// each: first the rows' elements interleaved pairwise within each 128-bit
/// lane (`unpcklps`), then blocks of 2, 4, ... elements of rows 2, 4, ...
/// apart taken in turns (`unpcklpd`, `vperm2f128`). Every result is a whole
/// column in row order; which column each is comes from running the same
/// rounds on the elements' column numbers. Returns the columns in order.
static SmallVector<Value *, 16>
transposeSquare(IRBuilder<> &B, ArrayRef<Value *> Rows, unsigned LaneElements) {
  unsigned Q = Rows.size(), L = std::min(Q, std::max(2u, LaneElements));
  using Shuffle = SmallVector<int, 16>;
  // Each round makes two results from rows A and B (elements of B numbered
  // from Q), by the masks of the first and the second.
  auto ZipInLanes = [&](bool High) {
    Shuffle M;
    for (unsigned Lane = 0; Lane < Q; Lane += L)
      for (unsigned I = 0; I < L / 2; ++I) {
        int At = int(Lane + (High ? L / 2 : 0) + I);
        M.append({At, At + int(Q)});
      }
    return M;
  };
  auto Turns = [&](unsigned G, bool Second) {
    Shuffle M;
    for (unsigned Block = 0; Block < Q; Block += 2 * G) {
      for (unsigned I = 0; I < G; ++I)
        M.push_back(int(Block + (Second ? G : 0) + I));
      for (unsigned I = 0; I < G; ++I)
        M.push_back(int(Q + Block + (Second ? G : 0) + I));
    }
    return M;
  };
  SmallVector<Value *, 16> V(Rows);
  // The column number of each element of each vector.
  SmallVector<Shuffle, 16> Columns(Q);
  for (Shuffle &C : Columns)
    for (unsigned I = 0; I < Q; ++I)
      C.push_back(int(I));
  auto Round = [&](unsigned First, unsigned Second, const Shuffle &Low,
                   const Shuffle &High, SmallVectorImpl<Value *> &NewV,
                   SmallVectorImpl<Shuffle> &NewColumns) {
    auto Apply = [&](const Shuffle &M) {
      Shuffle C;
      for (int I : M)
        C.push_back(I < int(Q) ? Columns[First][I] : Columns[Second][I - Q]);
      return C;
    };
    NewV[First] = B.CreateShuffleVector(V[First], V[Second], Low);
    NewV[Second] = B.CreateShuffleVector(V[First], V[Second], High);
    NewColumns[First] = Apply(Low);
    NewColumns[Second] = Apply(High);
  };
  for (unsigned G = 1; G < Q; G *= 2) {
    SmallVector<Value *, 16> NewV(Q);
    SmallVector<Shuffle, 16> NewColumns(Q);
    for (unsigned M = 0; M < Q; ++M)
      if (!(M & G)) {
        if (G == 1)
          Round(M, M + 1, ZipInLanes(false), ZipInLanes(true), NewV,
                NewColumns);
        else
          Round(M, M + G, Turns(G, false), Turns(G, true), NewV, NewColumns);
      }
    V = std::move(NewV);
    Columns = std::move(NewColumns);
  }
  SmallVector<Value *, 16> Ordered(Q);
  for (unsigned I = 0; I < Q; ++I)
    Ordered[Columns[I].front()] = V[I];
  return Ordered;
}

/// Lanes' vectors from scattered addresses: each lane's vector is still one
/// load of consecutive elements, and the transpose into element-major order
/// is shuffles in registers, squares of min(S, N) at a time. A gather per
/// element costs a scalar load per lane on cores without fast gathers.
///
/// Where the mask may be partial, inactive lanes read a stack slot of the
/// vector's type instead of their own address (one select on the vector of
/// addresses), so every lane's load is a plain one. A masked load per lane
/// would be a branch per element on targets without masked loads (SSE): at
/// 64 lanes, thousands of blocks per kernel, whose register allocation took
/// most of a minute for one 3x3 median filter of float4 pixels.
Value *SubGroupVectorizer::loadLaneVectorsTransposed(LoadInst &L) {
  ++NumTransposedLoads;
  auto *VT = cast<FixedVectorType>(L.getType());
  unsigned N = VT->getNumElements(), Q = std::min(S, N);
  auto *CM = dyn_cast<Constant>(Mask);
  bool AllLanes = CM && CM->isAllOnesValue();
  Value *Ptrs = getVector(L.getPointerOperand());
  if (!AllLanes) {
    AllocaInst *Idle =
        createLaneSlot(*NewEntry, VT->getElementType(), N, "idle.lane");
    Idle->setAlignment(std::max(Idle->getAlign(), L.getAlign()));
    Ptrs = B.CreateSelect(Mask, Ptrs, splat(Idle), "lane.ptrs");
  }
  SmallVector<Value *, 64> LaneVectors;
  for (unsigned Lane = 0; Lane < S; ++Lane) {
    Value *Ptr = B.CreateExtractElement(Ptrs, B.getInt32(Lane));
    Instruction *Load = B.CreateAlignedLoad(VT, Ptr, L.getAlign());
    Load->setAAMetadata(L.getAAMetadata());
    LaneVectors.push_back(Load);
  }
  // Element E of lanes G*Q .. G*Q+Q-1, per lane group G.
  SmallVector<SmallVector<Value *, 4>, 16> Columns(N);
  for (unsigned G = 0; G < S / Q; ++G)
    for (unsigned Chunk = 0; Chunk < N / Q; ++Chunk) {
      SmallVector<Value *, 16> Rows;
      for (unsigned I = 0; I < Q; ++I) {
        Value *Row = LaneVectors[G * Q + I];
        Rows.push_back(Q == N
                           ? Row
                           : B.CreateShuffleVector(
                                 Row, createSequentialMask(Chunk * Q, Q, 0)));
      }
      unsigned LaneElements =
          16 / unsigned(DL.getTypeAllocSize(VT->getElementType()));
      for (auto [I, Column] : enumerate(transposeSquare(B, Rows, LaneElements)))
        Columns[Chunk * Q + I].push_back(Column);
    }
  SmallVector<Value *, 16> Elements;
  for (ArrayRef<Value *> Parts : Columns)
    Elements.push_back(Parts.size() == 1 ? Parts.front()
                                         : concatenateVectors(B, Parts));
  Value *Wide = concatenateVectors(B, Elements);
  ElementParts[Wide] = Elements;
  return Wide;
}

/// Each lane's vector: one wide store when the lanes' vectors lie side by
/// side, else a scatter per element (lanes storing to one address: the last
/// active lane's elements stay, as for scalars).
void SubGroupVectorizer::storeElements(StoreInst &St) {
  auto *VT = cast<FixedVectorType>(St.getValueOperand()->getType());
  unsigned N = VT->getNumElements();
  Type *WideTy = getVectorType(VT);
  Value *Val = getVector(St.getValueOperand());
  Value *Ptr = St.getPointerOperand();
  Value *Ptrs = getVector(Ptr);
  if (isVector(Ptr) && isContiguousVector(*P->Shapes, DL, Ptr, VT)) {
    ++NumContiguous;
    Value *Base = B.CreateExtractElement(Ptrs, B.getInt32(0));
    Value *LaneMajorMask = toLaneMajor(expandMask(Mask, WideTy), N);
    Instruction *New = B.CreateMaskedStore(toLaneMajor(Val, N), Base,
                                           St.getAlign(), LaneMajorMask);
    New->setAAMetadata(St.getAAMetadata());
    return;
  }
  ++NumGatherScatter;
  uint64_t Size = DL.getTypeAllocSize(VT->getElementType());
  for (unsigned E = 0; E < N; ++E) {
    Value *At = getGatherAddresses(Ptr, E * Size);
    Instruction *Scatter =
        B.CreateMaskedScatter(getElementLanes(Val, E), At,
                              commonAlignment(St.getAlign(), E * Size), Mask);
    Scatter->setAAMetadata(St.getAAMetadata());
  }
}

/// An atomic read-modify-write on one address for the whole sub-group whose
/// old value nobody reads: one atomic with the active lanes' operands
/// combined. Floating-point sums are combined in any order, as the order of
/// the lanes' atomic updates is not defined either.
bool SubGroupVectorizer::combineUniformAtomic(AtomicRMWInst &RMW) {
  if (RMW.getType()->isVectorTy())
    return false;
  auto Kind = getAtomicCombiningKind(RMW.getOperation(), RMW.getType());
  if (!Kind || !RMW.use_empty() || RMW.isVolatile() ||
      isVector(RMW.getPointerOperand()))
    return false;
  ++NumCombinedAtomics;
  auto [RK, Identity] = *Kind;
  Value *Val = RMW.getValOperand();
  bool Idempotent =
      RK != RecurKind::Add && RK != RecurKind::Xor && RK != RecurKind::FAdd;
  Value *Combined;
  if (!isVector(Val) && Idempotent) {
    Combined = getScalar(Val);
  } else if (!isVector(Val) && RK == RecurKind::Add) {
    Value *Count = B.CreateUnaryIntrinsic(
        Intrinsic::ctpop, B.CreateBitCast(Mask, B.getIntNTy(S)));
    Combined =
        B.CreateMul(getScalar(Val), B.CreateZExtOrTrunc(Count, Val->getType()));
  } else {
    IRBuilderBase::FastMathFlagGuard Guard(B);
    FastMathFlags FMF;
    FMF.setAllowReassoc();
    B.setFastMathFlags(FMF);
    Value *Active = B.CreateSelect(Mask, getVector(Val), splat(Identity));
    Combined = createSimpleTargetReduction(B, Active, RK);
  }
  // Skipped when no lane is active (any() folds to true for a full mask).
  emitGuarded(any(Mask), Type::getVoidTy(C), [&]() -> Value * {
    auto *NI = cast<AtomicRMWInst>(RMW.clone());
    NI->setOperand(0, getScalar(RMW.getPointerOperand()));
    NI->setOperand(1, Combined);
    B.Insert(NI);
    return nullptr;
  });
  return true;
}

/// The object \p Ptr, or lane 0 of a vector of addresses, points into.
static Value *getAccessedObject(Value *Ptr) {
  // A vector access's base is lane 0 of the lanes' addresses: through the
  // extract, the vector GEP (which getUnderlyingObject leaves alone) and the
  // splat of a uniform part to the scalar they came from.
  for (Value *V = Ptr;;) {
    V = getUnderlyingObject(V, /*MaxLookup=*/0);
    if (auto *GEP = dyn_cast<GEPOperator>(V)) {
      V = GEP->getPointerOperand();
    } else if (auto *Extract = dyn_cast<ExtractElementInst>(V)) {
      V = Extract->getVectorOperand();
    } else if (Value *Splatted = getSplatValue(V)) {
      V = Splatted;
    } else {
      return V;
    }
  }
}

Value *getLocalMemory(Value *Ptr) {
  Value *Object = getAccessedObject(Ptr);
  BuiltinKind Kind = getBuiltinKind(Object);
  return Kind == BuiltinKind::LocalMem || Kind == BuiltinKind::GroupLocalAlloc
             ? Object
             : nullptr;
}

AllocaInst *getSubGroupArray(Value *Ptr) {
  auto *AI = dyn_cast<AllocaInst>(getAccessedObject(Ptr));
  return AI && AI->hasMetadata(md::SubGroupArray) ? AI : nullptr;
}

void SubGroupVectorizer::widenAtomic(Instruction &I) {
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    if (combineUniformAtomic(*RMW))
      return;
  ++NumReplicatedAccesses;
  // On local memory an atomic can be a plain read-modify-write: the lanes
  // still run one after another, in lane order, but without a locked
  // instruction each (`lit-tests/wfv/atomic-local-memory.ll`).
  auto *RMWI = dyn_cast<AtomicRMWInst>(&I);
  Value *Ptr = RMWI ? RMWI->getPointerOperand()
                    : cast<AtomicCmpXchgInst>(I).getPointerOperand();
  // Above 16 lanes the plain form ran 2-3x slower than locked atomics on
  // Zen 4 (a local histogram, docs/performance.md), where it ran
  // 1.8-2.2x faster at 8 and 16 lanes: the loads of later lanes, issued
  // ahead of earlier lanes' stores to the same bin, presumably replay.
  constexpr unsigned MaxPlainLanes = 16;
  bool Plain = LocalAtomicsPlain && S <= MaxPlainLanes && !I.isVolatile() &&
               getLocalMemory(Ptr);
  if (Plain)
    ++NumPlainLocalAtomics;
  SmallVector<Instruction *> PlainLanes;
  auto EmitLane = [&](unsigned Lane) -> Instruction * {
    Instruction *NI = I.clone();
    for (Use &U : NI->operands())
      U.set(getLane(U.get(), Lane));
    if (Plain)
      PlainLanes.push_back(NI);
    return B.Insert(NI);
  };
  // Each lane's copy becomes a load, the operation and a store where it
  // stands, once its result has its uses. The load and store are marked: in
  // the loop over sub-groups they depend on other sub-groups' updates of the
  // same address (difftest seed 49393: LLVM interleaved that loop and lost
  // updates).
  MDNode *PlainMark = MDNode::get(C, {});
  auto LowerPlainLanes = [&] {
    for (Instruction *NI : PlainLanes) {
      BasicBlock *BB = NI->getParent();
      Instruction *Prev = NI->getPrevNode(), *Next = NI->getNextNode();
      if (auto *RMW = dyn_cast<AtomicRMWInst>(NI))
        lowerAtomicRMWInst(RMW);
      else
        lowerAtomicCmpXchgInst(cast<AtomicCmpXchgInst>(NI));
      auto It = Prev ? std::next(Prev->getIterator()) : BB->begin();
      auto End = Next ? Next->getIterator() : BB->end();
      for (Instruction &Emitted : make_range(It, End))
        if (isa<LoadInst>(Emitted) || isa<StoreInst>(Emitted))
          Emitted.setMetadata(md::PlainAtomic, PlainMark);
    }
  };
  Value *R = replicatePerLane(Mask, I.getType(),
                              [&](unsigned Lane) { return EmitLane(Lane); });
  LowerPlainLanes();
  if (isVector(&I))
    setVector(I, R);
}

/// A private variable: one copy per lane side by side, each lane's address
/// in a vector of pointers.
void SubGroupVectorizer::widenAlloca(AllocaInst &AI) {
  if (AI.hasMetadata(md::ElementMajor)) {
    // Already the sub-group's (ElementMajorPrivates.cpp): one copy.
    IRBuilder<> EB(NewEntry, NewEntry->begin());
    auto *Whole = cast<AllocaInst>(EB.Insert(AI.clone(), AI.getName()));
    // Work-group CBS sees each sub-group's body as a work-item's, whose
    // private variables are its own, as this one now is.
    Whole->setMetadata(md::ElementMajor, nullptr);
    Whole->setMetadata(md::SubGroupArray, MDNode::get(C, {}));
    setScalar(AI, Whole);
    return;
  }
  Type *Ty = AI.getAllocatedType();
  if (AI.isArrayAllocation())
    Ty = ArrayType::get(Ty,
                        cast<ConstantInt>(AI.getArraySize())->getZExtValue());
  IRBuilder<> EB(NewEntry, NewEntry->begin());
  auto *Copies =
      EB.CreateAlloca(ArrayType::get(Ty, S), nullptr, AI.getName() + ".lanes");
  Copies->setAlignment(AI.getAlign());
  // Each copy keeps the variable's alignment.
  uint64_t Size = alignTo(DL.getTypeAllocSize(Ty), AI.getAlign());
  if (Size != DL.getTypeAllocSize(Ty)) {
    Copies->setAllocatedType(ArrayType::get(B.getInt8Ty(), Size * S));
    Ty = ArrayType::get(B.getInt8Ty(), Size);
  }
  Value *Ptrs = B.CreateGEP(Ty, Copies, getLaneIds(B.getInt64Ty()));
  PrivateCopySize[&AI] = Size;
  setVector(AI, Ptrs);
}

/// Lane \p Lane of the mask \p Mask. At a lane known only at run time, as a
/// bit of the mask's integer: an extract at a variable index goes through
/// the stack (a store of the whole mask, then a byte load of the lane).
Value *testMaskLane(IRBuilderBase &B, Value *Mask, Value *Lane) {
  auto *MaskTy = cast<FixedVectorType>(Mask->getType());
  if (isa<Constant>(Lane) || !MaskTy->getElementType()->isIntegerTy(1))
    return B.CreateExtractElement(Mask, Lane);
  Type *Bits = B.getIntNTy(MaskTy->getNumElements());
  Value *Shifted = B.CreateLShr(B.CreateBitCast(Mask, Bits),
                                B.CreateZExtOrTrunc(Lane, Bits));
  return B.CreateTrunc(Shifted, B.getInt1Ty());
}

/// A masked load or gather whose only reader takes one lane (the value a
/// uniform-address store keeps, a lane's operand of a replicated call),
/// directly or through blends, becomes one scalar load of that lane under
/// the lane's mask bit. A halo
/// element that one lane of a row loads would otherwise load the whole
/// vector, masked, and go through the stack to pick the lane.
/// The scalar load reads where the access read: the reader may come after a
/// store to the same address (`v = out[i]; out[i] = 0;` and a broadcast of
/// v). Where the lane is known only after the access, it reads at the reader,
/// if nothing between the two writes memory.
bool scalarizeLaneReads(Function &K) {
  const DataLayout &DL = K.getDataLayout();
  bool Changed = false;
  SmallVector<ExtractElementInst *> Worklist, Reads;
  for (BasicBlock &BB : K)
    for (Instruction &I : BB)
      if (auto *EE = dyn_cast<ExtractElementInst>(&I))
        Worklist.push_back(EE);
  // A lane of a blend is the blend of that lane's operands: a load that
  // only some lanes run (a bounds check around it) reaches the store
  // through one.
  while (!Worklist.empty()) {
    ExtractElementInst *EE = Worklist.pop_back_val();
    auto *V = dyn_cast<Instruction>(EE->getVectorOperand());
    if (!V || !V->hasOneUse())
      continue;
    if (auto *II = dyn_cast<IntrinsicInst>(V);
        II && (II->getIntrinsicID() == Intrinsic::masked_load ||
               II->getIntrinsicID() == Intrinsic::masked_gather)) {
      Reads.push_back(EE);
      continue;
    }
    // Through blends only: a lane of other arithmetic is as cheap to take
    // from its vector.
    if (!isa<SelectInst>(V))
      continue;
    IRBuilder<> IB(EE);
    Value *Lane = EE->getIndexOperand();
    Instruction *Scalar = V->clone();
    Scalar->mutateType(EE->getType());
    SmallVector<ExtractElementInst *, 3> Parts;
    for (Use &Op : Scalar->operands()) {
      if (!Op->getType()->isVectorTy())
        continue; // a select's scalar condition
      Value *Part = IB.CreateExtractElement(Op.get(), Lane);
      Op.set(Part);
      if (auto *PartEE = dyn_cast<ExtractElementInst>(Part))
        Parts.push_back(PartEE);
    }
    IB.Insert(Scalar, EE->getName());
    EE->replaceAllUsesWith(Scalar);
    EE->eraseFromParent();
    V->eraseFromParent();
    Changed = true;
    append_range(Worklist, Parts);
  }
  DominatorTree DT(K);
  // On every path from the access, which dominates the reader, to it.
  auto NoWriteBetween = [](Instruction *From, Instruction *To) {
    auto Writes = [](BasicBlock::iterator Begin, BasicBlock::iterator End) {
      return any_of(make_range(Begin, End),
                    [](Instruction &I) { return I.mayWriteToMemory(); });
    };
    BasicBlock *Start = From->getParent(), *End = To->getParent();
    if (Start == End)
      return !Writes(std::next(From->getIterator()), To->getIterator());
    if (Writes(std::next(From->getIterator()), Start->end()) ||
        Writes(End->begin(), To->getIterator()))
      return false;
    // The reader's block is seen again only round a loop, all of it then.
    SmallPtrSet<BasicBlock *, 16> Seen = {Start};
    SmallVector<BasicBlock *, 16> Work(predecessors(End));
    while (!Work.empty()) {
      BasicBlock *BB = Work.pop_back_val();
      if (!Seen.insert(BB).second)
        continue;
      if (Seen.size() > 64 || Writes(BB->begin(), BB->end()))
        return false;
      append_range(Work, predecessors(BB));
    }
    return true;
  };
  SmallVector<std::pair<ExtractElementInst *, Instruction *>> Placed;
  for (ExtractElementInst *EE : Reads) {
    auto *Access = cast<IntrinsicInst>(EE->getVectorOperand());
    auto *LaneDef = dyn_cast<Instruction>(EE->getIndexOperand());
    if (!LaneDef || DT.dominates(LaneDef, Access))
      Placed.push_back({EE, Access});
    else if (NoWriteBetween(Access, EE))
      Placed.push_back({EE, EE});
  }
  for (auto [EE, ReadAt] : Placed) {
    auto *Access = cast<IntrinsicInst>(EE->getVectorOperand());
    // masked.load(ptr, align, mask, passthru) and
    // masked.gather(ptrs, align, mask, passthru) alike.
    Value *Lane = EE->getIndexOperand();
    Type *ElemTy = EE->getType();
    Align Alignment(
        cast<ConstantInt>(Access->getArgOperand(1))->getZExtValue());
    IRBuilder<> IB(ReadAt);
    Value *Ptr = Access->getIntrinsicID() == Intrinsic::masked_load
                     ? IB.CreateGEP(ElemTy, Access->getArgOperand(0), Lane)
                     : IB.CreateExtractElement(Access->getArgOperand(0), Lane);
    Alignment = commonAlignment(Alignment, DL.getTypeStoreSize(ElemTy));
    Value *Active = testMaskLane(IB, Access->getArgOperand(2), Lane);
    Value *PassThru = Access->getArgOperand(3);
    Value *Inactive = nullptr;
    if (auto *C = dyn_cast<Constant>(PassThru))
      Inactive =
          isa<UndefValue>(C) ? C->getAggregateElement(0u) : C->getSplatValue();
    if (!Inactive)
      Inactive = IB.CreateExtractElement(PassThru, Lane);
    auto Load = [&](Instruction *Before) {
      IB.SetInsertPoint(Before);
      LoadInst *L = IB.CreateAlignedLoad(ElemTy, Ptr, Alignment);
      L->setAAMetadata(Access->getAAMetadata());
      return L;
    };
    Value *Result;
    if (auto *CA = dyn_cast<ConstantInt>(Active)) {
      Result = CA->isOne() ? Load(ReadAt) : Inactive;
    } else {
      BasicBlock *Head = ReadAt->getParent();
      Instruction *ThenTerm =
          SplitBlockAndInsertIfThen(Active, ReadAt->getIterator(), false);
      LoadInst *L = Load(ThenTerm);
      IB.SetInsertPoint(ReadAt->getParent(), ReadAt->getParent()->begin());
      PHINode *Phi = IB.CreatePHI(ElemTy, 2, EE->getName());
      Phi->addIncoming(L, ThenTerm->getParent());
      Phi->addIncoming(Inactive, Head);
      Result = Phi;
    }
    EE->replaceAllUsesWith(Result);
    EE->eraseFromParent();
    Access->eraseFromParent();
    ++NumScalarizedLaneReads;
    Changed = true;
  }
  return Changed;
}

} // namespace wfv
} // namespace sublane
