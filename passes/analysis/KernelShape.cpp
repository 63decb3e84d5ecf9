//===- KernelShape.cpp - Value shapes in a kernel -------------------------===//

#include "sublane/Passes/analysis/KernelShape.h"
#include "sublane/Passes/util/KernelInfo.h"
#include "sublane/Passes/util/Metadata.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/GenericUniformityImpl.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/TargetTransformInfoImpl.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace sublane {

AnalysisKey KernelShapeAnalysis::Key;

namespace {
/// A TTI whose only opinion is which values diverge: GenericUniformityInfo
/// asks it for sources and propagates through data and sync dependence.
class DivergenceSourceTTI
    : public TargetTransformInfoImplCRTPBase<DivergenceSourceTTI> {
  using BaseT = TargetTransformInfoImplCRTPBase<DivergenceSourceTTI>;
  const DenseSet<const Value *> *Sources, *Uniform;

public:
  DivergenceSourceTTI(const DataLayout &DL,
                      const DenseSet<const Value *> &Sources,
                      const DenseSet<const Value *> &Uniform)
      : BaseT(DL), Sources(&Sources), Uniform(&Uniform) {}
  bool hasBranchDivergence(const Function * = nullptr) const { return true; }
  bool isSourceOfDivergence(const Value *V) const {
    return Sources->contains(V);
  }
  bool isAlwaysUniform(const Value *V) const { return Uniform->contains(V); }
};

/// Whether a collective gives every member of its group the same result:
/// reductions, broadcasts and votes, sub-group ballots, and a sub-group
/// select_from_group whose lane is the same for the whole sub-group
/// (\p IndexUniform says whether it is).
bool isGroupUniformCollective(const CallBase &CB,
                              CollectiveInfo::ScopeKind Scope,
                              function_ref<bool(const Value *)> IndexUniform) {
  auto Info = getCollectiveInfo(CB.getCalledFunction());
  if (!Info || Info->Scope != Scope)
    return false;
  if (Info->hasUniformResult())
    return true;
  return Info->Kind == CollectiveInfo::Select &&
         IndexUniform(CB.getArgOperand(1));
}

/// Builtins and collectives whose result is the same for all work-items of
/// a sub-group (work-group-uniform collectives are too).
bool isSubGroupUniform(const Instruction &I) {
  BuiltinKind K = getBuiltinKind(&I);
  if (K == BuiltinKind::SubGroupId || K == BuiltinKind::SubGroupSize)
    return true;
  if (K != BuiltinKind::Collective)
    return false;
  auto Never = [](const Value *) { return false; };
  return isGroupUniformCollective(cast<CallBase>(I), CollectiveInfo::SubGroup,
                                  Never) ||
         isGroupUniformCollective(cast<CallBase>(I), CollectiveInfo::WorkGroup,
                                  Never);
}

bool isConservativeSource(const Instruction &I) {
  // Each work-item has its own private variables, but an element-major one
  // is already the sub-group's: its lanes' addresses come from the lane id.
  if (isa<AllocaInst>(I))
    return !I.hasMetadata(md::ElementMajor);
  if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
    return true;
  if (auto *LI = dyn_cast<LoadInst>(&I))
    return LI->isAtomic();
  if (auto *CB = dyn_cast<CallBase>(&I)) {
    BuiltinKind K = getBuiltinKind(CB->getCalledFunction());
    if (K == BuiltinKind::Collective) {
      // Work-group reductions, broadcasts and votes give every item the
      // same value; everything else may differ between items.
      auto Info = getCollectiveInfo(CB->getCalledFunction());
      bool GroupUniform = Info->Scope == CollectiveInfo::WorkGroup &&
                          (Info->Kind == CollectiveInfo::Reduce ||
                           Info->Kind == CollectiveInfo::Broadcast ||
                           Info->Kind == CollectiveInfo::Any ||
                           Info->Kind == CollectiveInfo::All);
      return !GroupUniform;
    }
    if (K != BuiltinKind::None)
      return isWorkItemVaryingBuiltin(K);
    // A call that reads or writes memory may return per-item results.
    return !CB->getType()->isVoidTy() && !CB->doesNotAccessMemory();
  }
  return false;
}
} // namespace

