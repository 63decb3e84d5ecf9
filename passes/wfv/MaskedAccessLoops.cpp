//===- MaskedAccessLoops.cpp - Masked accesses as loops over active lanes -===//
//
// A masked load, store, gather or scatter that the target has no
// instruction for reaches the backend's ScalarizeMaskedMemIntrin, which
// gives every lane a branch and a block of its own; AddressSanitizer
// instruments it per lane the same way before that. At 64 lanes one access
// becomes hundreds of blocks, and the backend's time (register allocation,
// block placement) grows faster than the blocks: a test file of bounds-
// checked kernels spent minutes there. Here each such access (and each one
// AddressSanitizer would check per lane, whatever the target) becomes one
// small loop over its active lanes, in lane order, one scalar access per
// iteration, through a stack slot for the vector it reads or writes. A
// sparse mask runs fewer iterations than the expansion has branches.
//
//===----------------------------------------------------------------------===//

#include "SubGroupVectorizer.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Triple.h"

#define DEBUG_TYPE "sublane-wfv"

using namespace llvm;

STATISTIC(NumLaneLoops, "Number of masked accesses the target lacks, run as "
                        "loops over their active lanes");

static cl::opt<unsigned> LaneLoopMinLanes(
    "sublane-wfv-lane-loop-min-lanes", cl::Hidden,
    cl::desc("Masked loads, stores, gathers and scatters of at least this "
             "many lanes that the target has no instruction for become loops "
             "over their active lanes (0: never); narrower ones are left to "
             "the backend's expansion, one branch per lane"),
    cl::init(8));

