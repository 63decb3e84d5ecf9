//===- IdleTailExit.cpp - Item loops stop where the rest has nothing to do
//-===//
//
// Monotonicity comes from ScalarEvolution, with one fact it cannot know: the
// marked loop runs at most MaxWorkGroupSize iterations. Sub-group and item
// indices reach the loop's conditions through `zext(trunc(...))` (the ids
// are 32-bit in the vectorized code), which ScalarEvolution only sees
// through with a bound on the trip count; the bound is applied here, to the
// conditions this pass asks about, and not given to LLVM as a fact about the
// loop's range, which changed how LSR built the address streams of other
// loops (a tiled matrix product 1.2x slower).
//
//===----------------------------------------------------------------------===//

#include "sublane/Passes/late/IdleTailExit.h"
#include "sublane/Passes/util/KernelInfo.h"
#include "sublane/Passes/util/Metadata.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#define DEBUG_TYPE "sublane-idle-tail-exit"

using namespace llvm;
using namespace llvm::PatternMatch;

STATISTIC(NumExited, "Number of loops over items or sub-groups that stop at "
                     "their first idle iteration");

static cl::opt<bool> IdleTailExit(
    "sublane-enable-idle-tail-exit", cl::init(true),
    cl::desc("Stop a loop over a region's work-items or sub-groups at the "
             "first that has nothing to do where no later one can have"));

namespace sublane {
namespace {

/// The values of a condition that, once an iteration of the loop computes
/// them, every later iteration computes too.
enum StickyValues : unsigned {
  StaysNeither = 0,
  StaysFalse = 1,
  StaysTrue = 2,
  StaysEither = StaysFalse | StaysTrue,
};

/// The longest path from header to latch looked at, in blocks.
constexpr unsigned MaxPathBlocks = 8;

/// ScalarEvolution's view of a condition's operands with the marked loop's
/// trip count bounded: an extension of an affine recurrence of the loop
/// that cannot wrap in MaxWorkGroupSize iterations becomes the recurrence in
/// the wide type.
class BoundedTripRewriter : public SCEVRewriteVisitor<BoundedTripRewriter> {
public:
  BoundedTripRewriter(ScalarEvolution &SE, const Loop &L)
      : SCEVRewriteVisitor(SE), L(L) {}

  /// The step of \p AR if it is an affine recurrence of the loop whose
  /// values, MaxWorkGroupSize of them at most, stay in order without
  /// wrapping (signed or unsigned): +1 for increasing, -1 for decreasing.
  int direction(const SCEV *S, bool Signed) const {
    auto *AR = dyn_cast<SCEVAddRecExpr>(S);
    if (!AR || AR->getLoop() != &L || !AR->isAffine())
      return 0;
    auto *StepC = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
    if (!StepC || StepC->isZero())
      return 0;
    const APInt &Step = StepC->getAPInt();
    unsigned Bits = Step.getBitWidth();
    APInt Count(Bits, MaxWorkGroupSize - 1);
    if (Bits < 18)
      return 0;
    bool Increasing = Step.isStrictlyPositive();
    APInt Magnitude = Increasing ? Step : -Step;
    bool Overflow = false;
    APInt Span = Signed ? Count.smul_ov(Magnitude, Overflow)
                        : Count.umul_ov(Magnitude, Overflow);
    if (Overflow)
      return 0;
    ConstantRange Start = Signed ? SE.getSignedRange(AR->getStart())
                                 : SE.getUnsignedRange(AR->getStart());
    // Only whether the last value overflows matters.
    if (Increasing)
      (void)(Signed ? Start.getSignedMax().sadd_ov(Span, Overflow)
                    : Start.getUnsignedMax().uadd_ov(Span, Overflow));
    else
      (void)(Signed ? Start.getSignedMin().ssub_ov(Span, Overflow)
                    : Start.getUnsignedMin().usub_ov(Span, Overflow));
    return Overflow ? 0 : (Increasing ? 1 : -1);
  }

  const SCEV *visitZeroExtendExpr(const SCEVZeroExtendExpr *E) {
    return widen(visit(E->getOperand()), E->getType(), /*Signed=*/false);
  }

  const SCEV *visitSignExtendExpr(const SCEVSignExtendExpr *E) {
    return widen(visit(E->getOperand()), E->getType(), /*Signed=*/true);
  }