KernelShape::KernelShape(Function &Fn, unsigned Dims, DivergenceSources Sources,
                         GlobalIdBound Bound,
                         ArrayRef<const Value *> AlwaysUniform)
    : F(&Fn), Dims(Dims),
      WithinSubGroup(Sources == DivergenceSources::ProvableWithinSubGroup ||
                     Sources == DivergenceSources::ConservativeWithinSubGroup ||
                     Sources ==
                         DivergenceSources::ConservativeWithinRowSubGroup),
      WithinRow(Sources == DivergenceSources::ConservativeWithinRowSubGroup),
      Bound(Bound), UniformSet(AlwaysUniform.begin(), AlwaysUniform.end()) {
  // Data read from memory may be the same for every work-item whatever
  // address it comes from: divergence that is certain stops there.
  bool Provable = Sources == DivergenceSources::Provable ||
                  Sources == DivergenceSources::ProvableWithinSubGroup;
  auto Never = [](const Value *) { return false; };
  SmallVector<const CallBase *> UniformIfIndexIs;
  for (Instruction &I : instructions(Fn)) {
    bool Source = false;
    switch (Sources) {
    case DivergenceSources::Conservative:
      Source = isConservativeSource(I);
      break;
    case DivergenceSources::Provable:
      Source = isWorkItemVaryingBuiltin(getBuiltinKind(&I));
      break;
    case DivergenceSources::ProvableWithinSubGroup:
      Source = getBuiltinKind(&I) == BuiltinKind::SubGroupLocalId;
      break;
    case DivergenceSources::ConservativeWithinSubGroup:
      Source = isConservativeSource(I) && !isSubGroupUniform(I);
      break;
    case DivergenceSources::ConservativeWithinRowSubGroup:
      Source = isConservativeSource(I) && !isSubGroupUniform(I) &&
               !isRowUniformId(I);
      break;
    }
    if (Source)
      SourceSet.insert(&I);
    if (Provable && !Source &&
        (isa<LoadInst>(I) || isa<AtomicRMWInst>(I) ||
         isa<AtomicCmpXchgInst>(I) ||
         (isa<CallBase>(I) && getBuiltinKind(&I) == BuiltinKind::None)))
      UniformSet.insert(&I);
    // A vote or a reduction is the same for the whole group by definition,
    // whatever its operand: a branch on it is not divergent.
    if (getBuiltinKind(&I) != BuiltinKind::Collective)
      continue;
    auto &CB = cast<CallBase>(I);
    if (isGroupUniformCollective(CB, CollectiveInfo::WorkGroup, Never) ||
        (WithinSubGroup &&
         isGroupUniformCollective(CB, CollectiveInfo::SubGroup, Never)))
      UniformSet.insert(&I);
    else if (WithinSubGroup &&
             isGroupUniformCollective(CB, CollectiveInfo::SubGroup,
                                      [](const Value *) { return true; }))
      UniformIfIndexIs.push_back(&CB);
  }
  computeDeadEnds();
  TTI = std::make_unique<TargetTransformInfo>(
      DivergenceSourceTTI(Fn.getDataLayout(), SourceSet, UniformSet));
  DT = std::make_unique<DominatorTree>(Fn);
  CI = std::make_unique<CycleInfo>();
  CI->compute(Fn);
  // A select_from_group is uniform when its lane is, which may depend on
  // another select's result: iterate to a fixed point.
  while (true) {
    UI = std::make_unique<UniformityInfo>(*DT, *CI, TTI.get());
    UI->compute();
    bool Grew = false;
    for (const CallBase *CB : UniformIfIndexIs)
      if (!UniformSet.contains(CB) &&
          getShape(CB->getArgOperand(1)).isUniform()) {
        SourceSet.erase(CB); // a select is a source until its lane is known
        Grew |= UniformSet.insert(CB).second;
      }
    if (!Grew)
      break;
  }
  computeAffineShapes();
  computeDivergentBlocks();
}

void KernelShape::computeDeadEnds() {
  SmallVector<const BasicBlock *> Worklist;
  DenseSet<const BasicBlock *> GoesOn;
  for (BasicBlock &BB : *F) {
    bool Ends = isa<ReturnInst>(BB.getTerminator()) ||
                llvm::any_of(BB, [](const Instruction &I) {
                  return isSyncBuiltin(getBuiltinKind(&I));
                });
    if (Ends && GoesOn.insert(&BB).second)
      Worklist.push_back(&BB);
  }
  while (!Worklist.empty())
    for (const BasicBlock *Pred : predecessors(Worklist.pop_back_val()))
      if (GoesOn.insert(Pred).second)
        Worklist.push_back(Pred);
  for (BasicBlock &BB : *F)
    if (!GoesOn.contains(&BB))
      DeadEnds.insert(&BB);
}

