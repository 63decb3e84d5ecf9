//===- AtomicCombining.cpp - Atomics on one address, combined -------------===//
//
// Work-items that update one address with relaxed read-modify-write atomics
// whose old value nobody reads (a counter, a sum, a maximum) do not need one
// locked instruction each. K.wg keeps a running value per address and
// operation instead, and applies it with one atomic: at the end of each
// region (before the barrier that could make the value visible to the
// group), or, in a kernel without sync points, once at the end of the call,
// after all of its work-groups.
//
// Why that is allowed: the updates of different work-items are unordered
// (relaxed, and no barrier between them in a region), so they may happen
// later and together; an update is deferred past the same work-item's later
// code only where that code cannot touch the address. Nothing in the kernel
// may observe the address meanwhile: the stage gives up on a kernel with a
// fence, an acquire or release, an atomic whose result is used, an atomic
// load or store, a volatile access or an opaque call (one that returns: a
// failed assertion ends the kernel, whose results are then undefined; a C
// math function writes errno at most).
//
// Where the value is a vectorized sub-group's reduction (the leader adding
// reduce_over_group's result), the running value is a vector: each sub-group
// adds its lanes, and the horizontal reduction runs once, with the atomic.
//
//===----------------------------------------------------------------------===//

#include "sublane/Passes/util/Metadata.h"

#include "CBSLowering.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

#define DEBUG_TYPE "sublane-wg-cbs"

using namespace llvm;

STATISTIC(NumAtomicsCombined,
          "Number of atomics on one address combined across work-items");

static cl::opt<bool>
    CombineAtomics("sublane-combine-atomics", cl::Hidden, cl::init(true),
                   cl::desc("Combine relaxed atomic updates of one address "
                            "whose old value is unused into one atomic per "
                            "region, or per call of a kernel without sync "
                            "points"));

