//===- ElementMajorPrivates.cpp - Private arrays element by element -------===//
//
// A private variable of the vectorized body holds one copy per lane. Side by
// side (lane-major), element j of every lane is a gather even where j is the
// same in every lane, which is what a loop over a private array indexes it
// by. Laid out element-major, element j of lane l at (j * S + l) elements,
// the lanes' element j are consecutive: the vectorizer makes such an access
// one vector load or store, and an index that differs between lanes is still
// a gather.
//
// This stage rewrites the scalar body before its shapes are computed: a
// private variable read and written only as elements of one size E, at byte
// offsets that are multiples of E, becomes one alloca for the whole
// sub-group, marked with metadata, and each access addresses it at
// offset * S + lane * E. The shape analysis then sees that address as
// uniform plus the lane times E, consecutive lanes at consecutive elements.
// A memset of a constant (`T a[N] = {}`) becomes a store per element.
//
// Code written for GPUs moves such arrays in wider pieces: a `float x[8]`
// read and written as `uint4` (`reinterpret_cast<vec_t *>(x)[r]`), or copied
// whole with memcpy. Before the layout is chosen, each access and each copy
// of a constant length whose size is a multiple of the smallest access size
// becomes one access per element (a copy loads every element before it
// stores any, as the lanes of a warp read before they write), so that the
// variable is accessed by elements of one size and can be laid out
// element-major. Variables whose address escapes, that are set in other ways
// (a memset of a run-time value or length, a copy of a run-time length), or
// accessed with elements of sizes no smallest one divides, keep their
// lane-major copies.
//
//===----------------------------------------------------------------------===//

#include "sublane/Passes/util/Metadata.h"

#include "SubGroupVectorizer.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/Utils/Local.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "sublane-wfv"

STATISTIC(NumElementMajorPrivates,
          "Number of private variables laid out element-major");
STATISTIC(NumSplitPrivates, "Number of private variables whose wide accesses "
                            "and copies were split into elements");

static llvm::cl::opt<bool> ElementMajorPrivates(
    "sublane-wfv-element-major-privates", llvm::cl::Hidden,
    llvm::cl::desc("Lay out private arrays of the vectorized body element by "
                   "element across the lanes, so that an index the lanes "
                   "share is one vector access (otherwise each lane's copy "
                   "lies whole, and every access is a gather or scatter)"),
    llvm::cl::init(true));

