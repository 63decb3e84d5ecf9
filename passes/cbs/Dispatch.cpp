//===- Dispatch.cpp - The state machine between regions -------------------===//

#include "CBSLowering.h"

#include "sublane/Passes/analysis/SyncPointCheck.h"

#define DEBUG_TYPE "sublane-wg-cbs"

using namespace llvm;

namespace sublane {
namespace cbs {

void CBSLowering::buildDispatch() {
  Dispatch = BasicBlock::Create(C, "sublane.dispatch", W);
  Done = BasicBlock::Create(C, "sublane.done", W);
  ReturnInst::Create(C, Done);
  if (LaneLoops)
    buildHierarchicalDispatch();
  else
    buildFlatDispatch();
  Setup->getTerminator()->setSuccessor(0, Dispatch);
}

/// Sub-group size 1: each region is a nest of work-item loops. After one,
/// the state says where its items stopped; a work-group collective there
/// combines their values before the next region starts.
void CBSLowering::buildFlatDispatch() {
  for (auto &R : Regions)
    buildItemLoops(*R);
  BasicBlock *After = BasicBlock::Create(C, "sublane.after.region", W);
  AfterBlocks.push_back(After);
  AfterRegion = After;
  IRBuilder<> B(Dispatch);
  PHINode *State = B.CreatePHI(B.getInt32Ty(), Regions.size() + 1, "region");
  State->addIncoming(B.getInt32(0), Setup);
  SwitchInst *SW = B.CreateSwitch(State, Done, Regions.size());
  B.SetInsertPoint(After);
  PHINode *Reached = B.CreatePHI(B.getInt32Ty(), Regions.size(), "reached");
  Value *GroupState = getGroupState(B, Reached, 0);
  SwitchInst *AfterSW = B.CreateSwitch(GroupState, Dispatch);
  State->addIncoming(GroupState, After);
  ReachedPhi = Reached;
  RegionSwitch = SW;
  connectRegions(SW, After, Reached);
  for (SyncPoint &SP : Syncs) {
    if (!SP.Info)
      continue;
    addCombineStep(AfterSW, SP, Dispatch, State);
  }
  dropEmptySwitch(AfterSW);
}

/// A combine step for \p SP: reached from \p From when the items stopped
/// at \p SP, then on to \p Next with state SP.Id (the region after it).
void CBSLowering::addCombineStep(SwitchInst *From, SyncPoint &SP,
                                 BasicBlock *Next, PHINode *State) {
  BasicBlock *Combine = BasicBlock::Create(
      C,
      (SP.WorkGroupLevel ? "sublane.combine" : "sublane.sg.combine") +
          Twine(SP.Id),
      W);
  From->addCase(cast<ConstantInt>(
                    ConstantInt::get(From->getCondition()->getType(), SP.Id)),
                Combine);
  CombineBlocks.push_back(Combine);
  IRBuilder<> B(Combine);
  if (SP.Info && SP.WorkGroupLevel)
    emitWorkGroupCombine(B, SP);
  else if (SP.Info)
    emitSubGroupCombine(B, SP);
  B.CreateBr(Next);
  State->addIncoming(B.getInt32(SP.Id), B.GetInsertBlock());
}

/// Sends every region's exit to \p After, where \p Reached collects the
/// state each left with, and lets \p Entry start each region.
void CBSLowering::connectRegions(SwitchInst *Entry, BasicBlock *After,
                                 PHINode *Reached) {
  for (auto &R : Regions) {
    skipReturnedItems(*R);
    redirectRegionExits(*R);
    recordReturnedItems(*R);
    lowerVaryingBuiltins(*R);
    Entry->addCase(cast<ConstantInt>(ConstantInt::get(
                       Entry->getCondition()->getType(), R->Id)),
                   R->Preheader);
    R->Exit->getTerminator()->setSuccessor(0, After);
    Reached->addIncoming(R->NextState, R->Exit);
  }
}

/// A switch without cases, where no sync point needs a combine step, is a
/// plain branch.
/// Validation: the minimum of the items' exits beside the maximum, as a
/// second reduction through the same loops. They differ only when some
/// work-items stopped somewhere else.
void CBSLowering::trackMinimumExit(Region &R, BasicBlock *Preheader) {
  if (!isRunTimeSyncCheckEnabled())
    return;
  IRBuilder<> B(C);
  SmallVector<PHINode *, 3> Mins;
  for (auto [D, Header] : enumerate(R.Headers)) {
    B.SetInsertPoint(Header, Header->getFirstNonPHIIt());
    PHINode *Min = B.CreatePHI(B.getInt32Ty(), 2, "exit.min");
    Min->addIncoming(D ? static_cast<Value *>(Mins.back()) : B.getInt32(~0u),
                     D ? R.Headers[D - 1] : Preheader);
    Mins.push_back(Min);
  }
  B.SetInsertPoint(cast<Instruction>(R.NextState)->getNextNode());
  R.MinState = B.CreateBinaryIntrinsic(Intrinsic::umin, Mins.back(),
                                       getItemExitState(B, R.ItemExit), nullptr,
                                       "exit.min.next");
  for (auto [D, Latch] : enumerate(R.Latches))
    Mins[D]->addIncoming(R.MinState, Latch);
  B.SetInsertPoint(R.Exit->getTerminator());
  emitSyncCheck(B, getGroupState(B, R.MinState, ~0u),
                getGroupState(B, R.NextState, 0));
}

/// For each state, what the items stopped at, for the check's report.
Constant *CBSLowering::getSyncNames() {
  if (SyncNames)
    return SyncNames;
  IRBuilder<> B(C);
  SmallVector<Constant *> Names;
  auto Str = [&](const std::string &Text) {
    return cast<Constant>(B.CreateGlobalString(Text, "", 0, &M));
  };
  Names.push_back(Str("the kernel's start"));
  for (SyncPoint &SP : Syncs) {
    std::string Text = SP.Info ? (SP.WorkGroupLevel ? "work-group collective"
                                                    : "sub-group collective")
                               : (SP.WorkGroupLevel ? "work-group barrier"
                                                    : "sub-group barrier");
    Text += " #" + std::to_string(SP.Id);
    auto *Call = &*SP.Block->begin();
    if (DebugLoc DL = getUserDebugLoc(Call))
      Text += " at line " + std::to_string(DL.getLine());
    Names.push_back(Str(Text));
  }
  Names.push_back(Str("the kernel's end"));
  auto *ArrTy = ArrayType::get(PointerType::getUnqual(C), Names.size());
  SyncNames = new GlobalVariable(M, ArrTy, true, GlobalValue::PrivateLinkage,
                                 ConstantArray::get(ArrTy, Names),
                                 K.getName() + ".sync.names");
  return SyncNames;
}

void CBSLowering::emitSyncCheck(IRBuilder<> &B, Value *A, Value *Bv) {
  FunctionCallee Check = getOrInsertRuntimeCheck(M, RuntimeCheck::SyncPoints);
  if (!KernelNameString)
    KernelNameString = B.CreateGlobalString(getKernelDisplayName(K), "", 0, &M);
  // K.wg runs several groups; the context names only the first.
  auto *IdsTy = ArrayType::get(B.getInt64Ty(), 3);
  if (!GroupIdArray)
    GroupIdArray = new AllocaInst(IdsTy, DL.getAllocaAddrSpace(), "group.ids",
                                  Setup->getFirstInsertionPt());
  for (unsigned D = 0; D < 3; ++D)
    B.CreateStore(GroupId[D],
                  B.CreateConstInBoundsGEP2_32(IdsTy, GroupIdArray, 0, D));
  B.CreateCall(Check, {KernelNameString, GroupIdArray, B.getInt32(Dims),
                       getSyncNames(), A, Bv});
}

void CBSLowering::dropEmptySwitch(SwitchInst *SW) {
  if (SW->getNumCases())
    return;
  BranchInst::Create(SW->getDefaultDest(), SW->getIterator());
  SW->eraseFromParent();
}

/// Hierarchical CBS: between work-group sync points, a loop over the
/// sub-groups; for each, regions run as loops over its lanes, with
/// sub-group collectives combined between them as sub-group-wide vectors.
/// Work-group collectives combine once all sub-groups are through.
void CBSLowering::buildHierarchicalDispatch() {
  Type *I32 = Type::getInt32Ty(C), *I64 = Type::getInt64Ty(C);
  BasicBlock *SGHeader = BasicBlock::Create(C, "sublane.subgroup", W);
  BasicBlock *SGDispatch = BasicBlock::Create(C, "sublane.sg.dispatch", W);
  BasicBlock *AfterLanes = BasicBlock::Create(C, "sublane.after.lanes", W);
  BasicBlock *SGLatch = BasicBlock::Create(C, "sublane.next.subgroup", W);
  BasicBlock *WGEnd = BasicBlock::Create(C, "sublane.after.subgroups", W);
  AfterBlocks.append({SGHeader, SGDispatch, AfterLanes, SGLatch, WGEnd});

  // Dispatch: the work-group state names the region every sub-group starts
  // at, or is past the last region.
  IRBuilder<> B(Dispatch);
  PHINode *GroupState = B.CreatePHI(I32, 4, "region");
  GroupState->addIncoming(B.getInt32(0), Setup);
  B.CreateCondBr(B.CreateICmpUGE(GroupState, B.getInt32(ExitState), "finished"),
                 Done, SGHeader);

  B.SetInsertPoint(SGHeader);
  PHINode *SG = B.CreatePHI(I64, 2, "sg");
  SG->addIncoming(B.getInt64(0), Dispatch);
  // Where work-items may return early, a sub-group whose items all did
  // leaves state 0; the group goes on from the furthest any sub-group
  // reached.
  PHINode *FurthestBefore = nullptr;
  if (ReturnedItems) {
    FurthestBefore = B.CreatePHI(I32, 2, "sg.furthest");
    FurthestBefore->addIncoming(B.getInt32(0), Dispatch);
  }
  SubGroup = SG;
  SubGroupBase = B.CreateMul(SG, B.getInt64(SubGroupSize), "sg.base");
  Value *Left = B.CreateSub(WorkGroupSize, SubGroupBase, "sg.left");
  SubGroupLanes = B.CreateBinaryIntrinsic(
      Intrinsic::umin, Left, B.getInt64(SubGroupSize), nullptr, "sg.lanes");
  B.CreateBr(SGDispatch);

  B.SetInsertPoint(SGDispatch);
  PHINode *LaneState = B.CreatePHI(I32, 4, "sg.region");
  LaneState->addIncoming(GroupState, SGHeader);
  SwitchInst *SW = B.CreateSwitch(LaneState, Done, Regions.size());
  SubGroupHeader = SGHeader;
  SubGroupSwitch = SW;

  for (auto &R : Regions)
    buildLaneLoop(*R);

  B.SetInsertPoint(AfterLanes);
  PHINode *Reached = B.CreatePHI(I32, Regions.size(), "reached");
  ReachedPhi = Reached;
  SwitchInst *AfterSW = B.CreateSwitch(Reached, SGLatch);
  connectRegions(SW, AfterLanes, Reached);
  // Sub-group sync points: combine this sub-group's lanes, then go on with
  // the same sub-group in the region after the sync point.
  for (SyncPoint &SP : Syncs) {
    if (SP.WorkGroupLevel)
      continue;
    addCombineStep(AfterSW, SP, SGDispatch, LaneState);
  }

  dropEmptySwitch(AfterSW);
  // A work-group sync point or the end: the next sub-group starts over.
  B.SetInsertPoint(SGLatch);
  Value *Furthest = Reached;
  if (FurthestBefore) {
    Furthest = B.CreateBinaryIntrinsic(Intrinsic::umax, FurthestBefore, Reached,
                                       nullptr, "sg.furthest.next");
    FurthestBefore->addIncoming(Furthest, SGLatch);
  }
  if (isRunTimeSyncCheckEnabled()) {
    // Every sub-group must stop where sub-group 0 did (where items may
    // return early: where the first one that did not return stopped).
    IRBuilder<> SB(Setup->getTerminator());
    AllocaInst *First = SB.CreateAlloca(I32, nullptr, "first.reached");
    Value *Prev = B.CreateLoad(I32, First);
    Value *IsFirst = B.CreateICmpEQ(SG, B.getInt64(0));
    if (ReturnedItems)
      IsFirst = B.CreateOr(IsFirst, B.CreateICmpEQ(Prev, B.getInt32(0)));
    Value *Expected = B.CreateSelect(IsFirst, Reached, Prev);
    Value *Stopped = Reached;
    if (ReturnedItems)
      Stopped = B.CreateSelect(B.CreateICmpEQ(Reached, B.getInt32(0)), Expected,
                               Reached);
    B.CreateStore(Expected, First);
    emitSyncCheck(B, getGroupState(B, Expected, 0),
                  getGroupState(B, Stopped, 0));
  }
  Value *Next = B.CreateAdd(SG, B.getInt64(1), "sg.next", /*HasNUW=*/true);
  SG->addIncoming(Next, SGLatch);
  B.CreateCondBr(B.CreateICmpULT(Next, SubGroupCount, "sg.more"), SGHeader,
                 WGEnd);

  B.SetInsertPoint(WGEnd);
  Value *State = getGroupState(B, Furthest, 0);
  SwitchInst *EndSW = B.CreateSwitch(State, Dispatch);
  GroupState->addIncoming(State, WGEnd);
  for (SyncPoint &SP : Syncs) {
    if (!SP.WorkGroupLevel || !SP.Info)
      continue;
    addCombineStep(EndSW, SP, Dispatch, GroupState);
  }
  dropEmptySwitch(EndSW);
}

} // namespace cbs
} // namespace sublane
