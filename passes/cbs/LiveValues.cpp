//===- LiveValues.cpp - Values live across sync points --------------------===//

#include "CBSLowering.h"

#include "llvm/ADT/Statistic.h"

#define DEBUG_TYPE "sublane-wg-cbs"

using namespace llvm;

STATISTIC(NumUniformSlots, "Number of live values kept once per group");
STATISTIC(NumAffineSlots, "Number of live values recomputed from the id");
STATISTIC(NumPerItemArrays, "Number of live values kept per work-item");
STATISTIC(NumPerSubGroupSlots, "Number of live values kept per sub-group");
STATISTIC(NumDoubleBufferedSubGroupSlots,
          "Number of per-sub-group values a lane loop redefines and reloads");

namespace sublane {
namespace cbs {

Value *CBSLowering::scaledId(IRBuilder<> &B, Region &R, Type *Ty,
                             int64_t Stride) {
  Value *Id = B.CreateZExtOrTrunc(R.LinearId, Ty);
  return B.CreateMul(Id, ConstantInt::get(Ty, Stride, /*IsSigned=*/true));
}

Value *CBSLowering::loadLive(IRBuilder<> &B, Instruction *Orig, const Slot &S,
                             Region &R) {
  Value *Result;
  if (S.S.isVarying()) {
    Value *Addr =
        B.CreateGEP(S.Ty, S.Address, S.PerSubGroup ? SubGroup : R.LinearId);
    Result = B.CreateLoad(S.Ty, Addr, Orig->getName() + ".reload");
    cast<LoadInst>(Result)->setMetadata(LLVMContext::MD_access_group,
                                        R.AccessGroup);
    markLiveValueAccess(cast<LoadInst>(Result));
  } else {
    auto *Base = B.CreateLoad(S.Ty, S.Address, Orig->getName() + ".reload");
    Base->setMetadata(LLVMContext::MD_access_group, R.AccessGroup);
    markLiveValueAccess(Base);
    Result = Base;
    if (S.S.isAffine()) {
      Type *IdxTy = S.Ty->isPointerTy() ? DL.getIndexType(S.Ty) : S.Ty;
      Value *Step = scaledId(B, R, IdxTy, S.S.Stride);
      Result = S.Ty->isPointerTy() ? B.CreateGEP(B.getInt8Ty(), Base, Step)
                                   : B.CreateAdd(Base, Step);
    }
  }
  return Result;
}

/// For each region that starts after a work-group sync point (or at the
/// entry), the regions a sub-group can run from it before the next
/// work-group sync point.
SmallVector<SmallPtrSet<Region *, 8>> CBSLowering::getWorkGroupSpans() {
  SmallVector<SmallPtrSet<Region *, 8>> Spans;
  for (auto &Start : Regions) {
    bool StartsSpan = Start->Id == 0 || Syncs[Start->Id - 1].WorkGroupLevel;
    if (!StartsSpan)
      continue;
    SmallPtrSet<Region *, 8> Span;
    SmallVector<Region *> Worklist = {Start.get()};
    while (!Worklist.empty()) {
      Region *R = Worklist.pop_back_val();
      if (!Span.insert(R).second)
        continue;
      for (unsigned Sync : R->ExitSyncs)
        if (!Syncs[Sync - 1].WorkGroupLevel)
          Worklist.push_back(Regions[Sync].get());
    }
    Spans.push_back(std::move(Span));
  }
  return Spans;
}

bool CBSLowering::isReachableInRegion(BasicBlock *From, BasicBlock *To,
                                      const Region &R) const {
  SmallPtrSet<BasicBlock *, 16> InRegion(R.Clones.begin(), R.Clones.end());
  SmallPtrSet<BasicBlock *, 16> Seen;
  SmallVector<BasicBlock *> Worklist(successors(From));
  while (!Worklist.empty()) {
    BasicBlock *BB = Worklist.pop_back_val();
    if (!InRegion.contains(BB) || !Seen.insert(BB).second)
      continue;
    if (BB == To)
      return true;
    append_range(Worklist, successors(BB));
  }
  return false;
}

void CBSLowering::publishAtRegionEnd(const Slot &S, Region &R) {
  // Before the items run, the next value is the current one (in case no
  // item defines it this time); after them, it becomes the current one.
  auto SlotOf = [&](IRBuilder<> &B, Value *Base) {
    return S.PerSubGroup ? B.CreateGEP(S.Ty, Base, SubGroup) : Base;
  };
  IRBuilder<> B(R.Preheader->getTerminator());
  LoadInst *Current = B.CreateLoad(S.Ty, SlotOf(B, S.Address));
  StoreInst *Seed = B.CreateStore(Current, SlotOf(B, S.NextAddress));
  B.SetInsertPoint(R.Exit->getTerminator());
  LoadInst *Next = B.CreateLoad(S.Ty, SlotOf(B, S.NextAddress));
  StoreInst *Publish = B.CreateStore(Next, SlotOf(B, S.Address));
  for (Instruction *I : {cast<Instruction>(Current), cast<Instruction>(Seed),
                         cast<Instruction>(Next), cast<Instruction>(Publish)})
    markLiveValueAccess(I);
}

void CBSLowering::storeLive(Instruction *Clone, const Slot &S, Region &R) {
  BasicBlock::iterator InsertPt = std::next(Clone->getIterator());
  if (isa<PHINode>(Clone))
    InsertPt = Clone->getParent()->getFirstInsertionPt();
  IRBuilder<> B(Clone->getParent(), InsertPt);
  Value *V = Clone;
  Value *Addr = S.WritesNext.contains(&R) ? S.NextAddress : S.Address;
  if (S.PerSubGroup) {
    Addr = B.CreateGEP(S.Ty, Addr, SubGroup);
  } else if (S.S.isVarying()) {
    Addr = B.CreateGEP(S.Ty, S.Address, R.LinearId);
  } else if (S.S.isAffine()) {
    Type *IdxTy = S.Ty->isPointerTy() ? DL.getIndexType(S.Ty) : S.Ty;
    Value *Step = scaledId(B, R, IdxTy, -S.S.Stride);
    V = S.Ty->isPointerTy() ? B.CreateGEP(B.getInt8Ty(), V, Step)
                            : B.CreateAdd(V, Step);
  }
  StoreInst *Store = B.CreateStore(V, Addr);
  Store->setMetadata(LLVMContext::MD_access_group, R.AccessGroup);
  markLiveValueAccess(Store);
}

void CBSLowering::repairCrossRegionUses(const KernelShape &Shape,
                                        const KernelShape *SubGroupShape) {
  DominatorTree DT(*W);
  struct PendingUse {
    Use *U;
    Instruction *Orig;
    Region *R;
    bool AtHeader;
  };
  SmallVector<PendingUse> Pending;
  MapVector<Instruction *, Slot> Slots;
  for (auto &RP : Regions) {
    for (BasicBlock *NB : RP->Clones) {
      for (Instruction &I : *NB) {
        for (Use &U : I.operands()) {
          auto *Op = dyn_cast<Instruction>(U.get());
          if (!Op)
            continue;
          if (OriginalBlockSet.contains(Op->getParent())) {
            Pending.push_back({&U, Op, RP.get(), /*AtHeader=*/true});
            Slots.insert({Op, Slot()});
            continue;
          }
          auto It = CloneOrigin.find(Op);
          if (It == CloneOrigin.end() || DT.dominates(Op, U))
            continue;
          Pending.push_back({&U, It->second.first, RP.get(), false});
          Slots.insert({It->second.first, Slot()});
        }
      }
    }
  }
  // A value both stored and reloaded within one region's work-item loop
  // changes under the later items' feet if it has a single slot: item 0
  // would overwrite what item 1 still has to read. With a second slot that
  // the region writes and publishes when its loop ends, a uniform value keeps
  // one slot, unless an item can read its own new value within the region
  // (a path from the definition to the use that crosses no barrier): then
  // it is kept per work-item.
  DenseMap<Instruction *, SmallPtrSet<Region *, 2>> ReloadedIn;
  DenseSet<Instruction *> ReadsOwnDefinition;
  // Values an item reads after redefining them in the same region: no
  // double buffering can serve those.
  DenseSet<Instruction *> ReachesOwnUse;
  // Values a lane loop both redefines and reloads: later lanes must not see
  // earlier lanes' new values.
  DenseSet<Instruction *> LaneConflicts;
  for (PendingUse &P : Pending) {
    auto *Def = dyn_cast_or_null<Instruction>(P.R->VMap.lookup(P.Orig));
    if (!Def)
      continue;
    ReloadedIn[P.Orig].insert(P.R);
    auto *User = cast<Instruction>(P.U->getUser());
    BasicBlock *UseBB = User->getParent();
    if (auto *PN = dyn_cast<PHINode>(User))
      UseBB = PN->getIncomingBlock(*P.U);
    if (isReachableInRegion(Def->getParent(), UseBB, *P.R)) {
      ReadsOwnDefinition.insert(P.Orig);
      ReachesOwnUse.insert(P.Orig);
    }
  }
  DenseMap<Instruction *, SmallPtrSet<Region *, 2>> LaneReloadedIn;
  if (LaneLoops) {
    // Sub-groups take turns through the regions between two work-group sync
    // points: if one of those regions defines a value and one reloads it,
    // a later sub-group could read what an earlier one wrote for a later
    // step. One slot is safe only when no such group of regions does both.
    DenseMap<Instruction *, SmallPtrSet<Region *, 4>> DefinedIn, UsedIn;
    for (PendingUse &P : Pending)
      UsedIn[P.Orig].insert(P.R);
    for (auto &[Orig, S] : Slots)
      for (auto &R : Regions)
        if (R->VMap.count(Orig))
          DefinedIn[Orig].insert(R.get());
    // A definition outside every loop is written once in each item's
    // life: with a uniform value, every write stores the same, and SSA
    // dominance makes each sub-group write before it reads. Only values
    // redefined in a loop can be overwritten under a later sub-group.
    SmallVector<SmallPtrSet<Region *, 8>> Spans = getWorkGroupSpans();
    for (auto &[Orig, S] : Slots) {
      if (!BlocksInCycles.contains(Orig->getParent()))
        continue;
      for (auto &Span : Spans)
        if (any_of(DefinedIn[Orig],
                   [&](Region *R) { return Span.contains(R); }) &&
            any_of(UsedIn[Orig], [&](Region *R) { return Span.contains(R); }))
          ReadsOwnDefinition.insert(Orig);
    }
    for (auto &[Orig, Rs] : ReloadedIn)
      if (BlocksInCycles.contains(Orig->getParent()))
        LaneConflicts.insert(Orig);
    // Uniform slots are not published between sub-groups; per-sub-group
    // ones are, within each lane loop.
    LaneReloadedIn = std::move(ReloadedIn);
    ReloadedIn.clear();
  }
  // Lay out the storage, then store after every clone of each definition.
  for (auto &[Orig, S] : Slots) {
    S.S = Shape.getShape(Orig);
    S.Ty = Orig->getType();
    if ((S.S.isAffine() && !S.Ty->isIntegerTy() && !S.Ty->isPointerTy()) ||
        ReadsOwnDefinition.contains(Orig))
      S.S = Shape::varying();
    // Kept once per sub-group when the value only varies between them (the
    // sub-group id, a sub-group reduction): the lanes of one sub-group
    // write the same value, and other sub-groups have slots of their own.
    // A lane loop that redefines and reloads it double-buffers it, unless
    // a lane reads its own new value in the same loop.
    S.PerSubGroup =
        S.S.isVarying() && SubGroupShape && SubGroupShape->isUniform(Orig) &&
        !(LaneConflicts.contains(Orig) && ReachesOwnUse.contains(Orig));
    uint64_t Bytes = DL.getTypeAllocSize(S.Ty);
    S.Address =
        allocateScratch(Bytes, S.S.isVarying(),
                        Orig->getName() + (S.PerSubGroup     ? ".subgroups"
                                           : S.S.isVarying() ? ".items"
                                                             : ".slot"));
    // Regions that both redefine and reload the value write a second slot
    // (array, per sub-group), published when their loop ends.
    auto RegionsReloading =
        [](const DenseMap<Instruction *, SmallPtrSet<Region *, 2>> &Map,
           Instruction *Value) -> const SmallPtrSet<Region *, 2> * {
      auto It = Map.find(Value);
      return It == Map.end() ? nullptr : &It->second;
    };
    const SmallPtrSet<Region *, 2> *Writers = nullptr;
    if (!S.S.isVarying())
      Writers = RegionsReloading(ReloadedIn, Orig);
    else if (S.PerSubGroup && LaneConflicts.contains(Orig))
      Writers = RegionsReloading(LaneReloadedIn, Orig);
    if (Writers) {
      S.NextAddress = allocateScratch(
          Bytes, /*PerItem=*/S.PerSubGroup,
          Orig->getName() + (S.PerSubGroup ? ".next.subgroups" : ".next.slot"));
      S.WritesNext = *Writers;
      for (Region *R : S.WritesNext)
        publishAtRegionEnd(S, *R);
      if (S.PerSubGroup)
        ++NumDoubleBufferedSubGroupSlots;
    }
    if (S.PerSubGroup) {
      ++NumPerSubGroupSlots;
      ++LivePerSubGroup;
    } else if (S.S.isVarying()) {
      ++NumPerItemArrays;
      ++LivePerItem;
      ORE->emit([&, Def = Orig] {
        return OptimizationRemarkAnalysis(DEBUG_TYPE, "PerItemValue", Def)
               << "a value defined here varies between work-items and is "
                  "used after a barrier or collective: kept in a "
                  "per-work-item array ("
               << ore::NV("Bytes", Bytes) << " bytes per work-item)";
      });
    } else if (S.S.isAffine()) {
      ++NumAffineSlots;
      ++LiveRecomputed;
    } else {
      ++NumUniformSlots;
      ++LiveUniform;
    }
    LLVM_DEBUG(dbgs() << "sublane-wg-cbs: live across barrier: " << *Orig
                      << " shape " << int(S.S.K) << "\n");
    for (auto &R : Regions)
      if (Value *Clone = R->VMap.lookup(Orig))
        storeLive(cast<Instruction>(Clone), S, *R);
  }
  for (PendingUse &P : Pending) {
    const Slot &S = Slots[P.Orig];
    auto *User = cast<Instruction>(P.U->getUser());
    if (P.AtHeader) {
      Value *&Cached = P.R->HeaderLoads[P.Orig];
      if (!Cached) {
        IRBuilder<> B(P.R->InnerHeader->getTerminator());
        Cached = loadLive(B, P.Orig, S, *P.R);
      }
      P.U->set(Cached);
      continue;
    }
    Instruction *InsertPt = User;
    if (auto *PN = dyn_cast<PHINode>(User))
      InsertPt = PN->getIncomingBlock(*P.U)->getTerminator();
    IRBuilder<> B(InsertPt);
    P.U->set(loadLive(B, P.Orig, S, *P.R));
  }
}

void CBSLowering::markLiveValueAccess(Instruction *I) {
  createScratchScopes();
  I->setMetadata(LLVMContext::MD_alias_scope, LiveValueScope);
}

void CBSLowering::markRunningValueAccess(Instruction *I) {
  createScratchScopes();
  I->setMetadata(LLVMContext::MD_alias_scope, RunningValueScope);
}

void CBSLowering::createScratchScopes() {
  if (LiveValueScope)
    return;
  MDBuilder MDB(C);
  MDNode *Domain = MDB.createAnonymousAliasScopeDomain("sublane.scratch");
  LiveValueScope =
      MDNode::get(C, {MDB.createAnonymousAliasScope(Domain, "live values")});
  RunningValueScope =
      MDNode::get(C, {MDB.createAnonymousAliasScope(Domain, "running values")});
}

bool CBSLowering::isScratchAccess(const Instruction &I) const {
  MDNode *Scope = I.getMetadata(LLVMContext::MD_alias_scope);
  return Scope && (Scope == LiveValueScope || Scope == RunningValueScope);
}

/// User accesses touch neither scope; each scope's accesses touch not the
/// other's slots (the running values have slots of their own).
void CBSLowering::separateLiveValuesFromUserMemory() {
  if (!LiveValueScope)
    return;
  MDNode *Both = MDNode::concatenate(LiveValueScope, RunningValueScope);
  for (Instruction &I : instructions(W)) {
    if (!I.mayReadOrWriteMemory())
      continue;
    MDNode *Scope = I.getMetadata(LLVMContext::MD_alias_scope);
    MDNode *Disjoint = Scope == LiveValueScope      ? RunningValueScope
                       : Scope == RunningValueScope ? LiveValueScope
                                                    : Both;
    I.setMetadata(
        LLVMContext::MD_noalias,
        MDNode::concatenate(I.getMetadata(LLVMContext::MD_noalias), Disjoint));
  }
}

} // namespace cbs
} // namespace sublane
