//===- KernelShape.cpp - Value shapes in a kernel -------------------------===//

#include "sublane/Passes/KernelShape.h"
#include "sublane/Passes/KernelInfo.h"

#include "llvm/ADT/GenericUniformityImpl.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/PostDominators.h"
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

/// Builtins and collectives whose result is the same for all work-items of
/// a sub-group.
bool isSubGroupUniform(const Instruction &I) {
  BuiltinKind K = getBuiltinKind(&I);
  if (K == BuiltinKind::SubGroupId || K == BuiltinKind::SubGroupSize)
    return true;
  if (K != BuiltinKind::Collective)
    return false;
  auto Info = getCollectiveInfo(cast<CallBase>(I).getCalledFunction());
  return Info->Kind == CollectiveInfo::Reduce ||
         Info->Kind == CollectiveInfo::Broadcast ||
         Info->Kind == CollectiveInfo::Any ||
         Info->Kind == CollectiveInfo::All ||
         Info->Kind == CollectiveInfo::Ballot;
}

bool isConservativeSource(const Instruction &I) {
  if (isa<AllocaInst>(I) || isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
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
                         ArrayRef<const Value *> AlwaysUniform)
    : F(&Fn), Dims(Dims),
      UniformSet(AlwaysUniform.begin(), AlwaysUniform.end()) {
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
    }
    if (Source)
      SourceSet.insert(&I);
    // Data read from memory may be the same for every work-item whatever
    // address it comes from: divergence that is certain stops there.
    bool Provable = Sources == DivergenceSources::Provable ||
                    Sources == DivergenceSources::ProvableWithinSubGroup;
    if (Provable && !Source &&
        (isa<LoadInst>(I) || isa<AtomicRMWInst>(I) ||
         isa<AtomicCmpXchgInst>(I) ||
         (isa<CallBase>(I) && getBuiltinKind(&I) == BuiltinKind::None)))
      UniformSet.insert(&I);
  }
  TTI = std::make_unique<TargetTransformInfo>(
      DivergenceSourceTTI(Fn.getDataLayout(), SourceSet, UniformSet));
  DT = std::make_unique<DominatorTree>(Fn);
  CI = std::make_unique<CycleInfo>();
  CI->compute(Fn);
  UI = std::make_unique<UniformityInfo>(*DT, *CI, TTI.get());
  UI->compute();
  computeAffineShapes();
  computeDivergentBlocks();
}

KernelShape::KernelShape(KernelShape &&) = default;
KernelShape::~KernelShape() = default;

/// The source of stride 1: the linear local id, and in 1D kernels the local
/// and global ids of dimension 0.
static bool isUnitStrideSource(const Value *V, unsigned Dims) {
  BuiltinKind K = getBuiltinKind(V);
  if (K == BuiltinKind::LocalLinearId)
    return true;
  if (Dims != 1 || (K != BuiltinKind::LocalId && K != BuiltinKind::GlobalId))
    return false;
  auto *Dim = dyn_cast<ConstantInt>(cast<CallBase>(V)->getArgOperand(0));
  return Dim && Dim->isZero();
}

bool KernelShape::isUsedAfterDivergentExit(const Instruction &I) const {
  // Work-items leave the cycle in different iterations, so outside it the
  // value is that of a per-item iteration, not an affine function of the id.
  for (const Cycle *Cy = CI->getCycle(I.getParent()); Cy;
       Cy = Cy->getParentCycle()) {
    SmallVector<BasicBlock *> Exiting;
    Cy->getExitingBlocks(Exiting);
    bool DivergentExit = llvm::any_of(Exiting, [&](BasicBlock *BB) {
      return UI->hasDivergentTerminator(*BB);
    });
    if (!DivergentExit)
      continue;
    for (const User *U : I.users())
      if (!Cy->contains(cast<Instruction>(U)->getParent()))
        return true;
  }
  return false;
}