  /// InstCombine turns `zext(trunc(s)) << 3` into `(s << 3) & mask`, which
  /// ScalarEvolution reads back as `({0,+,8} /u 8)` extended: a division of
  /// a recurrence that does not wrap, exact term by term.
  const SCEV *visitUDivExpr(const SCEVUDivExpr *E) {
    const SCEV *LHS = visit(E->getLHS()), *RHS = visit(E->getRHS());
    auto *AR = dyn_cast<SCEVAddRecExpr>(LHS);
    auto *Divisor = dyn_cast<SCEVConstant>(RHS);
    if (AR && Divisor && !Divisor->isZero() && direction(AR, false) > 0) {
      auto *Start = dyn_cast<SCEVConstant>(AR->getStart());
      auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
      const APInt &D = Divisor->getAPInt();
      if (Start && Step && Start->getAPInt().urem(D).isZero() &&
          Step->getAPInt().urem(D).isZero())
        return SE.getAddRecExpr(SE.getConstant(Start->getAPInt().udiv(D)),
                                SE.getConstant(Step->getAPInt().udiv(D)), &L,
                                SCEV::FlagAnyWrap);
    }
    return SE.getUDivExpr(LHS, RHS);
  }

private:
  const Loop &L;

  const SCEV *widen(const SCEV *Op, Type *Ty, bool Signed) {
    auto *AR = dyn_cast<SCEVAddRecExpr>(Op);
    // An increasing recurrence that does not wrap extends term by term; a
    // decreasing one would need its step extended with the other signedness.
    if (AR && direction(AR, Signed) > 0) {
      auto Extend = [&](const SCEV *S) {
        return Signed ? SE.getSignExtendExpr(S, Ty)
                      : SE.getZeroExtendExpr(S, Ty);
      };
      return SE.getAddRecExpr(Extend(AR->getStart()),
                              Extend(AR->getStepRecurrence(SE)), &L,
                              SCEV::FlagAnyWrap);
    }
    return Signed ? SE.getSignExtendExpr(Op, Ty) : SE.getZeroExtendExpr(Op, Ty);
  }
};

/// One marked loop: where an iteration does nothing, and whether every later
/// iteration must do nothing too.
class IdleTail {
public:
  IdleTail(Loop &L, LoopInfo &LI, ScalarEvolution &SE,
           OptimizationRemarkEmitter &ORE)
      : L(L), LI(LI), SE(SE), ORE(ORE), Bounded(SE, L) {}

  /// Makes the loop exit after its first idle iteration where that is
  /// sound; returns whether the IR changed.
  bool run();

private:
  Loop &L;
  LoopInfo &LI;
  ScalarEvolution &SE;
  OptimizationRemarkEmitter &ORE;
  BoundedTripRewriter Bounded;
  /// The idle path: blocks from the header to the block before the latch.
  SmallVector<BasicBlock *, MaxPathBlocks> Path;