namespace sublane {
namespace cbs {

namespace {

/// An address as a base and a constant byte offset from it.
struct Address {
  Value *Base;
  int64_t Offset;
  bool operator==(const Address &O) const {
    return Base == O.Base && Offset == O.Offset;
  }
};

/// One running value: the updates of one address with one operation.
struct AtomicKey {
  Address At;
  /// The first update's address, which the combined atomic uses.
  Value *Pointer;
  AtomicRMWInst::BinOp Op;
  Type *Ty;
  SyncScope::ID Scope;
  bool operator==(const AtomicKey &O) const {
    return At == O.At &&
           std::tie(Op, Ty, Scope) == std::tie(O.Op, O.Ty, O.Scope);
  }
};

/// The address \p V stands for where an atomic runs: the vectorizer's
/// guarded uniform loads leave phis of the loaded value and poison (no lane
/// active), and the atomic only runs where the value arrived.
Value *stripPoisonPhis(Value *V, unsigned Depth = 0) {
  auto *Phi = dyn_cast<PHINode>(V);
  if (!Phi || Depth > 8)
    return V;
  Value *Common = nullptr;
  for (Value *In : Phi->incoming_values()) {
    if (isa<PoisonValue>(In) || In == Phi)
      continue;
    In = stripPoisonPhis(In, Depth + 1);
    if (Common && Common != In)
      return V;
    Common = In;
  }
  return Common ? Common : V;
}

/// \p V, or where it is a load of a group-invariant address (a kernel
/// argument from the closure), the first such load: the vectorizer's copies
/// each load the argument again.
Value *getCanonicalAddress(Value *V) {
  V = stripPoisonPhis(V);
  auto *LI = dyn_cast<LoadInst>(V);
  if (!LI || !LI->isSimple())
    return V;
  for (Instruction &I : *LI->getParent()) {
    if (&I == LI)
      break;
    if (auto *Earlier = dyn_cast<LoadInst>(&I);
        Earlier && Earlier->isSimple() &&
        Earlier->getPointerOperand() == LI->getPointerOperand() &&
        Earlier->getType() == LI->getType())
      return Earlier;
    if (I.mayWriteToMemory())
      break;
  }
  return V;
}

Address getAddress(Value *Ptr, const DataLayout &DL) {
  int64_t Offset = 0;
  Value *Base =
      GetPointerBaseWithConstantOffset(getCanonicalAddress(Ptr), Offset, DL);
  return {getCanonicalAddress(Base), Offset};
}

AtomicKey getKey(AtomicRMWInst *RMW, const DataLayout &DL) {
  return {getAddress(RMW->getPointerOperand(), DL),
          getCanonicalAddress(RMW->getPointerOperand()), RMW->getOperation(),
          RMW->getType(), RMW->getSyncScopeID()};
}

/// Whether \p I lets the kernel see a location's value or orders memory: then
/// deferring an update could be observed.
bool observesMemory(Instruction &I, const TargetLibraryInfo &TLI) {
  if (isa<FenceInst>(I) || isa<AtomicCmpXchgInst>(I))
    return true;
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return RMW->isVolatile() || !RMW->use_empty() ||
           RMW->getOrdering() != AtomicOrdering::Monotonic;
  if (auto *LI = dyn_cast<LoadInst>(&I))
    return !LI->isSimple();
  if (auto *SI = dyn_cast<StoreInst>(&I))
    return !SI->isSimple();
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB || !CB->mayReadOrWriteMemory())
    return false;
  // A failed assertion: the kernel's results are not defined after it.
  if (CB->doesNotReturn())
    return false;
  // A C math function (sqrtf, expf): numbers in, a number out, at most
  // errno written.
  LibFunc Func;
  if (TLI.getLibFunc(*CB, Func) && CB->getType()->isFPOrFPVectorTy() &&
      all_of(CB->args(), [](const Use &Arg) {
        return Arg->getType()->isFPOrFPVectorTy() ||
               Arg->getType()->isIntegerTy();
      }))
    return false;
  // Plain accesses in intrinsic form.
  if (auto *MI = dyn_cast<MemIntrinsic>(CB))
    return MI->isVolatile();
  if (auto *II = dyn_cast<IntrinsicInst>(CB))
    switch (II->getIntrinsicID()) {
    case Intrinsic::masked_load:
    case Intrinsic::masked_store:
    case Intrinsic::masked_gather:
    case Intrinsic::masked_scatter:
    case Intrinsic::masked_expandload:
    case Intrinsic::masked_compressstore:
    case Intrinsic::lifetime_start:
    case Intrinsic::lifetime_end:
    case Intrinsic::assume:
    case Intrinsic::experimental_noalias_scope_decl:
      return false;
    default:
      break;
    }
  return true;
}

/// Whether \p I, which does not observe memory, may access the \p Key's
/// location. User memory is reached through pointers, and not through
/// work-items' private variables (the group computed the address before its
/// regions), the lowering's own scratch (its own alias scope) or other
/// offsets from the same base; a call that does not return ends the
/// kernel's defined behaviour.
bool mayAccess(Instruction &I, const AtomicKey &Key, bool IsScratch,
               const DataLayout &DL) {
  if (!I.mayReadOrWriteMemory() || IsScratch)
    return false;
  auto *CB = dyn_cast<CallBase>(&I);
  if (CB && CB->doesNotReturn())
    return false;
  Value *Ptr = getLoadStorePointerOperand(&I);
  Type *Accessed = Ptr ? getLoadStoreType(&I) : nullptr;
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    Ptr = RMW->getPointerOperand(), Accessed = RMW->getType();
  if (Ptr && !Ptr->getType()->isVectorTy()) {
    Address At = getAddress(Ptr, DL);
    if (At.Base == Key.At.Base &&
        (At.Offset + int64_t(DL.getTypeStoreSize(Accessed)) <= Key.At.Offset ||
         Key.At.Offset + int64_t(DL.getTypeStoreSize(Key.Ty)) <= At.Offset))
      return false;
  }
  return any_of(CB ? CB->args() : I.operands(), [](Value *Op) {
    return Op->getType()->isPtrOrPtrVectorTy() &&
           !isa<AllocaInst>(getUnderlyingObject(Op));
  });
}

/// Where an iteration of a region's loop (one work-item or sub-group) ends:
/// at a header of the loop, which the parallel-access metadata of its
/// latches names (copies of the loop keep it), or between regions.
SmallPtrSet<BasicBlock *, 16>
getIterationEnds(Function &W, ArrayRef<std::unique_ptr<Region>> Regions,
                 ArrayRef<BasicBlock *> Between) {
  SmallPtrSet<BasicBlock *, 16> Ends(Between.begin(), Between.end());
  SmallPtrSet<Metadata *, 8> AccessGroups;
  for (auto &R : Regions)
    AccessGroups.insert(R->AccessGroup);
  DominatorTree DT(W);
  for (BasicBlock &BB : W) {
    MDNode *Loop = BB.getTerminator()->getMetadata(LLVMContext::MD_loop);
    if (!Loop)
      continue;
    bool RegionLoop = false;
    for (const MDOperand &Op : drop_begin(Loop->operands()))
      if (auto *Prop = dyn_cast<MDNode>(Op);
          Prop && Prop->getNumOperands() > 1 &&
          isa<MDString>(Prop->getOperand(0)) &&
          cast<MDString>(Prop->getOperand(0))->getString() ==
              md::LLVMParallelAccesses)
        for (const MDOperand &Group : drop_begin(Prop->operands()))
          RegionLoop |= AccessGroups.contains(Group.get());
    if (RegionLoop)
      for (BasicBlock *Succ : successors(&BB))
        if (DT.dominates(Succ, &BB))
          Ends.insert(Succ);
  }
  return Ends;
}

/// \p L op \p R for the combining kind \p RK, element-wise for vectors.
Value *combine(IRBuilder<> &B, RecurKind RK, Value *L, Value *R) {
  if (RecurrenceDescriptor::isMinMaxRecurrenceKind(RK))
    return createMinMaxOp(B, RK, L, R);
  IRBuilderBase::FastMathFlagGuard Guard(B);
  FastMathFlags FMF;
  FMF.setAllowReassoc();
  B.setFastMathFlags(FMF);
  return B.CreateBinOp(
      Instruction::BinaryOps(RecurrenceDescriptor::getOpcode(RK)), L, R);
}

/// The llvm.vector.reduce intrinsic of \p RK, for the kinds atomics combine
/// with (LoopUtils declares one, but not where a plugin can call it).
Intrinsic::ID getReductionIntrinsic(RecurKind RK) {
  switch (RK) {
  case RecurKind::Add:
    return Intrinsic::vector_reduce_add;
  case RecurKind::And:
    return Intrinsic::vector_reduce_and;
  case RecurKind::Or:
    return Intrinsic::vector_reduce_or;
  case RecurKind::Xor:
    return Intrinsic::vector_reduce_xor;
  case RecurKind::SMax:
    return Intrinsic::vector_reduce_smax;
  case RecurKind::SMin:
    return Intrinsic::vector_reduce_smin;
  case RecurKind::UMax:
    return Intrinsic::vector_reduce_umax;
  case RecurKind::UMin:
    return Intrinsic::vector_reduce_umin;
  case RecurKind::FAdd:
    return Intrinsic::vector_reduce_fadd;
  case RecurKind::FMax:
    return Intrinsic::vector_reduce_fmax;
  case RecurKind::FMin:
    return Intrinsic::vector_reduce_fmin;
  default:
    return Intrinsic::not_intrinsic;
  }
}

/// Splits an atomic's operand \p V into what the running values take: a
/// reduction of a vector (of kind \p RK, in any order) leaves its vector, a
/// vector whose lanes but one are \p Identity leaves that lane's value, and
/// anything else is a scalar part.
void decompose(Value *V, RecurKind RK, Constant *Identity,
               SmallVectorImpl<Value *> &Scalars,
               SmallVectorImpl<Value *> &Vectors) {
  auto *II = dyn_cast<IntrinsicInst>(V);
  if (!II || II->getIntrinsicID() != getReductionIntrinsic(RK) ||
      (isa<FPMathOperator>(II) && !II->hasAllowReassoc())) {
    Scalars.push_back(V);
    return;
  }
  if (II->arg_size() == 2 && II->getArgOperand(0) != Identity)
    decompose(II->getArgOperand(0), RK, Identity, Scalars, Vectors);
  Value *Vec = II->getArgOperand(II->arg_size() - 1);
  if (auto *IE = dyn_cast<InsertElementInst>(Vec)) {
    auto *Lanes = dyn_cast<Constant>(IE->getOperand(0));
    auto *Index = dyn_cast<ConstantInt>(IE->getOperand(2));
    unsigned Width = cast<FixedVectorType>(Vec->getType())->getNumElements();
    bool OthersIdentity = Lanes && Index;
    for (unsigned L = 0; OthersIdentity && L < Width; ++L) {
      Constant *E = Lanes->getAggregateElement(L);
      OthersIdentity = L == Index->getZExtValue() || E == Identity ||
                       (E && isa<UndefValue>(E));
    }
    if (OthersIdentity) {
      decompose(IE->getOperand(1), RK, Identity, Scalars, Vectors);
      return;
    }
  }
  Vectors.push_back(Vec);
}

} // namespace

void CBSLowering::combineUniformAtomics() {
  if (!CombineAtomics || LaneLoops || !AfterRegion || !GroupsEntry)
    return;
  SmallVector<AtomicRMWInst *> Candidates;
  Instruction *Observer = nullptr;
  TargetLibraryInfoImpl TLII{Triple(M.getTargetTriple())};
  TargetLibraryInfo TLI(TLII);
  for (Instruction &I : instructions(W)) {
    if (observesMemory(I, TLI)) {
      Observer = Observer ? Observer : &I;
      continue;
    }
    auto *RMW = dyn_cast<AtomicRMWInst>(&I);
    if (!RMW || RMW->getType()->isVectorTy() ||
        !getAtomicCombiningKind(RMW->getOperation(), RMW->getType()))
      continue;
    // One address for the whole work-group: computed before its regions.
    Value *Ptr = getCanonicalAddress(RMW->getPointerOperand());
    if (auto *PI = dyn_cast<Instruction>(Ptr);
        PI && PI->getParent() != GroupsEntry && PI->getParent() != Setup)
      continue;
    if (isa<AllocaInst>(getUnderlyingObject(Ptr)))
      continue;
    Candidates.push_back(RMW);
  }
  if (Candidates.empty())
    return;
  if (Observer) {
    ORE->emit([&] {
      OptimizationRemarkMissed R(DEBUG_TYPE, "AtomicsNotCombined",
                                 getUserDebugLoc(Candidates.front()),
                                 Candidates.front()->getParent());
      R << "atomic updates of one address not combined across "
           "work-items: the kernel has an access that orders memory or "
           "reads an atomic's value ("
        << ore::NV("Instruction", Observer->getOpcodeName());
      if (auto *CB = dyn_cast<CallBase>(Observer);
          CB && CB->getCalledFunction())
        R << " to " << ore::NV("Callee", CB->getCalledFunction()->getName());
      return R << ")";
    });
    return;
  }

  SmallPtrSet<BasicBlock *, 16> IterationEnds = getIterationEnds(
      *W, Regions, {AfterRegion, Dispatch, Done, Setup, GroupsExit});

  // An update is deferred only past code of the same iteration that cannot
  // touch its address, other than updates deferred with it. Refusing one
  // can make another's later code touch the address: repeat until stable.
  SmallPtrSet<AtomicRMWInst *, 8> Accepted(Candidates.begin(),
                                           Candidates.end());
  // The first access of the same iteration after \p A that may touch its
  // address, or null.
  auto FindConflict = [&](AtomicRMWInst *A) -> Instruction * {
    AtomicKey Key = getKey(A, DL);
    auto Conflicts = [&](Instruction &I) {
      if (auto *RMW = dyn_cast<AtomicRMWInst>(&I);
          RMW && Accepted.contains(RMW) && getKey(RMW, DL) == Key)
        return false;
      return mayAccess(I, Key, isScratchAccess(I), DL);
    };
    for (Instruction *I = A->getNextNode(); I; I = I->getNextNode())
      if (Conflicts(*I))
        return I;
    SmallVector<BasicBlock *> Worklist(successors(A->getParent()));
    SmallPtrSet<BasicBlock *, 32> Seen;
    while (!Worklist.empty()) {
      BasicBlock *BB = Worklist.pop_back_val();
      if (IterationEnds.contains(BB) || !Seen.insert(BB).second)
        continue;
      for (Instruction &I : *BB)
        if (Conflicts(I))
          return &I;
      append_range(Worklist, successors(BB));
    }
    return nullptr;
  };
  DenseMap<AtomicRMWInst *, Instruction *> Refused;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (AtomicRMWInst *A : Candidates)
      if (Accepted.contains(A))
        if (Instruction *Conflict = FindConflict(A)) {
          Accepted.erase(A);
          Refused[A] = Conflict;
          Changed = true;
        }
  }
  for (AtomicRMWInst *A : Candidates) {
    auto It = Refused.find(A);
    if (It == Refused.end())
      continue;
    ORE->emit([&] {
      OptimizationRemarkMissed R(DEBUG_TYPE, "AtomicNotCombined",
                                 getUserDebugLoc(A), A->getParent());
      R << "atomic update not combined across work-items: the work-item may "
           "access its address afterwards";
      if (DebugLoc At = getUserDebugLoc(It->second))
        R << " (line " << ore::NV("Line", At.getLine()) << ")";
      return R;
    });
  }

