//===- LaneLoops.cpp - Loops over the active lanes of a mask --------------===//
//
// Code that must run once per active lane (a masked access the target
// lacks, a call that is not inlined) at wide sub-groups is emitted once, in
// a loop that visits the set bits of the mask, rather than copied per lane:
// a copy per lane grows the kernel, and the backend's time, with the width,
// and a sparse mask runs fewer iterations than the copies have branches.
// Values cross the loop through stack slots of one element per lane, which
// vector loads and stores fill and read whole; a vector carried around the
// loop and indexed by the lane would be spilled and reloaded at every lane.
//
//===----------------------------------------------------------------------===//

#include "SubGroupVectorizer.h"

#include "llvm/IR/IRBuilder.h"

using namespace llvm;

namespace sublane {
namespace wfv {

AllocaInst *createLaneSlot(BasicBlock &Entry, Type *ElemTy, unsigned Lanes,
                           const Twine &Name) {
  const DataLayout &DL = Entry.getDataLayout();
  // After the allocas already there: slots stay in the order they were made.
  BasicBlock::iterator At = Entry.getFirstInsertionPt();
  while (At != Entry.end() && isa<AllocaInst>(*At))
    ++At;
  IRBuilder<> AtEntry(&Entry, At);
  AllocaInst *Slot =
      AtEntry.CreateAlloca(ArrayType::get(ElemTy, Lanes), nullptr, Name);
  // Aligned for the vector that fills it, up to the widest register's 64
  // bytes (a <64 x float> would otherwise ask for 256).
  Slot->setAlignment(std::min(
      DL.getPrefTypeAlign(FixedVectorType::get(ElemTy, Lanes)), Align(64)));
  return Slot;
}

void emitLoopOverSetBits(IRBuilderBase &B, Value *Bits, const Twine &BodyName,
                         const Twine &ExitName,
                         function_ref<void(Value *Lane)> EmitLane) {
  BasicBlock *From = B.GetInsertBlock();
  Function *F = From->getParent();
  LLVMContext &C = B.getContext();
  // Within a block, what follows the insertion point runs after the loop.
  BasicBlock *Exit;
  if (B.GetInsertPoint() != From->end()) {
    Exit = From->splitBasicBlock(B.GetInsertPoint(), ExitName);
    From->getTerminator()->eraseFromParent();
  } else {
    Exit = BasicBlock::Create(C, ExitName, F, From->getNextNode());
  }
  BasicBlock *Body = BasicBlock::Create(C, BodyName, F, Exit);
  auto *BitsTy = cast<IntegerType>(Bits->getType());
  Value *Zero = ConstantInt::get(BitsTy, 0);
  B.SetInsertPoint(From);
  B.CreateCondBr(B.CreateICmpNE(Bits, Zero), Body, Exit);

  B.SetInsertPoint(Body);
  PHINode *Left = B.CreatePHI(BitsTy, 2, "lanes.left");
  Left->addIncoming(Bits, From);
  Value *Lane = B.CreateZExtOrTrunc(
      B.CreateBinaryIntrinsic(Intrinsic::cttz, Left, B.getTrue()),
      B.getInt64Ty(), "lane");
  EmitLane(Lane);
  // Clearing the lowest set bit leaves the lanes still to run.
  Value *Rest = B.CreateAnd(
      Left, B.CreateSub(Left, ConstantInt::get(BitsTy, 1)), "lanes.rest");
  Left->addIncoming(Rest, B.GetInsertBlock());
  B.CreateCondBr(B.CreateICmpNE(Rest, Zero), Body, Exit);
  B.SetInsertPoint(Exit, Exit->begin());
}

} // namespace wfv
} // namespace sublane