namespace sublane {
namespace wfv {

std::optional<MaskedAccess> matchMaskedAccess(Instruction &I) {
  auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return std::nullopt;
  auto AlignOf = [&](unsigned Op) {
    return Align(cast<ConstantInt>(II->getArgOperand(Op))->getZExtValue());
  };
  // masked.load(ptr, align, mask, passthru), masked.gather(ptrs, align,
  // mask, passthru), masked.store(value, ptr, align, mask),
  // masked.scatter(value, ptrs, align, mask).
  MaskedAccess A;
  A.Call = II;
  switch (II->getIntrinsicID()) {
  case Intrinsic::masked_load:
  case Intrinsic::masked_gather:
    A.IsStore = false;
    A.PerLanePointers = II->getIntrinsicID() == Intrinsic::masked_gather;
    A.Pointer = II->getArgOperand(0);
    A.Alignment = AlignOf(1);
    A.Mask = II->getArgOperand(2);
    A.Data = II->getArgOperand(3);
    A.Ty = dyn_cast<FixedVectorType>(II->getType());
    break;
  case Intrinsic::masked_store:
  case Intrinsic::masked_scatter:
    A.IsStore = true;
    A.PerLanePointers = II->getIntrinsicID() == Intrinsic::masked_scatter;
    A.Data = II->getArgOperand(0);
    A.Pointer = II->getArgOperand(1);
    A.Alignment = AlignOf(2);
    A.Mask = II->getArgOperand(3);
    A.Ty = dyn_cast<FixedVectorType>(A.Data->getType());
    break;
  default:
    return std::nullopt;
  }
  if (!A.Ty)
    return std::nullopt;
  return A;
}

namespace {

/// Whether \p A is worth a loop: of at least LaneLoopMinLanes lanes and at
/// most as many as an integer register has bits (wider: lane-major private
/// arrays), of whole-byte elements, and either in a function AddressSanitizer
/// instruments (which checks each lane of a masked access on its own, even
/// under a constant mask, where the loop's one access gets one check) or one
/// the backend would expand per lane (the conditions ScalarizeMaskedMemIntrin
/// keeps an intrinsic under) under a mask that is not constant (a constant
/// one expands without branches).
bool isWorthALaneLoop(const MaskedAccess &A, const DataLayout &DL,
                      const TargetTransformInfo &TTI) {
  unsigned Lanes = A.Ty->getNumElements();
  if (Lanes < LaneLoopMinLanes || Lanes > 64 ||
      !DL.typeSizeEqualsStoreSize(A.Ty->getElementType()))
    return false;
  if (A.Call->getFunction()->hasFnAttribute(Attribute::SanitizeAddress))
    return true;
  if (isa<Constant>(A.Mask))
    return false;
  if (A.PerLanePointers && A.IsStore)
    return !TTI.isLegalMaskedScatter(A.Ty, A.Alignment) ||
           TTI.forceScalarizeMaskedScatter(A.Ty, A.Alignment);
  if (A.PerLanePointers)
    return !TTI.isLegalMaskedGather(A.Ty, A.Alignment) ||
           TTI.forceScalarizeMaskedGather(A.Ty, A.Alignment);
  return A.IsStore ? !TTI.isLegalMaskedStore(A.Ty, A.Alignment)
                   : !TTI.isLegalMaskedLoad(A.Ty, A.Alignment);
}

/// The loop for \p A: the vector (and the lanes' pointers) in stack slots,
/// then, while a lane of the mask is left, the lowest one's scalar access.
void expandAsLaneLoop(const MaskedAccess &A) {
  IntrinsicInst *Call = A.Call;
  Function &F = *Call->getFunction();
  const DataLayout &DL = F.getDataLayout();
  Type *ElemTy = A.Ty->getElementType();
  unsigned Lanes = A.Ty->getNumElements();
  AllocaInst *Values =
      createLaneSlot(F.getEntryBlock(), ElemTy, Lanes, "lanes");
  Align SlotAlign = Values->getAlign();
  AllocaInst *Pointers = nullptr;
  auto *PtrsTy =
      A.PerLanePointers ? cast<FixedVectorType>(A.Pointer->getType()) : nullptr;
  if (PtrsTy)
    Pointers = createLaneSlot(F.getEntryBlock(), PtrsTy->getElementType(),
                              Lanes, "lane.ptrs");

  IRBuilder<> B(Call);
  auto SlotSize = [&](AllocaInst *Slot) {
    return B.getInt64(DL.getTypeAllocSize(Slot->getAllocatedType()));
  };
  B.CreateLifetimeStart(Values, SlotSize(Values));
  if (Pointers) {
    B.CreateLifetimeStart(Pointers, SlotSize(Pointers));
    B.CreateAlignedStore(A.Pointer, Pointers, Pointers->getAlign());
  }
  // A load's inactive lanes keep the pass-through; none is needed where it
  // is undefined.
  if (A.IsStore || !isa<UndefValue>(A.Data))
    B.CreateAlignedStore(A.Data, Values, SlotAlign);
  Value *Bits = B.CreateBitCast(A.Mask, B.getIntNTy(Lanes), "lanes.mask");
  emitLoopOverSetBits(B, Bits, "lanes.loop", "lanes.done", [&](Value *Lane) {
    Value *Address;
    Align ElemAlign = A.Alignment;
    if (Pointers) {
      Type *PtrTy = PtrsTy->getElementType();
      Address = B.CreateAlignedLoad(
          PtrTy, B.CreateGEP(PtrTy, Pointers, Lane),
          commonAlignment(Pointers->getAlign(), DL.getTypeAllocSize(PtrTy)));
    } else {
      Address = B.CreateGEP(ElemTy, A.Pointer, Lane);
      ElemAlign = commonAlignment(A.Alignment, DL.getTypeAllocSize(ElemTy));
    }
    Value *InSlot = B.CreateGEP(ElemTy, Values, Lane);
    Align SlotElemAlign =
        commonAlignment(SlotAlign, DL.getTypeAllocSize(ElemTy));
    Instruction *Access;
    if (A.IsStore) {
      Access = B.CreateAlignedStore(
          B.CreateAlignedLoad(ElemTy, InSlot, SlotElemAlign), Address,
          ElemAlign);
    } else {
      Access = B.CreateAlignedLoad(ElemTy, Address, ElemAlign);
      B.CreateAlignedStore(Access, InSlot, SlotElemAlign);
    }
    Access->setAAMetadata(Call->getAAMetadata());
  });

  if (!A.IsStore) {
    LoadInst *Result = B.CreateAlignedLoad(A.Ty, Values, SlotAlign);
    Result->takeName(Call);
    Call->replaceAllUsesWith(Result);
  }
  B.CreateLifetimeEnd(Values, SlotSize(Values));
  if (Pointers)
    B.CreateLifetimeEnd(Pointers, SlotSize(Pointers));
  Call->eraseFromParent();
  ++NumLaneLoops;
}

} // namespace

bool loopOverActiveLanes(Function &K, const TargetTransformInfo &TTI) {
  // Without a target there is no backend to expand anything, and a target-
  // independent TTI would call every masked access illegal.
  if (LaneLoopMinLanes == 0 ||
      Triple(K.getParent()->getTargetTriple()).getArch() == Triple::UnknownArch)
    return false;
  const DataLayout &DL = K.getDataLayout();
  // The calls, not their operands: one access's expansion replaces a value
  // that another may store.
  SmallVector<IntrinsicInst *> Expand;
  for (BasicBlock &BB : K)
    for (Instruction &I : BB)
      if (std::optional<MaskedAccess> A = matchMaskedAccess(I);
          A && isWorthALaneLoop(*A, DL, TTI))
        Expand.push_back(A->Call);
  for (IntrinsicInst *Call : Expand)
    expandAsLaneLoop(*matchMaskedAccess(*Call));
  return !Expand.empty();
}

} // namespace wfv
} // namespace sublane
