//===- FullSubGroupLoops.cpp - Loops over full sub-groups -----------------===//
//
// Vectorized kernels without work-group sync points: the sub-groups known to
// be full get a loop of their own, in which the sub-group size is a constant
// (loopOverFullSubGroups). Where that loop's body is straight-line code
// around horizontal reductions, it runs a batch of sub-groups per iteration
// and reduces their vectors together (batchReductions): one transposed tree
// of shuffles and vector operations leaves the k sub-groups' results in one
// vector, where k separate reductions would each end in a scalar.
//
//===----------------------------------------------------------------------===//

#include "CBSLowering.h"
#include "sublane/Passes/late/JamSubGroupLoops.h"
#include "sublane/Passes/util/Metadata.h"
#include "sublane/Passes/util/TargetInfo.h"

#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

#include <deque>

#define DEBUG_TYPE "sublane-wg-cbs"

using namespace llvm;

STATISTIC(NumFullSubGroupLoops, "Number of loops over full sub-groups");
STATISTIC(NumBatchedReductions,
          "Number of horizontal reductions batched across sub-groups");

static cl::opt<bool> BatchReductions(
    "sublane-batch-reductions", cl::init(true),
    cl::desc("Reduce the vectors of several full sub-groups together where a "
             "vectorized kernel's body is straight-line code around "
             "horizontal reductions"));

static cl::opt<unsigned> MaxBatchedInstructions(
    "sublane-max-batched-instructions", cl::init(1024),
    cl::desc("Largest loop body (instructions per sub-group times the batch) "
             "that reductions are batched in"));