bool KernelShape::hasDivergentBranch(const BasicBlock &BB) const {
  if (!UI->hasDivergentTerminator(BB))
    return false;
  SmallPtrSet<const BasicBlock *, 4> GoOn;
  for (const BasicBlock *S : successors(&BB))
    if (!DeadEnds.contains(S))
      GoOn.insert(S);
  return GoOn.size() > 1;
}

KernelShape::KernelShape(KernelShape &&) = default;
KernelShape::~KernelShape() = default;

/// The dimension of a local or global id builtin call, if it is a constant.
static std::optional<uint64_t> getIdDimension(const Value *V) {
  BuiltinKind K = getBuiltinKind(V);
  if (K != BuiltinKind::LocalId && K != BuiltinKind::GlobalId)
    return std::nullopt;
  auto *Dim = dyn_cast<ConstantInt>(cast<CallBase>(V)->getArgOperand(0));
  if (!Dim)
    return std::nullopt;
  return Dim->getZExtValue();
}

/// Within a row, sub-group size and ids outside the last dimension are the
/// same for every lane.
bool KernelShape::isRowUniformId(const Instruction &I) const {
  if (getBuiltinKind(&I) == BuiltinKind::SubGroupSize)
    return true;
  std::optional<uint64_t> Dim = getIdDimension(&I);
  return Dim && *Dim + 1 < Dims;
}

/// The source of stride 1: the linear local id, in 1D kernels the local and
/// global ids of dimension 0, and within rows those of the last dimension.
bool KernelShape::isUnitStrideSource(const Value *V) const {
  BuiltinKind K = getBuiltinKind(V);
  if (K == BuiltinKind::LocalLinearId)
    return true;
  // Lanes are consecutive linear ids: within a sub-group, the lane is one.
  if (WithinSubGroup && K == BuiltinKind::SubGroupLocalId)
    return true;
  std::optional<uint64_t> Dim = getIdDimension(V);
  if (!Dim)
    return false;
  return Dims == 1 ? *Dim == 0 : WithinRow && *Dim + 1 == Dims;
}

bool KernelShape::isUsedAfterDivergentExit(const Instruction &I) const {
  // Work-items leave the cycle in different iterations, so outside it the
  // value is that of a per-item iteration, not an affine function of the id.
  for (const Cycle *Cy = CI->getCycle(I.getParent()); Cy;
       Cy = Cy->getParentCycle()) {
    SmallVector<BasicBlock *> Exiting;
    Cy->getExitingBlocks(Exiting);
    bool DivergentExit = llvm::any_of(
        Exiting, [&](BasicBlock *BB) { return hasDivergentBranch(*BB); });
    if (!DivergentExit)
      continue;
    for (const User *U : I.users())
      if (!Cy->contains(cast<Instruction>(U)->getParent()))
        return true;
  }
  return false;
}

/// Whether the id \p V, a unit-stride source, is below 2^Bits (unsigned) or
/// 2^(Bits-1) (signed) for every work-item: local ids stay below the largest
/// work-group, lanes below the largest sub-group, and global ids only under
/// GlobalIdBound::FitsInInt, which is then recorded as used.
bool KernelShape::idFitsIn(const Value *V, unsigned Bits, bool Signed) {
  if (!isUnitStrideSource(V))
    return false;
  unsigned ValueBits = Bits - Signed;
  if (ValueBits >= V->getType()->getScalarSizeInBits())
    return true;
  switch (getBuiltinKind(V)) {
  case BuiltinKind::LocalId:
  case BuiltinKind::LocalLinearId:
  case BuiltinKind::SubGroupLocalId:
    return (uint64_t(1) << std::min(ValueBits, 63u)) >= MaxWorkGroupSize;
  case BuiltinKind::GlobalId:
    if (Bound != GlobalIdBound::FitsInInt || ValueBits < 31)
      return false;
    UsesGlobalIdBound = true;
    return true;
  default:
    return false;
  }
}

