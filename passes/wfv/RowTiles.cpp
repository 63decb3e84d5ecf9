//===- RowTiles.cpp - Loops that walk along each lane's own row -----------===//
//
// A kernel where each work-item walks its own row of a matrix,
//
//   for (size_t j = 0; j < m; ++j) sum += a[i * m + j] * x[j];
//
// reads addresses a row apart in neighbouring lanes: a gather per step,
// which x86 cores without fast gathers run as one scalar load per lane. Yet
// each lane reads consecutive elements from one step to the next.
//
// This stage rewrites the scalar body before its shapes are computed: such a
// loop first runs in tiles of U steps while at least U steps are left (U
// elements fill one vector register). In a tile, each such load is one load
// of U consecutive elements per work-item, and each step takes its element
// of it; the vectorizer turns that into one vector load per lane and a
// transpose in registers (VectorMemory.cpp). The original loop runs the
// steps that are left. Tiles run only in the vectorizer's copies for full
// sub-groups, and only where one load's tile for the sub-group fits the
// vector registers.
//
// A loop qualifies when it is innermost, leaves only at its header's test of
// a counter that steps by one against a bound that does not change in it,
// reaches no sync point, always goes on to its next step, and writes memory
// only with stores to an address that does not change in it (`tmp[i] +=`,
// as Polybench writes it): a vote before the loop checks that in no lane
// such a store touches what the tiles read, else the loop runs as before. A
// load
// qualifies when it runs in every step at an address one element further
// each step, and its lanes' addresses are neither the same nor consecutive.
// Loads of the kernel's arguments, which are read-only (docs/ir-contract.md),
// move out of the loop first, so that a bound or a base address read there
// is seen to be the same in every step.
//
//===----------------------------------------------------------------------===//

#include "sublane/Passes/util/Metadata.h"

#include "SubGroupVectorizer.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#define DEBUG_TYPE "sublane-wfv"

STATISTIC(NumTiledLoops, "Number of loops run in tiles of row loads");
STATISTIC(NumTiledLoads, "Number of loads read a tile at a time per lane");

static llvm::cl::opt<bool>
    TileRows("sublane-wfv-row-tiles", llvm::cl::Hidden,
             llvm::cl::desc("Run loops in which each lane reads along its own "
                            "row in tiles, each lane loading a vector of "
                            "consecutive elements per tile"),
             llvm::cl::init(true));

static llvm::cl::opt<unsigned> TileCopyLimit(
    "sublane-wfv-row-tile-limit", llvm::cl::Hidden,
    llvm::cl::desc("The most instructions the copies of a loop's body in a "
                   "tile may add up to"),
    llvm::cl::init(1024));

