//===- KernelShape.h - Value shapes in a kernel -----------------*- C++ -*-===//
//
// For every value of a kernel: is it the same for all work-items of a
// work-group (uniform), an affine function of the linear local id with a
// constant stride (affine: recomputable from the id), or anything else
// (varying)? And which blocks run under work-item-dependent control flow?
//
// Uniformity and sync dependence come from LLVM's GenericUniformityInfo, fed
// with our own sources of divergence (x86's TTI reports none). Two source
// sets exist: the conservative one (ids, private memory, atomics, calls with
// side effects) decides what the lowering may share between work-items; the
// provable one (ids only) decides what is reported as an error. Results of
// votes, reductions and broadcasts are uniform at their group's level.
// Control flow into dead ends (aborts) is not divergence.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_ANALYSIS_KERNELSHAPE_H
#define SUBLANE_PASSES_ANALYSIS_KERNELSHAPE_H

#include "sublane/Passes/util/KernelInfo.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/PassManager.h"
#include <memory>
#include <optional>

namespace llvm {
class BinaryOperator;
class PHINode;
class TargetTransformInfo;
} // namespace llvm

namespace sublane {

struct Shape {
  enum Kind { Uniform, Affine, Varying };
  Kind K = Varying;
  /// For Affine: value = (uniform base) + Stride * linear local id, with the
  /// stride in units of the integer type, or in bytes for pointers.
  int64_t Stride = 0;

  static Shape uniform() { return {Uniform, 0}; }
  static Shape affine(int64_t S) { return {Affine, S}; }
  static Shape varying() { return {Varying, 0}; }
  bool isUniform() const { return K == Uniform; }
  bool isAffine() const { return K == Affine; }
  bool isVarying() const { return K == Varying; }
};

enum class DivergenceSources {
  /// Ids, private memory, atomics and calls with side effects.
  Conservative,
  /// Only the work-item ids: divergence within a work-group that is certain.
  Provable,
  /// Only the lane within the sub-group: divergence within a sub-group that
  /// is certain (a branch on a local id may still be uniform per sub-group).
  ProvableWithinSubGroup,
  /// Like Conservative, for "uniform within each sub-group": the sub-group
  /// id and size and sub-group reductions, broadcasts and votes do not
  /// diverge.
  ConservativeWithinSubGroup,
  /// Like ConservativeWithinSubGroup, for sub-groups that are full and lie
  /// within one row of the work-group (its local range in the last dimension
  /// a multiple of the sub-group size): ids in the other dimensions are the
  /// same for every lane, and those in the last dimension are contiguous.
  ConservativeWithinRowSubGroup,
};

/// What the analysis may assume about how far global ids go.
enum class GlobalIdBound {
  /// Nothing: a launch may have 2^31 work-items or more in a dimension.
  None,
  /// The global ids that are contiguous along the lanes (those of the last
  /// dimension) stay below 2^31, so that they convert to `int` and back
  /// exactly. Whoever relies on it checks the launch's range, when
  /// usesGlobalIdBound() says the assumption changed a shape.
  FitsInInt,
};

class KernelShape {
public:
  /// A loop header's phi entered once from outside the loop (Start) and
  /// given Step along its only back edge.
  struct Induction {
    const llvm::Value *Start, *Step;
  };

  /// \p AlwaysUniform: values known to be uniform at the analysed level
  /// whatever they are computed from.
  KernelShape(llvm::Function &F, unsigned Dims, DivergenceSources Sources,
              GlobalIdBound Bound = GlobalIdBound::None,
              llvm::ArrayRef<const llvm::Value *> AlwaysUniform = {});
  KernelShape(KernelShape &&);
  ~KernelShape();

  Shape getShape(const llvm::Value *V) const;
  bool isUniform(const llvm::Value *V) const { return getShape(V).isUniform(); }
  /// Whether \p V is the same for every work-item that computes it, at the
  /// place it is computed. Unlike isUniform(), a value defined in a loop that
  /// work-items leave in different iterations still counts as uniform where
  /// its uses after the loop see per-item values (temporal divergence): in
  /// LCSSA form those uses are phis in the loop's exits, divergent values of
  /// their own. Values computed from it inside the loop are uniform too.
  bool isUniformWhereDefined(const llvm::Value *V) const;
  /// Whether the value seen through \p U may differ between work-items even
  /// though it is uniform where it is defined (temporal divergence).
  bool isDivergentUse(const llvm::Use &U) const;
  /// Whether \p BB is control dependent, directly or transitively, on a
  /// branch whose condition differs between work-items. If so, \p Branch is
  /// set to one such branch.
  bool isDivergentlyExecuted(const llvm::BasicBlock *BB,
                             const llvm::Instruction **Branch = nullptr) const;
  /// Every such branch, once each; empty when \p BB is not divergently
  /// executed.
  llvm::ArrayRef<const llvm::Instruction *>
  getDivergentBranches(const llvm::BasicBlock *BB) const;
  /// Whether every path from \p BB ends without reaching a return or a sync
  /// point: in an abort (`unreachable` after a noreturn call such as a failed
  /// assertion, a trap, a sanitizer's report) or in an endless loop. A
  /// branch into a dead end is not divergent control flow: the work-items
  /// that take it never reach another barrier.
  bool isDeadEnd(const llvm::BasicBlock *BB) const {
    return DeadEnds.contains(BB);
  }
  /// Whether the terminator of \p BB depends on the work-item and at least
  /// two of its targets are not dead ends.
  bool hasDivergentBranch(const llvm::BasicBlock &BB) const;
  /// Whether some value is affine only because of GlobalIdBound::FitsInInt.
  bool usesGlobalIdBound() const { return UsesGlobalIdBound; }
  /// Whether the affine extension \p V (a zext or sext, or a GEP's narrow
  /// index) keeps its operand's stride only in the items that run it: by a
  /// `zext nneg`, or an operand's nsw or nuw, which InstCombine may derive
  /// from the branch that guards the block. A lane that does not run it may
  /// wrap, so its value says nothing of the others'.
  bool isExactOnlyWhereRun(const llvm::Value *V) const {
    return ExactWhereRun.contains(V);
  }