namespace sublane {
namespace wfv {
namespace {

/// How a private variable is used, if its layout can change: the element
/// size of every access, the pointers derived from it (in an order where
/// each comes after the one it is derived from), its loads and stores, the
/// memsets that fill elements of it with a constant (`T a[N] = {}`), and
/// its lifetime markers.
struct PrivateUses {
  uint64_t ElementSize = 0;
  SmallVector<GetElementPtrInst *> Derived;
  SmallVector<Instruction *> Accesses;
  SmallVector<MemSetInst *> Fills;
  SmallVector<Instruction *> Lifetimes;
  /// Where wide accesses and copies may be split: the loads and stores
  /// wider than the element, and the copies from or into the variable.
  SmallVector<Instruction *> WideAccesses;
  SmallSetVector<MemTransferInst *, 4> Copies;
};

/// The most elements a memset may fill, or a copy or a wide access cover:
/// each becomes one store (and one load).
constexpr uint64_t MaxFillElements = 64;

/// The most bytes a copy may move as one vector on its side that is not
/// private memory.
constexpr uint64_t MaxWholeCopyBytes = 64;

/// The largest variable (per lane) whose wide accesses and copies are split.
/// Laid out element-major, a larger one that LLVM's unroller then indexes by
/// constants becomes as many vector values as it has elements: hadamard's
/// `float x_vals[16][8]` (512 bytes), split, took its build from 4.5 to 12
/// minutes, in instruction selection.
constexpr uint64_t MaxSplitPrivateBytes = 256;

/// The byte size of an access of type \p T, if it is a whole number of bytes
/// with no padding.
std::optional<uint64_t> accessSize(Type *T, const DataLayout &DL) {
  TypeSize Bits = DL.getTypeSizeInBits(T);
  if (Bits.isScalable() || Bits.getFixedValue() % 8 ||
      DL.getTypeStoreSize(T) != DL.getTypeAllocSize(T))
    return std::nullopt;
  return Bits.getFixedValue() / 8;
}

/// Whether a load or store of \p T can become one access per \p E-byte
/// element: a number, or a vector of numbers, of a multiple of E bytes (a
/// pointer has no bitcast to integers).
bool isSplittable(Type *T, uint64_t E, const DataLayout &DL) {
  std::optional<uint64_t> Size = accessSize(T, DL);
  Type *Scalar = T->getScalarType();
  return Size && *Size % E == 0 && *Size / E <= MaxFillElements &&
         (Scalar->isIntegerTy() || Scalar->isFloatingPointTy());
}

/// Whether the byte offset \p GEP adds is known to be a multiple of \p E (a
/// power of two).
bool isOffsetMultipleOf(GetElementPtrInst &GEP, uint64_t E,
                        const DataLayout &DL) {
  unsigned BitWidth = DL.getIndexTypeSizeInBits(GEP.getType());
  MapVector<Value *, APInt> Variable;
  APInt Constant(BitWidth, 0);
  if (!GEP.collectOffset(DL, BitWidth, Variable, Constant))
    return false;
  unsigned Needed = Log2_64(E);
  if (Constant.countr_zero() < Needed)
    return false;
  return all_of(Variable, [&](const auto &VarScale) {
    const auto &[Var, Scale] = VarScale;
    return Scale.countr_zero() +
               computeKnownBits(Var, DL).countMinTrailingZeros() >=
           Needed;
  });
}

/// The uses of \p AI, if it can be laid out element-major. With
/// \p AllowSplit, accesses wider than the smallest one and copies of a
/// constant length count too, where splitting them into elements of the
/// smallest size would let it be laid out (WideAccesses, Copies).
std::optional<PrivateUses> collectUses(AllocaInst &AI, const DataLayout &DL,
                                       bool AllowSplit = false) {
  if (!AI.isStaticAlloca())
    return std::nullopt;
  PrivateUses Uses;
  SmallVector<Value *> Pointers = {&AI};
  SmallVector<std::pair<Instruction *, Type *>> Typed;
  auto AddAccess = [&](Instruction &I, Type *T) {
    std::optional<uint64_t> Size = accessSize(T, DL);
    if (!Size || (!AllowSplit && Uses.ElementSize && Uses.ElementSize != *Size))
      return false;
    Uses.ElementSize =
        Uses.ElementSize ? std::min(Uses.ElementSize, *Size) : *Size;
    Typed.emplace_back(&I, T);
    return true;
  };
  for (unsigned Next = 0; Next < Pointers.size(); ++Next) {
    Value *Ptr = Pointers[Next];
    for (Use &U : Ptr->uses()) {
      auto *I = cast<Instruction>(U.getUser());
      if (auto *L = dyn_cast<LoadInst>(I)) {
        if (!L->isSimple() || !AddAccess(*L, L->getType()))
          return std::nullopt;
      } else if (auto *St = dyn_cast<StoreInst>(I)) {
        if (U.getOperandNo() != St->getPointerOperandIndex() ||
            !St->isSimple() ||
            !AddAccess(*St, St->getValueOperand()->getType()))
          return std::nullopt;
      } else if (auto *GEP = dyn_cast<GetElementPtrInst>(I)) {
        if (GEP->getType()->isVectorTy())
          return std::nullopt;
        Uses.Derived.push_back(GEP);
        Pointers.push_back(GEP);
      } else if (auto *MS = dyn_cast<MemSetInst>(I);
                 MS && U.getOperandNo() == 0 && !MS->isVolatile() &&
                 isa<ConstantInt>(MS->getValue()) &&
                 isa<ConstantInt>(MS->getLength())) {
        Uses.Fills.push_back(MS);
      } else if (auto *MT = dyn_cast<MemTransferInst>(I);
                 AllowSplit && MT && U.getOperandNo() < 2 &&
                 !MT->isVolatile() && isa<ConstantInt>(MT->getLength())) {
        Uses.Copies.insert(MT);
      } else if (I->isLifetimeStartOrEnd()) {
        Uses.Lifetimes.push_back(I);
      } else {
        return std::nullopt; // the address escapes, or is used whole
      }
    }
  }
  uint64_t E = Uses.ElementSize;
  if (!E || !isPowerOf2_64(E))
    return std::nullopt;
  for (auto [I, T] : Typed) {
    if (*accessSize(T, DL) == E)
      Uses.Accesses.push_back(I);
    else if (isSplittable(T, E, DL))
      Uses.WideAccesses.push_back(I);
    else
      return std::nullopt;
  }
  for (MemTransferInst *MT : Uses.Copies) {
    uint64_t Length = cast<ConstantInt>(MT->getLength())->getZExtValue();
    if (Length % E || Length / E > MaxFillElements)
      return std::nullopt;
  }
  for (MemSetInst *MS : Uses.Fills) {
    uint64_t Length = cast<ConstantInt>(MS->getLength())->getZExtValue();
    if (Length % E || Length / E > MaxFillElements)
      return std::nullopt;
  }
  if (!all_of(Uses.Derived, [&](GetElementPtrInst *GEP) {
        return isOffsetMultipleOf(*GEP, E, DL);
      }))
    return std::nullopt;
  return Uses;
}

/// Splits the wide accesses and the copies of \p Uses into accesses of
/// ElementSize bytes each.
void splitIntoElements(PrivateUses &Uses, const DataLayout &DL) {
  uint64_t E = Uses.ElementSize;
  IRBuilder<> B(Uses.Copies.empty() ? Uses.WideAccesses.front()
                                    : Uses.Copies.front());
  Type *I8 = B.getInt8Ty();
  Type *IntTy = B.getIntNTy(unsigned(E * 8));
  auto PartAddress = [&](Value *Ptr, uint64_t Part) {
    return Part ? B.CreateConstInBoundsGEP1_64(I8, Ptr, Part * E) : Ptr;
  };
  // The type of each part of a value of \p T, and the vector of them that
  // \p T is bitcast to and from.
  auto Parts = [&](Type *T) {
    auto *VT = dyn_cast<FixedVectorType>(T);
    Type *PartTy = VT && DL.getTypeStoreSize(VT->getElementType()) == E
                       ? VT->getElementType()
                       : IntTy;
    return FixedVectorType::get(PartTy, unsigned(*accessSize(T, DL) / E));
  };
  for (Instruction *I : Uses.WideAccesses) {
    B.SetInsertPoint(I);
    if (auto *L = dyn_cast<LoadInst>(I)) {
      FixedVectorType *PartsTy = Parts(L->getType());
      Value *Whole = PoisonValue::get(PartsTy);
      for (unsigned P = 0; P < PartsTy->getNumElements(); ++P) {
        Value *Part = B.CreateAlignedLoad(
            PartsTy->getElementType(), PartAddress(L->getPointerOperand(), P),
            commonAlignment(L->getAlign(), P * E), L->getName() + ".part");
        Whole = B.CreateInsertElement(Whole, Part, P);
      }
      L->replaceAllUsesWith(B.CreateBitCast(Whole, L->getType()));
    } else {
      auto *St = cast<StoreInst>(I);
      FixedVectorType *PartsTy = Parts(St->getValueOperand()->getType());
      Value *Whole = B.CreateBitCast(St->getValueOperand(), PartsTy);
      for (unsigned P = 0; P < PartsTy->getNumElements(); ++P)
        B.CreateAlignedStore(B.CreateExtractElement(Whole, P),
                             PartAddress(St->getPointerOperand(), P),
                             commonAlignment(St->getAlign(), P * E));
    }
    I->eraseFromParent();
  }
  // The side of a copy that is not private memory is read or written as one
  // vector, which the vectorizer makes one interleaved access for the lanes.
  auto IsPrivate = [](Value *Ptr) {
    return isa<AllocaInst>(getUnderlyingObject(Ptr));
  };
  for (MemTransferInst *MT : Uses.Copies) {
    B.SetInsertPoint(MT);
    uint64_t Bytes = cast<ConstantInt>(MT->getLength())->getZExtValue();
    unsigned N = unsigned(Bytes / E);
    auto *WholeTy = FixedVectorType::get(IntTy, N);
    bool Whole = Bytes <= MaxWholeCopyBytes;
    Value *Src = MT->getRawSource(), *Dest = MT->getRawDest();
    Align From = MT->getSourceAlign().valueOrOne();
    Align To = MT->getDestAlign().valueOrOne();
    SmallVector<Value *> Elements;
    if (Whole && !IsPrivate(Src)) {
      Value *V = B.CreateAlignedLoad(WholeTy, Src, From, "copy.whole");
      for (unsigned P = 0; P < N; ++P)
        Elements.push_back(B.CreateExtractElement(V, P));
    } else {
      for (unsigned P = 0; P < N; ++P)
        Elements.push_back(B.CreateAlignedLoad(IntTy, PartAddress(Src, P),
                                               commonAlignment(From, P * E),
                                               "copy.element"));
    }
    if (Whole && !IsPrivate(Dest)) {
      Value *V = PoisonValue::get(WholeTy);
      for (unsigned P = 0; P < N; ++P)
        V = B.CreateInsertElement(V, Elements[P], P);
      B.CreateAlignedStore(V, Dest, To);
    } else {
      for (unsigned P = 0; P < N; ++P)
        B.CreateAlignedStore(Elements[P], PartAddress(Dest, P),
                             commonAlignment(To, P * E));
    }
    MT->eraseFromParent();
  }
}

void layOut(AllocaInst &AI, PrivateUses &Uses, unsigned S, Instruction &LaneId,
            const DataLayout &DL) {
  LLVMContext &C = AI.getContext();
  uint64_t E = Uses.ElementSize;
  uint64_t Size = alignTo(AI.getAllocationSize(DL)->getFixedValue(), E);
  Type *I8 = Type::getInt8Ty(C);
  Type *IndexTy = DL.getIndexType(AI.getType());
  // A sub-group's accesses at one offset are S * E bytes: align the whole to
  // a vector of them (as far as the stack allows) rather than to one element.
  Align A = std::max(AI.getAlign(), Align(std::min<uint64_t>(64, E * S)));
  auto *Elements =
      new AllocaInst(ArrayType::get(I8, Size * S), AI.getAddressSpace(),
                     nullptr, A, AI.getName() + ".elements", AI.getIterator());
  Elements->setMetadata(md::ElementMajor, MDNode::get(C, {}));
  Elements->setDebugLoc(AI.getDebugLoc());

  IRBuilder<> B(LaneId.getNextNode());
  Value *LaneOffset = B.CreateMul(B.CreateZExtOrTrunc(&LaneId, IndexTy),
                                  ConstantInt::get(IndexTy, E), "lane.offset",
                                  /*HasNUW=*/true, /*HasNSW=*/true);
  // Each derived pointer as a byte offset into one lane's copy.
  DenseMap<Value *, Value *> Offset;
  Offset[&AI] = ConstantInt::get(IndexTy, 0);
  for (GetElementPtrInst *GEP : Uses.Derived) {
    B.SetInsertPoint(GEP);
    Offset[GEP] = B.CreateAdd(Offset.lookup(GEP->getPointerOperand()),
                              emitGEPOffset(&B, DL, GEP), GEP->getName());
  }
  // The lane's address of the element at \p ByteOffset in one lane's copy.
  auto LaneAddress = [&](Value *ByteOffset, const Twine &Name) {
    Value *Index = B.CreateAdd(
        B.CreateMul(ByteOffset, ConstantInt::get(IndexTy, S)), LaneOffset);
    return B.CreateInBoundsGEP(I8, Elements, Index, Name);
  };
  for (Instruction *Access : Uses.Accesses) {
    B.SetInsertPoint(Access);
    unsigned PtrIndex = isa<LoadInst>(Access)
                            ? LoadInst::getPointerOperandIndex()
                            : StoreInst::getPointerOperandIndex();
    Value *Old = Access->getOperand(PtrIndex);
    Access->setOperand(
        PtrIndex, LaneAddress(Offset.lookup(Old), Old->getName() + ".lane"));
  }
  // A fill is a store of the filled element per element, which the
  // vectorizer makes one vector store each.
  for (MemSetInst *MS : Uses.Fills) {
    B.SetInsertPoint(MS);
    uint64_t Length = cast<ConstantInt>(MS->getLength())->getZExtValue();
    APInt Byte = cast<ConstantInt>(MS->getValue())->getValue().trunc(8);
    Type *ElementTy = B.getIntNTy(unsigned(E * 8));
    Constant *Filled =
        ConstantInt::get(ElementTy, APInt::getSplat(unsigned(E * 8), Byte));
    Value *First = Offset.lookup(MS->getDest());
    for (uint64_t At = 0; At < Length; At += E)
      B.CreateAlignedStore(
          Filled,
          LaneAddress(B.CreateAdd(First, ConstantInt::get(IndexTy, At)),
                      "fill.lane"),
          Align(E));
    MS->eraseFromParent();
  }
  for (Instruction *I : Uses.Lifetimes)
    I->eraseFromParent();
  for (GetElementPtrInst *GEP : reverse(Uses.Derived))
    GEP->eraseFromParent();
  AI.eraseFromParent();
}

} // namespace

unsigned layOutPrivatesElementMajor(Function &K, unsigned S) {
  if (!ElementMajorPrivates || S < 2)
    return 0;
  const DataLayout &DL = K.getDataLayout();
  SmallVector<AllocaInst *> Privates;
  for (Instruction &I : K.getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      Privates.push_back(AI);
  // One variable at a time: a copy between two is split once, for the first.
  for (AllocaInst *AI : Privates) {
    std::optional<TypeSize> Bytes = AI->getAllocationSize(DL);
    if (!Bytes || Bytes->isScalable() ||
        Bytes->getFixedValue() > MaxSplitPrivateBytes)
      continue;
    std::optional<PrivateUses> Uses = collectUses(*AI, DL, /*AllowSplit=*/true);
    if (!Uses || (Uses->WideAccesses.empty() && Uses->Copies.empty()))
      continue;
    LLVM_DEBUG(dbgs() << "sublane-wfv: private " << *AI << " split into "
                      << Uses->ElementSize << "-byte elements\n");
    splitIntoElements(*Uses, DL);
    ++NumSplitPrivates;
  }
  SmallVector<std::pair<AllocaInst *, PrivateUses>, 2> Chosen;
  for (AllocaInst *AI : Privates)
    if (std::optional<PrivateUses> Uses = collectUses(*AI, DL))
      Chosen.emplace_back(AI, std::move(*Uses));
  if (Chosen.empty())
    return 0;
  Module &M = *K.getParent();
  FunctionCallee LaneIdFn = getOrInsertBuiltin(M, BuiltinKind::SubGroupLocalId);
  IRBuilder<> B(&*K.getEntryBlock().getFirstNonPHIOrDbgOrAlloca());
  CallInst *LaneId = B.CreateCall(LaneIdFn, {}, "lane");
  for (auto &[AI, Uses] : Chosen) {
    LLVM_DEBUG(dbgs() << "sublane-wfv: private " << *AI << " laid out by "
                      << Uses.ElementSize << "-byte element\n");
    layOut(*AI, Uses, S, *LaneId, DL);
    ++NumElementMajorPrivates;
  }
  return Chosen.size();
}

} // namespace wfv
} // namespace sublane
