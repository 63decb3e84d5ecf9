//===- SubGroupVectorizer.cpp - The plan, the bodies and plain arithmetic -===//
//
// The skeleton of the vectorizer: which values become vectors (makePlan),
// the bodies it emits and in what order (run, emitBody, emitBlock), and the
// widening of plain arithmetic. Control flow, ids and the conditions between
// the bodies, memory, calls and collectives have files of their own (see
// SubGroupVectorizer.h).
//
//===----------------------------------------------------------------------===//

#include "SubGroupVectorizer.h"

#include "sublane/Passes/analysis/SyncPointCheck.h"
#include "sublane/Passes/util/IdArithmetic.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/STLExtras.h"
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