namespace sublane {
namespace cbs {

/// The operation that combines two partial results of \p ID, or
/// Instruction::BinaryOpsEnd with the intrinsic in \p MinMax.
static std::optional<std::pair<unsigned, Intrinsic::ID>>
getCombiner(Intrinsic::ID ID) {
  using P = std::pair<unsigned, Intrinsic::ID>;
  switch (ID) {
  case Intrinsic::vector_reduce_fadd:
    return P{Instruction::FAdd, Intrinsic::not_intrinsic};
  case Intrinsic::vector_reduce_fmul:
    return P{Instruction::FMul, Intrinsic::not_intrinsic};
  case Intrinsic::vector_reduce_add:
    return P{Instruction::Add, Intrinsic::not_intrinsic};
  case Intrinsic::vector_reduce_mul:
    return P{Instruction::Mul, Intrinsic::not_intrinsic};
  case Intrinsic::vector_reduce_and:
    return P{Instruction::And, Intrinsic::not_intrinsic};
  case Intrinsic::vector_reduce_or:
    return P{Instruction::Or, Intrinsic::not_intrinsic};
  case Intrinsic::vector_reduce_xor:
    return P{Instruction::Xor, Intrinsic::not_intrinsic};
  case Intrinsic::vector_reduce_smax:
    return P{Instruction::BinaryOpsEnd, Intrinsic::smax};
  case Intrinsic::vector_reduce_smin:
    return P{Instruction::BinaryOpsEnd, Intrinsic::smin};
  case Intrinsic::vector_reduce_umax:
    return P{Instruction::BinaryOpsEnd, Intrinsic::umax};
  case Intrinsic::vector_reduce_umin:
    return P{Instruction::BinaryOpsEnd, Intrinsic::umin};
  case Intrinsic::vector_reduce_fmax:
    return P{Instruction::BinaryOpsEnd, Intrinsic::maxnum};
  case Intrinsic::vector_reduce_fmin:
    return P{Instruction::BinaryOpsEnd, Intrinsic::minnum};
  case Intrinsic::vector_reduce_fmaximum:
    return P{Instruction::BinaryOpsEnd, Intrinsic::maximum};
  case Intrinsic::vector_reduce_fminimum:
    return P{Instruction::BinaryOpsEnd, Intrinsic::minimum};
  default:
    return std::nullopt;
  }
}

/// A reduction the batch can take: one whose partial results combine in any
/// order (integers, and floating point where reassociation is allowed).
static IntrinsicInst *getBatchableReduction(Instruction &I) {
  auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II || !getCombiner(II->getIntrinsicID()))
    return nullptr;
  if (isa<FPMathOperator>(II) && !II->hasAllowReassoc())
    return nullptr;
  return II;
}

/// Two partial results of \p Reduction combined.
static Value *combinePartials(IRBuilder<> &B, IntrinsicInst *Reduction,
                              Value *X, Value *Y) {
  auto [Opcode, MinMax] = *getCombiner(Reduction->getIntrinsicID());
  if (Opcode == Instruction::BinaryOpsEnd)
    return B.CreateBinaryIntrinsic(MinMax, X, Y);
  Value *V = B.CreateBinOp(Instruction::BinaryOps(Opcode), X, Y);
  if (auto *I = dyn_cast<Instruction>(V); I && isa<FPMathOperator>(I))
    I->setFastMathFlags(Reduction->getFastMathFlags());
  return V;
}

/// \p V folded in halves down to \p Lanes lanes: wider than a register, the
/// halves are whole registers and cost no shuffle.
static Value *narrowPartials(IRBuilder<> &B, IntrinsicInst *Reduction, Value *V,
                             unsigned Lanes) {
  unsigned Width = cast<FixedVectorType>(V->getType())->getNumElements();
  for (; Width > Lanes; Width /= 2) {
    SmallVector<int> Low, High;
    for (unsigned L = 0; L < Width / 2; ++L) {
      Low.push_back(L);
      High.push_back(Width / 2 + L);
    }
    V = combinePartials(B, Reduction, B.CreateShuffleVector(V, Low),
                        B.CreateShuffleVector(V, High));
  }
  return V;
}

/// The vectors of \p Ops, all <W x T>, reduced together: lane u of the
/// <Ops.size() x T> result is what reducing Ops[u] gives. Each level pairs
/// two vectors whose lanes hold m segments of partial results each, and adds
/// their segments' low halves to their high halves: one vector of 2m
/// segments of half the length. Once one vector is left, its segments halve
/// in place until each is one lane.
static Value *emitTransposedReduction(IRBuilder<> &B, ArrayRef<Value *> Ops,
                                      IntrinsicInst *Reduction) {
  auto Combine = [&](Value *X, Value *Y) {
    return combinePartials(B, Reduction, X, Y);
  };
  unsigned Width =
      cast<FixedVectorType>(Ops.front()->getType())->getNumElements();
  unsigned Count = Ops.size();
  // Lane masks taking the low or high half of each segment of Length lanes
  // from the Segments segments of a vector, and of a second one after it.
  auto Halves = [](unsigned Segments, unsigned Length, unsigned Offset,
                   bool High, SmallVectorImpl<int> &Mask) {
    for (unsigned S = 0; S < Segments; ++S)
      for (unsigned L = 0; L < Length / 2; ++L)
        Mask.push_back(Offset + S * Length + (High ? Length / 2 : 0) + L);
  };
  SmallVector<Value *> Level(Ops.begin(), Ops.end());
  unsigned Length = Width;
  while (Level.size() > 1) {
    SmallVector<Value *> Next;
    unsigned Segments = Width / Length;
    for (unsigned I = 0; I < Level.size(); I += 2) {
      SmallVector<int> Low, High;
      Halves(Segments, Length, 0, false, Low);
      Halves(Segments, Length, Width, false, Low);
      Halves(Segments, Length, 0, true, High);
      Halves(Segments, Length, Width, true, High);
      Next.push_back(
          Combine(B.CreateShuffleVector(Level[I], Level[I + 1], Low),
                  B.CreateShuffleVector(Level[I], Level[I + 1], High)));
    }
    Level = std::move(Next);
    Length /= 2;
  }
  Value *V = Level.front();
  for (unsigned VWidth = Width; VWidth > Count; VWidth /= 2, Length /= 2) {
    SmallVector<int> Low, High;
    Halves(Count, Length, 0, false, Low);
    Halves(Count, Length, 0, true, High);
    V = Combine(B.CreateShuffleVector(V, Low), B.CreateShuffleVector(V, High));
  }
  return V;
}

/// Turns the full loop of \p R (VMap: the region's blocks to the loop's)
/// into one that runs a batch of sub-groups per iteration, their reductions
/// combined; returns the batch, or 1 where the body does not allow it.
///
/// The body must be one straight path of blocks whose memory accesses are
/// all the region's parallel ones: sub-groups of a region are independent,
/// so a later sub-group's code before a reduction may run before an earlier
/// one's code after it. Each sub-group's code keeps its own order.
unsigned CBSLowering::batchReductions(Region &R, ValueToValueMapTy &VMap,
                                      SmallVectorImpl<BasicBlock *> &Copies) {
  if (!BatchReductions)
    return 1;
  auto *Header = cast<BasicBlock>(VMap[R.Headers[0]]);
  auto *Latch = cast<BasicBlock>(VMap[R.Latches[0]]);
  auto *IV = cast<PHINode>(VMap[R.Ids[0]]);
  SmallVector<BasicBlock *> Path;
  for (BasicBlock *BB = Header->getSingleSuccessor(); BB != Latch;
       BB = BB->getSingleSuccessor()) {
    if (!BB || !BB->getSinglePredecessor() || Path.size() > 64)
      return 1;
    Path.push_back(BB);
  }
  if (Path.empty() || !Header->getSingleSuccessor())
    return 1;
  SmallPtrSet<BasicBlock *, 8> OnPath(Path.begin(), Path.end());
  SmallVector<Instruction *> Body;
  SmallVector<IntrinsicInst *> Reductions;
  unsigned ElementBits = 0;
  for (BasicBlock *BB : Path)
    for (Instruction &I : *BB) {
      if (I.isTerminator())
        continue;
      if (isa<PHINode>(I) || isa<AllocaInst>(I))
        return 1;
      for (User *U : I.users())
        if (!OnPath.contains(cast<Instruction>(U)->getParent()))
          return 1;
      if (IntrinsicInst *Red = getBatchableReduction(I)) {
        Reductions.push_back(Red);
        ElementBits =
            std::max(ElementBits, Red->getType()->getScalarSizeInBits());
      } else if (I.mayReadOrWriteMemory()) {
        if (I.getMetadata(LLVMContext::MD_access_group) != R.AccessGroup)
          return 1;
      } else if (I.mayHaveSideEffects()) {
        return 1;
      }
      Body.push_back(&I);
    }
  for (PHINode &P : Latch->phis())
    for (Value *In : P.incoming_values())
      if (auto *I = dyn_cast<Instruction>(In);
          I && OnPath.contains(I->getParent()))
        return 1;
  if (Reductions.empty() || !ElementBits)
    return 1;
  // A batch fills one vector register with results.
  unsigned RegisterBits = getNativeSubGroupSize(K) * 32;
  unsigned Batch = RegisterBits / ElementBits;
  for (IntrinsicInst *Red : Reductions)
    Batch = std::min(Batch, cast<FixedVectorType>(
                                Red->getOperand(Red->arg_size() - 1)->getType())
                                ->getNumElements());
  if (Batch < 2 || Body.size() * Batch > MaxBatchedInstructions)
    return 1;
  auto *Step = dyn_cast<BinaryOperator>(IV->getIncomingValueForBlock(Latch));
  if (!Step || Step->getOpcode() != Instruction::Add ||
      Step->getOperand(0) != IV ||
      !match(Step->getOperand(1), PatternMatch::m_One()))
    return 1;

  // The batch: for each stretch of code up to the next reduction, every
  // sub-group's copy of it, then the reductions together.
  BasicBlock *BatchBB =
      BasicBlock::Create(C, "sublane.r" + Twine(R.Id) + ".batch", W, Latch);
  IRBuilder<> B(BatchBB);
  std::deque<ValueToValueMapTy> Maps(Batch);
  for (unsigned U = 0; U < Batch; ++U)
    Maps[U][IV] =
        U ? B.CreateAdd(IV, B.getInt64(U), IV->getName() + ".lane" + Twine(U),
                        /*HasNUW=*/true, /*HasNSW=*/true)
          : static_cast<Value *>(IV);
  auto Stretch = Body.begin();
  for (unsigned Next = 0; Next <= Reductions.size(); ++Next) {
    auto End = Next < Reductions.size()
                   ? find(Body, cast<Instruction>(Reductions[Next]))
                   : Body.end();
    // What a value of the body is in sub-group U's copy.
    auto InCopy = [&](unsigned U, Value *V) -> Value * {
      Value *Mapped = Maps[U].lookup(V);
      return Mapped ? Mapped : V;
    };
    IntrinsicInst *Red = Next < Reductions.size() ? Reductions[Next] : nullptr;
    SmallVector<Value *> Ops;
    for (unsigned U = 0; U < Batch; ++U) {
      for (Instruction *I : make_range(Stretch, End)) {
        Instruction *Copy = I->clone();
        B.Insert(Copy, I->getName());
        Maps[U][I] = Copy;
        RemapInstruction(Copy, Maps[U],
                         RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
      }
      // Each sub-group's vector folds to a register's width as soon as it
      // is there, so that a batch of wide sub-groups does not keep all of
      // their registers live.
      if (Red)
        Ops.push_back(narrowPartials(
            B, Red, InCopy(U, Red->getOperand(Red->arg_size() - 1)), Batch));
    }
    if (!Red)
      break;
    Value *Results = emitTransposedReduction(B, Ops, Red);
    for (unsigned U = 0; U < Batch; ++U) {
      Value *R = B.CreateExtractElement(Results, B.getInt32(U), Red->getName());
      if (Red->arg_size() == 2) {
        // The start value, unless it is the identity.
        Value *Start = InCopy(U, Red->getOperand(0));
        bool Identity = Red->getIntrinsicID() == Intrinsic::vector_reduce_fadd
                            ? match(Start, PatternMatch::m_NegZeroFP())
                            : match(Start, PatternMatch::m_FPOne());
        if (!Identity) {
          R = B.CreateBinOp(
              Instruction::BinaryOps(getCombiner(Red->getIntrinsicID())->first),
              Start, R);
          cast<Instruction>(R)->setFastMathFlags(Red->getFastMathFlags());
        }
      }
      Maps[U][Red] = R;
    }
    ++NumBatchedReductions;
    Stretch = std::next(End);
  }
  B.CreateBr(Latch);
  for (PHINode &P : Latch->phis())
    P.replaceIncomingBlockWith(Path.back(), BatchBB);
  Header->getTerminator()->setSuccessor(0, BatchBB);
  for (BasicBlock *BB : Path)
    BB->dropAllReferences();
  for (BasicBlock *BB : Path)
    BB->eraseFromParent();
  erase_if(Copies, [&](BasicBlock *BB) { return OnPath.contains(BB); });
  Copies.insert(find(Copies, Latch), BatchBB);
  Step->setOperand(1, ConstantInt::get(Step->getType(), Batch));
  return Batch;
}

/// Vectorized kernels without work-group sync points: the vectorizer's body
/// picks, for each sub-group, its copy for full sub-groups or its copy under
/// the entry mask. Inside the loop over sub-groups that is a branch in every
/// iteration, and the loads of the two copies meet in phis that keep them
/// from folding into their users (ElementReduce ran 1.4x slower than the
/// same loop without the choice). The sub-groups known to be full get a loop
/// of their own, in which the sub-group size is the constant S; the original
/// loop runs the rest: the partial last sub-group in one dimension, or all
/// sub-groups when rows are not a multiple of S long.
/// A loop of its own needs an identity of its own.
void CBSLowering::giveLoopsOwnIDs(ArrayRef<BasicBlock *> Blocks) {
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB)
      if (MDNode *Loop = I.getMetadata(LLVMContext::MD_loop)) {
        SmallVector<Metadata *> Props(drop_begin(Loop->operands()));
        I.setMetadata(LLVMContext::MD_loop, makeLoopID(C, Props));
      }
}

void CBSLowering::loopOverFullSubGroups() {
  if (!Vectorized || !Syncs.empty())
    return;
  for (auto &R : Regions) {
    if (R->LaneCounts.empty())
      continue;
    assert(R->Headers.size() == 1 && "vectorized regions loop in 1D");
    BasicBlock *Header = R->Headers[0], *Latch = R->Latches[0];
    ValueToValueMapTy VMap;
    SmallVector<BasicBlock *> Copies =
        cloneBlocks(getLoopBlocks(*R), VMap, ".full");
    for (Value *Lanes : R->LaneCounts)
      if (Value *Copy = VMap.lookup(Lanes))
        Copy->replaceAllUsesWith(
            ConstantInt::get(Lanes->getType(), SubGroupSize));
    // Beyond one dimension the full loop runs only when rows are whole
    // multiples of S, which the vectorizer's choice of copy tests too.
    SmallPtrSet<BasicBlock *, 32> InCopy(Copies.begin(), Copies.end());
    if (Dims > 1)
      for (Instruction &I : instructions(W)) {
        using namespace PatternMatch;
        ICmpInst::Predicate Pred;
        Value *Row = LocalRange[Dims - 1];
        if (match(&I,
                  m_ICmp(Pred,
                         m_CombineOr(m_URem(m_Specific(Row),
                                            m_SpecificInt(SubGroupSize)),
                                     m_And(m_Specific(Row),
                                           m_SpecificInt(SubGroupSize - 1))),
                         m_Zero())) &&
            Pred == ICmpInst::ICMP_EQ)
          I.replaceUsesWithIf(ConstantInt::getTrue(C), [&](Use &U) {
            return InCopy.contains(cast<Instruction>(U.getUser())->getParent());
          });
      }
    // The vectorizer's copy for partial sub-groups is dead in the full
    // loop: fold its branch and drop it.
    for (BasicBlock *NB : Copies) {
      for (Instruction &I : make_early_inc_range(*NB))
        if (Value *V = simplifyInstruction(&I, DL)) {
          I.replaceAllUsesWith(V);
          if (isInstructionTriviallyDead(&I))
            I.eraseFromParent();
        }
      ConstantFoldTerminator(NB);
    }
    SmallPtrSet<BasicBlock *, 32> Live;
    SmallVector<BasicBlock *> Worklist = {Copies.front()};
    while (!Worklist.empty()) {
      BasicBlock *BB = Worklist.pop_back_val();
      if (!InCopy.contains(BB) || !Live.insert(BB).second)
        continue;
      append_range(Worklist, successors(BB));
    }
    if (!Live.contains(cast<BasicBlock>(VMap[Latch])) ||
        !Live.contains(cast<BasicBlock>(VMap[R->Exit]))) {
      // No sub-group gets to the end of the region (it ends in unreachable
      // code): there is no loop to split.
      for (BasicBlock *NB : Copies)
        NB->dropAllReferences();
      for (BasicBlock *NB : Copies)
        NB->eraseFromParent();
      continue;
    }
    SmallVector<BasicBlock *> Dead;
    for (BasicBlock *NB : Copies)
      if (!Live.contains(NB))
        Dead.push_back(NB);
    DeleteDeadBlocks(Dead);
    erase_if(Copies, [&](BasicBlock *BB) { return !Live.contains(BB); });
    giveLoopsOwnIDs(Copies);

    ++NumFullSubGroupLoops;

    // Where the body allows, a second copy of the full loop takes batches
    // of sub-groups first; the full loop then takes the full ones left.
    ValueToValueMapTy BatchMap;
    SmallVector<BasicBlock *> BatchCopies;
    unsigned Batch = 1;
    if (BatchReductions) {
      ValueToValueMapTy FullToBatch;
      BatchCopies = cloneBlocks(Copies, FullToBatch, ".batch");
      for (auto KV : VMap)
        if (Value *Copy = FullToBatch.lookup(KV.second))
          BatchMap[KV.first] = Copy;
      giveLoopsOwnIDs(BatchCopies);
      Batch = batchReductions(*R, BatchMap, BatchCopies);
      if (Batch == 1) {
        for (BasicBlock *NB : BatchCopies)
          NB->dropAllReferences();
        for (BasicBlock *NB : BatchCopies)
          NB->eraseFromParent();
        BatchCopies.clear();
      }
    }

    // The full loop's iterations are independent sub-groups: a late pass
    // may run their inner loops together (sublane-jam-sub-groups).
    auto *FullLatchBr = cast<BasicBlock>(VMap[Latch])->getTerminator();
    if (MDNode *FullID = FullLatchBr->getMetadata(LLVMContext::MD_loop)) {
      SmallVector<Metadata *> Props(drop_begin(FullID->operands()));
      Props.push_back(MDNode::get(C, {MDString::get(C, md::FullSubGroupLoop)}));
      FullLatchBr->setMetadata(LLVMContext::MD_loop, makeLoopID(C, Props));
    }

    // Which sub-groups are full: in one dimension the leading
    // WorkGroupSize / S; otherwise all when rows are whole multiples of S
    // (the vectorizer's body tests the same remainder, folded above), else
    // none.
    std::string Prefix = "sublane.r" + std::to_string(R->Id);
    BasicBlock *Choose =
        BasicBlock::Create(C, Prefix + ".full.count", W, R->Preheader);
    IRBuilder<> B(Choose);
    Value *FullCount;
    if (Dims == 1) {
      FullCount = B.CreateUDiv(WorkGroupSize, B.getInt64(SubGroupSize),
                               "full.subgroups");
    } else {
      Value *RowsWhole = B.CreateICmpEQ(
          B.CreateURem(LocalRange[Dims - 1], B.getInt64(SubGroupSize)),
          B.getInt64(0), "rows.whole");
      FullCount =
          B.CreateSelect(RowsWhole, ItemCount, B.getInt64(0), "full.subgroups");
    }
    for (auto Case : RegionSwitch->cases())
      if (Case.getCaseSuccessor() == R->Preheader)
        Case.setSuccessor(Choose);
    CombineBlocks.push_back(Choose);

    // The loops run one after another over consecutive ranges of sub-group
    // ids, each skipped when its range is empty (their bodies run at least
    // once): the batched loop, the full loop, the original loop.
    struct Stage {
      ValueToValueMapTy *Map; ///< null: the original loop
      Value *Begin, *End;
    };
    SmallVector<Stage, 3> Stages;
    Value *BatchedCount = B.getInt64(0);
    if (Batch > 1) {
      BatchedCount = B.CreateMul(B.CreateUDiv(FullCount, B.getInt64(Batch)),
                                 B.getInt64(Batch), "batched.subgroups");
      Stages.push_back({&BatchMap, B.getInt64(0), BatchedCount});
    }
    Stages.push_back({&VMap, BatchedCount, FullCount});
    Stages.push_back({nullptr, FullCount, ItemCount});
    auto In = [](const Stage &St, Value *V) {
      return St.Map ? static_cast<Value *>((*St.Map)[V]) : V;
    };

    // The loops' reductions (the state items leave with, and the minimum
    // under the sync-point check) carry from one loop to the next.
    SmallVector<PHINode *> StatePhis;
    SmallVector<Value *> State;
    for (PHINode &Phi : Header->phis())
      if (&Phi != R->Ids[0]) {
        StatePhis.push_back(&Phi);
        State.push_back(Phi.getIncomingValueForBlock(R->Preheader));
      }
    int NextStateIndex = -1;
    for (auto [I, Phi] : enumerate(StatePhis))
      if (Phi->getIncomingValueForBlock(Latch) == R->NextState)
        NextStateIndex = I;
    assert(NextStateIndex >= 0 && "the region's state is a header phi");

    BasicBlock *Gate = Choose;
    BasicBlock *After = R->Exit->getTerminator()->getSuccessor(0);
    for (auto [I, St] : enumerate(Stages)) {
      BasicBlock *Next =
          BasicBlock::Create(C,
                             Prefix + (I + 1 == Stages.size() ? ".loops.done"
                                       : St.Map == &BatchMap  ? ".after.batched"
                                                              : ".after.full"),
                             W, R->Preheader);
      CombineBlocks.push_back(Next);
      B.SetInsertPoint(Gate);
      auto *Pre = cast<BasicBlock>(In(St, R->Preheader));
      B.CreateCondBr(B.CreateICmpULT(St.Begin, St.End, "loop.nonempty"), Pre,
                     Next);
      auto *StHeader = cast<BasicBlock>(In(St, Header));
      auto *StLatch = cast<BasicBlock>(In(St, Latch));
      auto *StExit = cast<BasicBlock>(In(St, R->Exit));
      auto *IV = cast<PHINode>(In(St, R->Ids[0]));
      IV->setIncomingValue(IV->getBasicBlockIndex(Pre), St.Begin);
      cast<ICmpInst>(cast<BranchInst>(StLatch->getTerminator())->getCondition())
          ->setOperand(1, St.End);
      StExit->getTerminator()->setSuccessor(0, Next);
      B.SetInsertPoint(Next);
      for (auto [J, Phi] : enumerate(StatePhis)) {
        auto *StPhi = cast<PHINode>(In(St, Phi));
        assert(StPhi->getParent() == StHeader);
        (void)StHeader;
        StPhi->setIncomingValue(StPhi->getBasicBlockIndex(Pre), State[J]);
        PHINode *Carried =
            B.CreatePHI(Phi->getType(), 2, Phi->getName() + ".carried");
        Carried->addIncoming(State[J], Gate);
        Carried->addIncoming(StPhi->getIncomingValueForBlock(StLatch), StExit);
        State[J] = Carried;
      }
      Gate = Next;
    }
    B.SetInsertPoint(Gate);
    B.CreateBr(After);
    ReachedPhi->removeIncomingValue(R->Exit, /*DeletePHIIfEmpty=*/false);
    ReachedPhi->addIncoming(State[NextStateIndex], Gate);
    append_range(CombineBlocks, Copies);
    append_range(CombineBlocks, BatchCopies);
  }
}

} // namespace cbs
} // namespace sublane