/// The values a loop header's phi \p P takes, if it is entered once from
/// outside the loop and given the next step's value along the loop's only
/// back edge: its lanes then enter and go round together, and differ only
/// in when they leave.
static std::optional<KernelShape::Induction> getInduction(const PHINode &P,
                                                          const CycleInfo &CI) {
  const Cycle *Cy = CI.getCycle(P.getParent());
  if (!Cy || Cy->getHeader() != P.getParent() || !Cy->isReducible() ||
      P.getNumIncomingValues() != 2)
    return std::nullopt;
  bool FirstInside = Cy->contains(P.getIncomingBlock(0));
  if (FirstInside == Cy->contains(P.getIncomingBlock(1)))
    return std::nullopt;
  return KernelShape::Induction{P.getIncomingValue(FirstInside ? 1 : 0),
                                P.getIncomingValue(FirstInside ? 0 : 1)};
}

/// How extending the integer \p Narrow (signed or not) gives the value each
/// item would compute in the wide type, so that a stride carries over: in
/// every lane where the narrow value is an id, or an id truncated to bits it
/// fits in; only in the lanes that run it where arithmetic's flags promise
/// it does not wrap (InstCombine derives such flags from the conditions that
/// guard the block, which lanes that skip it need not meet).
KernelShape::Extension KernelShape::getExtension(const Value *Narrow,
                                                 bool Signed) {
  unsigned Bits = Narrow->getType()->getScalarSizeInBits();
  if (isUnitStrideSource(Narrow))
    return Extension::Exact;
  if (auto *Trunc = dyn_cast<TruncInst>(Narrow))
    return idFitsIn(Trunc->getOperand(0), Bits, Signed) ? Extension::Exact
                                                        : Extension::Inexact;
  auto HasFlag = [&](const OverflowingBinaryOperator *OBO) {
    return Signed ? OBO->hasNoSignedWrap() : OBO->hasNoUnsignedWrap();
  };
  if (auto *OBO = dyn_cast<OverflowingBinaryOperator>(Narrow))
    return HasFlag(OBO) ? Extension::ExactWhereRun : Extension::Inexact;
  // A loop's counter stepped by an add with the flag does not wrap in a lane
  // while the lane goes round (`for (int j = i; j < n; ++j)`), so each such
  // lane's extended value is its extended start plus the steps; lanes that
  // left the loop step on with the others and may wrap.
  if (auto *P = dyn_cast<PHINode>(Narrow))
    if (std::optional<Induction> Ind = getInduction(*P, *CI)) {
      auto *Step = dyn_cast<OverflowingBinaryOperator>(Ind->Step);
      if (Step && Step->getOpcode() == Instruction::Add && HasFlag(Step) &&
          is_contained(Step->operands(), P) &&
          getExtension(Ind->Start, Signed) != Extension::Inexact)
        return Extension::ExactWhereRun;
    }
  return Extension::Inexact;
}

/// The stride of an id seen through a conversion InstCombine writes as
/// arithmetic: `x & (2^k - 1)` for a zext of a trunc, and `(x << l) >> r`
/// with r <= l (arithmetic for a sext, logical for a zext; r < l scales the
/// result, as an array index does). Where the id fits in the bits kept,
/// the result is the id times 2^(l-r).
std::optional<int64_t>
KernelShape::getIdentityStride(const BinaryOperator &BO) {
  Value *Id;
  const APInt *Mask, *Left, *Right;
  unsigned Width = BO.getType()->getScalarSizeInBits();
  if (match(&BO, m_And(m_Value(Id), m_APInt(Mask))) && Mask->isMask() &&
      idFitsIn(Id, Mask->countr_one(), /*Signed=*/false))
    return 1;
  bool Arithmetic = BO.getOpcode() == Instruction::AShr;
  if ((match(&BO, m_AShr(m_Shl(m_Value(Id), m_APInt(Left)), m_APInt(Right))) ||
       match(&BO, m_LShr(m_Shl(m_Value(Id), m_APInt(Left)), m_APInt(Right)))) &&
      Left->ult(Width) && Right->ule(*Left) &&
      Left->getZExtValue() - Right->getZExtValue() < 63 &&
      idFitsIn(Id, Width - Left->getZExtValue(), Arithmetic))
    return int64_t(1) << (Left->getZExtValue() - Right->getZExtValue());
  return std::nullopt;
}