namespace sublane {
namespace wfv {

using namespace llvm::PatternMatch;

namespace {

/// A loop that runs in tiles, and what it needs.
struct TiledLoop {
  Loop *L = nullptr;
  PHINode *Counter = nullptr;
  Value *Bound = nullptr;
  /// The test of Counter against Bound under which the loop goes on:
  /// ult, slt or ne.
  CmpInst::Predicate Continue = CmpInst::BAD_ICMP_PREDICATE;
  BasicBlock *FirstBody = nullptr;
  SmallVector<LoadInst *, 4> Loads;
  /// Stores in the loop, each to one address throughout; a tile runs only
  /// where none of them touches what the tiles read.
  SmallVector<StoreInst *, 2> Stores;
  /// With Stores: whether that holds in every lane of the sub-group.
  Value *StoresClear = nullptr;
  unsigned TileSize = 0;
};

/// Whether \p Ptr is a constant offset into the kernel's arguments.
bool isArgumentField(const DataLayout &DL, Function &K, Value *Ptr) {
  APInt Offset(DL.getIndexTypeSizeInBits(Ptr->getType()), 0);
  return K.arg_size() == 1 && Ptr->stripAndAccumulateConstantOffsets(
                                  DL, Offset, true) == K.getArg(0);
}

/// Moves what does not change in \p L to its preheader: arithmetic, as LICM
/// would (a bound computed in the header, an index's row offset), and loads
/// of the kernel's arguments (read-only for the whole run), which LICM keeps
/// where it cannot prove that, from blocks that run in every step (the
/// fields a step reads exist).
void hoistInvariants(Function &K, Loop &L, DominatorTree &DT) {
  const DataLayout &DL = K.getDataLayout();
  BasicBlock *Latch = L.getLoopLatch();
  Instruction *InsertPt = L.getLoopPreheader()->getTerminator();
  // A load's address may need arithmetic hoisted first, and arithmetic a
  // hoisted load.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock *BB : L.blocks()) {
      bool RunsEachStep = DT.dominates(BB, Latch);
      for (Instruction &I : make_early_inc_range(*BB)) {
        auto *Ld = dyn_cast<LoadInst>(&I);
        if (!Ld) {
          if (!I.mayReadFromMemory())
            L.makeLoopInvariant(&I, Changed);
          continue;
        }
        if (RunsEachStep && Ld->isSimple() && L.hasLoopInvariantOperands(Ld) &&
            isArgumentField(DL, K, Ld->getPointerOperand())) {
          Ld->moveBefore(InsertPt);
          Changed = true;
        }
      }
    }
  }
}

/// Whether every step of \p L runs to its end and synchronizes nowhere, and
/// writes memory only with plain stores (collected in \p Stores).
bool runsEachStepThrough(const Loop &L,
                         SmallVectorImpl<StoreInst *> *Stores = nullptr) {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (I.mayThrow() || !isGuaranteedToTransferExecutionToSuccessor(&I) ||
          isSyncBuiltin(getBuiltinKind(&I)))
        return false;
      if (auto *Call = dyn_cast<CallBase>(&I); Call && Call->isConvergent())
        return false;
      if (!I.mayWriteToMemory())
        continue;
      auto *St = dyn_cast<StoreInst>(&I);
      if (!St || !St->isSimple())
        return false;
      if (Stores)
        Stores->push_back(St);
    }
  return true;
}

/// The counter, bound and test of \p L, when it leaves only at its header's
/// test `counter < bound` (or `!=`) and the counter steps by one.
bool matchCountedLoop(Loop &L, TiledLoop &T) {
  BasicBlock *Header = L.getHeader(), *Latch = L.getLoopLatch();
  if (!Latch || !L.getLoopPreheader() || L.getExitingBlock() != Header ||
      Header == Latch)
    return false;
  auto *Br = dyn_cast<BranchInst>(Header->getTerminator());
  if (!Br || !Br->isConditional())
    return false;
  auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition());
  if (!Cmp)
    return false;
  bool StaysOnTrue = L.contains(Br->getSuccessor(0));
  T.FirstBody = Br->getSuccessor(StaysOnTrue ? 0 : 1);
  CmpInst::Predicate Pred =
      StaysOnTrue ? Cmp->getPredicate() : Cmp->getInversePredicate();
  Value *Counter = Cmp->getOperand(0), *Bound = Cmp->getOperand(1);
  if (!L.isLoopInvariant(Bound)) {
    std::swap(Counter, Bound);
    Pred = CmpInst::getSwappedPredicate(Pred);
  }
  if (Pred != CmpInst::ICMP_ULT && Pred != CmpInst::ICMP_SLT &&
      Pred != CmpInst::ICMP_NE)
    return false;
  auto *Phi = dyn_cast<PHINode>(Counter);
  if (!Phi || Phi->getParent() != Header || !L.isLoopInvariant(Bound))
    return false;
  Value *Next = Phi->getIncomingValueForBlock(Latch);
  if (!match(Next, m_Add(m_Specific(Phi), m_One())))
    return false;
  T.L = &L;
  T.Counter = Phi;
  T.Bound = Bound;
  T.Continue = Pred;
  return true;
}

