//===- LocalMemoryBlends.cpp - Local memory as whole vectors --------------===//
//
// Where a target has no per-element mask registers, a masked store costs far
// more than a store: AVX2's vmaskmovps to memory is microcoded on AMD's Zen
// cores, about five times a load, a blend and a store in a local-memory tree
// (docs/performance.md), and SSE has no masked store at all, so
// each one is a loop over the active lanes. On local memory a whole-vector
// access is safe: the work-group's work-items run on one thread, so no other
// thread writes the inactive lanes' bytes between the load and the store
// that writes them back as they were read, and the runtime keeps guard bytes
// before and after local memory and scratch (SUBLANE_MEMORY_GUARD_BYTES), so
// a vector of at most that many bytes at an active lane's address stays in
// memory the runtime owns. The same holds for a sub-group's element-major
// private array (ElementMajorPrivates.cpp): only this sub-group's code sees
// it, and a vector at an index the lanes share is that index's elements of
// all its lanes, inside the array. A masked load becomes a load, and a store
// a load, a blend of the active lanes and a store.
//
//===----------------------------------------------------------------------===//

#include "sublane/Passes/util/Metadata.h"
#include "sublane/Passes/util/TargetInfo.h"

#include "SubGroupVectorizer.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/CommandLine.h"

#define DEBUG_TYPE "sublane-wfv"

using namespace llvm;

STATISTIC(NumBlendedStores, "Number of masked stores to local memory or "
                            "private arrays made a load, a blend and a store");
STATISTIC(NumUnmaskedLoads, "Number of masked loads of local memory or "
                            "private arrays made plain loads");

static cl::opt<bool> BlendLocalAccesses(
    "sublane-wfv-blend-local-accesses", cl::Hidden, cl::init(true),
    cl::desc("On targets without per-element mask registers (no AVX-512), "
             "make masked loads of a work-group's local memory and of a "
             "sub-group's private arrays plain loads, and masked stores to "
             "them a load, a blend and a store"));

namespace sublane {
namespace wfv {
namespace {

/// Whether \p K's target masks elements of \p ElemBits bits in hardware
/// (AVX-512's mask registers), where a masked access costs about what a
/// plain one does.
bool hasElementMasks(const Function &K, unsigned ElemBits) {
  return hasTargetFeature(K, "+avx512f") &&
         (ElemBits >= 32 || hasTargetFeature(K, "+avx512bw"));
}

/// The start of the memory that \p A's whole vector stays in and that only
/// this sub-group's code touches between a load and a store: local memory
/// (up to its guard) or the sub-group's element-major private array, whose
/// elements at an index the lanes share are one vector (each sub-group runs
/// its own copy of the array, which work-group CBS keeps per sub-group where
/// it lives across a barrier). Null for any other memory.
Value *getWholeVectorMemory(const MaskedAccess &A, const DataLayout &DL) {
  uint64_t Bytes = DL.getTypeStoreSize(A.Ty);
  if (Value *Local = getLocalMemory(A.Pointer))
    return Bytes <= MemoryGuardBytes ? Local : nullptr;
  if (AllocaInst *Array = getSubGroupArray(A.Pointer))
    if (std::optional<TypeSize> Size = Array->getAllocationSize(DL);
        Size && !Size->isScalable() && Bytes <= Size->getFixedValue())
      return Array;
  return nullptr;
}

/// Whether \p A reads or writes memory in a way its whole vector may: a
/// consecutive access under a mask that may leave lanes off (InstCombine
/// makes a constant all-on one a plain access and drops an all-off one),
/// of whole-byte elements, to local memory or a sub-group's private array.
bool isBlendable(const MaskedAccess &A, const DataLayout &DL) {
  Type *ElemTy = A.Ty->getElementType();
  auto *ConstMask = dyn_cast<Constant>(A.Mask);
  return !A.PerLanePointers &&
         !(ConstMask &&
           (ConstMask->isAllOnesValue() || ConstMask->isNullValue())) &&
         DL.typeSizeEqualsStoreSize(ElemTy) &&
         !hasElementMasks(*A.Call->getFunction(),
                          DL.getTypeSizeInBits(ElemTy)) &&
         getWholeVectorMemory(A, DL);
}

void blend(const MaskedAccess &A, const DataLayout &DL) {
  IntrinsicInst *Call = A.Call;
  IRBuilder<> B(Call);
  Value *Memory = getWholeVectorMemory(A, DL);
  bool IsLocal = !isa<AllocaInst>(Memory);
  // Under a mask without active lanes the base may be any address: the
  // access then goes to the start of the memory instead, and writes back
  // what it read there. A constant mask has a lane on.
  Value *Address = A.Pointer;
  if (!isa<Constant>(A.Mask))
    Address = B.CreateSelect(B.CreateOrReduce(A.Mask), A.Pointer, Memory,
                             "local.whole");
  LoadInst *Whole = B.CreateAlignedLoad(A.Ty, Address, A.Alignment);
  if (!A.IsStore) {
    // The inactive lanes' values are never used: only the active lanes'
    // bytes need what alias information says of them. Type-based
    // information would be wrong for the others, which may hold another
    // local array's elements.
    AAMDNodes AA = Call->getAAMetadata();
    AA.TBAA = AA.TBAAStruct = nullptr;
    Whole->setAAMetadata(AA);
    Whole->takeName(Call);
    Value *Result = isa<UndefValue>(A.Data)
                        ? static_cast<Value *>(Whole)
                        : B.CreateSelect(A.Mask, Whole, A.Data);
    Call->replaceAllUsesWith(Result);
    Call->eraseFromParent();
    ++NumUnmaskedLoads;
    return;
  }
  // The blend writes back bytes of whatever lies beside the active lanes'
  // (another local array, a guard): no alias information holds for all of
  // them, neither by type nor by scope (a restrict-qualified parameter the
  // access came through), so none is kept.
  Whole->setName("local.old");
  StoreInst *Store =
      B.CreateAlignedStore(B.CreateSelect(A.Mask, A.Data, Whole, "local.blend"),
                           Address, A.Alignment);
  // Other sub-groups share local memory, not a private array.
  if (IsLocal) {
    MDNode *Blend = MDNode::get(Call->getContext(), {});
    Whole->setMetadata(md::LaneBlend, Blend);
    Store->setMetadata(md::LaneBlend, Blend);
  }
  Call->eraseFromParent();
  ++NumBlendedStores;
}

} // namespace

bool blendLocalMemoryAccesses(Function &K) {
  if (!BlendLocalAccesses)
    return false;
  const DataLayout &DL = K.getDataLayout();
  SmallVector<IntrinsicInst *> Calls;
  for (BasicBlock &BB : K)
    for (Instruction &I : BB)
      if (std::optional<MaskedAccess> A = matchMaskedAccess(I);
          A && isBlendable(*A, DL))
        Calls.push_back(A->Call);
  for (IntrinsicInst *Call : Calls)
    blend(*matchMaskedAccess(*Call), DL);
  return !Calls.empty();
}

} // namespace wfv
} // namespace sublane
