//===- SubGroupVectorizer.cpp - Order, masks and control flow -------------===//
//
// The skeleton of the vectorizer: which values become vectors, the order
// blocks run in, the mask each block runs under, what becomes of branches and
// phis, and the widening of plain arithmetic. Memory, calls and collectives
// have files of their own (see SubGroupVectorizer.h).
//
//===----------------------------------------------------------------------===//

#include "SubGroupVectorizer.h"

#include "sublane/Passes/analysis/SyncPointCheck.h"
#include "sublane/Passes/util/IdArithmetic.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SetOperations.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

#include <queue>

#define DEBUG_TYPE "sublane-wfv"

using namespace llvm;

STATISTIC(NumLinearized, "Number of kernels whose control flow is linearized");
STATISTIC(NumVectorValues, "Number of values vectorized");
STATISTIC(NumRowBlockBodies,
          "Number of bodies for sub-groups made of several whole rows");
STATISTIC(NumExtendedFromActiveLane,
          "Number of extensions rebuilt from the first active lane");

static cl::opt<unsigned> MinRowBlockLanes(
    "sublane-wfv-min-row-lanes", cl::Hidden, cl::init(8),
    cl::desc("Shortest row of a work-group for which the vectorizer emits a "
             "body for sub-groups made of several whole rows (0: none)"));

static bool isDisjointOr(const Instruction &I) {
  auto *Or = dyn_cast<PossiblyDisjointInst>(&I);
  return Or && Or->isDisjoint();
}

