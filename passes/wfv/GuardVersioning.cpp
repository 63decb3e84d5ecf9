//===- GuardVersioning.cpp - Bounds checks that hold for whole sub-groups -===//
//
// Kernels launched over a range rounded up to whole work-groups check their
// id against the real size: `if (i < n) { ... }` or `if (i >= n) return;`.
// The check differs between lanes, so the vectorizer would run everything
// after it under a mask, although it holds for every lane of every
// sub-group but the last. Masked loads and stores cost little with AVX-512
// but much without it (a masked store is microcoded on AMD's AVX2 cores).
//
// This stage rewrites the scalar body before its shapes are computed: at
// such a check that every lane of the sub-group reaches together (not under
// a branch that differs between lanes), the sub-group first
// asks whether the check holds in all its lanes. If it does, it runs a copy
// of the code from the checked branch on, where nothing depends on the
// check; if not, the original. A check qualifies when it compares a value
// that steps with the lane (an id plus something the lanes share) with a
// value the lanes share, possibly several such compares and values the
// lanes share joined by `and` and `or`: such a check changes in at most the
// sub-groups at the boundary. (In 2D, the id of a row is such a value too.)
// An equality qualifies for the way where it fails: a stencil's
// `if (j == 0 || j == n - 1) { edge; return; }` gives the interior a copy.
// The copy
// must not reach a work-group barrier or collective, which every sub-group
// of the work-group must reach at the same place. Where the code after the
// check's join does (`if (i < n) v = in[i];` before a reduction over the
// work-group), the copy ends at the join: only the guarded blocks are
// copied, and both versions meet there again. A check in a loop gets only
// such a copy, which ends inside the loop.
//
//===----------------------------------------------------------------------===//

#include "SubGroupVectorizer.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

#define DEBUG_TYPE "sublane-wfv"

STATISTIC(NumVersionedGuards,
          "Number of bounds checks given a copy for sub-groups they hold in");

static llvm::cl::opt<bool> VersionGuards(
    "sublane-wfv-version-guards", llvm::cl::Hidden,
    llvm::cl::desc("Give code after a bounds check on the lane's id (i < n) "
                   "a copy without masks, which sub-groups where the check "
                   "holds in every lane run"),
    llvm::cl::init(true));

static llvm::cl::opt<unsigned> GuardCopyLimit(
    "sublane-wfv-guard-copy-limit", llvm::cl::Hidden,
    llvm::cl::desc("The most instructions the copy of the code after a "
                   "bounds check may hold"),
    llvm::cl::init(2000));