std::optional<int64_t> KernelShape::getStride(const Value *V) const {
  Shape S = getShape(V);
  if (S.isUniform())
    return 0;
  if (S.isAffine())
    return S.Stride;
  return std::nullopt;
}

void KernelShape::computeAffineShapes() {
  // Within a sub-group, a loop's induction variable started at an affine
  // value and stepped by a uniform one stays affine in the lanes still in
  // the loop (a triangular loop `for (j = i; j < n; ++j)`): the vectorizer
  // steps every lane of it while any lane goes round. Assumed for each such
  // phi, then checked against the value its back edge brings; a phi whose
  // step turns out otherwise is dropped and the shapes computed again.
  DenseMap<const PHINode *, Induction> Inductions;
  if (WithinSubGroup)
    for (BasicBlock &BB : *F)
      for (PHINode &P : BB.phis())
        if (!UI->isUniform(&P) && !P.getType()->isVectorTy())
          if (std::optional<Induction> Ind = getInduction(P, *CI))
            Inductions[&P] = *Ind;
  while (true) {
    // The step's stride in the loop, where it is computed in every lane,
    // whatever lanes that left see of it after the loop.
    DenseMap<const Value *, int64_t> InLoopStride;
    computeAffineShapesAssuming(Inductions, InLoopStride);
    SmallVector<const PHINode *> Refuted;
    for (auto &[P, Ind] : Inductions) {
      auto It = AffineStride.find(P);
      if (It == AffineStride.end())
        continue;
      auto In = InLoopStride.find(Ind.Step);
      std::optional<int64_t> StepStride =
          In != InLoopStride.end() ? In->second : getStride(Ind.Step);
      if (StepStride != It->second)
        Refuted.push_back(P);
    }
    if (Refuted.empty())
      return;
    for (const PHINode *P : Refuted)
      Inductions.erase(P);
  }
}

void KernelShape::computeAffineShapesAssuming(
    const DenseMap<const PHINode *, Induction> &Inductions,
    DenseMap<const Value *, int64_t> &InLoopStride) {
  AffineStride.clear();
  ExactWhereRun.clear();
  const DataLayout &DL = F->getDataLayout();
  ReversePostOrderTraversal<Function *> RPOT(F);
  for (BasicBlock *BB : RPOT) {
    for (Instruction &I : *BB) {
      // A value's stride is between lanes' scalars: vectors have none.
      if (UI->isUniform(&I) || I.getType()->isVectorTy())
        continue;
      std::optional<int64_t> Stride;
      if (auto *P = dyn_cast<PHINode>(&I)) {
        // The value from outside the loop; a back edge's value comes later
        // in this order, and is checked once all strides are known.
        auto Ind = Inductions.find(P);
        if (Ind == Inductions.end())
          continue;
        Stride = getStride(Ind->second.Start);
      } else if (isUnitStrideSource(&I)) {
        Stride = 1;
      } else if (auto *BO = dyn_cast<BinaryOperator>(&I)) {
        auto A = getStride(BO->getOperand(0)), B = getStride(BO->getOperand(1));
        const APInt *C;
        if ((Stride = getIdentityStride(*BO))) {
          // an id masked or shifted out and back within its bits
        } else if (A && B) {
          switch (BO->getOpcode()) {
          case Instruction::Add:
            Stride = *A + *B;
            break;
          case Instruction::Or:
            // InstCombine writes `(i << 11) + j` with j < 2048 this way.
            if (cast<PossiblyDisjointInst>(BO)->isDisjoint())
              Stride = *A + *B;
            break;
          case Instruction::Sub:
            Stride = *A - *B;
            break;
          case Instruction::Mul:
            if (match(BO->getOperand(1), m_APInt(C)))
              Stride = *A * C->getSExtValue();
            else if (match(BO->getOperand(0), m_APInt(C)))
              Stride = *B * C->getSExtValue();
            break;
          case Instruction::Shl:
            if (match(BO->getOperand(1), m_APInt(C)) && C->ult(63))
              Stride = *A << C->getZExtValue();
            break;
          default:
            break;
          }
        }
      } else if (isa<TruncInst>(I) || isa<FreezeInst>(I)) {
        Stride = getStride(I.getOperand(0));
      } else if (isa<ZExtInst>(I) || isa<SExtInst>(I)) {
        // Extending base + stride * id is base' + stride * id only when
        // no item's value wraps in the narrow type: an id that fits, a
        // non-negative zext, or arithmetic that promises not to wrap.
        Extension E = getExtension(I.getOperand(0), isa<SExtInst>(I));
        if (E == Extension::Inexact && isa<ZExtInst>(I) && I.hasNonNeg())
          E = Extension::ExactWhereRun;
        if (E != Extension::Inexact)
          Stride = getStride(I.getOperand(0));
        if (Stride && E == Extension::ExactWhereRun)
          ExactWhereRun.insert(&I);
      } else if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
        unsigned Bits = DL.getIndexTypeSizeInBits(GEP->getType());
        MapVector<Value *, APInt> VarOffsets;
        APInt ConstOffset(Bits, 0);
        if (!GEP->getType()->isVectorTy() &&
            GEP->collectOffset(DL, Bits, VarOffsets, ConstOffset)) {
          Stride = getStride(GEP->getPointerOperand());
          bool WhereRun = false;
          for (auto &[Index, Scale] : VarOffsets) {
            // A narrower index is sign-extended.
            Extension E = Index->getType()->getScalarSizeInBits() < Bits
                              ? getExtension(Index, /*Signed=*/true)
                              : Extension::Exact;
            auto S = Stride && E != Extension::Inexact ? getStride(Index)
                                                       : std::nullopt;
            if (!S) {
              Stride = std::nullopt;
              break;
            }
            WhereRun |= E == Extension::ExactWhereRun && *S != 0;
            *Stride += *S * Scale.getSExtValue();
          }
          if (Stride && WhereRun)
            ExactWhereRun.insert(&I);
        }
      }
      if (!Stride)
        continue;
      InLoopStride[&I] = *Stride;
      if (!isUsedAfterDivergentExit(I))
        AffineStride[&I] = *Stride;
    }
  }
}

