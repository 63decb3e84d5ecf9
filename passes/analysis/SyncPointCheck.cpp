//===- SyncPointCheck.cpp - Can every work-item reach each sync point? ----===//

#include "sublane/Passes/analysis/SyncPointCheck.h"
#include "sublane/Passes/analysis/KernelShape.h"
#include "sublane/Passes/util/KernelInfo.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace sublane {
namespace {

/// One level of the check: the work-group (ids diverge) or the sub-group
/// (lanes diverge).
class LevelCheck {
public:
  /// \p Certain finds the divergence that is certain (ids only); \p Possible
  /// the divergence there may be (ids and anything read from memory), which
  /// a proof of uniformity must rule out.
  /// \p Lanes is the sub-group size at the sub-group level, 0 at the
  /// work-group level (whose size the kernel does not know).
  LevelCheck(Function &K, unsigned Dims, unsigned Lanes,
             DivergenceSources Certain, DivergenceSources Possible,
             DominatorTree &DT, LoopInfo &LI, ScalarEvolution &SE)
      : K(K), Lanes(Lanes), Shape(K, Dims, Certain),
        PossibleShape(K, Dims, Possible), DT(DT), LI(LI), SE(SE) {}

  /// Checks sync point \p I; false after an error.
  bool check(Instruction &I, StringRef What, StringRef Group);

private:
  const Loop *getBoundedLoop(const Instruction *Branch,
                             const BasicBlock *SyncBlock) const;
  bool isExitOnIteration(const Loop *L, const BranchInst *BI) const;
  bool isGuard(const Loop *L, const BranchInst *BI) const;
  bool isProvablyUniform(const Loop *L, const BranchInst *BI) const;
  bool isCertainlyDivergent(const Loop *L, const BranchInst *BI) const;
  bool isCertainlyDivergent(const Instruction *Branch,
                            const BasicBlock *SyncBlock) const;
  const SCEVUnknown *getOnlyId(ArrayRef<const SCEV *> Exprs) const;
  const SCEV *evaluateAt(const SCEV *S, const SCEVUnknown *Id,
                         uint64_t Value) const;
  bool isUniformSCEV(const SCEV *S) const;
  void reportDivergent(Instruction &I, const Instruction *Branch,
                       StringRef What, StringRef Group);