/// The most bytes one lane loads for one tile.
constexpr uint64_t MaxTileBytes = 128;
/// Elements of \p Ty that fill one vector register, 0 when it is not an
/// element type of vectors.
unsigned getTileSize(const DataLayout &DL, const TargetTransformInfo &TTI,
                     Type *Ty) {
  if (!(Ty->isIntegerTy() || Ty->isFloatingPointTy() || Ty->isPointerTy()) ||
      DL.getTypeSizeInBits(Ty) != DL.getTypeAllocSizeInBits(Ty))
    return 0;
  uint64_t RegisterBits =
      TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
          .getFixedValue();
  uint64_t Elements = RegisterBits / DL.getTypeSizeInBits(Ty);
  if (Elements < 2)
    return 0;
  return unsigned(std::min<uint64_t>(Elements, 16));
}

/// Whether \p Ptr moves on by \p Size bytes in each step of \p L, as scalar
/// evolution sees it.
bool isElementStep(ScalarEvolution &SE, const Loop &L, Value *Ptr,
                   int64_t Size) {
  auto *Rec = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Ptr));
  if (!Rec || Rec->getLoop() != &L || !Rec->isAffine())
    return false;
  auto *Step = dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE));
  return Step && Step->getAPInt() == Size;
}

/// Whether \p Ptr indexes elements of \p Size bytes by a 32-bit index that
/// is the counter, or the counter plus a value that does not change in the
/// loop, extended to 64 bits. Scalar evolution cannot move the extension
/// into the recurrence (the add in the loop's body has no-wrap flags it does
/// not trust), yet the index steps by one without wrapping in every step
/// that runs: the add's and the counter's increment's flags make a wrap
/// poison, and an address or a branch made of poison is undefined.
bool isNarrowIndexStep(const TiledLoop &T, Value *Ptr, int64_t Size) {
  auto *GEP = dyn_cast<GetElementPtrInst>(Ptr);
  if (!GEP || GEP->getNumIndices() != 1 ||
      !T.L->isLoopInvariant(GEP->getPointerOperand()) ||
      int64_t(GEP->getModule()
                  ->getDataLayout()
                  .getTypeAllocSize(GEP->getSourceElementType())
                  .getFixedValue()) != Size)
    return false;
  Value *Index = *GEP->idx_begin(), *Narrow;
  bool Signed = match(Index, m_SExt(m_Value(Narrow)));
  if (!Signed && !match(Index, m_ZExt(m_Value(Narrow))))
    return false;
  auto HasNoWrap = [&](const Value *V) {
    auto *OBO = dyn_cast<OverflowingBinaryOperator>(V);
    return OBO && (Signed ? OBO->hasNoSignedWrap() : OBO->hasNoUnsignedWrap());
  };
  Value *Next = T.Counter->getIncomingValueForBlock(T.L->getLoopLatch());
  if (!HasNoWrap(Next))
    return false;
  if (Narrow == T.Counter)
    return true;
  Value *Other;
  return HasNoWrap(Narrow) &&
         (match(Narrow, m_c_Add(m_Specific(T.Counter), m_Value(Other)))) &&
         T.L->isLoopInvariant(Other);
}