  void print(llvm::raw_ostream &OS) const;

  /// Invalidated by any change to the function.
  bool invalidate(llvm::Function &, const llvm::PreservedAnalyses &PA,
                  llvm::FunctionAnalysisManager::Invalidator &);

private:
  void computeAffineShapes();
  /// Affine shapes with the phis of \p Inductions taking their start's
  /// stride; \p InLoopStride also gets the strides of values that are
  /// varying only where they are used after a divergent loop.
  void computeAffineShapesAssuming(
      const llvm::DenseMap<const llvm::PHINode *, Induction> &Inductions,
      llvm::DenseMap<const llvm::Value *, int64_t> &InLoopStride);
  /// The stride of a uniform (0) or affine value.
  std::optional<int64_t> getStride(const llvm::Value *V) const;
  bool isUnitStrideSource(const llvm::Value *V) const;
  bool idFitsIn(const llvm::Value *V, unsigned Bits, bool Signed);
  enum class Extension { Exact, ExactWhereRun, Inexact };
  Extension getExtension(const llvm::Value *Narrow, bool Signed);
  std::optional<int64_t> getIdentityStride(const llvm::BinaryOperator &BO);
  bool isRowUniformId(const llvm::Instruction &I) const;
  bool isUsedAfterDivergentExit(const llvm::Instruction &I) const;
  void computeDeadEnds();
  void computeDivergentBlocks();

  llvm::Function *F;
  unsigned Dims;
  /// Shapes within one sub-group (the lanes of one vector) rather than
  /// within the work-group.
  bool WithinSubGroup;
  /// Sub-groups lie within rows (ConservativeWithinRowSubGroup).
  bool WithinRow;
  GlobalIdBound Bound;
  bool UsesGlobalIdBound = false;
  llvm::DenseSet<const llvm::Value *> SourceSet, UniformSet;
  std::unique_ptr<llvm::TargetTransformInfo> TTI;
  std::unique_ptr<llvm::DominatorTree> DT;
  std::unique_ptr<llvm::CycleInfo> CI;
  std::unique_ptr<llvm::UniformityInfo> UI;
  llvm::DenseMap<const llvm::Value *, int64_t> AffineStride;
  llvm::DenseSet<const llvm::Value *> ExactWhereRun;
  /// Divergently executed block -> the divergent branches it depends on.
  llvm::DenseMap<const llvm::BasicBlock *,
                 llvm::SmallVector<const llvm::Instruction *, 2>>
      DivergentBlocks;
  llvm::DenseSet<const llvm::BasicBlock *> DeadEnds;
};

/// The conservative shape of a kernel. Dimensionality comes from the
/// attr::Dims attribute (1 when absent).
class KernelShapeAnalysis
    : public llvm::AnalysisInfoMixin<KernelShapeAnalysis> {
  friend llvm::AnalysisInfoMixin<KernelShapeAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = KernelShape;
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

/// The shape within each sub-group, what the vectorizer asks: uniform in the
/// sub-group (the sub-group id and size, sub-group reductions, broadcasts and
/// votes), affine in the lane (stride 1: contiguous; else strided), or
/// varying; divergent blocks are those under a branch on the lane.
class SubGroupShapeAnalysis
    : public llvm::AnalysisInfoMixin<SubGroupShapeAnalysis> {
  friend llvm::AnalysisInfoMixin<SubGroupShapeAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = KernelShape;
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

/// The shape within a sub-group that is full and lies within one row of the
/// work-group, in a launch whose global ids along rows fit in an `int`: the
/// assumptions of the vectorizer's fast copies of a kernel.
class SubGroupRowShapeAnalysis
    : public llvm::AnalysisInfoMixin<SubGroupRowShapeAnalysis> {
  friend llvm::AnalysisInfoMixin<SubGroupRowShapeAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = KernelShape;
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

/// `print<sublane-shape>` (ShapeAnalysis = KernelShapeAnalysis),
/// `print<sublane-sg-shape>` (SubGroupShapeAnalysis) and
/// `print<sublane-sg-row-shape>` (SubGroupRowShapeAnalysis): prints each
/// instruction's shape and the divergent blocks of each kernel, for lit tests.
template <typename ShapeAnalysis>
class ShapePrinterPass
    : public llvm::PassInfoMixin<ShapePrinterPass<ShapeAnalysis>> {
  llvm::raw_ostream &OS;

public:
  explicit ShapePrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM) {
    if (isKernel(F))
      FAM.getResult<ShapeAnalysis>(F).print(OS);
    return llvm::PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

} // namespace sublane

#endif // SUBLANE_PASSES_ANALYSIS_KERNELSHAPE_H
