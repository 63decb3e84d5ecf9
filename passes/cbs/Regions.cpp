//===- Regions.cpp - Sync points and the regions between them -------------===//

#include "CBSLowering.h"

#include "llvm/ADT/Statistic.h"

#define DEBUG_TYPE "sublane-wg-cbs"

using namespace llvm;

STATISTIC(NumRegions, "Number of barrier-free regions formed");

namespace sublane {
namespace cbs {

void CBSLowering::splitSyncPoints() {
  SmallVector<SyncPoint> Final;
  SmallVector<CallBase *> Calls;
  for (Instruction &I : instructions(W)) {
    BuiltinKind Kind = getBuiltinKind(&I);
    if (Kind == BuiltinKind::WorkGroupBarrier ||
        (Hierarchical && Kind == BuiltinKind::SubGroupBarrier) ||
        CollectiveSync.count(dyn_cast<CallBase>(&I)))
      Calls.push_back(cast<CallBase>(&I));
  }
  for (CallBase *CB : Calls) {
    BasicBlock *SyncBB = CB->getParent()->splitBasicBlock(CB, "sublane.sync");
    SyncBB->splitBasicBlock(CB->getNextNode(), "sublane.after.sync");
    SyncPoint SP;
    SP.Id = Final.size() + 1;
    SP.Block = SyncBB;
    SP.Kind = getBuiltinKind(CB);
    SP.WorkGroupLevel = SP.Kind == BuiltinKind::WorkGroupBarrier;
    auto It = CollectiveSync.find(CB);
    if (It != CollectiveSync.end()) {
      // lowerCollectivesToArrays recorded it under a provisional number.
      SyncPoint &Prov = Syncs[It->second];
      SP.Info = Prov.Info;
      SP.In = Prov.In;
      SP.Index = Prov.Index;
      SP.Out = Prov.Out;
      SP.Acc = Prov.Acc;
      SP.AccParts = Prov.AccParts;
      SP.ConstIndex = Prov.ConstIndex;
      SP.WorkGroupLevel = SP.Info->Scope == CollectiveInfo::WorkGroup;
    }
    Final.push_back(SP);
    SyncIndex[SyncBB] = SP.Id;
  }
  Syncs = std::move(Final);
  ExitState = Syncs.size() + 1;
}

void CBSLowering::formRegions() {
  for (BasicBlock &BB : *W)
    if (&BB != Setup) {
      OriginalBlocks.push_back(&BB);
      OriginalBlockSet.insert(&BB);
    }
  SmallVector<BasicBlock *> Entries = {Setup->getSingleSuccessor()};
  for (SyncPoint &SP : Syncs)
    Entries.push_back(SP.Block->getSingleSuccessor());
  for (auto [Id, Entry] : enumerate(Entries)) {
    auto R = std::make_unique<Region>();
    R->Id = Id;
    R->Entry = Entry;
    SmallPtrSet<BasicBlock *, 32> Seen = {Entry};
    SmallVector<BasicBlock *> Worklist = {Entry};
    while (!Worklist.empty()) {
      BasicBlock *BB = Worklist.pop_back_val();
      R->Blocks.push_back(BB);
      for (BasicBlock *Succ : successors(BB)) {
        if (unsigned Sync = SyncIndex.lookup(Succ)) {
          if (!is_contained(R->ExitSyncs, Sync))
            R->ExitSyncs.push_back(Sync);
          continue;
        }
        if (Seen.insert(Succ).second)
          Worklist.push_back(Succ);
      }
    }
    Regions.push_back(std::move(R));
  }
  NumRegions += Regions.size();
}

void CBSLowering::redirectRegionExits(Region &R) {
  Type *I32 = Type::getInt32Ty(C);
  for (BasicBlock *BB : R.Clones) {
    Instruction *T = BB->getTerminator();
    if (isa<ReturnInst>(T)) {
      IRBuilder<>(T).CreateBr(R.InnerLatch);
      T->eraseFromParent();
      R.ItemExit->addIncoming(
          ConstantInt::get(I32, ReturnedItems ? 0 : ExitState), BB);
      continue;
    }
    for (unsigned S = 0, E = T->getNumSuccessors(); S != E; ++S) {
      unsigned Barrier = SyncIndex.lookup(T->getSuccessor(S));
      if (!Barrier)
        continue;
      T->setSuccessor(S, R.InnerLatch);
      R.ItemExit->addIncoming(ConstantInt::get(I32, Barrier), BB);
    }
  }
  if (R.ItemExit->getNumIncomingValues() == 0) {
    // No work-item leaves this region normally (it ends in unreachable).
    R.ItemExit->replaceAllUsesWith(ConstantInt::get(I32, ExitState));
    R.ItemExit->eraseFromParent();
    R.ItemExit = nullptr;
  }
}

void CBSLowering::cloneRegions() {
  for (auto &RP : Regions) {
    Region &R = *RP;
    for (BasicBlock *BB : R.Blocks) {
      BasicBlock *NB = CloneBasicBlock(BB, R.VMap, ".r" + Twine(R.Id), W);
      R.VMap[BB] = NB;
      R.Clones.push_back(NB);
    }
    for (BasicBlock *NB : R.Clones) {
      for (Instruction &I : *NB) {
        RemapInstruction(&I, R.VMap,
                         RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
        if (auto *PN = dyn_cast<PHINode>(&I))
          for (int In = PN->getNumIncomingValues() - 1; In >= 0; --In)
            if (OriginalBlockSet.contains(PN->getIncomingBlock(In)))
              PN->removeIncomingValue(In, /*DeletePHIIfEmpty=*/false);
      }
    }
    for (BasicBlock *BB : R.Blocks)
      for (Instruction &I : *BB)
        if (Value *V = R.VMap.lookup(&I))
          CloneOrigin[cast<Instruction>(V)] = {&I, &R};
  }
}

} // namespace cbs
} // namespace sublane