/// The loads of \p T.L that read one element further each step and differ
/// between lanes without being consecutive; sets the tile size.
void findRowLoads(Function &K, TiledLoop &T, ScalarEvolution &SE,
                  DominatorTree &DT, const KernelShape &RowShapes,
                  const TargetTransformInfo &TTI) {
  const DataLayout &DL = K.getDataLayout();
  Loop &L = *T.L;
  uint64_t Widest = 0;
  for (BasicBlock *BB : L.blocks()) {
    if (BB == L.getHeader() || !DT.dominates(BB, L.getLoopLatch()))
      continue;
    for (Instruction &I : *BB) {
      auto *Ld = dyn_cast<LoadInst>(&I);
      if (!Ld || !Ld->isSimple())
        continue;
      Type *Ty = Ld->getType();
      unsigned Tile = getTileSize(DL, TTI, Ty);
      if (!Tile)
        continue;
      Value *Ptr = Ld->getPointerOperand();
      Shape PS = RowShapes.getShape(Ptr);
      int64_t Size = int64_t(DL.getTypeAllocSize(Ty).getFixedValue());
      if (PS.isUniform() || (PS.isAffine() && PS.Stride == Size))
        continue;
      if (!isElementStep(SE, L, Ptr, Size) &&
          (!T.Stores.empty() || !isNarrowIndexStep(T, Ptr, Size)))
        continue;
      T.TileSize = std::max(T.TileSize, Tile);
      Widest = std::max<uint64_t>(Widest, Size);
      T.Loads.push_back(Ld);
    }
  }
  // One tile size for all: a register's worth of the narrowest type, halved
  // while one load's tile for the whole sub-group would not fit the vector
  // registers (its transpose holds all of it at once: beyond that the code
  // spills, and the backend's time grows with the copies of the body); at
  // most two cache lines of the widest per lane.
  if (T.Loads.empty())
    return;
  uint64_t Lanes = getUnsignedAttr(K, attr::SubGroupSize).value_or(1);
  uint64_t RegisterFile =
      TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
          .getFixedValue() /
      8 * TTI.getNumberOfRegisters(TTI.getRegisterClassForType(true));
  while (T.TileSize > 1 && T.TileSize * Lanes * Widest > RegisterFile)
    T.TileSize /= 2;
  if (T.TileSize < 2) {
    T.Loads.clear();
    return;
  }
  erase_if(T.Loads, [&](LoadInst *Ld) {
    return T.TileSize * DL.getTypeAllocSize(Ld->getType()).getFixedValue() >
           MaxTileBytes;
  });
}

/// In \p T.L's preheader: whether, in every lane, no store of the loop
/// touches the elements its row loads read in all of the loop's steps. Work-
/// items do not see each other's stores without a barrier, so only a lane's
/// own stores matter, but the answer must be the same for the sub-group.
Value *emitStoresClearCheck(Function &K, TiledLoop &T, ScalarEvolution &SE) {
  const DataLayout &DL = K.getDataLayout();
  Loop &L = *T.L;
  Instruction *At = L.getLoopPreheader()->getTerminator();
  SCEVExpander Expander(SE, DL, "tile.check");
  IRBuilder<> B(At);
  Type *IntPtr = DL.getIntPtrType(K.getContext());
  Value *Start = T.Counter->getIncomingValueForBlock(L.getLoopPreheader());
  // The steps the loop runs, where it runs at all (else no tile runs).
  Value *Steps = B.CreateZExtOrTrunc(B.CreateSub(T.Bound, Start), IntPtr);
  Value *Clear = B.getTrue();
  for (LoadInst *Ld : T.Loads) {
    auto *Rec = cast<SCEVAddRecExpr>(SE.getSCEV(Ld->getPointerOperand()));
    uint64_t Size = DL.getTypeAllocSize(Ld->getType()).getFixedValue();
    Value *First = B.CreatePtrToInt(
        Expander.expandCodeFor(Rec->getStart(),
                               Ld->getPointerOperand()->getType(), At),
        IntPtr);
    Value *End = B.CreateAdd(
        First,
        B.CreateMul(Steps, B.getIntN(IntPtr->getIntegerBitWidth(), Size)));
    for (StoreInst *St : T.Stores) {
      Value *Ptr = St->getPointerOperand();
      Value *Addr = B.CreatePtrToInt(
          Expander.expandCodeFor(SE.getSCEV(Ptr), Ptr->getType(), At), IntPtr);
      uint64_t StoreSize =
          DL.getTypeStoreSize(St->getValueOperand()->getType()).getFixedValue();
      Value *Below = B.CreateICmpULE(
          B.CreateAdd(Addr, ConstantInt::get(IntPtr, StoreSize)), First);
      Value *Above = B.CreateICmpUGE(Addr, End);
      Clear = B.CreateAnd(Clear, B.CreateOr(Below, Above));
    }
  }
  return emitSubGroupAll(B, Clear, "tile.stores.clear");
}