namespace sublane {
namespace wfv {

SubGroupVectorizer::SubGroupVectorizer(Function &K, unsigned SubGroupSize,
                                       unsigned Dims, StringRef KernelName)
    : K(K), M(*K.getParent()), C(K.getContext()), DL(M.getDataLayout()),
      S(SubGroupSize), Dims(Dims), KernelName(KernelName), B(K.getContext()) {
  DT = std::make_unique<DominatorTree>(K);
  LI = std::make_unique<LoopInfo>(*DT);
  // A value uniform in a loop that lanes leave in different iterations stays
  // a scalar there (makePlan); each lane's value after the loop must then
  // come from a phi in the loop's exit, which blends it in as the lane
  // leaves. The steps since canonicalization may have added code outside
  // that form.
  for (Loop *L : *LI)
    formLCSSARecursively(*L, *DT, LI.get(), nullptr);
  ReversePostOrderTraversal<Function *> RPOT(&K);
  for (BasicBlock *BB : RPOT)
    OldBlocks.push_back(BB);
  // A block that runs whenever its immediate dominator does, in the same
  // iteration of the same loop, runs under the same mask: the dominator
  // hands its mask on rather than the edges building it up lane by lane,
  // which keeps masks LLVM can see through (all lanes after a diamond that
  // reconverges, for one).
  PostDominatorTree PDT(K);
  for (BasicBlock *BB : OldBlocks) {
    DomTreeNode *Node = DT->getNode(BB);
    if (!Node || !Node->getIDom())
      continue;
    BasicBlock *Dom = Node->getIDom()->getBlock();
    if (LI->getLoopFor(Dom) == LI->getLoopFor(BB) && PDT.dominates(BB, Dom)) {
      SameMask[Dom].push_back(BB);
      HasSameMask.insert(BB);
    }
  }
  General.Shapes = std::make_shared<KernelShape>(
      K, Dims, DivergenceSources::ConservativeWithinSubGroup);
  makePlan(General);
  Rows.WithinRow = true;
  // Launches whose global ids fit in an `int` run the fast copies (the
  // conditions check it), so that `int i = id[0]; a[i]` is contiguous there.
  Rows.Shapes = std::make_shared<KernelShape>(
      K, Dims, DivergenceSources::ConservativeWithinRowSubGroup,
      GlobalIdBound::FitsInInt);
  makePlan(Rows);
  // Sub-groups of several whole rows: what differs between their lanes and
  // their control flow are those of any sub-group, but the lanes of each
  // row relate to each other as those of a sub-group within a row do.
  if (Dims < 2 || !benefitsFromRowBlocks())
    return;
  for (unsigned RowsSpanned = 2;
       MinRowBlockLanes && S / RowsSpanned >= MinRowBlockLanes;
       RowsSpanned *= 2) {
    BodyPlan Plan = General;
    Plan.RowsSpanned = RowsSpanned;
    Plan.RowShapes = Rows.Shapes;
    RowBlocks.push_back(std::move(Plan));
  }
}

/// Whether some access of the kernel reads or writes consecutive addresses
/// along the lanes of a row, but not along those of any sub-group.
bool SubGroupVectorizer::benefitsFromRowBlocks() const {
  for (BasicBlock *BB : OldBlocks)
    for (Instruction &I : *BB) {
      Value *Ptr = getLoadStorePointerOperand(&I);
      if (!Ptr || !General.VectorValues.contains(Ptr))
        continue;
      Type *Ty = getLoadStoreType(&I);
      int64_t Size = DL.getTypeAllocSize(Ty).getFixedValue();
      sublane::Shape InRow = Rows.Shapes->getShape(Ptr);
      sublane::Shape Any = General.Shapes->getShape(Ptr);
      if (InRow.isAffine() && InRow.Stride == Size &&
          !(Any.isAffine() && Any.Stride == Size))
        return true;
    }
  return false;
}

SubGroupVectorizer::~SubGroupVectorizer() = default;

static bool hasWorkGroupSyncPoint(Function &K);

/// Results that are the same in every lane whatever their operands are.
static bool isUniformizing(const Instruction &I) {
  if (getBuiltinKind(&I) != BuiltinKind::Collective)
    return false;
  return getCollectiveInfo(cast<CallBase>(I).getCalledFunction())
      ->hasUniformResult();
}

void SubGroupVectorizer::makePlan(BodyPlan &Plan) {
  DenseSet<Value *> &VectorValues = Plan.VectorValues;
  auto isVector = [&](const Value *V) { return VectorValues.contains(V); };
  // Uniform where defined, not at every use: a value the lanes still in a
  // loop share is a scalar, whose vector after the loop is its exit's phi.
  // Kept in a vector, its lanes would differ once lanes leave, while values
  // computed from it inside the loop keep their uniform or affine shapes,
  // and code that reads those in lane 0 would read a lane that left.
  for (BasicBlock *BB : OldBlocks)
    for (Instruction &I : *BB)
      if (!I.getType()->isVoidTy() && !Plan.Shapes->isUniformWhereDefined(&I))
        VectorValues.insert(&I);
  // A loop whose exit branch is a vector condition lets lanes leave in
  // different iterations: what they carry out differs between lanes even
  // when it is the same for all of them inside (temporal divergence).
  auto LeavesDivergentLoop = [&](PHINode &P, BasicBlock *From) {
    for (Loop *L = LI->getLoopFor(From); L && !L->contains(P.getParent());
         L = L->getParentLoop()) {
      SmallVector<BasicBlock *> Exiting;
      L->getExitingBlocks(Exiting);
      for (BasicBlock *E : Exiting) {
        auto *BI = dyn_cast<BranchInst>(E->getTerminator());
        if (!BI || (BI->isConditional() && isVector(BI->getCondition())))
          return true;
      }
    }
    return false;
  };
  // Whatever is computed from a vector is a vector, except the results of
  // reductions, broadcasts and votes.
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (BasicBlock *BB : OldBlocks)
      for (Instruction &I : *BB) {
        if (I.getType()->isVoidTy() || isVector(&I) || isUniformizing(I))
          continue;
        bool FromVector =
            any_of(I.operands(), [&](const Use &U) { return isVector(U); });
        if (auto *P = dyn_cast<PHINode>(&I))
          for (BasicBlock *From : P->blocks())
            FromVector |= LeavesDivergentLoop(*P, From);
        if (FromVector) {
          VectorValues.insert(&I);
          Changed = true;
        }
      }
  }
  for (BasicBlock *BB : OldBlocks) {
    Instruction *T = BB->getTerminator();
    if (auto *BI = dyn_cast<BranchInst>(T))
      Plan.Linearize |= BI->isConditional() && isVector(BI->getCondition());
    else if (auto *SI = dyn_cast<SwitchInst>(T))
      Plan.Linearize |= isVector(SI->getCondition());
  }
  if (!Plan.Linearize)
    return;
  appendLoopOrder(Plan, nullptr, Plan.Order);
  if (!hasBlockOrder(Plan))
    return; // refused
  auto MarkLinear = [&](const Loop *L) {
    Plan.LinearLoops.insert(L);
    for (const Loop *Inner : L->getLoopsInPreorder())
      Plan.LinearLoops.insert(Inner);
  };
  for (Loop *L : LI->getLoopsInPreorder()) {
    SmallVector<BasicBlock *> Exiting;
    L->getExitingBlocks(Exiting);
    for (BasicBlock *E : Exiting) {
      auto *BI = dyn_cast<BranchInst>(E->getTerminator());
      if (!BI || (BI->isConditional() && isVector(BI->getCondition())))
        MarkLinear(L);
    }
  }
  // Lanes that wait in a loop for a block deferred by a divergent branch
  // while others leave it, or go round it: the schedule finds those loops.
  const Loop *Failed = nullptr;
  while (!schedule(Plan, Failed))
    MarkLinear(Failed);
  for (const Loop *L : Plan.LinearLoops) {
    SmallVector<BasicBlock *> Exiting;
    L->getExitingBlocks(Exiting);
    SmallPtrSet<const BasicBlock *, 16> Reached;
    SmallVector<const BasicBlock *> Work;
    auto Visit = [&](const BasicBlock *From) {
      for (const BasicBlock *S : successors(From))
        if (S != L->getHeader() && L->contains(S) && Reached.insert(S).second)
          Work.push_back(S);
    };
    for (BasicBlock *E : Exiting)
      Visit(E);
    while (!Work.empty())
      Visit(Work.pop_back_val());
    Plan.AfterLoopExits.insert(Reached.begin(), Reached.end());
  }
}

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

Type *SubGroupVectorizer::getVectorType(Type *T) const {
  if (auto *ST = dyn_cast<StructType>(T)) {
    SmallVector<Type *, 2> Fields;
    for (Type *F : ST->elements())
      Fields.push_back(getVectorType(F));
    return StructType::get(T->getContext(), Fields);
  }
  if (auto *VT = dyn_cast<FixedVectorType>(T))
    return FixedVectorType::get(VT->getElementType(), VT->getNumElements() * S);
  return FixedVectorType::get(T, S);
}

Value *SubGroupVectorizer::splat(Value *V) {
  if (auto *ST = dyn_cast<StructType>(V->getType())) {
    // A pair the same in every lane: each field's splat.
    Value *Wide = PoisonValue::get(getVectorType(ST));
    for (unsigned F = 0; F < ST->getNumElements(); ++F)
      Wide = B.CreateInsertValue(Wide, splat(B.CreateExtractValue(V, F)), F);
    return Wide;
  }
  unsigned N = getLaneElementCount(V->getType());
  if (!V->getType()->isVectorTy())
    return B.CreateVectorSplat(S, V);
  SmallVector<int> Picks;
  for (unsigned E = 0; E < N; ++E)
    Picks.append(S, E);
  return B.CreateShuffleVector(V, Picks);
}

Value *SubGroupVectorizer::getLaneIds(Type *Ty) {
  SmallVector<Constant *> Ids;
  for (unsigned L = 0; L < S; ++L)
    Ids.push_back(ConstantInt::get(Ty, L));
  return ConstantVector::get(Ids);
}

bool SubGroupVectorizer::everyLaneRuns() const {
  auto IsAll = [](Value *M) {
    auto *CM = dyn_cast_or_null<Constant>(M);
    return CM && CM->isAllOnesValue();
  };
  return IsAll(Mask) || (IsAll(EntryMask) && OldBlock &&
                         !P->Shapes->isDivergentlyExecuted(OldBlock) &&
                         !getOutermostLinearLoop(OldBlock));
}

Value *SubGroupVectorizer::any(Value *Mask, bool ScalarVote) {
  if (auto *CM = dyn_cast<Constant>(Mask)) {
    if (CM->isAllOnesValue())
      return B.getTrue();
    if (CM->isNullValue())
      return B.getFalse();
  }
  // A block under `if (lid == 0)` or `if (x == w - 1)` in a sub-group
  // whose lanes all reach the branch: whether any lane entered follows from
  // the first lane's id, without the vector compare.
  if (auto It = MaskConditions.find(Mask);
      ScalarVote && It != MaskConditions.end()) {
    auto [Cond, Holds] = It->second;
    if (Value *Vote = emitScalarVote(Cond, /*All=*/!Holds))
      return Holds ? Vote : B.CreateNot(Vote);
  }
  return B.CreateOrReduce(Mask);
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

Value *SubGroupVectorizer::getScalar(Value *V) {
  if (!isa<Instruction>(V))
    return V;
  assert(!isVector(V) && "a vector value has no scalar form");
  Value *New = Scalars.lookup(V);
  assert(New && "used before it was defined");
  return New;
}

Value *SubGroupVectorizer::getVector(Value *V) {
  if (auto *Cst = dyn_cast<Constant>(V)) {
    if (auto *ST = dyn_cast<StructType>(Cst->getType())) {
      SmallVector<Constant *, 2> Fields;
      for (unsigned F = 0; F < ST->getNumElements(); ++F)
        Fields.push_back(
            cast<Constant>(getVector(Cst->getAggregateElement(F))));
      return ConstantStruct::get(cast<StructType>(getVectorType(ST)), Fields);
    }
    return Cst->getType()->isVectorTy()
               ? splat(Cst)
               : ConstantVector::getSplat(ElementCount::getFixed(S), Cst);
  }
  if (Value *New = Vectors.lookup(V))
    return New;
  return splat(getScalar(V));
}

Value *SubGroupVectorizer::getLane(Value *V, unsigned Lane) {
  if (isVector(V))
    return extractLane(getVector(V), Lane);
  return getScalar(V);
}

Value *SubGroupVectorizer::getLaneLocalId(unsigned D, unsigned Lane) {
  if (!FirstLaneIds[D])
    return nullptr;
  if (!P->RowsSpanned)
    return D + 1 == Dims ? B.CreateAdd(FirstLaneIds[D], B.getInt64(Lane), "",
                                       /*HasNUW=*/true, /*HasNSW=*/true)
                         : FirstLaneIds[D];
  unsigned RowLength = S / P->RowsSpanned;
  if (D + 2 < Dims)
    return FirstLaneIds[D];
  if (D + 1 == Dims)
    return B.getInt64(Lane % RowLength);
  return B.CreateAdd(FirstLaneIds[D], B.getInt64(Lane / RowLength), "",
                     /*HasNUW=*/true, /*HasNSW=*/true);
}

Value *SubGroupVectorizer::getLaneScalar(Value *V, unsigned Lane, bool &Exact,
                                         unsigned Depth) {
  if (!isVector(V))
    return getScalar(V);
  auto *I = cast<Instruction>(V);
  auto Key = std::make_tuple(V, Lane, B.GetInsertBlock());
  if (auto It = LaneScalars.find(Key); It != LaneScalars.end()) {
    Exact &= It->second.second;
    return It->second.first;
  }
  Value *R = nullptr;
  bool RExact = true;
  std::optional<uint64_t> Dim;
  if (auto *CB = dyn_cast<CallBase>(I))
    if (auto *CD = dyn_cast<ConstantInt>(CB->getArgOperand(0));
        CD && CB->arg_size() == 1)
      Dim = CD->getZExtValue();
  switch (getBuiltinKind(I)) {
  case BuiltinKind::LocalId:
    if (Dim && *Dim < Dims)
      R = getLaneLocalId(*Dim, Lane);
    break;
  case BuiltinKind::GlobalId:
    if (Value *Base = GlobalIdBases.lookup(I); Base && Dim && *Dim < Dims)
      if (Value *Id = getLaneLocalId(*Dim, Lane))
        R = B.CreateAdd(Base, Id);
    break;
  case BuiltinKind::LocalLinearId:
    R = B.CreateAdd(LinearBase, B.getInt64(Lane), "", /*HasNUW=*/true,
                    /*HasNSW=*/true);
    break;
  case BuiltinKind::SubGroupLocalId:
    R = ConstantInt::get(I->getType(), Lane);
    break;
  case BuiltinKind::None:
    if (extendsOnlyWhereRun(*I)) {
      // Its vector holds every lane's value (extendFromFirstActiveLane),
      // which the lane's own extension would not.
      R = getLane(V, Lane);
    } else if (P->Shapes->isExactOnlyWhereRun(I) ||
               (P->RowShapes && P->RowShapes->isExactOnlyWhereRun(I))) {
      R = getLane(V, Lane);
      RExact = !P->Shapes->isDivergentlyExecuted(I->getParent());
    } else if (Depth < 12 && !I->getType()->isVectorTy() &&
               (isa<BinaryOperator>(I) || isa<CastInst>(I) ||
                isa<GetElementPtrInst>(I) || isa<FreezeInst>(I) ||
                isa<MinMaxIntrinsic>(I)) &&
               isSafeToSpeculativelyExecute(I)) {
      // Arithmetic that cannot trap, up to a depth that keeps the copies
      // few. A disjoint or is an add in every lane, run or not.
      Instruction *NI =
          isDisjointOr(*I)
              ? BinaryOperator::CreateAdd(I->getOperand(0), I->getOperand(1))
              : I->clone();
      for (Use &U : NI->operands())
        U.set(getLaneScalar(U.get(), Lane, RExact, Depth + 1));
      R = B.Insert(NI);
    }
    break;
  default:
    break;
  }
  if (!R) {
    // What the lane computed, which is nothing where it did not run; but
    // an induction affine in the lanes steps in every lane (emitEdge), and
    // every lane has its ids.
    R = getLane(V, Lane);
    BuiltinKind Kind = getBuiltinKind(I);
    RExact = (isa<PHINode>(I) && P->Shapes->getShape(I).isAffine()) ||
             Kind == BuiltinKind::GlobalId || Kind == BuiltinKind::LocalId ||
             Kind == BuiltinKind::LocalLinearId ||
             Kind == BuiltinKind::SubGroupLocalId;
  }
  LaneScalars[Key] = {R, RExact};
  Exact &= RExact;
  return R;
}

void SubGroupVectorizer::setScalar(Instruction &I, Value *V) {
  assert(!isVector(&I) && "a vector value given a scalar form");
  Scalars[&I] = V;
  if (V->getName().empty() && !V->getType()->isVoidTy())
    V->takeName(&I);
}

void SubGroupVectorizer::setVector(Instruction &I, Value *V) {
  assert(isVector(&I) && V->getType() == getVectorType(I.getType()));
  Vectors[&I] = V;
  ++NumVectorValues;
  if (V->getName().empty())
    V->setName(I.getName());
}

Value *SubGroupVectorizer::emitGuarded(Value *Cond, Type *ResultTy,
                                       function_ref<Value *()> Body) {
  if (auto *CC = dyn_cast<ConstantInt>(Cond)) {
    if (CC->isOne())
      return Body();
    return ResultTy->isVoidTy() ? nullptr : PoisonValue::get(ResultTy);
  }
  BasicBlock *From = B.GetInsertBlock();
  BasicBlock *Then = BasicBlock::Create(C, From->getName() + ".then", &K);
  BasicBlock *Cont = BasicBlock::Create(C, From->getName() + ".cont", &K);
  B.CreateCondBr(Cond, Then, Cont);
  B.SetInsertPoint(Then);
  Value *R = Body();
  BasicBlock *ThenEnd = B.GetInsertBlock();
  B.CreateBr(Cont);
  B.SetInsertPoint(Cont);
  if (ResultTy->isVoidTy())
    return nullptr;
  PHINode *P = B.CreatePHI(ResultTy, 2);
  P->addIncoming(R, ThenEnd);
  P->addIncoming(PoisonValue::get(ResultTy), From);
  return P;
}

Value *
SubGroupVectorizer::replicatePerLane(Value *LaneMask, Type *ResultTy,
                                     function_ref<Value *(unsigned)> Body) {
  SmallVector<Value *, 64> PerLane;
  for (unsigned L = 0; L < S; ++L) {
    Value *Active = LaneMask ? B.CreateExtractElement(LaneMask, B.getInt32(L))
                             : B.getTrue();
    Value *R = emitGuarded(Active, ResultTy, [&] { return Body(L); });
    if (R)
      PerLane.push_back(R);
  }
  return ResultTy->isVoidTy() ? nullptr : joinLanes(PerLane);
}

/// The function's new entry: the sub-group's id, its lanes and its entry
/// mask.
void SubGroupVectorizer::emitEntry() {
  NewEntry = BasicBlock::Create(C, "wfv.entry", &K, &K.getEntryBlock());
  B.SetInsertPoint(NewEntry);
  Type *I32 = B.getInt32Ty();
  SubGroupId =
      B.CreateCall(getOrInsertBuiltin(M, BuiltinKind::SubGroupId), {}, "sg.id");
  Lanes = B.CreateCall(getOrInsertBuiltin(M, BuiltinKind::SubGroupSize), {},
                       "sg.lanes");
  EntryMask = B.CreateICmpULT(getLaneIds(I32), splat(Lanes), "entry.mask");
}

/// The local ids of the lanes, at the start of the copy for the plan being
/// emitted: vectors in general, and within a row scalars but in the last
/// dimension.
void SubGroupVectorizer::emitIds() {
  Type *I64 = B.getInt64Ty();
  FunctionCallee Range = getOrInsertBuiltin(M, BuiltinKind::LocalRange);
  Value *Base = B.CreateMul(B.CreateZExt(SubGroupId, I64), B.getInt64(S),
                            "sg.base", /*HasNUW=*/true, /*HasNSW=*/true);
  LinearIds = B.CreateAdd(splat(Base), getLaneIds(I64), "lid.linear",
                          /*HasNUW=*/true, /*HasNSW=*/true);
  LinearBase = Base;
  std::fill(std::begin(FirstLaneIds), std::end(FirstLaneIds), nullptr);
  // Row-major: the last dimension varies fastest.
  if (P->RowsSpanned) {
    // Lane L is in row L / RowLength of the sub-group, at column
    // L % RowLength; the sub-group's first row is a multiple of the rows it
    // spans, and these stay within one row of the next dimension (the
    // condition of the plan), so that dimensions before that are the same
    // in every lane.
    unsigned RowLength = S / P->RowsSpanned;
    Value *Row = B.CreateUDiv(Base, B.getInt64(RowLength), "sg.first.row",
                              /*isExact=*/true);
    FirstLaneIds[Dims - 1] = B.getInt64(0);
    for (int D = Dims - 2; D >= 0; --D) {
      if (D == 0) {
        FirstLaneIds[D] = Row;
        break;
      }
      Value *R = B.CreateCall(Range, {B.getInt32(D)}, "local.range");
      std::tie(Row, FirstLaneIds[D]) = emitLocalIdDivRem(B, Row, R, "row");
    }
    for (unsigned D = 0; D < Dims; ++D) {
      if (D + 2 < Dims) {
        LocalIds[D] = FirstLaneIds[D];
        continue;
      }
      SmallVector<Constant *> Offsets;
      for (unsigned L = 0; L < S; ++L)
        Offsets.push_back(
            B.getInt64(D + 1 == Dims ? L % RowLength : L / RowLength));
      LocalIds[D] =
          B.CreateAdd(splat(FirstLaneIds[D]), ConstantVector::get(Offsets),
                      "lid" + Twine(D), /*HasNUW=*/true,
                      /*HasNSW=*/true);
    }
    return;
  }
  if (P->WithinRow) {
    Value *Rest = Base;
    for (int D = Dims - 1; D > 0; --D) {
      Value *R = B.CreateCall(Range, {B.getInt32(D)}, "local.range");
      std::tie(Rest, LocalIds[D]) =
          emitLocalIdDivRem(B, Rest, R, "lid" + Twine(D));
    }
    LocalIds[0] = Rest;
    std::copy(std::begin(LocalIds), std::end(LocalIds),
              std::begin(FirstLaneIds));
    LocalIds[Dims - 1] =
        B.CreateAdd(splat(LocalIds[Dims - 1]), getLaneIds(I64),
                    "lid" + Twine(Dims - 1), /*HasNUW=*/true, /*HasNSW=*/true);
    return;
  }
  // A lane's id in the work-group is a scalar base plus a small vector
  // offset. Each dimension divides the base once per sub-group and only the
  // offset per lane, without the per-lane 64-bit division x86 lacks.
  Type *I32 = B.getInt32Ty();
  Value *RestBase = Base;
  Value *RestOffset = getLaneIds(I32);
  for (int D = Dims - 1; D > 0; --D) {
    Value *R = B.CreateCall(Range, {B.getInt32(D)}, "local.range");
    auto [BaseRow, BaseRem] =
        emitLocalIdDivRem(B, RestBase, R, "sg.base" + Twine(D));
    Value *BaseColumn = B.CreateTrunc(BaseRem, I32);
    Value *Offset = B.CreateAdd(splat(BaseColumn), RestOffset, "",
                                /*HasNUW=*/true, /*HasNSW=*/true);
    auto [Quotient, Remainder] = emitSmallDivRem(Offset, R);
    LocalIds[D] = B.CreateZExt(Remainder, getVectorType(I64), "lid" + Twine(D));
    RestBase = BaseRow;
    RestOffset = Quotient;
  }
  LocalIds[0] =
      B.CreateAdd(splat(RestBase), B.CreateZExt(RestOffset, getVectorType(I64)),
                  "lid0", /*HasNUW=*/true, /*HasNSW=*/true);
  // In one dimension lane L's id is the sub-group's first one plus L.
  if (Dims == 1)
    FirstLaneIds[0] = RestBase;
}

/// Quotient and remainder of lane values below 2^22 by a positive divisor
/// that fits in i32, as i32 vectors. A local id is below the largest
/// work-group (2^16) plus a sub-group, so that the quotient is
/// floor((N + 0.5) * (1 / R)) exactly in single precision: the two roundings
/// err by less than (N + 0.5) / R * 2^-23 < 0.5 / R, and N + 0.5 lies at
/// least 0.5 / R from a multiple of R.
std::pair<Value *, Value *> SubGroupVectorizer::emitSmallDivRem(Value *N,
                                                                Value *R) {
  static_assert(MaxWorkGroupSize + 64 < (uint64_t(1) << 22),
                "local ids must stay exact in single precision");
  Type *F32 = B.getFloatTy();
  Value *R32 = B.CreateTrunc(R, B.getInt32Ty());
  Value *Reciprocal =
      B.CreateFDiv(ConstantFP::get(F32, 1.0), B.CreateUIToFP(R32, F32));
  Value *Real = B.CreateFAdd(B.CreateUIToFP(N, getVectorType(F32)),
                             splat(ConstantFP::get(F32, 0.5)));
  Value *Quotient = B.CreateFPToUI(B.CreateFMul(Real, splat(Reciprocal)),
                                   N->getType(), "lid.quotient");
  Value *Remainder = B.CreateSub(N, B.CreateMul(Quotient, splat(R32)), "",
                                 /*HasNUW=*/true, /*HasNSW=*/true);
  return {Quotient, Remainder};
}

/// Whether the sub-group may run the copy for sub-groups within a row: it is
/// full, and it lies within one row of the work-group. Where sub-groups meet
/// at a work-group barrier or collective, they must all run the same copy,
/// so the condition is then one of the work-group: every row splits into
/// whole sub-groups.
Value *SubGroupVectorizer::emitWithinRowCondition() {
  FunctionCallee Range = getOrInsertBuiltin(M, BuiltinKind::LocalRange);
  Value *Row = B.CreateCall(Range, {B.getInt32(Dims - 1)}, "row.length");
  if (hasWorkGroupSyncPoint(K))
    return B.CreateICmpEQ(B.CreateURem(Row, B.getInt64(S)), B.getInt64(0),
                          "rows.whole");
  Value *Full = B.CreateICmpEQ(Lanes, B.getInt32(S), "sg.full");
  if (Dims == 1)
    return Full;
  // Whole rows first: work-group CBS runs its loop over full sub-groups only
  // when they are, and the test then folds there.
  Value *RowsWhole = B.CreateICmpEQ(B.CreateURem(Row, B.getInt64(S)),
                                    B.getInt64(0), "rows.whole");
  Value *Base = B.CreateMul(B.CreateZExt(SubGroupId, B.getInt64Ty()),
                            B.getInt64(S), "", /*HasNUW=*/true,
                            /*HasNSW=*/true);
  Value *End = B.CreateAdd(emitLocalIdDivRem(B, Base, Row, "sg.base").second,
                           B.getInt64(S));
  return B.CreateAnd(
      Full, B.CreateOr(RowsWhole, B.CreateICmpULE(End, Row), "sg.in.row"));
}

/// Whether the sub-group may run the copy for \p RowsSpanned whole rows: the
/// rows are as long as that makes them, the sub-group is full and its rows
/// lie within one row of the dimension before (in 3D, one plane). The
/// sub-group starts at a multiple of its size, so at the start of a row.
/// Where sub-groups meet at a sync point, the condition is one of the
/// work-group: then every sub-group is full.
Value *SubGroupVectorizer::emitRowBlockCondition(unsigned RowsSpanned) {
  FunctionCallee Range = getOrInsertBuiltin(M, BuiltinKind::LocalRange);
  Value *Row = B.CreateCall(Range, {B.getInt32(Dims - 1)}, "row.length");
  Value *Cond = B.CreateICmpEQ(Row, B.getInt64(S / RowsSpanned),
                               "rows.length." + Twine(RowsSpanned));
  bool Sync = hasWorkGroupSyncPoint(K);
  if (Sync || Dims > 2) {
    // In 2D, rows of a work-group whose rows split evenly into blocks are
    // all full blocks; in 3D, blocks then also stay within a plane.
    Value *Before = B.CreateCall(Range, {B.getInt32(Dims - 2)}, "row.count");
    Cond = B.CreateAnd(
        Cond, B.CreateICmpEQ(B.CreateURem(Before, B.getInt64(RowsSpanned)),
                             B.getInt64(0)));
  }
  if (!Sync)
    Cond = B.CreateAnd(Cond, B.CreateICmpEQ(Lanes, B.getInt32(S)));
  return Cond;
}

/// Whether the launch's global ids along rows fit in an `int`, which the
/// shapes of the fast copies assume (GlobalIdBound::FitsInInt). It is the
/// same for the whole launch.
Value *SubGroupVectorizer::emitGlobalIdsFitInIntCondition() {
  FunctionCallee Range = getOrInsertBuiltin(M, BuiltinKind::GlobalRange);
  Value *Global = B.CreateCall(Range, {B.getInt32(Dims - 1)}, "global.range");
  return B.CreateICmpULE(Global, B.getInt64(uint64_t(1) << 31),
                         "global.ids.fit.int");
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

/// One copy of the kernel's body under the current entry mask; returns its
/// first block.
BasicBlock *SubGroupVectorizer::emitBody() {
  Scalars.clear();
  LaneScalars.clear();
  GlobalIdBases.clear();
  Vectors.clear();
  FirstBlock.clear();
  LastBlock.clear();
  BlockMask.clear();
  // What a copy for full sub-groups knows of its masks holds in no other.
  MaskConditions.clear();
  BlockConditions.clear();
  KeptPhis.clear();
  // Each copy computes its own ids where it starts: a sub-group that runs
  // one copy must not pay for the ids of the others (nor, across a barrier,
  // keep them in live-value slots).
  BasicBlock *Start = BasicBlock::Create(C, "wfv.body", &K, OldBlocks.front());
  B.SetInsertPoint(Start);
  createSlots();
  emitIds();
  for (BasicBlock *BB : P->Linearize ? ArrayRef<BasicBlock *>(P->Order)
                                     : ArrayRef<BasicBlock *>(OldBlocks))
    emitBlock(BB);
  for (BasicBlock *BB : OldBlocks) {
    if (P->Linearize)
      emitTerminatorLinearized(BB);
    else
      emitTerminatorKept(BB);
  }
  finishPhis();
  B.SetInsertPoint(Start);
  B.CreateBr(FirstBlock[OldBlocks.front()]);
  return Start;
}

/// Whether all work-items of the group meet anywhere in the kernel: then
/// every sub-group must run the same code up to there.
static bool hasWorkGroupSyncPoint(Function &K) {
  for (Instruction &I : instructions(K)) {
    BuiltinKind Kind = getBuiltinKind(&I);
    if (Kind == BuiltinKind::WorkGroupBarrier)
      return true;
    if (Kind == BuiltinKind::Collective &&
        getCollectiveInfo(cast<CallBase>(I).getCalledFunction())->Scope ==
            CollectiveInfo::WorkGroup)
      return true;
  }
  return false;
}

void SubGroupVectorizer::emitBlock(BasicBlock *BB) {
  OldBlock = BB;
  BasicBlock *NB = BasicBlock::Create(C, BB->getName(), &K, OldBlocks.front());
  FirstBlock[BB] = NB;
  B.SetInsertPoint(NB);
  if (P->Linearize) {
    Mask = B.CreateLoad(MaskSlot[BB]->getAllocatedType(), MaskSlot[BB],
                        BB->getName() + ".mask");
    BlockMask[BB] = Mask;
    if (std::optional<MaskCondition> MC = getMaskCondition(BB))
      MaskConditions[Mask] = *MC;
    // Edges taken later (the next iteration's) start from no lane.
    B.CreateStore(Constant::getNullValue(Mask->getType()), MaskSlot[BB]);
    for (BasicBlock *Same : SameMask.lookup(BB)) {
      B.CreateStore(Mask, MaskSlot[Same]);
      if (auto It = MaskConditions.find(Mask); It != MaskConditions.end())
        BlockConditions[Same] = It->second;
    }
    for (PHINode &P : BB->phis()) {
      AllocaInst *Slot = PhiSlot[&P];
      Value *V = B.CreateLoad(Slot->getAllocatedType(), Slot);
      if (isVector(&P))
        setVector(P, V);
      else
        setScalar(P, V);
    }
  } else {
    Mask = EntryMask;
    for (PHINode &P : BB->phis()) {
      bool Vec = isVector(&P);
      PHINode *NP = B.CreatePHI(Vec ? getVectorType(P.getType()) : P.getType(),
                                P.getNumIncomingValues());
      KeptPhis.push_back({&P, NP});
      if (Vec)
        setVector(P, NP);
      else
        setScalar(P, NP);
    }
  }
  for (Instruction &I : *BB) {
    if (isa<PHINode>(I) || I.isTerminator())
      continue;
    B.SetCurrentDebugLocation(I.getDebugLoc());
    widen(I);
  }
  B.SetCurrentDebugLocation(DebugLoc());
  LastBlock[BB] = B.GetInsertBlock();
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

void SubGroupVectorizer::widenGeneric(Instruction &I) {
  if (!isVector(&I)) {
    Instruction *NI = I.clone();
    for (Use &U : NI->operands())
      U.set(getScalar(U.get()));
    // A division in a block no lane runs must not trap on what it divides
    // by (which may be poison there).
    if (mayBeEmpty() && NI->isIntDivRem()) {
      Value *D = NI->getOperand(1);
      NI->setOperand(1, B.CreateSelect(any(Mask), B.CreateFreeze(D),
                                       ConstantInt::get(D->getType(), 1)));
    }
    B.Insert(NI);
    setScalar(I, NI);
    return;
  }
  Value *New = nullptr;
  if (auto *BO = dyn_cast<BinaryOperator>(&I)) {
    if (BO->isIntDivRem() && (New = emitAffineDivRem(*BO))) {
      setVector(I, New);
      return;
    }
    Value *L = getVector(BO->getOperand(0)), *R = getVector(BO->getOperand(1));
    if (BO->isIntDivRem()) // inactive lanes divide by one
      R = B.CreateSelect(expandMask(Mask, R->getType()), R,
                         ConstantInt::get(R->getType(), 1));
    if (isDisjointOr(*BO) && P->Shapes->getShape(BO).isAffine()) {
      // The lanes that skip it need not be disjoint (InstCombine may know
      // the bits from the branch that guards it), and lane 0's value must
      // stay the others' less their offsets.
      New = B.CreateAdd(L, R);
    } else {
      New = B.CreateBinOp(BO->getOpcode(), L, R);
      cast<Instruction>(New)->copyIRFlags(BO);
    }
  } else if (auto *UO = dyn_cast<UnaryOperator>(&I)) {
    New = B.CreateUnOp(UO->getOpcode(), getVector(UO->getOperand(0)));
    cast<Instruction>(New)->copyIRFlags(UO);
  } else if (auto *CI = dyn_cast<CastInst>(&I);
             CI && CI->getOpcode() == Instruction::BitCast) {
    New = widenBitCast(*CI);
  } else if (auto *CI = dyn_cast<CastInst>(&I)) {
    if (extendsOnlyWhereRun(I)) {
      New = extendFromFirstActiveLane(
          CI->getOpcode(), getVector(CI->getOperand(0)),
          getVectorType(CI->getDestTy()), P->Shapes->getShape(CI).Stride);
    } else {
      New = B.CreateCast(CI->getOpcode(), getVector(CI->getOperand(0)),
                         getVectorType(CI->getDestTy()));
      if (auto *NI = dyn_cast<Instruction>(New))
        NI->copyIRFlags(CI);
    }
  } else if (auto *Cmp = dyn_cast<CmpInst>(&I)) {
    if (auto *IC = dyn_cast<ICmpInst>(Cmp))
      New = emitOffsetCompare(*IC);
    if (!New) {
      New = B.CreateCmp(Cmp->getPredicate(), getVector(Cmp->getOperand(0)),
                        getVector(Cmp->getOperand(1)));
      if (auto *NI = dyn_cast<Instruction>(New))
        NI->copyIRFlags(Cmp);
    }
  } else if (auto *Sel = dyn_cast<SelectInst>(&I)) {
    Value *Cond = Sel->getCondition();
    Type *WideTy = getVectorType(Sel->getType());
    // A condition per element, or per lane for all of a lane's elements.
    if (Sel->getType()->isStructTy() && isVector(Cond)) {
      // A pair per lane (WFVLegality.cpp): field by field.
      setVector(I, blendLanes(getVector(Cond), getVector(Sel->getTrueValue()),
                              getVector(Sel->getFalseValue())));
      return;
    }
    if (Cond->getType()->isVectorTy())
      Cond = getVector(Cond);
    else if (isVector(Cond))
      Cond = expandMask(getVector(Cond), WideTy);
    else
      Cond = getScalar(Cond);
    New = B.CreateSelect(Cond, getVector(Sel->getTrueValue()),
                         getVector(Sel->getFalseValue()));
    if (auto *NI = dyn_cast<Instruction>(New))
      NI->copyIRFlags(Sel);
  } else if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    bool AnyVector = false;
    auto Map = [&](Value *V) {
      AnyVector |= isVector(V);
      return isVector(V) ? getVector(V) : getScalar(V);
    };
    Value *Ptr = Map(GEP->getPointerOperand());
    bool ExtendIndices = extendsOnlyWhereRun(I);
    Type *IndexTy = DL.getIndexType(GEP->getPointerOperandType());
    SmallVector<Value *> Indices;
    for (auto GTI = gep_type_begin(GEP), E = gep_type_end(GEP); GTI != E;
         ++GTI) {
      Value *Index = GTI.getOperand();
      sublane::Shape IS = P->Shapes->getShape(Index);
      if (GTI.isStruct()) {
        Indices.push_back(Index);
      } else if (ExtendIndices && IS.isAffine() &&
                 Index->getType()->getScalarSizeInBits() <
                     IndexTy->getScalarSizeInBits()) {
        // The sign extension the GEP would do, from the first active lane.
        Indices.push_back(extendFromFirstActiveLane(
            Instruction::SExt, getVector(Index),
            getVectorType(IndexTy->getScalarType()), IS.Stride));
      } else {
        Indices.push_back(Map(Index));
      }
    }
    if (!AnyVector)
      Ptr = splat(Ptr);
    New = B.CreateGEP(GEP->getSourceElementType(), Ptr, Indices, "",
                      GEP->getNoWrapFlags());
  } else if (auto *F = dyn_cast<FreezeInst>(&I)) {
    New = B.CreateFreeze(getVector(F->getOperand(0)));
  } else {
    llvm_unreachable("refused by checkVectorizable");
  }
  setVector(I, New);
}

bool SubGroupVectorizer::extendsOnlyWhereRun(const Instruction &I) const {
  return P->Shapes->isExactOnlyWhereRun(&I) &&
         P->Shapes->getShape(&I).isAffine() && isVector(&I) &&
         P->Shapes->isDivergentlyExecuted(I.getParent());
}

Value *SubGroupVectorizer::extendFromFirstActiveLane(Instruction::CastOps Op,
                                                     Value *Narrow,
                                                     Type *WideTy,
                                                     int64_t Stride) {
  ++NumExtendedFromActiveLane;
  auto *ElementTy = cast<IntegerType>(WideTy->getScalarType());
  Value *First = getFirstActiveLane(Mask);
  Value *Extended =
      B.CreateCast(Op, B.CreateExtractElement(Narrow, First), ElementTy);
  Value *Offset = B.CreateMul(B.CreateZExt(First, ElementTy),
                              ConstantInt::get(ElementTy, Stride, true));
  Value *LaneZero = B.CreateSub(Extended, Offset, "lane0.ext");
  Value *Offsets = B.CreateMul(
      getLaneIds(ElementTy), splat(ConstantInt::get(ElementTy, Stride, true)));
  return B.CreateAdd(splat(LaneZero), Offsets);
}

void SubGroupVectorizer::widen(Instruction &I) {
  if (auto *CI = dyn_cast<CallInst>(&I))
    return widenCall(*CI);
  if (auto *L = dyn_cast<LoadInst>(&I))
    return widenLoad(*L);
  if (auto *St = dyn_cast<StoreInst>(&I))
    return widenStore(*St);
  if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
    return widenAtomic(I);
  if (auto *AI = dyn_cast<AllocaInst>(&I))
    return widenAlloca(*AI);
  if (auto *EV = dyn_cast<ExtractValueInst>(&I);
      EV && isVector(EV->getAggregateOperand())) {
    // A field of a call's or compare-exchange's pair: its vector.
    setVector(I, B.CreateExtractValue(getVector(EV->getAggregateOperand()),
                                      EV->getIndices()));
    return;
  }
  if (isa<FenceInst>(I)) {
    B.Insert(I.clone());
    return;
  }
  if (isVector(&I) && (isa<ExtractElementInst>(I) ||
                       isa<InsertElementInst>(I) || isa<ShuffleVectorInst>(I)))
    return widenElementOp(I);
  widenGeneric(I);
}

void SubGroupVectorizer::run() {
  SmallVector<BasicBlock *> Old;
  for (BasicBlock &BB : K)
    Old.push_back(&BB);
  if (General.Linearize)
    ++NumLinearized;
  emitEntry();
  // Most sub-groups are full and lie within one row of the work-group. They
  // run a copy of the body in which all lanes are known to be active, so
  // that LLVM drops the masks of their memory accesses, and ids outside the
  // last dimension are scalars, so that accesses along rows are contiguous.
  // Sub-groups made of whole short rows run a copy with the same
  // assumptions, whose lanes' ids are constants plus a scalar and whose
  // accesses along rows are one vector access per row.
  SmallVector<std::pair<Value *, const BodyPlan *>> Choices;
  Choices.push_back({emitWithinRowCondition(), &Rows});
  for (const BodyPlan &Plan : RowBlocks)
    Choices.push_back({emitRowBlockCondition(Plan.RowsSpanned), &Plan});
  if (Rows.Shapes->usesGlobalIdBound()) {
    Value *Fits = emitGlobalIdsFitInIntCondition();
    for (auto &Choice : Choices)
      Choice.first = B.CreateAnd(Choice.first, Fits);
  }
  Value *PartialMask = EntryMask;
  SmallVector<BasicBlock *> Bodies;
  EntryMask = Constant::getAllOnesValue(EntryMask->getType());
  for (auto [Cond, Plan] : Choices) {
    P = Plan;
    Bodies.push_back(emitBody());
    NumRowBlockBodies += Plan->RowsSpanned != 0;
  }
  P = &General;
  EntryMask = PartialMask;
  BasicBlock *GeneralBody = emitBody();
  // The conditions, computed in the entry, are tested in order.
  SmallVector<BasicBlock *> Tests{NewEntry};
  for (unsigned I = 1; I < Choices.size(); ++I)
    Tests.push_back(BasicBlock::Create(C, "wfv.choose", &K, OldBlocks.front()));
  for (auto [I, Test] : enumerate(Tests)) {
    B.SetInsertPoint(Test);
    B.CreateCondBr(Choices[I].first, Bodies[I],
                   I + 1 < Tests.size() ? Tests[I + 1] : GeneralBody);
  }

  // The kernel's own blocks go; what they computed lives on in the new ones.
  General.Shapes.reset();
  Rows.Shapes.reset();
  RowBlocks.clear();
  LI.reset();
  DT.reset();
  for (BasicBlock *BB : Old)
    BB->dropAllReferences();
  for (BasicBlock *BB : Old)
    BB->eraseFromParent();
  repairDominance();
  promoteSlots();
}

} // namespace wfv
} // namespace sublane