void KernelShape::computeAffineShapes() {
  // Strides of the operands of \p I, if each is uniform or affine.
  auto StrideOf = [&](const Value *V) -> std::optional<int64_t> {
    Shape S = getShape(V);
    if (S.isUniform())
      return 0;
    if (S.isAffine())
      return S.Stride;
    return std::nullopt;
  };
  const DataLayout &DL = F->getDataLayout();
  ReversePostOrderTraversal<Function *> RPOT(F);
  for (BasicBlock *BB : RPOT) {
    for (Instruction &I : *BB) {
      if (UI->isUniform(&I) || isa<PHINode>(I))
        continue;
      std::optional<int64_t> Stride;
      if (isUnitStrideSource(&I, Dims)) {
        Stride = 1;
      } else if (auto *BO = dyn_cast<BinaryOperator>(&I)) {
        auto A = StrideOf(BO->getOperand(0)), B = StrideOf(BO->getOperand(1));
        const APInt *C;
        if (A && B) {
          switch (BO->getOpcode()) {
          case Instruction::Add:
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
        Stride = StrideOf(I.getOperand(0));
      } else if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
        unsigned Bits = DL.getIndexTypeSizeInBits(GEP->getType());
        MapVector<Value *, APInt> VarOffsets;
        APInt ConstOffset(Bits, 0);
        if (!GEP->getType()->isVectorTy() &&
            GEP->collectOffset(DL, Bits, VarOffsets, ConstOffset)) {
          Stride = StrideOf(GEP->getPointerOperand());
          for (auto &[Index, Scale] : VarOffsets) {
            auto S = Stride ? StrideOf(Index) : std::nullopt;
            if (!S) {
              Stride = std::nullopt;
              break;
            }
            *Stride += *S * Scale.getSExtValue();
          }
        }
      }
      if (Stride && !isUsedAfterDivergentExit(I))
        AffineStride[&I] = *Stride;
    }
  }
}

void KernelShape::computeDivergentBlocks() {
  PostDominatorTree PDT(*F);
  SmallVector<std::pair<const BasicBlock *, const Instruction *>> Worklist;
  for (BasicBlock &BB : *F)
    if (DT->isReachableFromEntry(&BB) && UI->hasDivergentTerminator(BB))
      Worklist.push_back({&BB, BB.getTerminator()});
  // Blocks control dependent on a divergently branching or divergently
  // executed block X: those on the post-dominator tree path from a successor
  // of X up to, not including, X's immediate post-dominator.
  DenseSet<const BasicBlock *> Expanded;
  while (!Worklist.empty()) {
    auto [X, Branch] = Worklist.pop_back_val();
    if (!Expanded.insert(X).second)
      continue;
    DomTreeNode *XNode = PDT.getNode(X);
    DomTreeNode *Stop = XNode ? XNode->getIDom() : nullptr;
    for (const BasicBlock *S : successors(X)) {
      for (DomTreeNode *N = PDT.getNode(S); N && N != Stop; N = N->getIDom()) {
        const BasicBlock *Y = N->getBlock();
        if (!Y)
          break;
        if (DivergentBlocks.try_emplace(Y, Branch).second)
          Worklist.push_back({Y, Branch});
      }
    }
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

bool KernelShape::isDivergentUse(const Use &U) const {
  return UI->isDivergentUse(U);
}

bool KernelShape::isDivergentlyExecuted(const BasicBlock *BB,
                                        const Instruction **Branch) const {
  auto It = DivergentBlocks.find(BB);
  if (It == DivergentBlocks.end())
    return false;
  if (Branch)
    *Branch = It->second;
  return true;
}

bool KernelShape::invalidate(Function &, const PreservedAnalyses &PA,
                             FunctionAnalysisManager::Invalidator &) {
  auto PAC = PA.getChecker<KernelShapeAnalysis>();
  return !PAC.preserved() && !PAC.preservedSet<AllAnalysesOn<Function>>();
}

void KernelShape::print(raw_ostream &OS) const {
  OS << "sublane shapes for '" << F->getName() << "' (" << Dims << "D):\n";
  for (BasicBlock &BB : *F) {
    OS << "block ";
    BB.printAsOperand(OS, false);
    const Instruction *Branch;
    if (isDivergentlyExecuted(&BB, &Branch)) {
      OS << ": divergent (branch in ";
      Branch->getParent()->printAsOperand(OS, false);
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
        OS << ": affine(" << S.Stride << ")\n";
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

PreservedAnalyses KernelShapePrinterPass::run(Function &F,
                                              FunctionAnalysisManager &FAM) {
  if (isKernel(F))
    FAM.getResult<KernelShapeAnalysis>(F).print(OS);
  return PreservedAnalyses::all();
}

} // namespace sublane