  // In program order, so that the output does not depend on addresses.
  SmallVector<std::pair<AtomicKey, SmallVector<AtomicRMWInst *, 4>>> Groups;
  for (AtomicRMWInst *A : Candidates) {
    if (!Accepted.contains(A))
      continue;
    AtomicKey Key = getKey(A, DL);
    auto *It = find_if(Groups, [&](auto &G) { return G.first == Key; });
    if (It == Groups.end())
      It = &Groups.emplace_back(Key, SmallVector<AtomicRMWInst *, 4>());
    It->second.push_back(A);
  }
  if (Groups.empty())
    return;

  SmallVector<AllocaInst *> Allocas;
  IRBuilder<> EB(GroupsEntry, GroupsEntry->begin());
  auto CreateSlot = [&](Type *Ty, const Twine &Name) {
    AllocaInst *AI = EB.CreateAlloca(Ty, nullptr, Name);
    Allocas.push_back(AI);
    return AI;
  };
  IRBuilder<> B(C);
  for (auto &[Key, Updates] : Groups) {
    // What the combined atomic and its remark keep of the first update.
    DebugLoc Loc = Updates.front()->getDebugLoc();
    DebugLoc UserLoc = getUserDebugLoc(Updates.front());
    BasicBlock *LocBlock = Updates.front()->getParent();
    Align Alignment = Updates.front()->getAlign();
    auto [RK, Identity] = *getAtomicCombiningKind(Key.Op, Key.Ty);
    // Without sync points nothing in the kernel can see the address until
    // it ends: the call's groups share the running value.
    bool PerCall = Syncs.empty() &&
                   (!isa<Instruction>(Key.Pointer) ||
                    cast<Instruction>(Key.Pointer)->getParent() == GroupsEntry);
    Instruction *InitAt = PerCall ? GroupsEntry->getTerminator()
                                  : &*Dispatch->getFirstInsertionPt();
    Instruction *FlushAt =
        PerCall ? GroupsExit->getTerminator() : AfterRegion->getTerminator();
    AllocaInst *Acc = nullptr;
    AllocaInst *Any = CreateSlot(B.getInt1Ty(), "atomic.any");
    MapVector<Type *, AllocaInst *> VectorAccs;
    B.SetInsertPoint(InitAt);
    B.CreateStore(B.getFalse(), Any);

    for (AtomicRMWInst *A : Updates) {
      SmallVector<Value *, 2> Scalars, Vectors;
      decompose(A->getValOperand(), RK, Identity, Scalars, Vectors);
      B.SetInsertPoint(A);
      for (Value *V : Vectors) {
        AllocaInst *&VAcc = VectorAccs[V->getType()];
        if (!VAcc) {
          VAcc = CreateSlot(V->getType(), "atomic.acc.lanes");
          IRBuilder<> IB(InitAt);
          IB.CreateStore(
              ConstantVector::getSplat(
                  cast<VectorType>(V->getType())->getElementCount(), Identity),
              VAcc);
        }
        B.CreateStore(combine(B, RK, B.CreateLoad(V->getType(), VAcc), V),
                      VAcc);
      }
      if (!Scalars.empty()) {
        if (!Acc) {
          Acc = CreateSlot(Key.Ty, "atomic.acc");
          IRBuilder<> IB(InitAt);
          IB.CreateStore(Identity, Acc);
        }
        Value *Sum = B.CreateLoad(Key.Ty, Acc);
        for (Value *V : Scalars)
          Sum = combine(B, RK, Sum, V);
        B.CreateStore(Sum, Acc);
      }
      B.CreateStore(B.getTrue(), Any);
      Value *Operand = A->getValOperand();
      A->eraseFromParent();
      RecursivelyDeleteTriviallyDeadInstructions(Operand);
      ++NumAtomicsCombined;
    }

    B.SetInsertPoint(FlushAt);
    Instruction *Then = SplitBlockAndInsertIfThen(
        B.CreateLoad(B.getInt1Ty(), Any, "atomic.any"), FlushAt, false);
    Then->getParent()->setName("sublane.atomic.flush");
    B.SetInsertPoint(Then);
    Value *Total = Acc ? B.CreateLoad(Key.Ty, Acc) : nullptr;
    for (auto [Ty, VAcc] : VectorAccs) {
      IRBuilderBase::FastMathFlagGuard Guard(B);
      FastMathFlags FMF;
      FMF.setAllowReassoc();
      B.setFastMathFlags(FMF);
      Value *Lanes = createSimpleTargetReduction(B, B.CreateLoad(Ty, VAcc), RK);
      Total = Total ? combine(B, RK, Total, Lanes) : Lanes;
    }
    B.CreateAtomicRMW(Key.Op, Key.Pointer, Total, Alignment,
                      AtomicOrdering::Monotonic, Key.Scope)
        ->setDebugLoc(Loc);

    unsigned Count = Updates.size();
    bool Lanes = !VectorAccs.empty();
    ORE->emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "AtomicsCombined", UserLoc,
                                LocBlock)
             << ore::NV("Updates", Count)
             << " atomic update(s) of one address combined across work-items"
             << (!Lanes ? "" : ", sub-groups' lanes in a vector")
             << ": one atomic "
             << (PerCall ? "per call of the work-group function"
                         : "per region of each work-group");
    });
  }
  DominatorTree DT(*W);
  PromoteMemToReg(Allocas, DT);
}

} // namespace cbs
} // namespace sublane