void KernelShape::computeDivergentBlocks() {
  // Control dependence on the CFG without the dead ends: a work-item that
  // enters one never reaches a barrier again, so an assertion on the id
  // does not make the barriers after it divergent. LLVM's post-dominator
  // tree cannot leave edges out, so the post-dominator sets are computed
  // here, over the blocks that go on (a kernel has few blocks).
  SmallVector<const BasicBlock *> Order;
  DenseMap<const BasicBlock *, unsigned> Index;
  for (const BasicBlock *BB : post_order(F))
    if (!DeadEnds.contains(BB)) {
      Index[BB] = Order.size();
      Order.push_back(BB);
    }
  unsigned N = Order.size();
  auto LiveSuccessors = [&](const BasicBlock *BB) {
    SmallVector<unsigned, 4> Succs;
    for (const BasicBlock *S : successors(BB))
      if (auto It = Index.find(S); It != Index.end())
        Succs.push_back(It->second);
    return Succs;
  };
  std::vector<BitVector> PostDom(N, BitVector(N, true));
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (unsigned I = 0; I < N; ++I) { // successors mostly come first
      BitVector New(N, true);
      SmallVector<unsigned, 4> Succs = LiveSuccessors(Order[I]);
      if (Succs.empty())
        New.reset();
      for (unsigned S : Succs)
        New &= PostDom[S];
      New.set(I);
      if (New != PostDom[I]) {
        PostDom[I] = std::move(New);
        Changed = true;
      }
    }
  }
  // Y is control dependent on X when Y post-dominates a successor of X but
  // does not strictly post-dominate X. Divergence spreads through blocks
  // control dependent on divergently executed ones.
  auto ControlDependent = [&](unsigned X) {
    BitVector Deps(N);
    for (unsigned S : LiveSuccessors(Order[X]))
      Deps |= PostDom[S];
    BitVector Strict = PostDom[X];
    Strict.reset(X);
    Deps.reset(Strict);
    return Deps;
  };
  for (const BasicBlock *BB : Order) {
    if (!hasDivergentBranch(*BB))
      continue;
    const Instruction *Branch = BB->getTerminator();
    BitVector Reached(N);
    SmallVector<unsigned> Worklist = {Index[BB]};
    while (!Worklist.empty())
      for (unsigned Y : ControlDependent(Worklist.pop_back_val()).set_bits())
        if (!Reached.test(Y)) {
          Reached.set(Y);
          Worklist.push_back(Y);
        }
    for (unsigned Y : Reached.set_bits())
      DivergentBlocks[Order[Y]].push_back(Branch);
  }
}

