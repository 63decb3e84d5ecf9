//===- JamSubGroupLoops.cpp - Inner loops of sub-groups run together ------===//
//
// Legality is ours rather than isSafeToUnrollAndJam's: its dependence
// analysis gives up on a kernel's unrelated pointers, where the loop's
// parallel access group already says that different sub-groups' accesses do
// not depend on each other. The structural conditions the unroll-and-jam
// utility relies on (blocks before the inner loop that only lead into it, one
// block after it, an inner trip count the same for every sub-group) are
// checked here in its terms.
//
//===----------------------------------------------------------------------===//

#include "sublane/Passes/late/JamSubGroupLoops.h"
#include "sublane/Passes/util/KernelInfo.h"
#include "sublane/Passes/util/Metadata.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/UnrollLoop.h"

#define DEBUG_TYPE "sublane-jam-sub-groups"

using namespace llvm;

STATISTIC(NumJammed, "Number of loops over full sub-groups unrolled and "
                     "jammed");
STATISTIC(NumGuardsVersioned, "Number of loops over full sub-groups "
                              "versioned on their inner loop's guard");
STATISTIC(NumNotJammed, "Number of loops over full sub-groups with a "
                        "loop-carried chain left as they were");

static cl::opt<bool>
    JamSubGroups("sublane-enable-jam-sub-groups", cl::init(true),
                 cl::desc("Run the inner loops of several full sub-groups "
                          "together (unroll-and-jam) where each carries a "
                          "chain of vector operations from step to step"));

static cl::opt<unsigned> JamChains(
    "sublane-jam-chains", cl::init(4),
    cl::desc("Independent chains (register-wide parts of the inner loop's "
             "loop-carried values) a jammed inner loop aims for; the kernel "
             "attribute \"sublane-jam-chains\" overrides it"));

static cl::opt<unsigned> MaxJammedInstructions(
    "sublane-max-jammed-instructions", cl::init(256),
    cl::desc("Largest jammed inner loop (its instructions times the number "
             "of sub-groups run together)"));

namespace sublane {
namespace {

/// One loop over full sub-groups: whether its inner loops can run together,
/// and how many.
class SubGroupLoopJam {
public:
  SubGroupLoopJam(Loop &L, LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE,
                  AssumptionCache &AC, const TargetTransformInfo &TTI,
                  OptimizationRemarkEmitter &ORE)
      : L(L), LI(LI), DT(DT), SE(SE), AC(AC), TTI(TTI), ORE(ORE),
        F(*L.getHeader()->getParent()) {}

  /// Whether the loop's inner loop carries a chain that running several
  /// sub-groups together would multiply.
  bool pays();

  /// Where a sub-group's code branches around the inner loop on a condition
  /// the same for all sub-groups, gives the loop a copy for the condition
  /// false and makes it true in the loop (see below). Returns whether it
  /// did; the analyses are then out of date. Call after pays().
  bool versionOnInvariantGuard();

  /// Jams the loop where that is legal and pays; returns whether the IR
  /// changed.
  bool run();

private:
  Loop &L;
  LoopInfo &LI;
  DominatorTree &DT;
  ScalarEvolution &SE;
  AssumptionCache &AC;
  const TargetTransformInfo &TTI;
  OptimizationRemarkEmitter &ORE;
  Function &F;
  Loop *Inner = nullptr;
  BasicBlock *Aft = nullptr;
  /// The inner loop's loop-carried values that are not inductions; the
  /// fewest registers one of them spans, and the registers all of them do.
  SmallVector<PHINode *> Chains;
  unsigned MinParts = 0, TotalParts = 0;