/// Runs \p T.L in tiles of T.TileSize steps ahead of itself, while that
/// many steps are left, with each of T.Loads read once per tile.
void tileLoop(Function &K, TiledLoop &T) {
  Loop &L = *T.L;
  LLVMContext &C = K.getContext();
  BasicBlock *Preheader = L.getLoopPreheader(), *Header = L.getHeader(),
             *Latch = L.getLoopLatch();
  unsigned U = T.TileSize;
  SmallVector<BasicBlock *> Blocks(L.blocks());

  // Tiles only in the copies for full sub-groups: elsewhere their lane
  // loads would be masked, which many targets emulate lane by lane.
  auto *TileGuard = BasicBlock::Create(C, "tile.guard", &K, Header);
  auto *TileHeader = BasicBlock::Create(C, "tile.header", &K, Header);
  auto *TileExit = BasicBlock::Create(C, "tile.exit", &K, Header);
  Preheader->getTerminator()->replaceUsesOfWith(Header, TileGuard);
  IRBuilder<> B(TileGuard);
  B.SetCurrentDebugLocation(Header->getTerminator()->getDebugLoc());
  B.CreateCondBr(emitInFullSubGroupTest(B), TileHeader, TileExit);

  // The tiled loop's state: one phi per phi of the original header, which
  // goes on from where the tiles stopped.
  B.SetInsertPoint(TileExit);
  BranchInst *ToHeader = B.CreateBr(Header);
  DenseMap<PHINode *, Value *> State;
  SmallVector<std::pair<PHINode *, PHINode *>> TilePhis;
  for (PHINode &Phi : Header->phis()) {
    Value *Initial = Phi.getIncomingValueForBlock(Preheader);
    B.SetInsertPoint(TileHeader);
    PHINode *TilePhi = B.CreatePHI(Phi.getType(), 2, Phi.getName() + ".tile");
    TilePhi->addIncoming(Initial, TileGuard);
    B.SetInsertPoint(ToHeader);
    PHINode *Resumed = B.CreatePHI(Phi.getType(), 2, Phi.getName() + ".resume");
    Resumed->addIncoming(TilePhi, TileHeader);
    Resumed->addIncoming(Initial, TileGuard);
    Phi.setIncomingBlock(Phi.getBasicBlockIndex(Preheader), TileExit);
    Phi.setIncomingValue(Phi.getBasicBlockIndex(TileExit), Resumed);
    State[&Phi] = TilePhi;
    TilePhis.push_back({&Phi, TilePhi});
  }
  B.SetInsertPoint(TileHeader);
  Value *Counter = State[T.Counter];
  Value *Left = B.CreateSub(T.Bound, Counter, "tile.left");
  Value *Enough =
      B.CreateICmpUGE(Left, ConstantInt::get(Left->getType(), U), "tile.fits");
  if (T.Continue != CmpInst::ICMP_NE)
    Enough = B.CreateAnd(B.CreateICmp(T.Continue, Counter, T.Bound), Enough);
  if (T.StoresClear)
    Enough = B.CreateAnd(Enough, T.StoresClear);

  // U copies of the body, one after another; the header's test holds in
  // each, so each copy's header goes straight on to the body.
  SmallVector<SmallVector<LoadInst *, 16>> LoadCopies(T.Loads.size());
  SmallVector<BasicBlock *> BlockCopies;
  BasicBlock *PreviousLatch = nullptr, *PreviousHeader = nullptr,
             *FirstHeader = nullptr;
  for (unsigned Step = 0; Step < U; ++Step) {
    ValueToValueMapTy VMap;
    SmallVector<BasicBlock *> Copies;
    for (BasicBlock *BB : Blocks) {
      BasicBlock *Copy =
          CloneBasicBlock(BB, VMap, ".tile" + Twine(Step), &K, nullptr);
      Copy->moveBefore(TileExit);
      VMap[BB] = Copy;
      Copies.push_back(Copy);
    }
    BlockCopies.append(Copies);
    for (auto [Ld, Copy] : zip(T.Loads, LoadCopies))
      Copy.push_back(cast<LoadInst>(VMap[Ld]));
    auto *HeaderCopy = cast<BasicBlock>(VMap[Header]);
    for (PHINode &Phi : Header->phis()) {
      auto *PhiCopy = cast<PHINode>(VMap[&Phi]);
      Value *V = State[&Phi];
      if (&Phi == T.Counter && Step) {
        IRBuilder<> At(HeaderCopy, HeaderCopy->getFirstNonPHIIt());
        V = At.CreateAdd(Counter, ConstantInt::get(Phi.getType(), Step),
                         Phi.getName() + ".step");
      }
      PhiCopy->eraseFromParent();
      VMap[&Phi] = V;
    }
    remapInstructionsInBlocks(Copies, VMap);
    Instruction *Test = HeaderCopy->getTerminator();
    BranchInst::Create(cast<BasicBlock>(VMap[T.FirstBody]), Test);
    Test->eraseFromParent();
    if (PreviousLatch) {
      Instruction *Br = PreviousLatch->getTerminator();
      Br->replaceUsesOfWith(PreviousHeader, HeaderCopy);
      // Only the last copy's latch is a back edge.
      Br->setMetadata(LLVMContext::MD_loop, nullptr);
    } else
      FirstHeader = HeaderCopy;
    // Each copy's latch branches to its own header copy until the next copy
    // (or the tile's header) takes its place.
    PreviousLatch = cast<BasicBlock>(VMap[Latch]);
    PreviousHeader = HeaderCopy;
    for (PHINode &Phi : Header->phis()) {
      Value *Next = Phi.getIncomingValueForBlock(Latch);
      Value *Copy = VMap.lookup(Next);
      State[&Phi] = Copy ? Copy : Next;
    }
  }
  PreviousLatch->getTerminator()->replaceUsesOfWith(PreviousHeader, TileHeader);
  for (auto [Phi, TilePhi] : TilePhis)
    TilePhi->addIncoming(State[Phi], PreviousLatch);
  B.CreateCondBr(Enough, FirstHeader, TileExit);

  // One load of U elements per tile for each row load.
  for (auto [Ld, Copies] : zip(T.Loads, LoadCopies)) {
    LoadInst *First = Copies.front();
    auto *TileTy = FixedVectorType::get(Ld->getType(), U);
    IRBuilder<> At(First);
    LoadInst *Tile =
        At.CreateAlignedLoad(TileTy, First->getPointerOperand(), Ld->getAlign(),
                             Ld->getName() + ".tile");
    Tile->setAAMetadata(Ld->getAAMetadata());
    for (auto [Step, Copy] : enumerate(Copies)) {
      At.SetInsertPoint(Copy);
      Copy->replaceAllUsesWith(
          At.CreateExtractElement(Tile, At.getInt32(Step), Copy->getName()));
      Copy->eraseFromParent();
    }
    // The steps left after the tiles still gather: not worth a remark.
    Ld->setMetadata(md::RowTileRemainder, MDNode::get(C, {}));
    ++NumTiledLoads;
  }
  for (BasicBlock *BB : BlockCopies)
    SimplifyInstructionsInBlock(BB);
  ++NumTiledLoops;
}

} // namespace