  Function &K;
  unsigned Lanes;
  KernelShape Shape, PossibleShape;
  DominatorTree &DT;
  LoopInfo &LI;
  ScalarEvolution &SE;
  SmallPtrSet<const Instruction *, 4> Warned;
};

bool LevelCheck::isUniformSCEV(const SCEV *S) const {
  if (isa<SCEVCouldNotCompute>(S))
    return false;
  if (SE.getUnsignedRange(S).isSingleElement())
    return true;
  return !SCEVExprContains(S, [&](const SCEV *E) {
    auto *U = dyn_cast<SCEVUnknown>(E);
    return U && !PossibleShape.isUniform(U->getValue());
  });
}

/// Whether \p BI leaves \p L after a number of iterations that depends on
/// the item: its condition changes from one iteration to the next. A
/// condition that does not (`if (lid == 0) break;`) decides once and for
/// all, which is divergence that is certain.
bool LevelCheck::isExitOnIteration(const Loop *L, const BranchInst *BI) const {
  return L->isLoopExiting(BI->getParent()) &&
         !L->isLoopInvariant(BI->getCondition());
}

/// Whether \p BI, outside \p L, decides whether \p L runs at all, as the
/// guard in front of a rotated loop does (`if (j < n) do ... while (j < n)`).
bool LevelCheck::isGuard(const Loop *L, const BranchInst *BI) const {
  if (L->contains(BI->getParent()) || !BI->isConditional())
    return false;
  BasicBlock *Exit = L->getUniqueExitBlock();
  if (!Exit)
    return false;
  BasicBlock *AfterExit = Exit->getSingleSuccessor();
  for (unsigned Enter = 0; Enter < 2; ++Enter) {
    BasicBlock *In = BI->getSuccessor(Enter),
               *Out = BI->getSuccessor(1 - Enter);
    if (DT.dominates(In, L->getHeader()) && (Out == Exit || Out == AfterExit))
      return true;
  }
  return false;
}

/// The loop that holds the sync point and whose trip count \p Branch
/// decides, or null when \p Branch makes the sync point divergent for
/// certain.
const Loop *LevelCheck::getBoundedLoop(const Instruction *Branch,
                                       const BasicBlock *SyncBlock) const {
  auto *BI = dyn_cast<BranchInst>(Branch);
  if (!BI || !BI->isConditional())
    return nullptr;
  for (const Loop *L = LI.getLoopFor(SyncBlock); L; L = L->getParentLoop()) {
    if (!L->contains(BI->getParent())) {
      if (isGuard(L, BI))
        return L;
      continue;
    }
    if (isExitOnIteration(L, BI))
      return L;
  }
  return nullptr;
}

/// Whether every item takes \p BI the same way in each iteration, so runs
/// \p L equally often: its exit count, or a guard's condition, is the same
/// for every item.
bool LevelCheck::isProvablyUniform(const Loop *L, const BranchInst *BI) const {
  if (!L->contains(BI->getParent())) {
    auto *Cmp = dyn_cast<ICmpInst>(BI->getCondition());
    if (!Cmp)
      return false;
    const SCEV *A = SE.getSCEV(Cmp->getOperand(0));
    const SCEV *B = SE.getSCEV(Cmp->getOperand(1));
    return SE.isKnownPredicate(Cmp->getPredicate(), A, B) ||
           SE.isKnownPredicate(Cmp->getInversePredicate(), A, B);
  }
  return isUniformSCEV(SE.getExitCount(L, BI->getParent()));
}

/// Whether \p L's exit count at \p BI certainly differs between work-items:
/// it depends on one id and no other value that may vary, and evaluated for
/// the ids 0 and 1 (every group where divergence matters has both) it gives
/// two counts ScalarEvolution knows to differ (`i < lid`). A grid-stride
/// loop's count ((n - lid) / stride) gives both ids one count: not certain.
bool LevelCheck::isCertainlyDivergent(const Loop *L,
                                      const BranchInst *BI) const {
  if (!L->contains(BI->getParent()))
    return false;
  const SCEV *Count = SE.getExitCount(L, BI->getParent());
  if (isa<SCEVCouldNotCompute>(Count))
    return false;
  const SCEVUnknown *Id = getOnlyId({Count});
  return Id && SE.isKnownPredicate(ICmpInst::ICMP_NE, evaluateAt(Count, Id, 0),
                                   evaluateAt(Count, Id, 1));
}

/// The one work-item id that \p Exprs vary with, or null when they vary
/// with no id or also with something else (memory, another id).
const SCEVUnknown *LevelCheck::getOnlyId(ArrayRef<const SCEV *> Exprs) const {
  const SCEVUnknown *Id = nullptr;
  bool OtherVarying = false;
  for (const SCEV *S : Exprs) {
    if (isa<SCEVCouldNotCompute>(S))
      return nullptr;
    SCEVExprContains(S, [&](const SCEV *E) {
      auto *U = dyn_cast<SCEVUnknown>(E);
      if (!U || PossibleShape.isUniform(U->getValue()))
        return false;
      if (isWorkItemVaryingBuiltin(getBuiltinKind(U->getValue())) &&
          (!Id || Id == U))
        Id = U;
      else
        OtherVarying = true;
      return false;
    });
  }
  return OtherVarying ? nullptr : Id;
}

/// \p S with the id \p Id replaced by \p Value.
const SCEV *LevelCheck::evaluateAt(const SCEV *S, const SCEVUnknown *Id,
                                   uint64_t Value) const {
  ValueToSCEVMapTy Map;
  Map[Id->getValue()] = SE.getConstant(Id->getType(), Value);
  return SCEVParameterRewriter::rewrite(S, SE, Map);
}

/// Whether the work-items take \p Branch (not the bound of a loop holding
/// the sync point) in different directions for certain, and only one of
/// them can reach \p SyncBlock: its condition, evaluated for the ids 0 and
/// 1, is known to be true for one and false for the other (`if (lid == 0)`). A
/// condition that also depends on memory or a loop (`if (flags[lid / 128])`),
/// or that only a larger id would flip
/// (`if (lid / 128 < n)`, `if (lid < 4)`), may still be the same for every
/// item of the groups the kernel is launched with.
bool LevelCheck::isCertainlyDivergent(const Instruction *Branch,
                                      const BasicBlock *SyncBlock) const {
  auto *BI = dyn_cast<BranchInst>(Branch);
  auto *Cmp = BI && BI->isConditional() ? dyn_cast<ICmpInst>(BI->getCondition())
                                        : nullptr;
  if (!Cmp || !SE.isSCEVable(Cmp->getOperand(0)->getType()))
    return false;
  // Items that go either way may still meet at the sync point
  // (`if (lid == 0 && sum < min) skip; else barrier`): only a branch that
  // keeps one side from it decides.
  SmallPtrSet<BasicBlock *, 1> NotAgain;
  NotAgain.insert(const_cast<BasicBlock *>(BI->getParent()));
  if (all_of(BI->successors(), [&](const BasicBlock *Succ) {
        return isPotentiallyReachable(Succ, SyncBlock, &NotAgain, &DT, &LI);
      }))
    return false;
  const SCEV *A = SE.getSCEV(Cmp->getOperand(0));
  const SCEV *B = SE.getSCEV(Cmp->getOperand(1));
  const SCEVUnknown *Id = getOnlyId({A, B});
  if (!Id)
    return false;
  auto TakenFor = [&](uint64_t IdValue) {
    return SE.evaluatePredicate(Cmp->getPredicate(), evaluateAt(A, Id, IdValue),
                                evaluateAt(B, Id, IdValue));
  };
  std::optional<bool> ForFirst = TakenFor(0);
  if (!ForFirst)
    return false;
  // Within a sub-group the lanes are known: 0 to the size - 1 in every full
  // one (`if (lane < 4)` at size 16 diverges for certain).
  SmallVector<uint64_t, 2> Others = {1};
  if (Lanes > 2 &&
      getBuiltinKind(Id->getValue()) == BuiltinKind::SubGroupLocalId)
    Others.push_back(Lanes - 1);
  return any_of(Others, [&](uint64_t Other) {
    std::optional<bool> ForOther = TakenFor(Other);
    return ForOther && *ForOther != *ForFirst;
  });
}

void LevelCheck::reportDivergent(Instruction &I, const Instruction *Branch,
                                 StringRef What, StringRef Group) {
  std::string Where;
  if (DebugLoc BL = getUserDebugLoc(Branch))
    Where = " at line " + std::to_string(BL.getLine());
  reportKernelError(K,
                    What + " in divergent control flow: the branch" + Where +
                        " depends on the work-item id, so not every "
                        "work-item of the " +
                        Group + " reaches it",
                    &I);
}

bool LevelCheck::check(Instruction &I, StringRef What, StringRef Group) {
  ArrayRef<const Instruction *> Branches =
      Shape.getDivergentBranches(I.getParent());
  // Branches that may still be uniform, with the loop whose trip count each
  // decides (null for a plain branch).
  SmallVector<std::pair<const Loop *, const Instruction *>> Unproven;
  for (const Instruction *Branch : Branches) {
    const Loop *L = getBoundedLoop(Branch, I.getParent());
    if (L ? isCertainlyDivergent(L, cast<BranchInst>(Branch))
          : isCertainlyDivergent(Branch, I.getParent())) {
      reportDivergent(I, Branch, What, Group);
      return false;
    }
    if (!L || !isProvablyUniform(L, cast<BranchInst>(Branch)))
      Unproven.push_back({L, Branch});
  }
  for (auto [L, Branch] : Unproven) {
    if (!Warned.insert(Branch).second)
      continue;
    std::string Line;
    if (DebugLoc SL = getUserDebugLoc(&I))
      Line = " (line " + std::to_string(SL.getLine()) + ")";
    std::string Doubt =
        L ? "runs this loop equally often: its bound depends on the "
            "work-item id, and it holds a "
          : "takes this branch the same way: its condition depends on the "
            "work-item id, and it leads to a ";
    reportKernelWarning(
        K,
        "cannot prove that every work-item of the " + Group + " " + Doubt +
            What + Line +
            ". It is compiled on SYCL's rule that all work-items of a " +
            Group + " reach the same barriers and collectives" +
            (What.ends_with("barrier")
                 ? ", and work-items that return drop out of later barriers "
                   "as on a GPU"
                 : "") +
            "; SUBLANE_ENGINE=fibers and -sublane-check-sync-points check "
            "that rule at run time",
        Branch);
  }
  return true;
}

} // namespace

