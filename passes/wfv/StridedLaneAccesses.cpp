//===- StridedLaneAccesses.cpp - Gathers at a stride as scalar accesses ---===//
//
// A gather or scatter whose lanes all run, on a target where LLVM expands
// gathers element by element anyway (x86 cores with slow gathers, and AVX2
// scatters, which do not exist), reaches the backend as one extract of each
// lane's address from the vector of addresses before each scalar access.
// Where the vectorizer built those addresses as a scalar base plus offsets
// that are each lane's multiple of a stride (a column of a local tile, with
// the row length a constant or a value the lanes share), every lane's offset
// is a scalar expression of the lane number: here such an access becomes one
// scalar load or store per lane at that offset, in lane order, so the
// addresses cost a scalar add each and no vector of them is built.
//
//===----------------------------------------------------------------------===//

#include "SubGroupVectorizer.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/InstSimplifyFolder.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Local.h"

#define DEBUG_TYPE "sublane-wfv"

using namespace llvm;

STATISTIC(NumStridedLaneAccesses,
          "Number of gathers and scatters of all lanes at scalar offsets, "
          "made one scalar access per lane");

static cl::opt<bool> StridedLaneAccesses(
    "sublane-wfv-strided-lane-accesses", cl::init(true), cl::Hidden,
    cl::desc("Make gathers and scatters of every lane that the target would "
             "expand per lane, at offsets each lane computes in scalars, one "
             "scalar access per lane"));

namespace sublane {
namespace wfv {
namespace {

/// Lane \p Lane of the vector \p V of offsets, computed in scalars from
/// constants, splats and arithmetic on them; null for anything else.
Value *getLaneOffset(IRBuilderBase &B, Value *V, unsigned Lane,
                     unsigned Depth = 0) {
  if (auto *C = dyn_cast<Constant>(V)) {
    Constant *Elem = C->getAggregateElement(Lane);
    return Elem && isa<ConstantInt>(Elem) ? Elem : nullptr;
  }
  if (Value *Splat = getSplatValue(V))
    return Splat;
  auto *BO = dyn_cast<BinaryOperator>(V);
  if (!BO || Depth > 4)
    return nullptr;
  switch (BO->getOpcode()) {
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Mul:
  case Instruction::Shl:
    break;
  case Instruction::Or:
    // Disjoint in every lane, so also in the one asked for.
    if (cast<PossiblyDisjointInst>(BO)->isDisjoint())
      break;
    return nullptr;
  default:
    return nullptr;
  }
  Value *L = getLaneOffset(B, BO->getOperand(0), Lane, Depth + 1);
  Value *R = L ? getLaneOffset(B, BO->getOperand(1), Lane, Depth + 1) : nullptr;
  // Without the vector's no-wrap flags: a lane that would have been poison
  // gets the wrapped value, which refines it.
  return R ? B.CreateBinOp(BO->getOpcode(), L, R) : nullptr;
}

/// Whether the target expands \p II, a gather or a scatter, per lane.
bool isExpandedPerLane(const IntrinsicInst &II, FixedVectorType *Ty,
                       Align Alignment, const TargetTransformInfo &TTI) {
  if (II.getIntrinsicID() == Intrinsic::masked_scatter)
    return !TTI.isLegalMaskedScatter(Ty, Alignment) ||
           TTI.forceScalarizeMaskedScatter(Ty, Alignment);
  return !TTI.isLegalMaskedGather(Ty, Alignment) ||
         TTI.forceScalarizeMaskedGather(Ty, Alignment);
}

/// Replaces \p II by scalar accesses if every lane runs, the target expands
/// it anyway, and each lane's address is a scalar base plus an offset the
/// lane computes in scalars.
bool scalarizeStridedAccess(IntrinsicInst &II, const TargetTransformInfo &TTI) {
  bool IsScatter = II.getIntrinsicID() == Intrinsic::masked_scatter;
  unsigned PtrArg = IsScatter ? 1 : 0;
  auto *Ty = cast<FixedVectorType>(IsScatter ? II.getArgOperand(0)->getType()
                                             : II.getType());
  Align Alignment =
      cast<ConstantInt>(II.getArgOperand(PtrArg + 1))->getAlignValue();
  auto *Mask = dyn_cast<Constant>(II.getArgOperand(PtrArg + 2));
  auto *GEP = dyn_cast<GetElementPtrInst>(II.getArgOperand(PtrArg));
  if (!Mask || !Mask->isAllOnesValue() || !GEP || GEP->getNumIndices() != 1 ||
      GEP->getPointerOperandType()->isVectorTy() ||
      !isExpandedPerLane(II, Ty, Alignment, TTI))
    return false;
  IRBuilder<InstSimplifyFolder> B(II.getContext(),
                                  InstSimplifyFolder(II.getDataLayout()));
  B.SetInsertPoint(&II);
  SmallVector<Value *, 64> Offsets;
  for (unsigned Lane = 0, E = Ty->getNumElements(); Lane < E; ++Lane) {
    Value *Offset = getLaneOffset(B, GEP->getOperand(1), Lane);
    if (!Offset)
      return false; // what was built is dead, and goes with the next cleanup
    Offsets.push_back(Offset);
  }
  Type *ElemTy = Ty->getElementType();
  Value *Loaded = PoisonValue::get(Ty);
  for (auto [Lane, Offset] : enumerate(Offsets)) {
    Value *At = B.CreateGEP(GEP->getSourceElementType(),
                            GEP->getPointerOperand(), Offset);
    Instruction *Access;
    if (IsScatter) {
      Access = B.CreateAlignedStore(
          B.CreateExtractElement(II.getArgOperand(0), Lane), At, Alignment);
    } else {
      Access = B.CreateAlignedLoad(ElemTy, At, Alignment);
      Loaded = B.CreateInsertElement(Loaded, Access, Lane);
    }
    Access->copyMetadata(II,
                         {LLVMContext::MD_tbaa, LLVMContext::MD_alias_scope,
                          LLVMContext::MD_noalias, LLVMContext::MD_access_group,
                          LLVMContext::MD_nontemporal});
  }
  if (!IsScatter)
    II.replaceAllUsesWith(Loaded);
  II.eraseFromParent();
  RecursivelyDeleteTriviallyDeadInstructions(GEP);
  ++NumStridedLaneAccesses;
  return true;
}

} // namespace

bool scalarizeStridedLaneAccesses(Function &K, const TargetTransformInfo &TTI) {
  // Without a target, a target-independent TTI calls every gather illegal.
  if (!StridedLaneAccesses ||
      Triple(K.getParent()->getTargetTriple()).getArch() == Triple::UnknownArch)
    return false;
  SmallVector<IntrinsicInst *> Accesses;
  for (Instruction &I : instructions(K))
    if (auto *II = dyn_cast<IntrinsicInst>(&I);
        II && (II->getIntrinsicID() == Intrinsic::masked_gather ||
               II->getIntrinsicID() == Intrinsic::masked_scatter))
      Accesses.push_back(II);
  bool Changed = false;
  for (IntrinsicInst *II : Accesses)
    Changed |= scalarizeStridedAccess(*II, TTI);
  return Changed;
}

} // namespace wfv
} // namespace sublane