  unsigned stickyValues(Value *Cond, unsigned Depth = 0);
  unsigned stickyCompare(ICmpInst &Cmp);
  bool hasNoEffects(const BasicBlock &BB) const;
  bool findIdlePath(BasicBlock *BB);
  bool liveOutsStayPut(BasicBlock *Exit) const;
  bool isIdempotentUpdate(Value *V) const;
};

unsigned IdleTail::stickyValues(Value *Cond, unsigned Depth) {
  if (L.isLoopInvariant(Cond))
    return StaysEither;
  if (Depth > 6)
    return StaysNeither;
  Value *A, *B;
  // `and` and `or`, bitwise or as selects: the result keeps a value once
  // both operands keep it.
  if (match(Cond, m_LogicalAnd(m_Value(A), m_Value(B))) ||
      match(Cond, m_LogicalOr(m_Value(A), m_Value(B))))
    return stickyValues(A, Depth + 1) & stickyValues(B, Depth + 1);
  if (match(Cond, m_Not(m_Value(A)))) {
    unsigned Sticky = stickyValues(A, Depth + 1);
    return (Sticky & StaysFalse ? StaysTrue : 0) |
           (Sticky & StaysTrue ? StaysFalse : 0);
  }
  // A frozen compare whose operands are poison in some iteration may take
  // either value there; the original loop may then take the idle path in
  // every later iteration, which is what the exit does. Where they are not
  // poison the compare's own order holds.
  if (match(Cond, m_Freeze(m_Value(A))))
    return stickyValues(A, Depth + 1);
  if (auto *Cmp = dyn_cast<ICmpInst>(Cond))
    return stickyCompare(*Cmp);
  return StaysNeither;
}

/// A compare of a value that moves in one direction with the iterations
/// against one that stays: `i < n` is true, then false for good.
unsigned IdleTail::stickyCompare(ICmpInst &Cmp) {
  if (Cmp.isEquality() || !Cmp.getOperand(0)->getType()->isIntegerTy())
    return StaysNeither;
  const SCEV *LHS = Bounded.visit(SE.getSCEV(Cmp.getOperand(0)));
  const SCEV *RHS = Bounded.visit(SE.getSCEV(Cmp.getOperand(1)));
  ICmpInst::Predicate Pred = Cmp.getPredicate();
  if (SE.isLoopInvariant(LHS, &L)) {
    std::swap(LHS, RHS);
    Pred = ICmpInst::getSwappedPredicate(Pred);
  }
  if (!SE.isLoopInvariant(RHS, &L))
    return StaysNeither;
  int Direction = Bounded.direction(LHS, ICmpInst::isSigned(Pred));
  if (!Direction)
    return StaysNeither;
  // An increasing left side: `<` and `<=` hold, then fail for good.
  bool Below = ICmpInst::isLT(Pred) || ICmpInst::isLE(Pred);
  return (Direction > 0) == Below ? StaysFalse : StaysTrue;
}

bool IdleTail::hasNoEffects(const BasicBlock &BB) const {
  return none_of(BB, [](const Instruction &I) {
    if (auto *II = dyn_cast<IntrinsicInst>(&I))
      if (II->isAssumeLikeIntrinsic())
        return false;
    return I.mayHaveSideEffects();
  });
}

/// Depth-first from \p BB: a path without effects to the latch whose every
/// branch keeps its way in later iterations.
bool IdleTail::findIdlePath(BasicBlock *BB) {
  BasicBlock *Latch = L.getLoopLatch();
  if (Path.size() >= MaxPathBlocks || !hasNoEffects(*BB) ||
      is_contained(Path, BB))
    return false;
  Path.push_back(BB);
  auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
  if (Br) {
    for (unsigned Way = 0; Way < Br->getNumSuccessors(); ++Way) {
      BasicBlock *Next = Br->getSuccessor(Way);
      // Inner loops are not looked into.
      if (Next == L.getHeader() || LI.getLoopFor(Next) != &L)
        continue;
      if (Br->isConditional() && Br->getSuccessor(0) != Br->getSuccessor(1)) {
        unsigned Needed = Way == 0 ? StaysTrue : StaysFalse;
        if (!(stickyValues(Br->getCondition()) & Needed))
          continue;
      }
      if (Next == Latch ? hasNoEffects(*Latch) : findIdlePath(Next))
        return true;
    }
  }
  Path.pop_back();
  return false;
}

/// Whether \p V, computed in the latch's iteration, is the same after any
/// number of further idle iterations: an accumulator updated by an
/// idempotent operation with what the idle path gives it, like the region's
/// next state, `umax(acc, exit)`, where the idle path's exit is a constant.
bool IdleTail::isIdempotentUpdate(Value *V) const {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L.contains(I))
    return true;
  Value *A, *B;
  if (!match(I, m_CombineOr(m_CombineOr(m_UMax(m_Value(A), m_Value(B)),
                                        m_UMin(m_Value(A), m_Value(B))),
                            m_CombineOr(m_SMax(m_Value(A), m_Value(B)),
                                        m_SMin(m_Value(A), m_Value(B))))) &&
      !match(I, m_c_And(m_Value(A), m_Value(B))) &&
      !match(I, m_c_Or(m_Value(A), m_Value(B))))
    return false;
  BasicBlock *Latch = L.getLoopLatch();
  auto IsAccumulator = [&](Value *P) {
    auto *Phi = dyn_cast<PHINode>(P);
    return Phi && Phi->getParent() == L.getHeader() &&
           Phi->getIncomingValueForBlock(Latch) == I;
  };
  auto IsFixedOnIdlePath = [&](Value *X) {
    if (L.isLoopInvariant(X))
      return true;
    auto *Phi = dyn_cast<PHINode>(X);
    return Phi && Phi->getParent() == Latch &&
           L.isLoopInvariant(Phi->getIncomingValueForBlock(Path.back()));
  };
  return (IsAccumulator(A) && IsFixedOnIdlePath(B)) ||
         (IsAccumulator(B) && IsFixedOnIdlePath(A));
}

/// Whether every value the loop leaves to its exit is final after the first
/// idle iteration.
bool IdleTail::liveOutsStayPut(BasicBlock *Exit) const {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      for (User *U : I.users()) {
        auto *UI = cast<Instruction>(U);
        if (L.contains(UI))
          continue;
        // LCSSA: every use outside is a phi of the exit, fed by the latch.
        if (UI->getParent() != Exit || !isa<PHINode>(UI) ||
            !isIdempotentUpdate(&I))
          return false;
      }
  return true;
}

bool IdleTail::run() {
  BasicBlock *Header = L.getHeader(), *Latch = L.getLoopLatch();
  BasicBlock *Exit = L.getExitBlock();
  auto *LatchBr =
      Latch ? dyn_cast<BranchInst>(Latch->getTerminator()) : nullptr;
  if (!LatchBr || !LatchBr->isConditional() || !Exit ||
      L.getExitingBlock() != Latch || Header == Latch)
    return false;
  if (!findIdlePath(Header) || !liveOutsStayPut(Exit))
    return false;

  LLVM_DEBUG(dbgs() << "idle path of " << L << ":"; for (BasicBlock *BB
                                                         : Path) dbgs()
                                                    << " " << BB->getName();
             dbgs() << "\n");
  // Whether this iteration took the idle path: true in the header, and in
  // each later block of the path (the latch last) true only where it is
  // entered along the path. A block with more ways in, such as the join of
  // the guarded code and the way around it, gets a phi.
  IRBuilder<> B(Header->getContext());
  Value *Idle = B.getTrue();
  for (unsigned I = 1; I <= Path.size(); ++I) {
    BasicBlock *BB = I < Path.size() ? Path[I] : Latch, *Prev = Path[I - 1];
    if (BB->getSinglePredecessor() == Prev)
      continue;
    B.SetInsertPoint(BB, BB->begin());
    PHINode *Phi = B.CreatePHI(B.getInt1Ty(), pred_size(BB), "idle");
    for (BasicBlock *Pred : predecessors(BB))
      Phi->addIncoming(Pred == Prev ? Idle : B.getFalse(), Pred);
    Idle = Phi;
  }
  B.SetInsertPoint(LatchBr);
  Value *Cond = LatchBr->getCondition();
  LatchBr->setCondition(
      LatchBr->getSuccessor(0) == Exit
          ? B.CreateOr(Cond, Idle, "exit.or.idle")
          : B.CreateAnd(Cond, B.CreateNot(Idle), "more.not.idle"));
  ++NumExited;
  ORE.emit([&] {
    DebugLoc Where = L.getStartLoc();
    for (BasicBlock *BB : Path)
      if (auto *Br = dyn_cast<BranchInst>(BB->getTerminator()))
        if (Br->isConditional() && Br->getDebugLoc()) {
          Where = getUserDebugLoc(Br);
          break;
        }
    return OptimizationRemark(DEBUG_TYPE, "IdleTailExit", Where, Header)
           << "kernel '" << getLoweredKernelDisplayName(*Header->getParent())
           << "': the loop over work-items or sub-groups stops at the first "
              "that this check leaves with nothing to do, since it leaves "
              "every later one idle too";
  });
  return true;
}

} // namespace

PreservedAnalyses IdleTailExitPass::run(Function &F,
                                        FunctionAnalysisManager &FAM) {
  if (!IdleTailExit)
    return PreservedAnalyses::all();
  if (!hasLoopWithProperty(F, md::WorkGroupItemLoop))
    return PreservedAnalyses::all();
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto &AC = FAM.getResult<AssumptionAnalysis>(F);
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  bool Changed = false;
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (!getBooleanLoopAttribute(L, md::WorkGroupItemLoop))
      continue;
    if (!L->isRecursivelyLCSSAForm(DT, LI))
      Changed |= formLCSSARecursively(*L, DT, &LI, &SE);
    Changed |= simplifyLoop(L, &DT, &LI, &SE, &AC, nullptr,
                            /*PreserveLCSSA=*/true);
    if (IdleTail(*L, LI, SE, ORE).run()) {
      // The trip count is no longer what ScalarEvolution computed.
      SE.forgetLoop(L);
      Changed = true;
    }
  }
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserve<DominatorTreeAnalysis>();
  PA.preserve<LoopAnalysis>();
  PA.preserve<ScalarEvolutionAnalysis>();
  return PA;
}

} // namespace sublane