Shape KernelShape::getShape(const Value *V) const {
  if (!isa<Instruction>(V) && !isa<Argument>(V))
    return Shape::uniform();
  if (UI->isUniform(V)) {
    // A uniform definition may still reach some uses after a divergent loop.
    if (auto *I = dyn_cast<Instruction>(V))
      if (llvm::any_of(I->uses(),
                       [&](const Use &U) { return UI->isDivergentUse(U); }))
        return Shape::varying();
    return Shape::uniform();
  }
  auto It = AffineStride.find(V);
  if (It != AffineStride.end())
    return Shape::affine(It->second);
  return Shape::varying();
}

bool KernelShape::isUniformWhereDefined(const Value *V) const {
  if (!isa<Instruction>(V) && !isa<Argument>(V))
    return true;
  return UI->isUniform(V);
}

bool KernelShape::isDivergentUse(const Use &U) const {
  return UI->isDivergentUse(U);
}

bool KernelShape::isDivergentlyExecuted(const BasicBlock *BB,
                                        const Instruction **Branch) const {
  ArrayRef<const Instruction *> Branches = getDivergentBranches(BB);
  if (Branches.empty())
    return false;
  if (Branch)
    *Branch = Branches.front();
  return true;
}

ArrayRef<const Instruction *>
KernelShape::getDivergentBranches(const BasicBlock *BB) const {
  auto It = DivergentBlocks.find(BB);
  if (It == DivergentBlocks.end())
    return {};
  return It->second;
}

bool KernelShape::invalidate(Function &, const PreservedAnalyses &PA,
                             FunctionAnalysisManager::Invalidator &) {
  auto PAC = PA.getChecker<KernelShapeAnalysis>();
  return !PAC.preserved() && !PAC.preservedSet<AllAnalysesOn<Function>>();
}

void KernelShape::print(raw_ostream &OS) const {
  OS << "sublane "
     << (WithinRow        ? "row sub-group "
         : WithinSubGroup ? "sub-group "
                          : "")
     << "shapes for '" << F->getName() << "' (" << Dims << "D):\n";
  if (UsesGlobalIdBound)
    OS << "assumes global ids of dimension " << Dims - 1 << " below 2^31\n";
  for (BasicBlock &BB : *F) {
    OS << "block ";
    BB.printAsOperand(OS, false);
    if (isDeadEnd(&BB)) {
      OS << ": dead end";
    } else if (ArrayRef<const Instruction *> Branches =
                   getDivergentBranches(&BB);
               !Branches.empty()) {
      OS << ": divergent (branch in ";
      ListSeparator LS;
      for (const Instruction *Branch : Branches) {
        OS << LS;
        Branch->getParent()->printAsOperand(OS, false);
      }
      OS << ")";
    }
    OS << "\n";
    for (Instruction &I : BB) {
      if (I.getType()->isVoidTy())
        continue;
      Shape S = getShape(&I);
      OS << "  ";
      I.printAsOperand(OS, false);
      switch (S.K) {
      case Shape::Uniform:
        OS << ": uniform\n";
        break;
      case Shape::Affine:
        OS << ": affine(" << S.Stride << ")"
           << (isExactOnlyWhereRun(&I) ? " where run" : "") << "\n";
        break;
      case Shape::Varying:
        OS << ": varying\n";
        break;
      }
    }
  }
}

KernelShape KernelShapeAnalysis::run(Function &F, FunctionAnalysisManager &) {
  return KernelShape(F, getUnsignedAttr(F, attr::Dims).value_or(1),
                     DivergenceSources::Conservative);
}

AnalysisKey SubGroupShapeAnalysis::Key;

KernelShape SubGroupShapeAnalysis::run(Function &F, FunctionAnalysisManager &) {
  return KernelShape(F, getUnsignedAttr(F, attr::Dims).value_or(1),
                     DivergenceSources::ConservativeWithinSubGroup);
}

AnalysisKey SubGroupRowShapeAnalysis::Key;

KernelShape SubGroupRowShapeAnalysis::run(Function &F,
                                          FunctionAnalysisManager &) {
  return KernelShape(F, getUnsignedAttr(F, attr::Dims).value_or(1),
                     DivergenceSources::ConservativeWithinRowSubGroup,
                     GlobalIdBound::FitsInInt);
}

} // namespace sublane