namespace sublane {
namespace wfv {
namespace {

using namespace llvm::PatternMatch;

/// The most checks versioned per kernel: each copies the code after it.
constexpr unsigned MaxVersionedGuards = 3;

/// Whether \p V is a work-item id, or a sum, difference, product, shift or
/// bitwise or of one and values the lanes share: a value that grows or
/// shrinks with the id. (Its lanes need not be a constant stride apart: a 2D
/// id is not, in a sub-group that may span rows.)
bool stepsWithId(const Value *V, const KernelShape &Shapes,
                 unsigned Depth = 0) {
  if (Depth > 6 || Shapes.isUniform(V))
    return false;
  switch (getBuiltinKind(V)) {
  case BuiltinKind::GlobalId:
  case BuiltinKind::LocalId:
  case BuiltinKind::LocalLinearId:
  case BuiltinKind::SubGroupLocalId:
    return true;
  default:
    break;
  }
  auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return false;
  switch (I->getOpcode()) {
  case Instruction::ZExt:
  case Instruction::SExt:
  case Instruction::Trunc:
    return stepsWithId(I->getOperand(0), Shapes, Depth + 1);
  case Instruction::Add:
  case Instruction::Or: // (y | x) >= 0: InstCombine's join of y >= 0, x >= 0
  case Instruction::Sub:
  case Instruction::Mul:
  case Instruction::Shl: {
    const Value *A = I->getOperand(0), *B = I->getOperand(1);
    bool AUniform = Shapes.isUniform(A), BUniform = Shapes.isUniform(B);
    bool Joins =
        I->getOpcode() == Instruction::Add || I->getOpcode() == Instruction::Or;
    if (Joins && !AUniform && !BUniform)
      return stepsWithId(A, Shapes, Depth + 1) &&
             stepsWithId(B, Shapes, Depth + 1);
    return (BUniform && stepsWithId(A, Shapes, Depth + 1)) ||
           (AUniform && I->getOpcode() != Instruction::Shl &&
            stepsWithId(B, Shapes, Depth + 1));
  }
  default:
    return false;
  }
}

/// Whether \p Cond is commonly \p Holds in every lane of a sub-group: a
/// compare of a value that steps with the lane with one the lanes share,
/// such compares and values the lanes share joined by `and`, `or` and `not`.
/// An order compare (i < n) is, either way: it changes in at most the
/// sub-groups at the boundary. An equality (j == 0, the edge of a stencil)
/// holds in at most one lane of a sub-group, so only its failing is.
bool isLaneBoundsCheck(const Value *Cond, const KernelShape &Shapes, bool Holds,
                       unsigned Depth = 0) {
  if (Depth > 6)
    return false;
  if (Depth > 0 && Shapes.isUniform(Cond))
    return true;
  const Value *A, *B;
  if (match(Cond, m_LogicalAnd(m_Value(A), m_Value(B))) ||
      match(Cond, m_LogicalOr(m_Value(A), m_Value(B))))
    return isLaneBoundsCheck(A, Shapes, Holds, Depth + 1) &&
           isLaneBoundsCheck(B, Shapes, Holds, Depth + 1);
  if (match(Cond, m_Not(m_Value(A))))
    return isLaneBoundsCheck(A, Shapes, !Holds, Depth + 1);
  auto *Cmp = dyn_cast<ICmpInst>(Cond);
  if (!Cmp || (Cmp->isEquality() &&
               (Cmp->getPredicate() == ICmpInst::ICMP_EQ) == Holds))
    return false;
  const Value *L = Cmp->getOperand(0), *R = Cmp->getOperand(1);
  auto Steps = [&](const Value *V) {
    Shape S = Shapes.getShape(V);
    return (S.isAffine() && S.Stride != 0) || stepsWithId(V, Shapes);
  };
  return (Steps(L) && Shapes.isUniform(R)) || (Shapes.isUniform(L) && Steps(R));
}

/// The blocks from a successor of a bounds check on, and their instructions.
struct Region {
  SmallSetVector<BasicBlock *, 16> Blocks;
  unsigned Size = 0;
};

/// The blocks reachable from \p From without passing \p Join (with no
/// join, all of them), if they may be copied.
std::optional<Region> getCopiedRegion(BasicBlock *From,
                                      BasicBlock *Join = nullptr) {
  Region R;
  R.Blocks.insert(From);
  for (unsigned I = 0; I < R.Blocks.size(); ++I) {
    BasicBlock *BB = R.Blocks[I];
    for (Instruction &Inst : *BB)
      if (isWorkGroupSyncPoint(Inst) || ++R.Size > GuardCopyLimit)
        return std::nullopt;
    for (BasicBlock *Succ : successors(BB))
      if (Succ != Join)
        R.Blocks.insert(Succ);
  }
  return R;
}

/// The blocks from \p From up to the join of the branch it follows, if they
/// may be copied and \p From is their only entry (so that the copy can be
/// entered from the check alone and leaves to the join).
std::optional<Region> getGuardedRegion(BasicBlock *From, BasicBlock *Join,
                                       const DominatorTree &DT) {
  if (From == Join)
    return std::nullopt;
  std::optional<Region> R = getCopiedRegion(From, Join);
  if (R && !all_of(R->Blocks,
                   [&](BasicBlock *BB) { return DT.dominates(From, BB); }))
    return std::nullopt;
  return R;
}

/// A block whose conditional branch is a bounds check that every lane of
/// the sub-group reaches together; the successor where the work is (the
/// other one may be a bare return: `if (i >= n) return;`), whether the check
/// fails on the way there, and the blocks from that successor on, or up to
/// Join where what follows it may not be copied.
struct Guard {
  BranchInst *Branch;
  BasicBlock *Taken;
  bool Negated;
  SmallSetVector<BasicBlock *, 16> Copied;
  BasicBlock *Join = nullptr;
  /// Whether the check's other way leads straight to where the two ways
  /// meet, so that a sub-group none of whose lanes pass may go there.
  bool MeetsOnFail = false;
};

std::optional<Guard> findGuard(Function &K, FunctionAnalysisManager &FAM,
                               const DenseSet<BasicBlock *> &Done) {
  const KernelShape &Shapes = FAM.getResult<SubGroupShapeAnalysis>(K);
  const LoopInfo &LI = FAM.getResult<LoopAnalysis>(K);
  for (BasicBlock &BB : K) {
    auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
    if (!Br || !Br->isConditional() || Done.contains(&BB) ||
        !Shapes.hasDivergentBranch(BB) || Shapes.isDivergentlyExecuted(&BB))
      continue;
    // In a loop the check is asked anew each iteration, so a copy must end
    // where its two ways meet, inside the loop: a copy of the rest of the
    // kernel would keep running in later iterations, where the check may
    // fail. (A tree reduction's `if (lid < s)` between barriers.)
    const Loop *L = LI.getLoopFor(&BB);
    // The ways worth a copy: those whose check commonly passes in every lane.
    bool Viable[] = {
        isLaneBoundsCheck(Br->getCondition(), Shapes, /*Holds=*/true),
        isLaneBoundsCheck(Br->getCondition(), Shapes, /*Holds=*/false)};
    if (!Viable[0] && !Viable[1])
      continue;
    // A way straight to where the two ways meet guards nothing: a copy from
    // there (`if (lid == 0) {...}` where no lane has id 0) would only repeat
    // what follows the check.
    const auto &PDT = FAM.getResult<PostDominatorTreeAnalysis>(K);
    const DomTreeNode *Node = PDT.getNode(&BB);
    BasicBlock *Meet =
        Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
    for (unsigned Way : {0u, 1u})
      Viable[Way] &= Br->getSuccessor(Way) != Meet;
    auto RegionFrom = [&](unsigned Way) -> std::optional<Region> {
      return Viable[Way] ? getCopiedRegion(Br->getSuccessor(Way))
                         : std::nullopt;
    };
    std::optional<Region> OnTrue = L ? std::nullopt : RegionFrom(0);
    std::optional<Region> OnFalse = L ? std::nullopt : RegionFrom(1);
    BasicBlock *Join = nullptr;
    if (!OnTrue && !OnFalse) {
      // A work-group barrier or collective after the check: copy only what
      // the check guards, up to where its two ways meet.
      Join = Meet;
      if (!Join)
        continue;
      const auto &DT = FAM.getResult<DominatorTreeAnalysis>(K);
      if (L && (!L->contains(Join) || Join == L->getHeader()))
        continue;
      auto InLoopBody = [&](const std::optional<Region> &R) {
        return !L || all_of(R->Blocks, [&](BasicBlock *B) {
          return L->contains(B) && B != L->getHeader();
        });
      };
      if (Viable[0])
        OnTrue = getGuardedRegion(Br->getSuccessor(0), Join, DT);
      if (OnTrue && !InLoopBody(OnTrue))
        OnTrue.reset();
      if (Viable[1])
        OnFalse = getGuardedRegion(Br->getSuccessor(1), Join, DT);
      if (OnFalse && !InLoopBody(OnFalse))
        OnFalse.reset();
    }
    bool Negated = !OnTrue || (OnFalse && OnFalse->Size > OnTrue->Size);
    if (std::optional<Region> &Copied = Negated ? OnFalse : OnTrue)
      return Guard{Br,      Br->getSuccessor(Negated),
                   Negated, std::move(Copied->Blocks),
                   Join,    Br->getSuccessor(!Negated) == Meet};
  }
  return std::nullopt;
}

/// Splits the guard's block before its branch, and lets a sub-group whose
/// lanes all go the way of the work run a copy of the blocks from there on.
/// Returns the block that now holds the original check.
BasicBlock *version(Guard &G, Module &M) {
  BasicBlock *Check = G.Branch->getParent();
  Function &K = *Check->getParent();
  LLVMContext &C = K.getContext();
  BasicBlock *Masked =
      Check->splitBasicBlock(G.Branch, Check->getName() + ".some");
  BasicBlock *Taken = G.Taken;

  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *> Copies;
  for (BasicBlock *BB : G.Copied) {
    BasicBlock *Copy = CloneBasicBlock(BB, VMap, ".all", &K);
    VMap[BB] = Copy;
    Copies.push_back(Copy);
  }
  remapInstructionsInBlocks(Copies, VMap);
  auto *TakenCopy = cast<BasicBlock>(VMap[Taken]);
  auto *Entry = BasicBlock::Create(C, Check->getName() + ".all", &K, TakenCopy);
  BranchInst::Create(TakenCopy, Entry);
  // The copy is entered from Entry alone: its phis keep the values along
  // edges between copied blocks, and the guard's edge now comes from Entry.
  // (Phis left with one value stay: they may be a loop's LCSSA phis.)
  SmallPtrSet<BasicBlock *, 16> IsCopy(Copies.begin(), Copies.end());
  for (BasicBlock *Copy : Copies)
    for (PHINode &Phi : Copy->phis())
      for (unsigned I = Phi.getNumIncomingValues(); I-- > 0;) {
        BasicBlock *From = Phi.getIncomingBlock(I);
        if (From == Masked && Copy == TakenCopy)
          Phi.setIncomingBlock(I, Entry);
        else if (!IsCopy.contains(From))
          Phi.removeIncomingValue(I, /*DeletePHIIfEmpty=*/false);
      }
  // A copy that ends at the join enters it where the original does: the
  // join's phis take the copy's values along the copy's edges. (Nothing
  // else outside the copied blocks uses their values: the join, where the
  // check's two ways meet, is the first block they do not dominate.)
  if (G.Join)
    for (PHINode &Phi : G.Join->phis())
      for (unsigned I = 0, E = Phi.getNumIncomingValues(); I < E; ++I) {
        BasicBlock *From = Phi.getIncomingBlock(I);
        if (!G.Copied.contains(From))
          continue;
        Value *V = Phi.getIncomingValue(I);
        Value *Mapped = VMap.lookup(V);
        Phi.addIncoming(Mapped ? Mapped : V, cast<BasicBlock>(VMap[From]));
      }

  // In the copy the check has its outcome in every lane: so do the
  // conditions it implies (its joined compares, the same compare written
  // again or negated, `if (i >= n) return;` after `if (i < n)`).
  Value *Cond = G.Branch->getCondition();
  const DataLayout &DL = K.getDataLayout();
  SmallVector<WeakTrackingVH> Folded;
  for (BasicBlock *Copy : Copies)
    for (Instruction &I : *Copy)
      for (Use &U : I.operands()) {
        auto *Def = dyn_cast<Instruction>(U.get());
        if (!Def || !Def->getType()->isIntegerTy(1))
          continue;
        if (std::optional<bool> Known =
                isImpliedCondition(Cond, Def, DL, !G.Negated)) {
          U.set(ConstantInt::getBool(C, *Known));
          if (IsCopy.contains(Def->getParent()))
            Folded.push_back(Def);
        }
      }
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(Folded);

  IRBuilder<> B(Check->getTerminator());
  Value *Passes = G.Negated ? B.CreateNot(Cond) : Cond;
  Value *Whole = emitSubGroupAll(B, Passes, "guard");
  // Where the other way goes straight to where both meet, a sub-group in
  // none of whose lanes the check passes goes there at once: masked, the
  // guarded code would run with no lane active. (Past the boundary of
  // `if (lid < s)` in a tree reduction: most sub-groups.) Another way with
  // code of its own (a stencil's edge) keeps its mask from the check alone.
  BasicBlock *Partial = Masked;
  if (G.MeetsOnFail) {
    BasicBlock *Meet = G.Branch->getSuccessor(!G.Negated);
    Partial = BasicBlock::Create(C, Check->getName() + ".any", &K, Masked);
    IRBuilder<> AnyB(Partial);
    Value *Any = emitSubGroupAny(AnyB, Passes, "guard");
    AnyB.CreateCondBr(Any, Masked, Meet)->setDebugLoc(G.Branch->getDebugLoc());
    for (PHINode &Phi : Meet->phis())
      Phi.addIncoming(Phi.getIncomingValueForBlock(Masked), Partial);
  }
  Instruction *OldTerm = Check->getTerminator();
  BranchInst::Create(Entry, Partial, Whole, Check)
      ->setDebugLoc(G.Branch->getDebugLoc());
  OldTerm->eraseFromParent();
  return Masked;
}

} // namespace

/// A sub-group vote of kind \p Kind (All or Any) on \p Cond.
static Value *emitSubGroupVote(IRBuilder<> &B, Value *Cond,
                               CollectiveInfo::CollectiveKind Kind,
                               const Twine &Name) {
  Module &M = *B.GetInsertBlock()->getModule();
  Type *I32 = B.getInt32Ty();
  bool All = Kind == CollectiveInfo::All;
  CollectiveInfo Info{CollectiveInfo::SubGroup, Kind, CollectiveInfo::None,
                      CollectiveInfo::NoElem};
  Function *Vote = getOrInsertCollective(M, Info);
  Value *Lane = B.CreateZExt(Cond, I32, Name + ".lane");
  CallInst *Call = B.CreateCall(Vote, {Lane}, Name + (All ? ".all" : ".any"));
  Call->setConvergent();
  return B.CreateICmpNE(Call, ConstantInt::get(I32, 0));
}

Value *emitSubGroupAll(IRBuilder<> &B, Value *Cond, const Twine &Name) {
  return emitSubGroupVote(B, Cond, CollectiveInfo::All, Name);
}

Value *emitSubGroupAny(IRBuilder<> &B, Value *Cond, const Twine &Name) {
  return emitSubGroupVote(B, Cond, CollectiveInfo::Any, Name);
}

unsigned versionLaneGuards(Function &K, FunctionAnalysisManager &FAM) {
  if (!VersionGuards)
    return 0;
  DenseSet<BasicBlock *> Done;
  unsigned Versioned = 0;
  while (Versioned < MaxVersionedGuards) {
    std::optional<Guard> G = findGuard(K, FAM, Done);
    if (!G)
      break;
    LLVM_DEBUG(dbgs() << "sublane-wfv: versioning bounds check " << *G->Branch
                      << " (" << G->Copied.size() << " blocks copied)\n");
    // The original check stays divergent, now under a uniform branch, and
    // only sub-groups at the boundary run the code from there on (up to the
    // join, where the copy ends): none of it is worth another copy.
    BasicBlock *Masked = version(*G, *K.getParent());
    FAM.invalidate(K, PreservedAnalyses::none());
    SmallVector<BasicBlock *> Work = {Masked};
    while (!Work.empty()) {
      BasicBlock *BB = Work.pop_back_val();
      if (BB != G->Join && Done.insert(BB).second)
        append_range(Work, successors(BB));
    }
    ++Versioned;
    ++NumVersionedGuards;
  }
  return Versioned;
}

} // namespace wfv
} // namespace sublane