/// Not a sublane builtin: no other pass sees it, as the vectorizer replaces
/// it before anything else runs on its function.
constexpr const char *InFullSubGroupTestName = "sublane.wfv.in_full_sub_group";

Value *emitInFullSubGroupTest(IRBuilder<> &B) {
  Module &M = *B.GetInsertBlock()->getModule();
  FunctionCallee Test =
      M.getOrInsertFunction(InFullSubGroupTestName, B.getInt1Ty());
  if (auto *Decl = dyn_cast<Function>(Test.getCallee())) {
    Decl->setDoesNotAccessMemory();
    Decl->setDoesNotThrow();
    Decl->setWillReturn();
  }
  return B.CreateCall(Test, {}, "in.full.sub.group");
}

bool isInFullSubGroupTest(const CallInst &CI) {
  const Function *F = CI.getCalledFunction();
  return F && F->getName() == InFullSubGroupTestName;
}

SmallVector<RowTile, 2> tileRowLoads(Function &K,
                                     FunctionAnalysisManager &FAM) {
  if (!TileRows)
    return {};
  SmallVector<TiledLoop, 2> Tiled;
  {
    auto &LI = FAM.getResult<LoopAnalysis>(K);
    auto &DT = FAM.getResult<DominatorTreeAnalysis>(K);
    bool Hoisted = false;
    for (Loop *L : LI.getLoopsInPreorder())
      if (L->isInnermost() && L->isLoopSimplifyForm() &&
          runsEachStepThrough(*L)) {
        hoistInvariants(K, *L, DT);
        Hoisted = true;
      }
    if (Hoisted)
      FAM.invalidate(K, PreservedAnalyses::none());
  }
  auto &LI = FAM.getResult<LoopAnalysis>(K);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(K);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(K);
  auto &TTI = FAM.getResult<TargetIRAnalysis>(K);
  auto &RowShapes = FAM.getResult<SubGroupRowShapeAnalysis>(K);
  for (Loop *L : LI.getLoopsInPreorder()) {
    TiledLoop T;
    if (!L->isInnermost() || !L->isLoopSimplifyForm() ||
        !matchCountedLoop(*L, T) || !runsEachStepThrough(*L, &T.Stores) ||
        any_of(T.Stores, [&](StoreInst *St) {
          return !SE.isLoopInvariant(SE.getSCEV(St->getPointerOperand()), L);
        }))
      continue;
    findRowLoads(K, T, SE, DT, RowShapes, TTI);
    if (T.Loads.empty())
      continue;
    unsigned Size = 0;
    for (BasicBlock *BB : L->blocks())
      Size += BB->size();
    if (Size * T.TileSize > TileCopyLimit)
      continue;
    LLVM_DEBUG(dbgs() << "sublane-wfv: loop at " << L->getHeader()->getName()
                      << " in tiles of " << T.TileSize << " steps, "
                      << T.Loads.size() << " row load(s)\n");
    Tiled.push_back(T);
  }
  // Checks first, while scalar evolution still describes every loop.
  for (TiledLoop &T : Tiled)
    if (!T.Stores.empty())
      T.StoresClear = emitStoresClearCheck(K, T, SE);
  // Tiling one loop leaves the others' blocks and values as they were.
  SmallVector<RowTile, 2> Done;
  for (TiledLoop &T : Tiled) {
    // Copies of one loop (a versioned bounds check's) are one place in the
    // source.
    DebugLoc Loc = getUserDebugLoc(T.Loads.front());
    auto Same = [&](const RowTile &R) {
      return R.Loc && Loc && R.Loc.getLine() == Loc.getLine() &&
             R.Loc.getCol() == Loc.getCol();
    };
    if (none_of(Done, Same))
      Done.push_back({Loc, T.TileSize, unsigned(T.Loads.size())});
    tileLoop(K, T);
  }
  if (!Tiled.empty())
    FAM.invalidate(K, PreservedAnalyses::none());
  return Done;
}

} // namespace wfv
} // namespace sublane