static cl::opt<bool> CheckSyncPointsAtRunTime(
    "sublane-check-sync-points", cl::init(false),
    cl::desc("Make lowered kernels check at run time that all work-items of "
             "a group stop at the same barrier or collective (validation)"));

bool isRunTimeSyncCheckEnabled() { return CheckSyncPointsAtRunTime; }

bool checkSyncPoints(Function &K, unsigned Dims, unsigned SubGroupSize) {
  bool SubGroupLevel = SubGroupSize > 1;
  DominatorTree DT(K);
  LoopInfo LI(DT);
  TargetLibraryInfoImpl TLII(Triple(K.getParent()->getTargetTriple()));
  TargetLibraryInfo TLI(TLII, &K);
  AssumptionCache AC(K);
  ScalarEvolution SE(K, TLI, AC, DT, LI);
  LevelCheck GroupLevel(K, Dims, /*Lanes=*/0, DivergenceSources::Provable,
                        DivergenceSources::Conservative, DT, LI, SE);
  std::optional<LevelCheck> LaneLevel;
  if (SubGroupLevel)
    LaneLevel.emplace(
        K, Dims, SubGroupSize, DivergenceSources::ProvableWithinSubGroup,
        DivergenceSources::ConservativeWithinSubGroup, DT, LI, SE);
  bool Ok = true;
  for (Instruction &I : instructions(K)) {
    BuiltinKind Kind = getBuiltinKind(&I);
    if (!isSyncBuiltin(Kind))
      continue;
    bool WorkGroupLevel = isWorkGroupSyncPoint(I);
    // In sub-groups of one work-item, control flow is always converged
    // within a sub-group.
    if (!WorkGroupLevel && !SubGroupLevel)
      continue;
    StringRef What =
        Kind == BuiltinKind::Collective
            ? (WorkGroupLevel ? "work-group collective"
                              : "sub-group collective")
            : (WorkGroupLevel ? "work-group barrier" : "sub-group barrier");
    LevelCheck &Level = WorkGroupLevel ? GroupLevel : *LaneLevel;
    Ok &= Level.check(I, What, WorkGroupLevel ? "work-group" : "sub-group");
  }
  return Ok;
}

} // namespace sublane
