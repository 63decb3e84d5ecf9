//===- Linearization.cpp - Block order, masks and branches ----------------===//
//
// The control flow of the vectorized body. Blocks run in an order where each
// loop is contiguous (appendLoopOrder); a uniform branch stays a branch, a
// divergent one runs its successors one after another under the masks of
// the lanes that take each edge, deferring the later one (schedule: partial
// linearization); a loop that lanes leave in different iterations repeats
// while any lane continues. Masks and blended phis live in stack slots while
// the body is built (createSlots) and become SSA values at the end
// (promoteSlots). Linearized code reaches sync points that some lanes would
// have skipped; the run-time sync check reports where lanes disagree
// (getSyncGuard, emitLaneCheck).
//
//===----------------------------------------------------------------------===//

#include "SubGroupVectorizer.h"

#include "sublane/Passes/analysis/SyncPointCheck.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SetOperations.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

#include <queue>

#define DEBUG_TYPE "sublane-wfv"

using namespace llvm;

namespace sublane {
namespace wfv {

Loop *SubGroupVectorizer::getLeftLoop(const BasicBlock *From,
                                      const BasicBlock *To) const {
  Loop *Left = nullptr;
  for (Loop *L = LI->getLoopFor(From); L && !L->contains(To);
       L = L->getParentLoop())
    Left = L;
  return Left;
}

Loop *SubGroupVectorizer::getOutermostLinearLoop(const BasicBlock *BB) const {
  Loop *Outermost = nullptr;
  for (Loop *L = LI->getLoopFor(BB); L; L = L->getParentLoop())
    if (P->LinearLoops.contains(L))
      Outermost = L;
  return Outermost;
}

/// Partial linearization, after Moll and Hack (PLDI 2018): the blocks run in
/// Order, but a uniform branch still chooses between its successors, and
/// only a divergent branch runs both: it continues at the earlier of them
/// and defers the other, which every path from there carries along until
/// it is the earliest block left. Loops that lanes leave in different
/// iterations run as a whole (linear loops) and continue at the earliest of
/// their exits. Returns false, with the loop to linearize in \p Failed, where
/// lanes would be left behind in a loop that keeps its back edge.
bool SubGroupVectorizer::schedule(BodyPlan &Plan, const Loop *&Failed) {
  const BodyPlan *Saved = P;
  P = &Plan;
  auto Restore = make_scope_exit([&] { P = Saved; });
  DenseMap<const BasicBlock *, unsigned> Pos;
  for (auto [I, BB] : enumerate(Plan.Order))
    Pos[BB] = I;
  Plan.Next.clear();
  Plan.AfterLoop.clear();
  DenseMap<const BasicBlock *, SmallSetVector<BasicBlock *, 4>> Deferred;
  auto Earliest = [&](const BasicBlock *From, ArrayRef<BasicBlock *> Succs) {
    SmallSetVector<BasicBlock *, 4> All(Succs.begin(), Succs.end());
    for (BasicBlock *D : Deferred.lookup(From))
      All.insert(D);
    if (All.empty())
      return static_cast<BasicBlock *>(nullptr);
    BasicBlock *First = *min_element(All, [&](BasicBlock *A, BasicBlock *Bb) {
      return Pos.lookup(A) < Pos.lookup(Bb);
    });
    for (BasicBlock *X : All)
      if (X != First)
        Deferred[First].insert(X);
    return First;
  };
  for (BasicBlock *BB : Plan.Order) {
    Loop *Unit = getOutermostLinearLoop(BB);
    if (Unit && Unit->getHeader() != BB)
      continue; // runs within its linear loop
    if (Unit) {
      SmallVector<BasicBlock *> Exits;
      Unit->getUniqueExitBlocks(Exits);
      for (BasicBlock *Exit : Exits)
        if (Loop *Left = getLeftLoop(BB, Exit); Left != Unit) {
          Failed = Left; // lanes leave an enclosing loop at different times
          return false;
        }
      Plan.AfterLoop[Unit] = Earliest(BB, Exits);
      continue;
    }
    Instruction *T = BB->getTerminator();
    auto *BI = dyn_cast<BranchInst>(T);
    SmallVector<BasicBlock *, 2> &Next = Plan.Next[BB];
    if (!BI) { // a return or unreachable: on to what was deferred
      Next.push_back(Earliest(BB, {}));
      continue;
    }
    bool Divergent = BI->isConditional() && isVector(BI->getCondition());
    SmallVector<BasicBlock *, 2> Succs(successors(BB));
    for (BasicBlock *Succ : Succs) {
      Loop *L = LI->getLoopFor(Succ);
      bool BackEdge = L && L->getHeader() == Succ && L->contains(BB);
      Loop *Left = getLeftLoop(BB, Succ);
      if (BackEdge && (Divergent || !set_is_subset(Deferred.lookup(BB),
                                                   Deferred.lookup(Succ)))) {
        Failed = L; // lanes going round while others wait for a later block
        return false;
      }
      if (Left && Divergent) {
        Failed = Left; // lanes leaving while others stay
        return false;
      }
    }
    if (Divergent) {
      Next.push_back(Earliest(BB, Succs));
      continue;
    }
    for (BasicBlock *Succ : Succs) {
      Loop *L = LI->getLoopFor(Succ);
      if (L && L->getHeader() == Succ && L->contains(BB)) {
        Next.push_back(Succ);
        continue;
      }
      BasicBlock *First = Earliest(BB, {Succ});
      if (Loop *Left = getLeftLoop(BB, Succ); Left && Left->contains(First)) {
        Failed = Left; // leaving while lanes wait for a block inside
        return false;
      }
      Next.push_back(First);
    }
  }
  return true;
}

/// Blocks of loop \p L (the function when null) in a topological order of
/// the graph without L's back edges, each inner loop contiguous: Kahn's
/// algorithm over blocks and inner loops, ties broken by reverse post-order.
void SubGroupVectorizer::appendLoopOrder(BodyPlan &Plan, Loop *L,
                                         SmallVectorImpl<BasicBlock *> &Out) {
  DenseMap<BasicBlock *, unsigned> RPONumber;
  for (auto [I, BB] : enumerate(OldBlocks))
    RPONumber[BB] = I;
  // A node is a block of L itself or the header of one of L's inner loops.
  auto NodeOf = [&](BasicBlock *BB) -> BasicBlock * {
    Loop *Inner = LI->getLoopFor(BB);
    if (Inner == L)
      return BB;
    while (Inner && Inner->getParentLoop() != L)
      Inner = Inner->getParentLoop();
    return Inner ? Inner->getHeader() : nullptr;
  };
  auto InL = [&](BasicBlock *BB) { return !L || L->contains(BB); };
  SmallVector<BasicBlock *> Nodes;
  DenseMap<BasicBlock *, SmallVector<BasicBlock *, 4>> Succs;
  DenseMap<BasicBlock *, unsigned> InDegree;
  for (BasicBlock *BB : OldBlocks) {
    if (!InL(BB))
      continue;
    BasicBlock *N = NodeOf(BB);
    if (N == BB)
      Nodes.push_back(N);
    for (BasicBlock *Succ : successors(BB)) {
      if (!InL(Succ) || (L && Succ == L->getHeader()) || !RPONumber.count(Succ))
        continue;
      BasicBlock *SN = NodeOf(Succ);
      if (SN == N)
        continue;
      Succs[N].push_back(SN);
      ++InDegree[SN];
    }
  }
  auto Later = [&](BasicBlock *A, BasicBlock *Bb) {
    return RPONumber[A] > RPONumber[Bb];
  };
  std::priority_queue<BasicBlock *, std::vector<BasicBlock *>, decltype(Later)>
      Ready(Later);
  for (BasicBlock *N : Nodes)
    if (!InDegree.lookup(N))
      Ready.push(N);
  while (!Ready.empty()) {
    BasicBlock *N = Ready.top();
    Ready.pop();
    Loop *Inner = LI->getLoopFor(N);
    if (Inner != L && Inner->getHeader() == N) {
      while (Inner->getParentLoop() != L)
        Inner = Inner->getParentLoop();
      appendLoopOrder(Plan, Inner, Out);
      Plan.LoopEnds[Out.back()].push_back(Inner);
    } else {
      Out.push_back(N);
    }
    for (BasicBlock *SN : Succs[N])
      if (--InDegree[SN] == 0)
        Ready.push(SN);
  }
}

/// The branch condition whose lanes are \p BB's mask: where BB is entered
/// only from a block that every lane of a full sub-group runs, along one
/// edge of a branch that differs between lanes (or shares such a block's
/// mask).
std::optional<SubGroupVectorizer::MaskCondition>
SubGroupVectorizer::getMaskCondition(const BasicBlock *BB) const {
  auto *CM = dyn_cast<Constant>(EntryMask);
  if (!CM || !CM->isAllOnesValue())
    return std::nullopt;
  if (auto It = BlockConditions.find(BB); It != BlockConditions.end())
    return It->second;
  // In one iteration of the same loop: a block after a loop collects the
  // lanes that left it in any iteration. A linearized loop runs its blocks
  // under its own mask, which its last pass leaves empty, also where the
  // shape sees a loop every lane runs (one linearized only for an exit
  // into a dead end, such as a failed assertion): moe's `if (tid == 0)`
  // after a barrier in such a loop stored once more, in that last pass.
  const BasicBlock *Pred = BB->getSinglePredecessor();
  if (!Pred || P->Shapes->isDivergentlyExecuted(Pred) ||
      getOutermostLinearLoop(Pred) ||
      LI->getLoopFor(Pred) != LI->getLoopFor(BB))
    return std::nullopt;
  auto *BI = dyn_cast<BranchInst>(Pred->getTerminator());
  if (!BI || !BI->isConditional() || !isVector(BI->getCondition()) ||
      BI->getSuccessor(0) == BI->getSuccessor(1))
    return std::nullopt;
  return MaskCondition{BI->getCondition(), BI->getSuccessor(0) == BB};
}

/// Linearized code reaches every work-group sync point, also where the
/// kernel as written would have let some lanes (or all) go elsewhere, which
/// SYCL leaves undefined. Only the run-time sync check needs to see that: the
/// sub-group then stops at a sync point only if some lane does, so that work-
/// group CBS sees sub-groups stopping at different places, and lanes that
/// disagree within a sub-group are reported here (emitLaneCheck). Unchecked
/// code keeps its sync points unconditional: skipping one would put the code
/// after it into the region before it as well, for every sync point.
Value *SubGroupVectorizer::getSyncGuard() {
  if (!P->Linearize || !isRunTimeSyncCheckEnabled())
    return B.getTrue();
  return any(Mask);
}

void SubGroupVectorizer::emitLaneCheck(const Instruction &Sync,
                                       StringRef What) {
  if (!P->Linearize || !isRunTimeSyncCheckEnabled())
    return;
  Type *Bits = B.getIntNTy(S), *I64 = B.getInt64Ty();
  Value *Arrived = B.CreateBitCast(Mask, Bits);
  // Lanes may go without a work-group barrier if they meet no sync point
  // after it: those that return drop out of later barriers, as work-group
  // CBS lets work-items do (cbs/ReturnedItems.cpp). A lane that went
  // without one and arrives at a later one stopped elsewhere than the others.
  Value *ExpectedMask = EntryMask;
  if (getBuiltinKind(&Sync) == BuiltinKind::WorkGroupBarrier) {
    auto *Missed = B.CreateLoad(MissedSlot->getAllocatedType(), MissedSlot,
                                "missed.lanes");
    ExpectedMask = B.CreateAnd(Mask, B.CreateNot(Missed));
    B.CreateStore(B.CreateOr(Missed, B.CreateAnd(EntryMask, B.CreateNot(Mask))),
                  MissedSlot);
  }
  Value *Expected = B.CreateBitCast(ExpectedMask, Bits);
  std::string Where = What.str();
  if (DebugLoc Loc = getUserDebugLoc(&Sync))
    Where += " at line " + std::to_string(Loc.getLine());
  FunctionCallee GroupId = getOrInsertBuiltin(M, BuiltinKind::GroupId);
  FunctionCallee Report =
      getOrInsertRuntimeCheck(M, RuntimeCheck::SubGroupLanes);
  emitGuarded(B.CreateICmpNE(Arrived, Expected), B.getVoidTy(), [&] {
    SmallVector<Value *> Args = {B.CreateGlobalString(KernelName, "", 0, &M)};
    for (unsigned D = 0; D < 3; ++D)
      Args.push_back(D < Dims
                         ? cast<Value>(B.CreateCall(GroupId, {B.getInt32(D)}))
                         : B.getInt64(0));
    Args.push_back(B.getInt32(Dims));
    Args.push_back(B.CreateGlobalString(Where, "", 0, &M));
    Args.push_back(B.CreateZExt(Arrived, I64));
    Args.push_back(B.CreateZExt(Expected, I64));
    B.CreateCall(Report, Args);
    return nullptr;
  });
}

/// Linearized: a mask slot per block (the entry's holding the entry mask)
/// and a slot per phi, allocated in the new entry and set up at the start
/// of the copy.
void SubGroupVectorizer::createSlots() {
  MaskSlot.clear();
  PhiSlot.clear();
  MissedSlot = nullptr;
  if (!P->Linearize)
    return;
  auto *MaskTy = FixedVectorType::get(B.getInt1Ty(), S);
  if (isRunTimeSyncCheckEnabled()) {
    MissedSlot = new AllocaInst(MaskTy, DL.getAllocaAddrSpace(),
                                "missed.lanes.slot", NewEntry->begin());
    Slots.push_back(MissedSlot);
    B.CreateStore(Constant::getNullValue(MaskTy), MissedSlot);
  }
  for (BasicBlock *BB : OldBlocks) {
    auto *Slot =
        new AllocaInst(MaskTy, DL.getAllocaAddrSpace(),
                       BB->getName() + ".mask.slot", NewEntry->begin());
    MaskSlot[BB] = Slot;
    Slots.push_back(Slot);
    B.CreateStore(BB == OldBlocks.front() ? EntryMask
                                          : Constant::getNullValue(MaskTy),
                  Slot);
    for (PHINode &P : BB->phis()) {
      Type *Ty = isVector(&P) ? getVectorType(P.getType()) : P.getType();
      auto *PS = new AllocaInst(Ty, DL.getAllocaAddrSpace(),
                                P.getName() + ".slot", NewEntry->begin());
      PhiSlot[&P] = PS;
      Slots.push_back(PS);
      B.CreateStore(Constant::getNullValue(Ty), PS);
    }
  }
}

void SubGroupVectorizer::emitTerminatorKept(BasicBlock *BB) {
  Instruction *T = BB->getTerminator();
  B.SetInsertPoint(LastBlock[BB]);
  B.SetCurrentDebugLocation(T->getDebugLoc());
  Instruction *NT = T->clone();
  for (Use &U : NT->operands()) {
    if (auto *Succ = dyn_cast<BasicBlock>(U.get()))
      U.set(FirstBlock[Succ]);
    else
      U.set(getScalar(U.get()));
  }
  B.Insert(NT);
}

/// The lanes of the current block that take the edge where \p Cond is
/// \p Taken. Inactive lanes never take an edge, whatever their condition.
Value *SubGroupVectorizer::emitEdgeMask(Value *Cond, bool Taken) {
  Constant *None = Constant::getNullValue(Mask->getType());
  if (isVector(Cond)) {
    Value *V = getVector(Cond);
    if (!Taken)
      V = B.CreateNot(V);
    return B.CreateSelect(Mask, V, None);
  }
  // A uniform condition in a block no lane runs may be poison.
  Value *Scalar = B.CreateFreeze(getScalar(Cond));
  return Taken ? B.CreateSelect(Scalar, Mask, None)
               : B.CreateSelect(Scalar, None, Mask);
}

/// \p Taken in the lanes of \p LaneMask, \p Kept in the others; field by
/// field for a pair.
Value *SubGroupVectorizer::blendLanes(Value *LaneMask, Value *Taken,
                                      Value *Kept) {
  auto *ST = dyn_cast<StructType>(Kept->getType());
  if (!ST)
    return B.CreateSelect(expandMask(LaneMask, Kept->getType()), Taken, Kept);
  Value *Wide = PoisonValue::get(ST);
  for (unsigned F = 0; F < ST->getNumElements(); ++F)
    Wide =
        B.CreateInsertValue(Wide,
                            blendLanes(LaneMask, B.CreateExtractValue(Taken, F),
                                       B.CreateExtractValue(Kept, F)),
                            F);
  return Wide;
}

/// The lanes in \p Edge go from \p From to its successor \p Succ: they join
/// Succ's mask, and Succ's phis take their values from From.
void SubGroupVectorizer::emitEdge(BasicBlock *From, BasicBlock *Succ,
                                  Value *Edge) {
  if (!HasSameMask.contains(Succ)) {
    AllocaInst *Slot = MaskSlot[Succ];
    Value *Old = B.CreateLoad(Slot->getAllocatedType(), Slot);
    B.CreateStore(B.CreateOr(Old, Edge), Slot);
  }
  Value *AnyEdge = nullptr;
  auto GetAnyEdge = [&] {
    // The block's whole mask in a block every lane runs has a lane.
    if (!AnyEdge)
      AnyEdge = Edge == Mask && !mayBeEmpty(From) ? B.getTrue() : any(Edge);
    return AnyEdge;
  };
  for (PHINode &Phi : Succ->phis()) {
    AllocaInst *PS = PhiSlot[&Phi];
    Value *In = Phi.getIncomingValueForBlock(From);
    Value *Cur = B.CreateLoad(PS->getAllocatedType(), PS);
    Value *New;
    if (!isVector(&Phi))
      New = B.CreateSelect(GetAnyEdge(), getScalar(In), Cur);
    else if (P->Shapes->getShape(&Phi).isAffine())
      // An induction affine in the lanes (KernelShape): every lane steps
      // while any goes round, those that left included, so that its lanes
      // stay the first lane's value plus their offsets, as every affine
      // vector's do.
      New = B.CreateSelect(GetAnyEdge(), getVector(In), Cur);
    else
      New = blendLanes(Edge, getVector(In), Cur);
    B.CreateStore(New, PS);
  }
}

/// Each edge of \p BI under the mask of the lanes that take it.
void SubGroupVectorizer::emitMaskedEdges(BasicBlock *From, BranchInst &BI) {
  for (unsigned I = 0, E = BI.getNumSuccessors(); I < E; ++I)
    emitEdge(From, BI.getSuccessor(I),
             BI.isConditional() ? emitEdgeMask(BI.getCondition(), I == 0)
                                : Mask);
}

/// Where the new code of \p Old starts; null: the end of the body.
BasicBlock *SubGroupVectorizer::getEmitted(BasicBlock *Old) {
  if (Old)
    return FirstBlock[Old];
  BasicBlock *Return = BasicBlock::Create(C, "wfv.return", &K);
  ReturnInst::Create(C, Return);
  return Return;
}

void SubGroupVectorizer::emitTerminatorLinearized(BasicBlock *BB) {
  Instruction *T = BB->getTerminator();
  B.SetInsertPoint(LastBlock[BB]);
  B.SetCurrentDebugLocation(T->getDebugLoc());
  Mask = BlockMask[BB];
  auto *BI = dyn_cast<BranchInst>(T);
  assert((BI || isa<ReturnInst>(T) || isa<UnreachableInst>(T)) &&
         "switches are lowered before vectorization");
  Loop *Unit = getOutermostLinearLoop(BB);
  if (!Unit) {
    ArrayRef<BasicBlock *> Next = P->Next.find(BB)->second;
    if (!BI || BI->isUnconditional() || Next.size() == 1) {
      // Every lane that leaves goes on at the same block.
      if (BI)
        emitMaskedEdges(BB, *BI);
      B.CreateBr(getEmitted(Next.front()));
      return;
    }
    // A uniform branch stays one. Its condition may be poison where no
    // lane runs; the sub-group then leaves a loop rather than stay in it,
    // so that an empty loop ends.
    Value *Cond = B.CreateFreeze(getScalar(BI->getCondition()));
    auto Leaves = [&](unsigned I) {
      return getLeftLoop(BB, BI->getSuccessor(I)) != nullptr;
    };
    auto GoesRound = [&](unsigned I) {
      Loop *L = LI->getLoopFor(BI->getSuccessor(I));
      return L && L->getHeader() == BI->getSuccessor(I) && L->contains(BB);
    };
    std::optional<bool> WhenEmpty;
    if (Leaves(0) != Leaves(1))
      WhenEmpty = Leaves(0);
    else if (GoesRound(0) != GoesRound(1))
      WhenEmpty = GoesRound(1);
    // A block every lane of the sub-group runs has a lane: its loop's exit
    // then stays uniform across the work-group, so that work-group CBS
    // keeps the loop's values once rather than per work-item.
    if (WhenEmpty && mayBeEmpty(BB))
      Cond = B.CreateSelect(any(Mask), Cond, B.getInt1(*WhenEmpty));
    BasicBlock *Edges[2];
    for (unsigned I = 0; I < 2; ++I) {
      Edges[I] = BasicBlock::Create(C, BB->getName() + ".edge" + Twine(I), &K);
      IRBuilder<>::InsertPointGuard Guard(B);
      B.SetInsertPoint(Edges[I]);
      emitEdge(BB, BI->getSuccessor(I), Mask);
      B.CreateBr(getEmitted(Next[I]));
    }
    B.CreateCondBr(Cond, Edges[0], Edges[1]);
    return;
  }
  // Within a linear loop every edge is taken under its mask, and the blocks
  // follow one another in Order.
  if (BI)
    emitMaskedEdges(BB, *BI);
  // Then on to the next block, or back to the header of each loop that ends
  // here while any lane continues it; after the last, on to the block the
  // schedule says.
  ArrayRef<BasicBlock *> Order = P->Order;
  unsigned Pos = find(Order, BB) - Order.begin();
  SmallVector<Loop *, 2> Ending;
  if (auto It = P->LoopEnds.find(BB); It != P->LoopEnds.end())
    for (Loop *L : It->second) {
      if (!P->LinearLoops.contains(L))
        break;
      Ending.push_back(L);
    }
  BasicBlock *Next = !Ending.empty() && Ending.back() == Unit
                         ? getEmitted(P->AfterLoop.lookup(Unit))
                         : FirstBlock[Order[Pos + 1]];
  if (Ending.empty()) {
    B.CreateBr(Next);
    return;
  }
  // Innermost first: each loop end falls through to the enclosing one's.
  SmallVector<BasicBlock *> Ends;
  for (Loop *L : Ending)
    Ends.push_back(
        BasicBlock::Create(C, L->getHeader()->getName() + ".loop.end", &K));
  B.CreateBr(Ends.front());
  for (auto [I, L] : enumerate(Ending)) {
    B.SetInsertPoint(Ends[I]);
    AllocaInst *Slot = MaskSlot[L->getHeader()];
    Value *Continue = B.CreateLoad(Slot->getAllocatedType(), Slot);
    BasicBlock *After = I + 1 < Ends.size() ? Ends[I + 1] : Next;
    B.CreateCondBr(any(Continue), FirstBlock[L->getHeader()], After);
  }
}

void SubGroupVectorizer::finishPhis() {
  for (auto [Old, New] : KeptPhis) {
    for (unsigned I = 0, E = Old->getNumIncomingValues(); I < E; ++I) {
      BasicBlock *From = LastBlock.lookup(Old->getIncomingBlock(I));
      if (!From)
        continue; // an unreachable predecessor
      B.SetInsertPoint(From->getTerminator());
      Value *In = Old->getIncomingValue(I);
      New->addIncoming(isVector(Old) ? getVector(In) : getScalar(In), From);
    }
  }
}

/// A uniform branch that stays a branch lets a later block be reached along
/// paths the kernel did not have: a deferred block whose lanes came one way
/// is reached the other way too, where none of its lanes run. Its uses of
/// values defined on the first way then see no definition; they read
/// through a stack slot (any value will do where no lane runs).
void SubGroupVectorizer::repairDominance() {
  if (!General.Linearize && !Rows.Linearize)
    return;
  DominatorTree NewDT(K);
  SmallVector<Instruction *> Undominated;
  for (BasicBlock &BB : K)
    for (Instruction &I : BB)
      if (any_of(I.uses(),
                 [&](const Use &U) { return !NewDT.dominates(&I, U); }))
        Undominated.push_back(&I);
  for (Instruction *I : Undominated)
    Slots.push_back(DemoteRegToStack(*I, false, NewEntry->getFirstNonPHIIt()));
}

void SubGroupVectorizer::promoteSlots() {
  DominatorTree NewDT(K);
  PromoteMemToReg(Slots, NewDT);
}

} // namespace wfv
} // namespace sublane