  bool findChains();
  const char *checkShape();
  const char *checkHeaderValues() const;
  std::optional<std::string> checkInstructions() const;
  unsigned chooseCount() const;
  void dropProperty();
  std::string kernelName() const;
  DebugLoc userLoc() const;
};

/// Whether \p L carries the marker sublane-wg-cbs puts on loops over full
/// sub-groups.
bool isFullSubGroupLoop(const Loop &L) {
  return getBooleanLoopAttribute(&L, md::FullSubGroupLoop);
}

bool SubGroupLoopJam::findChains() {
  if (L.getSubLoops().size() != 1)
    return false;
  Inner = L.getSubLoops().front();
  unsigned RegisterBits = std::max<unsigned>(
      64, TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
              .getFixedValue());
  const DataLayout &DL = F.getDataLayout();
  for (PHINode &P : Inner->getHeader()->phis()) {
    // Integer and pointer phis are inductions and counters: one-cycle steps
    // that the out-of-order core overlaps on its own.
    Type *T = P.getType();
    if (!T->isVectorTy() && !T->isFloatingPointTy())
      continue;
    // The registers the type legalizes to: with AVX-512 a <16 x float> is
    // one register even where the vectorizers prefer 256 bits.
    unsigned Parts = TTI.getNumberOfParts(T);
    if (!Parts)
      Parts = divideCeil(DL.getTypeSizeInBits(T).getFixedValue(), RegisterBits);
    Chains.push_back(&P);
    MinParts = MinParts ? std::min(MinParts, Parts) : Parts;
    TotalParts += Parts;
  }
  return !Chains.empty();
}

/// Why the loop's blocks are not: blocks that lead only into one inner
/// loop, the inner loop, and one block after it that ends the iteration.
const char *SubGroupLoopJam::checkShape() {
  if (!Inner->getSubLoops().empty())
    return "its inner loop holds another loop";
  if (!L.isLoopSimplifyForm() || !L.isRotatedForm() || !L.getExitBlock() ||
      !L.getExitingBlock() || L.getHeader()->hasAddressTaken())
    return "the loop over sub-groups is not in canonical form";
  if (!Inner->getExitBlock() || !Inner->getExitingBlock())
    return "its inner loop has more than one exit";
  if (!Inner->isLoopSimplifyForm() || !Inner->isRotatedForm() ||
      Inner->getHeader()->hasAddressTaken())
    return "its inner loop is not in canonical (rotated) form";
  BasicBlock *InnerLatch = Inner->getLoopLatch();
  BasicBlock *InnerPreheader = Inner->getLoopPreheader();
  SmallPtrSet<BasicBlock *, 8> Fore;
  unsigned AftBlocks = 0;
  for (BasicBlock *BB : L.blocks()) {
    if (Inner->contains(BB))
      continue;
    if (DT.dominates(InnerLatch, BB)) {
      ++AftBlocks;
      Aft = BB;
    } else {
      Fore.insert(BB);
    }
  }
  for (BasicBlock *BB : Fore)
    if (BB != InnerPreheader)
      for (BasicBlock *Succ : successors(BB))
        if (!Fore.contains(Succ))
          return "a sub-group's code branches around its inner loop";
  if (AftBlocks != 1)
    return "a sub-group's code after its inner loop branches";
  // The jam rewires these branches in place.
  auto IsBranch = [](BasicBlock *BB, bool Conditional) {
    auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    return Br && Br->isConditional() == Conditional;
  };
  if (Aft != Inner->getExitBlock() || Aft != L.getLoopLatch() ||
      !IsBranch(InnerPreheader, false) || !IsBranch(InnerLatch, true) ||
      !IsBranch(Aft, true))
    return "the loop over sub-groups is not in canonical form";
  if (!hasIterationCountInvariantInParent(Inner, SE))
    return "its inner loop's trip count differs between sub-groups";
  return nullptr;
}

/// Why the values the next sub-group starts from (the loop's header phis)
/// cannot be computed before the inner loop: the jammed body computes all
/// sub-groups' starts before their inner loops.
const char *SubGroupLoopJam::checkHeaderValues() const {
  BasicBlock *Latch = L.getLoopLatch();
  SmallVector<Instruction *> Work;
  SmallPtrSet<Instruction *, 16> Seen;
  for (PHINode &P : L.getHeader()->phis())
    if (auto *I = dyn_cast<Instruction>(P.getIncomingValueForBlock(Latch)))
      Work.push_back(I);
  while (!Work.empty()) {
    Instruction *I = Work.pop_back_val();
    if (!Seen.insert(I).second)
      continue;
    if (Inner->contains(I))
      return "the next sub-group starts from a value of this one's inner "
             "loop";
    if (I->getParent() != Aft)
      continue;
    if (isa<PHINode>(I) || I->mayHaveSideEffects() || I->mayReadOrWriteMemory())
      return "the next sub-group starts from a value this one computes "
             "after its inner loop";
    for (Value *Op : I->operands())
      if (auto *OpI = dyn_cast<Instruction>(Op))
        Work.push_back(OpI);
  }
  return nullptr;
}

/// Why different sub-groups' code may not be interleaved: every access must
/// be a plain load or store in the region's parallel access group (private
/// variables and the lowering's scratch are shared by all iterations and
/// carry no group).
std::optional<std::string> SubGroupLoopJam::checkInstructions() const {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (I.mayThrow())
        return "an instruction in it may throw";
      if (auto *Call = dyn_cast<CallBase>(&I);
          Call && (Call->isConvergent() || Call->cannotDuplicate()))
        return "it holds a call that cannot be copied";
      if (auto *Load = dyn_cast<LoadInst>(&I)) {
        if (!Load->isSimple())
          return "it holds an atomic or volatile load";
      } else if (auto *Store = dyn_cast<StoreInst>(&I)) {
        if (!Store->isSimple())
          return "it holds an atomic or volatile store";
      } else if (I.mayReadOrWriteMemory()) {
        auto *Call = dyn_cast<CallBase>(&I);
        if (Function *Callee = Call ? Call->getCalledFunction() : nullptr)
          return "it holds a call to '" + demangle(Callee->getName()) +
                 "', which may touch memory";
        return std::string("it holds an atomic operation or an indirect "
                           "call, which may touch memory");
      }
    }
  if (!L.isAnnotatedParallel())
    return std::string("it accesses memory that all sub-groups share "
                       "(private variables or the lowering's scratch)");
  return std::nullopt;
}

/// How many sub-groups run together: enough for the target's number of
/// independent chains, within half the vector registers and the size cap.
unsigned SubGroupLoopJam::chooseCount() const {
  unsigned Target =
      getUnsignedAttr(F, "sublane-jam-chains").value_or(JamChains);
  unsigned Count = Target / MinParts;
  unsigned Registers =
      TTI.getNumberOfRegisters(TTI.getRegisterClassForType(/*Vector=*/true));
  while (Count > 1 && Count * TotalParts > Registers / 2)
    --Count;
  unsigned InnerSize = 0;
  for (BasicBlock *BB : Inner->blocks())
    InnerSize += BB->size();
  while (Count > 1 && Count * InnerSize > MaxJammedInstructions)
    --Count;
  if (unsigned Trips = SE.getSmallConstantTripCount(&L))
    Count = std::min(Count, Trips);
  return Count < 2 ? 1 : llvm::bit_floor(Count);
}

void SubGroupLoopJam::dropProperty() {
  L.setLoopID(makePostTransformationMetadata(F.getContext(), L.getLoopID(),
                                             {md::FullSubGroupLoop}, {}));
}

std::string SubGroupLoopJam::kernelName() const {
  return getLoweredKernelDisplayName(F);
}

DebugLoc SubGroupLoopJam::userLoc() const {
  for (BasicBlock *BB : Inner->blocks())
    for (Instruction &I : *BB)
      if (I.getDebugLoc())
        return getUserDebugLoc(&I);
  return Inner->getStartLoc();
}

bool SubGroupLoopJam::pays() {
  if (!findChains()) {
    LLVM_DEBUG(dbgs() << "jam: " << L.getHeader()->getName()
                      << ": no inner loop with a loop-carried chain\n");
    return false;
  }
  if (chooseCount() < 2) {
    LLVM_DEBUG(dbgs() << "jam: " << L.getHeader()->getName()
                      << ": already enough independent chains\n");
    return false;
  }
  return true;
}

/// LLVM's loop rotation leaves a uniform inner loop (`for k < m`) behind a
/// guard (`m != 0`) inside the loop over sub-groups; its unswitching takes
/// the guard out only at -O3 and only for small loops. The loop gets a copy
/// for the guard false, without the inner loop, and a branch on the guard
/// before the two; in the loop the guard is true, and the inner loop is
/// then the only way through a sub-group's code.
bool SubGroupLoopJam::versionOnInvariantGuard() {
  BasicBlock *InnerPreheader = Inner->getLoopPreheader();
  BasicBlock *Guard =
      InnerPreheader ? InnerPreheader->getSinglePredecessor() : nullptr;
  auto *GuardBr = Guard && L.contains(Guard)
                      ? dyn_cast<BranchInst>(Guard->getTerminator())
                      : nullptr;
  if (!GuardBr || !GuardBr->isConditional())
    return false;
  bool EntersOnTrue = GuardBr->getSuccessor(0) == InnerPreheader;
  BasicBlock *Skip = GuardBr->getSuccessor(EntersOnTrue ? 1 : 0);
  BasicBlock *Exit = L.getExitBlock(), *Exiting = L.getExitingBlock();
  BasicBlock *Check = L.getLoopPreheader();
  if (!L.contains(Skip) || Skip == InnerPreheader || !Exit || !Exiting ||
      !Check)
    return false;
  // The guard moves before the loop. Only one whose operands are computed
  // there already: hoisting a deeper expression could stop halfway, with
  // the IR changed and nothing versioned.
  auto *Cond = dyn_cast<Instruction>(GuardBr->getCondition());
  bool Hoisted = false;
  if (Cond && L.contains(Cond) &&
      (!L.hasLoopInvariantOperands(Cond) ||
       !L.makeLoopInvariant(Cond, Hoisted, nullptr, nullptr, &SE)))
    return false;

  BasicBlock *Preheader = SplitBlock(Check, Check->getTerminator(), &DT, &LI,
                                     nullptr, Check->getName() + ".inner");
  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *> Blocks;
  Loop *Copy = cloneLoopWithPreheader(Preheader, Check, &L, VMap, ".no.inner",
                                      &LI, &DT, Blocks);
  remapInstructionsInBlocks(Blocks, VMap);
  Check->getTerminator()->eraseFromParent();
  BranchInst::Create(EntersOnTrue ? Preheader : Copy->getLoopPreheader(),
                     EntersOnTrue ? Copy->getLoopPreheader() : Preheader,
                     GuardBr->getCondition(), Check);
  for (PHINode &P : Exit->phis()) {
    Value *In = P.getIncomingValueForBlock(Exiting);
    Value *InCopy = VMap.lookup(In);
    P.addIncoming(InCopy ? InCopy : In, cast<BasicBlock>(VMap[Exiting]));
  }
  // The copy is not a loop over sub-groups any more for the jam.
  Instruction *CopyLatchBr =
      cast<BasicBlock>(VMap[L.getLoopLatch()])->getTerminator();
  CopyLatchBr->setMetadata(
      LLVMContext::MD_loop,
      makePostTransformationMetadata(F.getContext(), L.getLoopID(),
                                     {md::FullSubGroupLoop}, {}));
  // The guard folds: true in the loop, false in its copy, whose inner loop
  // is then unreachable.
  auto *CopyGuardBr = cast<BranchInst>(VMap[GuardBr]);
  CopyGuardBr->setCondition(
      ConstantInt::getBool(F.getContext(), !EntersOnTrue));
  GuardBr->setCondition(ConstantInt::getBool(F.getContext(), EntersOnTrue));
  ConstantFoldTerminator(CopyGuardBr->getParent());
  ConstantFoldTerminator(Guard);
  EliminateUnreachableBlocks(F);
  // Where the guard's two ways met, a sub-group's code after the inner loop
  // is now a straight run of blocks: one block, as the jam wants it.
  BasicBlock *After = Inner->getExitBlock();
  while (BasicBlock *Next = After ? After->getSingleSuccessor() : nullptr) {
    if (Next == L.getHeader() || !L.contains(Next) ||
        !MergeBlockIntoPredecessor(Next))
      break;
  }
  ++NumGuardsVersioned;
  LLVM_DEBUG(dbgs() << "jam: " << L.getHeader()->getName()
                    << ": versioned on the inner loop's guard\n");
  return true;
}

bool SubGroupLoopJam::run() {
  bool Changed = false;
  if (!pays())
    return false;
  unsigned Count = chooseCount();
  // The marker is spent either way: running the pipeline again must not
  // jam the jammed loop.
  dropProperty();
  Changed = true;
  Type *ChainType = Chains.front()->getType();
  auto Missed = [&](StringRef Why) {
    ++NumNotJammed;
    LLVM_DEBUG(dbgs() << "jam: " << L.getHeader()->getName() << ": " << Why
                      << "\n");
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "NotJammed", userLoc(),
                                      Inner->getHeader())
             << "kernel '" << kernelName()
             << "': this loop runs for one sub-group at a time, "
             << ore::NV("Chains", MinParts) << " chain(s) of "
             << ore::NV("ChainType", ChainType)
             << " per step, and not for several sub-groups together: " << Why;
    });
    return Changed;
  };
  if (const char *Why = checkShape())
    return Missed(Why);
  if (const char *Why = checkHeaderValues())
    return Missed(Why);
  if (std::optional<std::string> Why = checkInstructions())
    return Missed(*Why);
  unsigned TripCount = SE.getSmallConstantTripCount(&L);
  unsigned TripMultiple = SE.getSmallConstantTripMultiple(&L);
  DebugLoc Where = userLoc();
  BasicBlock *InnerHeader = Inner->getHeader();
  std::string Kernel = kernelName();
  LoopUnrollResult Result = UnrollAndJamLoop(&L, Count, TripCount, TripMultiple,
                                             /*UnrollRemainder=*/false, &LI,
                                             &SE, &DT, &AC, &TTI, &ORE);
  if (Result == LoopUnrollResult::Unmodified)
    return Missed("the loop over sub-groups has no trip count to split");
  ++NumJammed;
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "Jammed", Where, InnerHeader)
           << "kernel '" << Kernel << "': this loop runs for "
           << ore::NV("SubGroups", Count)
           << " sub-groups together (unroll-and-jam), "
           << ore::NV("Chains", Count * MinParts) << " independent chains of "
           << ore::NV("ChainType", ChainType) << " per step instead of "
           << ore::NV("ChainsBefore", MinParts);
  });
  return true;
}

} // namespace

