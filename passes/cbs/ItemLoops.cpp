//===- ItemLoops.cpp - Work-item loops ------------------------------------===//

#include "CBSLowering.h"
#include "sublane/Passes/late/IdleTailExit.h"
#include "sublane/Passes/util/Metadata.h"

#include "llvm/Support/CommandLine.h"

#define DEBUG_TYPE "sublane-wg-cbs"

using namespace llvm;

static cl::opt<unsigned> ItemLoopInterleave(
    "sublane-item-loop-interleave", cl::init(1),
    cl::desc("Interleave count asked of the vectorizer for work-item and "
             "lane loops (0: its cost model decides). 1 keeps loops as short "
             "as a tile row (16 items) in the vector body"));

namespace sublane {
namespace cbs {

/// A loop's identity: a distinct node naming itself first, then \p Props.
MDNode *makeLoopID(LLVMContext &C, ArrayRef<Metadata *> Props) {
  SmallVector<Metadata *> Ops = {nullptr};
  append_range(Ops, Props);
  MDNode *Loop = MDNode::getDistinct(C, Ops);
  Loop->replaceOperandWith(0, Loop);
  return Loop;
}

MDNode *CBSLowering::makeParallelLoopID(Region &R) {
  SmallVector<Metadata *> Properties = {
      MDNode::get(C,
                  {MDString::get(C, md::LLVMParallelAccesses), R.AccessGroup}),
      MDNode::get(C, {MDString::get(C, md::WorkGroupItemLoop)})};
  // Work-item loops are short, and their trip count (the work-group's
  // extent in a dimension) is unknown until launch: interleaved vector
  // bodies of 4 x 8 items would leave a 16-item tile row to the scalar
  // remainder loop.
  if (ItemLoopInterleave)
    Properties.push_back(
        MDNode::get(C, {MDString::get(C, md::LLVMInterleaveCount),
                        ConstantAsMetadata::get(ConstantInt::get(
                            Type::getInt32Ty(C), ItemLoopInterleave))}));
  return makeLoopID(C, Properties);
}

/// The blocks and access group every region's loop has; returns the prefix
/// of its block names.
std::string CBSLowering::beginRegionLoop(Region &R) {
  std::string Prefix = "sublane.r" + std::to_string(R.Id);
  R.Preheader = BasicBlock::Create(C, Prefix + ".pre", W);
  R.Exit = BasicBlock::Create(C, Prefix + ".exit", W);
  R.AccessGroup = MDNode::getDistinct(C, {});
  return Prefix;
}

void CBSLowering::buildItemLoops(Region &R) {
  Type *I64 = Type::getInt64Ty(C);
  std::string Prefix = beginRegionLoop(R);
  // Vectorized kernels loop over sub-groups, in one dimension.
  unsigned Dims = Vectorized ? 1 : this->Dims;
  Value *const *LocalRange = Vectorized ? &ItemCount : this->LocalRange;
  BasicBlock *Headers[3], *Latches[3];
  for (unsigned D = 0; D < Dims; ++D) {
    Headers[D] = BasicBlock::Create(C, Prefix + ".item" + Twine(D), W);
    Latches[D] = BasicBlock::Create(C, Prefix + ".next" + Twine(D), W);
  }
  IRBuilder<> B(R.Preheader);
  B.CreateBr(Headers[0]);
  PHINode *Phis[3], *Acc[3];
  for (unsigned D = 0; D < Dims; ++D) {
    B.SetInsertPoint(Headers[D]);
    Phis[D] = B.CreatePHI(I64, 2, "r" + Twine(R.Id) + ".lid" + Twine(D));
    Phis[D]->addIncoming(B.getInt64(0), D ? Headers[D - 1] : R.Preheader);
    Acc[D] = B.CreatePHI(B.getInt32Ty(), 2,
                         "r" + Twine(R.Id) + ".exit.max" + Twine(D));
    Acc[D]->addIncoming(D ? static_cast<Value *>(Acc[D - 1]) : B.getInt32(0),
                        D ? Headers[D - 1] : R.Preheader);
    R.Ids[D] = Phis[D];
    if (D + 1 < Dims)
      B.CreateBr(Headers[D + 1]);
  }
  for (unsigned D = Dims; D < 3; ++D)
    R.Ids[D] = B.getInt64(0);
  // Row-major linear id, in the innermost header.
  Value *Linear = R.Ids[0];
  for (unsigned D = 1; D < Dims; ++D)
    Linear = B.CreateAdd(B.CreateMul(Linear, LocalRange[D]), R.Ids[D],
                         "r" + Twine(R.Id) + ".lid.linear");
  R.LinearId = Linear;
  R.InnerHeader = Headers[Dims - 1];
  R.InnerLatch = Latches[Dims - 1];
  R.Headers.assign(Headers, Headers + Dims);
  R.Latches.assign(Latches, Latches + Dims);
  B.CreateBr(cast<BasicBlock>(R.VMap[R.Entry]));

  B.SetInsertPoint(R.InnerLatch);
  R.ItemExit = B.CreatePHI(B.getInt32Ty(), 2, "r" + Twine(R.Id) + ".item.exit");
  R.NextState =
      B.CreateBinaryIntrinsic(Intrinsic::umax, Acc[Dims - 1], R.ItemExit,
                              nullptr, "r" + Twine(R.Id) + ".next.region");
  for (int D = Dims - 1; D >= 0; --D) {
    B.SetInsertPoint(Latches[D]);
    Acc[D]->addIncoming(R.NextState, Latches[D]);
    Value *Next = B.CreateAdd(Phis[D], B.getInt64(1),
                              "r" + Twine(R.Id) + ".lid.next" + Twine(D),
                              /*HasNUW=*/true);
    Phis[D]->addIncoming(Next, Latches[D]);
    Value *More = B.CreateICmpULT(Next, LocalRange[D],
                                  "r" + Twine(R.Id) + ".more" + Twine(D));
    auto *Br = B.CreateCondBr(More, Headers[D], D ? Latches[D - 1] : R.Exit);
    Br->setMetadata(LLVMContext::MD_loop, makeParallelLoopID(R));
  }
  B.SetInsertPoint(R.Exit);
  B.CreateBr(Dispatch);
  trackMinimumExit(R, R.Preheader);
}

void CBSLowering::lowerVaryingBuiltins(Region &R) {
  SmallVector<CallBase *> Calls;
  for (BasicBlock *BB : R.Clones)
    for (Instruction &I : *BB)
      if (isWorkItemVaryingBuiltin(getBuiltinKind(&I)))
        Calls.push_back(cast<CallBase>(&I));
  Value *GlobalIds[3];
  for (CallBase *CB : Calls) {
    IRBuilder<> B(CB);
    Value *Repl = nullptr;
    switch (getBuiltinKind(CB)) {
    case BuiltinKind::LocalId:
      Repl = dimSelect(B, CB->getArgOperand(0), R.Ids, B.getInt64(0));
      break;
    case BuiltinKind::GlobalId:
      for (unsigned D = 0; D < Dims; ++D)
        GlobalIds[D] =
            B.CreateAdd(GlobalIdBase[D], R.Ids[D], "global.id" + Twine(D));
      Repl = dimSelect(B, CB->getArgOperand(0), GlobalIds, B.getInt64(0));
      break;
    case BuiltinKind::LocalLinearId:
      Repl = R.LinearId;
      break;
    case BuiltinKind::SubGroupId:
      Repl = Vectorized     ? R.LinearId
             : LaneLoops    ? SubGroup
             : Hierarchical ? B.CreateUDiv(R.LinearId, B.getInt64(SubGroupSize))
                            : R.LinearId;
      break;
    case BuiltinKind::SubGroupLocalId:
      Repl = LaneLoops ? R.Lane
                       : B.CreateURem(R.LinearId, B.getInt64(SubGroupSize));
      break;
    case BuiltinKind::SubGroupSize:
      if (LaneLoops) {
        Repl = SubGroupLanes;
      } else if (Vectorized) {
        Value *Base = B.CreateMul(R.LinearId, B.getInt64(SubGroupSize));
        Repl = B.CreateBinaryIntrinsic(Intrinsic::umin,
                                       B.CreateSub(WorkGroupSize, Base),
                                       B.getInt64(SubGroupSize));
        R.LaneCounts.push_back(Repl);
      } else {
        Value *Base =
            B.CreateMul(B.CreateUDiv(R.LinearId, B.getInt64(SubGroupSize)),
                        B.getInt64(SubGroupSize));
        Repl = B.CreateBinaryIntrinsic(Intrinsic::umin,
                                       B.CreateSub(WorkGroupSize, Base),
                                       B.getInt64(SubGroupSize));
      }
      break;
    default:
      llvm_unreachable("uniform builtins are lowered before regions form");
    }
    CB->replaceAllUsesWith(B.CreateZExtOrTrunc(Repl, CB->getType()));
    CB->eraseFromParent();
  }
}

SmallVector<BasicBlock *> CBSLowering::getLoopBlocks(const Region &R) {
  SmallVector<BasicBlock *> Blocks = {R.Preheader};
  append_range(Blocks, R.Headers);
  append_range(Blocks, R.Clones);
  append_range(Blocks, R.Latches);
  Blocks.push_back(R.Exit);
  return Blocks;
}

SmallVector<BasicBlock *>
CBSLowering::cloneBlocks(ArrayRef<BasicBlock *> Blocks, ValueToValueMapTy &VMap,
                         const Twine &Suffix) {
  SmallVector<BasicBlock *> Copies;
  for (BasicBlock *BB : Blocks) {
    BasicBlock *NB = CloneBasicBlock(BB, VMap, Suffix, W);
    VMap[BB] = NB;
    Copies.push_back(NB);
  }
  remapInstructionsInBlocks(Copies, VMap);
  return Copies;
}

void CBSLowering::tagParallelAccesses(Region &R) {
  auto IsPrivate = [&](Value *Ptr) {
    auto *AI = dyn_cast<AllocaInst>(getUnderlyingObject(Ptr));
    return AI != nullptr;
  };
  // A work-group reduction's running values carry a dependence from each
  // item to the next.
  auto IsRunningValue = [&](Instruction &I) {
    return RunningValueScope &&
           I.getMetadata(LLVMContext::MD_alias_scope) == RunningValueScope;
  };
  auto Tag = [&](Instruction &I) {
    Value *Ptr = getLoadStorePointerOperand(&I);
    if (!Ptr || IsPrivate(Ptr) || IsRunningValue(I) ||
        I.hasMetadata(md::LaneBlend) || I.hasMetadata(md::PlainAtomic))
      return;
    I.setMetadata(LLVMContext::MD_access_group, R.AccessGroup);
  };
  for (BasicBlock *BB : R.Clones)
    for (Instruction &I : *BB)
      Tag(I);
  for (Instruction &I : *R.InnerHeader)
    Tag(I);
}

} // namespace cbs
} // namespace sublane