PreservedAnalyses JamSubGroupLoopsPass::run(Function &F,
                                            FunctionAnalysisManager &FAM) {
  if (!JamSubGroups)
    return PreservedAnalyses::all();
  // Most functions hold no loop over sub-groups: look for the marker before
  // asking for any analysis.
  if (!hasLoopWithProperty(F, md::FullSubGroupLoop))
    return PreservedAnalyses::all();
  bool Changed = false;
  // The loops over full sub-groups, each in LCSSA and loop-simplify form (the
  // shape checks are in their terms), and what to ask of each.
  auto ForEachLoop = [&](function_ref<bool(SubGroupLoopJam &)> Visit) {
    auto &LI = FAM.getResult<LoopAnalysis>(F);
    auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
    auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
    auto &AC = FAM.getResult<AssumptionAnalysis>(F);
    auto &TTI = FAM.getResult<TargetIRAnalysis>(F);
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
    SmallVector<Loop *> Candidates;
    for (Loop *L : LI.getLoopsInPreorder())
      if (isFullSubGroupLoop(*L))
        Candidates.push_back(L);
    for (Loop *L : Candidates) {
      if (!L->isRecursivelyLCSSAForm(DT, LI))
        Changed |= formLCSSARecursively(*L, DT, &LI, &SE);
      Changed |= simplifyLoop(L, &DT, &LI, &SE, &AC, nullptr,
                              /*PreserveLCSSA=*/true);
      SubGroupLoopJam Jam(*L, LI, DT, SE, AC, TTI, ORE);
      if (Visit(Jam))
        return true;
    }
    return false;
  };
  // Guards first: each versioning leaves the analyses out of date.
  while (ForEachLoop([](SubGroupLoopJam &Jam) {
    return Jam.pays() && Jam.versionOnInvariantGuard();
  })) {
    Changed = true;
    FAM.invalidate(F, PreservedAnalyses::none());
  }
  ForEachLoop([&](SubGroupLoopJam &Jam) {
    Changed |= Jam.run();
    return false;
  });
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace sublane
