//===- SubGroupVectorizer.h - One sub-group as one vector -------*- C++ -*-===//
//
// The whole-function vectorizer (variant wfv). It rewrites (a copy of) a
// prepared kernel so that one execution of its body runs a whole sub-group:
// every value that differs between the lanes of a sub-group becomes a vector of
// the sub-group size, every value that does not stays scalar. The result is
// still a kernel for work-group CBS, whose "work-items" are now sub-groups
// (docs/ir-contract.md, "Vectorized kernels").
//
// The stages, one file each:
//
//   WFVLegality.cpp        what cannot be vectorized (the fallback's reasons)
//   SparseLanes.cpp        what runs faster per work-item: loops under a
//                          branch one work-item per row takes (a cost
//                          fallback, where the size is sublane's to choose)
//   SubGroupVectorizer.cpp which values become vectors (the plan), the
//                          bodies and their blocks, the generic widening
//                          of arithmetic
//   Linearization.cpp      block order, masks, branches and phis (partial
//                          linearization), the run-time sync check
//   LaneIds.cpp            the entry, the lanes' local ids, the conditions
//                          that choose a sub-group's body
//   VectorCompares.cpp     compares of lane-affine values against uniform
//                          ones, done on the lanes' offsets
//   VectorElements.cpp     values that are vectors in each lane (sycl::vec,
//                          <2 x float> pairs): layout and element operations
//   ElementMajorPrivates.cpp  private arrays laid out for the sub-group,
//                          element by element, before shapes are computed
//   GuardVersioning.cpp    a copy without masks of the code after a bounds
//                          check, for sub-groups it holds in
//   RowTiles.cpp           loops where each lane reads along its own row,
//                          run in tiles of one vector load per lane
//   VectorMemory.cpp       loads, stores, atomics and private variables by
//                          address shape
//   MaskLanes.cpp          one lane's mask bit, and the lane of a mask only
//                          one lane can hold, in scalars
//   VectorCalls.cpp        builtins, intrinsics, replication per lane
//   VectorMath.cpp         math calls to a vector math library (SLEEF)
//   VectorCollectives.cpp  sub-group collectives as vector operations,
//                          work-group collectives as sub-group partials
//   LocalMemoryBlends.cpp  masked accesses of local memory as whole-vector
//                          ones where the target has no mask registers
//   MaskedAccessLoops.cpp  masked accesses the target lacks as loops over
//                          the active lanes
//   LaneLoops.cpp          the loop over a mask's set bits and the stack
//                          slots that calls and masked accesses share
//
// Concepts: a *lane* is a work-item of the sub-group; a *mask* (<S x i1>) says
// which lanes run a block; the *entry mask* leaves out lanes past the end of
// a partial sub-group. A block runs under the mask of the edges into it (or
// of its dominator, where the two always run together). If no branch of the
// kernel diverges, the control flow is kept and every block runs under the
// entry mask. Otherwise it is partially linearized: blocks are laid out in an
// order where each loop is contiguous, a uniform branch stays a branch, a
// divergent one runs its successors one after another (deferring the later
// one), a loop that lanes leave at different times (a *linear loop*) repeats
// while any lane continues, and phis become blends of the values coming
// along each edge. Masks and blended phis live in stack slots while the code
// is built and become SSA values when it is done. Every kernel gets two
// bodies, planned separately (BodyPlan): one for sub-groups that are full
// and lie within one row of the work-group, one for any sub-group. A kernel
// of several dimensions whose accesses run along rows also gets bodies for
// sub-groups made of 2, 4, ... whole rows: they take the general plan's
// vectors and control flow, and the shapes within one row for their memory
// accesses (one vector access per row where the lanes of a row read
// consecutive addresses).
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_WFV_SUBGROUPVECTORIZER_H
#define SUBLANE_PASSES_WFV_SUBGROUPVECTORIZER_H

#include "sublane/Passes/analysis/KernelShape.h"
#include "sublane/Passes/util/CollectiveUtils.h"
#include "sublane/Passes/util/KernelInfo.h"
#include "sublane/Passes/util/Metadata.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IR/ValueMap.h"
#include <memory>
#include <optional>
#include <string>
#include <tuple>

namespace llvm {
class TargetTransformInfo;
} // namespace llvm

namespace sublane {
namespace wfv {

using namespace llvm;

/// The elements of a value of type \p T in one lane: N for <N x T>, else 1.
unsigned getLaneElementCount(Type *T);

/// Why a kernel is not vectorized, for the remark of its fallback.
struct Refusal {
  std::string Reason;
  const Instruction *At = nullptr;
};

/// Whether \p K can be vectorized when the values in \p Vector become
/// vectors.
std::optional<Refusal> checkVectorizable(Function &K,
                                         const DenseSet<Value *> &Vector);

/// Why \p K, whose sub-group size is sublane's to choose, runs faster one
/// work-item at a time: its only repeated work is loops under a branch that
/// one work-item per row takes (SparseLanes.cpp). Null where it does not.
std::optional<Refusal> findSparselyRunLoops(Function &K, unsigned Dims,
                                            FunctionAnalysisManager &FAM);

/// Brings \p K into the form the vectorizer works on: loops simplified and
/// in LCSSA form, switches lowered to branches. Returns a refusal for
/// control flow it cannot handle (irreducible loops, invokes), before
/// changing anything.
std::optional<Refusal>
canonicalizeForVectorization(Function &K, FunctionAnalysisManager &FAM);

/// Lays out the private arrays of \p K that are accessed element by element
/// as one array for the sub-group of \p SubGroupSize lanes, element-major,
/// marked with md::ElementMajor. Returns how many it laid out.
unsigned layOutPrivatesElementMajor(Function &K, unsigned SubGroupSize);

/// Gives the code after each bounds check on the lane's id that every lane
/// of the sub-group reaches together (`if (i < n)`) a copy that sub-groups
/// where the check holds in all lanes run, free of its mask. Returns how
/// many checks it versioned, and leaves \p FAM's results for \p K current.
unsigned versionLaneGuards(Function &K, FunctionAnalysisManager &FAM);

/// Runs the loops of \p K in which each lane reads consecutive elements of
/// its own row, a row apart from its neighbours, in tiles: one load of a
/// vector register's worth of elements per lane and tile, then the steps
/// left as before. Returns the loops it tiled, and leaves \p FAM's results
/// for \p K current.
struct RowTile {
  DebugLoc Loc; ///< of the loop's first row load
  unsigned Steps;
  unsigned Loads;
};
SmallVector<RowTile, 2> tileRowLoads(Function &K, FunctionAnalysisManager &FAM);

/// Whether the body runs in a copy for full sub-groups (BodyPlan::isFull),
/// as a call in scalar code that the vectorizer makes a constant in each
/// copy: code that only pays off there (a tiled loop) is dead in the general
/// copy, where partial masks would make it slow and large.
Value *emitInFullSubGroupTest(IRBuilder<> &B);
/// Whether \p CI is that test.
bool isInFullSubGroupTest(const CallInst &CI);

/// A sub-group vote that \p Cond holds in every lane (`__sublane_sg_all`),
/// inserted in scalar code before shapes are computed: uniform in the
/// sub-group, and a reduction over the active lanes once vectorized.
Value *emitSubGroupAll(IRBuilder<> &B, Value *Cond, const Twine &Name);
/// The same for some lane (`__sublane_sg_any`).
Value *emitSubGroupAny(IRBuilder<> &B, Value *Cond, const Twine &Name);

/// One way to vectorize the body of a kernel: what it assumes of the
/// sub-group, the shapes that follow, the values that become vectors and,
/// when a branch differs between lanes, the order blocks run in.
struct BodyPlan {
  /// The sub-group is full and lies within one row of the work-group, so
  /// that ids outside the last dimension are the same in every lane.
  bool WithinRow = false;
  /// The sub-group is full and made of this many whole rows of the
  /// work-group (0: not known), each row a run of consecutive lanes.
  unsigned RowsSpanned = 0;
  bool isFull() const { return WithinRow || RowsSpanned; }
  std::shared_ptr<KernelShape> Shapes;
  /// RowsSpanned: the shapes among the lanes of one row (each row is a
  /// sub-group within a row in the eyes of this analysis).
  std::shared_ptr<KernelShape> RowShapes;
  DenseSet<Value *> VectorValues;
  /// Whether some branch differs between lanes, so that the control flow is
  /// linearized.
  bool Linearize = false;
  /// Linearized: the blocks in the order they run.
  SmallVector<BasicBlock *> Order;
  /// Linearized: the loops whose last block in Order is the key, innermost
  /// first.
  DenseMap<BasicBlock *, SmallVector<Loop *, 2>> LoopEnds;
  /// Linearized: loops that repeat while any lane continues, because lanes
  /// may leave them in different iterations, and the loops inside those.
  /// Other loops keep their back edge as a branch.
  DenseSet<const Loop *> LinearLoops;
  /// Linearized, for each block outside linear loops: the block each of its
  /// edges continues at (null: the end of the body). A divergent branch has
  /// one entry for both edges.
  DenseMap<const BasicBlock *, SmallVector<BasicBlock *, 2>> Next;
  /// Linearized: the block each outermost linear loop continues at.
  DenseMap<const Loop *, BasicBlock *> AfterLoop;
  /// Linearized: the blocks of linear loops that an iteration reaches after
  /// one of the loop's exits. The iteration in which the last lanes leave
  /// runs them too, with no lane active, also where no branch that differs
  /// between lanes leads to them (the loop's other exits are dead ends).
  DenseSet<const BasicBlock *> AfterLoopExits;
};

/// Masked loads and gathers read for one lane only, directly or through
/// blends, become one scalar load of that lane (VectorMemory.cpp). Run on a
/// vectorized body once InstCombine has folded its blends into the loads.
bool scalarizeLaneReads(Function &K);

/// Lane \p Lane of \p Mask; at a lane known only at run time, a bit of the
/// mask's integer (VectorMemory.cpp).
Value *testMaskLane(IRBuilderBase &B, Value *Mask, Value *Lane);

/// Tests of one lane's mask bit, and of masks that at most one lane holds
/// (an equality on lane ids), computed for that lane in scalars
/// (MaskLanes.cpp). Run after scalarizeLaneReads, whose tests it rewrites.
bool computeMaskLanesInScalars(Function &K);

/// One masked access, whichever of the four intrinsics it is.
struct MaskedAccess {
  IntrinsicInst *Call = nullptr;
  bool IsStore = false;
  bool PerLanePointers = false; ///< a gather or scatter
  Value *Pointer = nullptr;     ///< the base, or the vector of lanes' pointers
  Value *Mask = nullptr;
  Value *Data = nullptr; ///< the value stored, or the pass-through of a load
  Align Alignment;
  FixedVectorType *Ty = nullptr;
};
/// \p I as a masked load, store, gather or scatter of a fixed vector
/// (MaskedAccessLoops.cpp).
std::optional<MaskedAccess> matchMaskedAccess(Instruction &I);

/// The start of the work-group's local memory (a local memory builtin's
/// call) if \p Ptr, or lane 0 of a vector of addresses, points into it;
/// otherwise null. Only the work-group's work-items see local memory: they
/// run on one thread, one sub-group after another, so no other thread can
/// touch it between a load and a store (VectorMemory.cpp).
Value *getLocalMemory(Value *Ptr);

/// The element-major private array \p Ptr, or lane 0 of a vector of
/// addresses, points into; otherwise null (VectorMemory.cpp).
AllocaInst *getSubGroupArray(Value *Ptr);

/// Masked loads and stores of local memory and of the sub-group's private
/// arrays whose mask may leave lanes off, on a target without per-element
/// masks for them, become accesses of the whole vector: a load, and for a
/// store a load, a blend of the active lanes and a store, marked with
/// md::LaneBlend on local memory (LocalMemoryBlends.cpp). Run before
/// loopOverActiveLanes.
bool blendLocalMemoryAccesses(Function &K);

/// Masked loads, stores, gathers and scatters that the target has no
/// instruction for, and whose mask is not constant, become loops over their
/// active lanes (MaskedAccessLoops.cpp) instead of the backend's expansion
/// with a branch per lane. Run last on a vectorized body.
bool loopOverActiveLanes(Function &K, const TargetTransformInfo &TTI);

/// A stack slot in \p Entry for \p Lanes values of \p ElemTy, one per lane,
/// aligned for the vector that fills or reads it whole (LaneLoops.cpp).
AllocaInst *createLaneSlot(BasicBlock &Entry, Type *ElemTy, unsigned Lanes,
                           const Twine &Name);

/// A loop at \p B's insertion point that runs \p EmitLane once for each set
/// bit of \p Bits (a mask as an integer), lowest first, with the bit's
/// number as an i64; none when \p Bits is zero. What followed the insertion
/// point moves to the block after the loop, where \p B is left
/// (LaneLoops.cpp).
void emitLoopOverSetBits(IRBuilderBase &B, Value *Bits, const Twine &BodyName,
                         const Twine &ExitName,
                         function_ref<void(Value *Lane)> EmitLane);

/// Gathers and scatters of every lane that the target would expand per lane,
/// whose lanes' addresses are a scalar base plus offsets computable in
/// scalars (a stride times the lane), become one scalar access per lane
/// (StridedLaneAccesses.cpp). Run on a vectorized body once InstCombine has
/// folded its masks, before loopOverActiveLanes.
bool scalarizeStridedLaneAccesses(Function &K, const TargetTransformInfo &TTI);

/// An access that stays a gather or scatter in the copy for full sub-groups
/// within a row, where most work-items run: what the analysis remark says.
struct ScatteredAccess {
  DebugLoc Loc;
  bool IsStore;
  /// Bytes between consecutive lanes' addresses, where they are constant.
  std::optional<int64_t> LaneStride;
};

class SubGroupVectorizer {
public:
  /// \p KernelName: how run-time reports name the kernel.
  SubGroupVectorizer(Function &K, unsigned SubGroupSize, unsigned Dims,
                     StringRef KernelName);
  ~SubGroupVectorizer();

  /// The general plan, for any sub-group (the last one of a work-group may
  /// be partial, and sub-groups may span rows).
  const BodyPlan &getGeneralPlan() const { return General; }
  /// The plan for sub-groups that are full and lie within one row, which
  /// most sub-groups of most launches are.
  const BodyPlan &getRowPlan() const { return Rows; }
  /// The plans for full sub-groups made of several whole rows, where rows
  /// are short (a 2D work-group of 16x16 and sub-groups of 32 or 64).
  ArrayRef<BodyPlan> getRowBlockPlans() const { return RowBlocks; }
  /// Whether every block of \p P found its place in the order linearized
  /// code runs in (each loop contiguous); true when nothing is linearized.
  bool hasBlockOrder(const BodyPlan &P) const {
    return !P.Linearize || P.Order.size() == OldBlocks.size();
  }

  /// Rewrites K. Call only after checkVectorizable() agreed.
  void run();
  /// After run(): the gathers and scatters of the copy for full sub-groups
  /// within a row, one per place in the source.
  ArrayRef<ScatteredAccess> getScatteredAccesses() const {
    return ScatteredAccesses;
  }

private:
  // The plan (SubGroupVectorizer.cpp), block order and masks
  // (Linearization.cpp), the entry and ids (LaneIds.cpp).
  void makePlan(BodyPlan &Plan);
  bool schedule(BodyPlan &Plan, const Loop *&Failed);
  Loop *getOutermostLinearLoop(const BasicBlock *BB) const;
  /// The outermost loop an edge from \p From to \p To leaves, if any.
  Loop *getLeftLoop(const BasicBlock *From, const BasicBlock *To) const;
  void appendLoopOrder(BodyPlan &Plan, Loop *L,
                       SmallVectorImpl<BasicBlock *> &Out);
  void emitEntry();
  void emitIds();
  std::pair<Value *, Value *> emitSmallDivRem(Value *N, Value *R);
  Value *emitWithinRowCondition();
  Value *emitRowBlockCondition(unsigned Rows);
  Value *emitGlobalIdsFitInIntCondition();
  bool benefitsFromRowBlocks() const;
  void createSlots();
  BasicBlock *emitBody();
  void emitBlock(BasicBlock *BB);
  void emitTerminatorKept(BasicBlock *BB);
  void emitTerminatorLinearized(BasicBlock *BB);
  void emitEdge(BasicBlock *From, BasicBlock *Succ, Value *Edge);
  void emitMaskedEdges(BasicBlock *From, BranchInst &BI);
  BasicBlock *getEmitted(BasicBlock *Old);
  void finishPhis();
  void repairDominance();
  void promoteSlots();
  void widen(Instruction &I);
  void widenGeneric(Instruction &I);
  /// Whether \p I is an extension (or a GEP's narrow index) affine only in
  /// the lanes that run it, emitted where some lanes do not.
  bool extendsOnlyWhereRun(const Instruction &I) const;
  /// \p Narrow (a vector affine with stride \p Stride) extended by \p Op
  /// to \p WideTy as the first active lane extends it, the other lanes a
  /// stride apart: what a lane that did not run the extension would get,
  /// were it as exact there.
  Value *extendFromFirstActiveLane(Instruction::CastOps Op, Value *Narrow,
                                   Type *WideTy, int64_t Stride);
  Value *emitEdgeMask(Value *Cond, bool Taken);

  // Values of the original kernel in the new code.
  bool isVector(const Value *V) const { return P->VectorValues.contains(V); }
  Value *getScalar(Value *V);
  Value *getVector(Value *V);
  Value *getLane(Value *V, unsigned Lane);
  /// Lane \p Lane's value of \p V as a scalar, recomputed from that lane's
  /// ids where \p V is arithmetic on ids and uniform values (an address),
  /// else extracted from its vector. Clears \p Exact where it extracted: a
  /// lane that did not run the code has no value there.
  Value *getLaneScalar(Value *V, unsigned Lane, bool &Exact,
                       unsigned Depth = 0);
  /// The local id of lane \p Lane in dimension \p D, a scalar; null where
  /// the lanes' ids are not a sub-group's first one plus constants (a
  /// sub-group that may span rows).
  Value *getLaneLocalId(unsigned D, unsigned Lane);
  void setScalar(Instruction &I, Value *V);
  void setVector(Instruction &I, Value *V);
  Type *getVectorType(Type *T) const;
  /// Whether some lane of \p Mask is set; a scalar vote on the branch
  /// condition that made it, where there is one and \p ScalarVote allows.
  Value *any(Value *Mask, bool ScalarVote = true);
  /// A branch condition whose lanes make a mask, and whether the mask is
  /// where it holds (else where it fails).
  struct MaskCondition {
    Value *Cond;
    bool Holds;
  };
  std::optional<MaskCondition> getMaskCondition(const BasicBlock *BB) const;
  /// Whether every lane of the sub-group runs the block being emitted: its
  /// mask is all lanes, or the sub-group is full and the block is not under
  /// a branch that differs between lanes.
  bool everyLaneRuns() const;
  /// When the sub-group stops at a work-group barrier or collective.
  Value *getSyncGuard();
  /// With the run-time sync check: reports lanes that do not all arrive at
  /// sync point \p Sync.
  void emitLaneCheck(const Instruction &Sync, StringRef What);
  Value *splat(Value *V);
  Value *blendLanes(Value *LaneMask, Value *Taken, Value *Kept);
  Value *getLaneIds(Type *Ty);
  /// Whether \p BB may run with no lane active: only when the control flow
  /// is linearized, and not where every lane of the sub-group runs it (a
  /// sub-group has at least one lane) in an iteration some lane runs.
  bool mayBeEmpty(const BasicBlock *BB) const {
    return P->Linearize && (!BB || P->Shapes->isDivergentlyExecuted(BB) ||
                            P->AfterLoopExits.contains(BB));
  }
  /// The same for the block whose instructions are being emitted.
  bool mayBeEmpty() const { return mayBeEmpty(OldBlock); }

  /// Runs \p Body once per active lane of \p Mask, in lane order, each under
  /// a branch; collects the results of non-void bodies in a vector.
  Value *replicatePerLane(Value *Mask, Type *ResultTy,
                          function_ref<Value *(unsigned Lane)> Body);
  /// Runs \p Body only if \p Cond (a scalar i1) holds; returns its result,
  /// poison where it did not run.
  Value *emitGuarded(Value *Cond, Type *ResultTy, function_ref<Value *()> Body);

  // VectorCompares.cpp.
  /// \p Cmp of a value affine in the lane (in each row, for sub-groups of
  /// whole rows) and a uniform one, as a compare of the lanes' offsets from
  /// the base; null where it does not apply.
  Value *emitOffsetCompare(ICmpInst &Cmp);
  /// Whether \p Cond (i1) holds in all (\p All) or any of the lanes, as a
  /// scalar computed without its vector, for every lane active: where \p Cond
  /// compares ids that step by one lane with a uniform bound, tests the sign
  /// of an `|` or `&` of such ids and uniform values, or joins such compares
  /// and uniform values with `and`, `or` and `not`; null otherwise.
  Value *emitScalarVote(Value *Cond, bool All, unsigned Depth = 0);
  /// The vote on whether \p X is negative (else non-negative), in scalars.
  Value *emitScalarSignVote(Value *X, bool Negative, bool All);
  /// The vote on `X Pred Bound` where X's lanes are consecutive values and
  /// Bound is the same in every lane, in scalars; null if it is no such
  /// compare.
  Value *emitScalarCompareVote(CmpInst::Predicate Pred, Value *X, Value *Bound,
                               bool All);

  // VectorDivision.cpp.
  /// \p BO, a division or remainder of a value affine in the lane by a
  /// uniform one, with one scalar division per sub-group; null where it
  /// does not apply.
  Value *emitAffineDivRem(BinaryOperator &BO);

  // VectorElements.cpp. Lanes' <N x T> values live in one <N*S x T> vector,
  // element-major (element e of lane l at e*S + l).
  Value *extractLane(Value *Wide, unsigned Lane);
  /// The wide vector of the lanes' values \p PerLane, one per lane.
  Value *joinLanes(ArrayRef<Value *> PerLane);
  /// Element \p E of every lane, as <S x T>.
  Value *getElementLanes(Value *Wide, unsigned E);
  /// \p LaneMask (<S x i1>) for each element of a vector of type \p WideTy.
  Value *expandMask(Value *LaneMask, Type *WideTy);
  Value *toLaneMajor(Value *Wide, unsigned N);
  Value *toElementMajor(Value *Wide, unsigned N);
  Value *widenBitCast(CastInst &Cast);
  Value *selectElement(Value *Wide, unsigned N, Value *Index);
  void widenElementOp(Instruction &I);

  // VectorMemory.cpp.
  void widenLoad(LoadInst &LI);
  void widenStore(StoreInst &SI);
  void widenAtomic(Instruction &I);
  bool combineUniformAtomic(AtomicRMWInst &RMW);
  void widenAlloca(AllocaInst &AI);
  void emitUniformAccess(Instruction &I);
  bool isContiguous(Value *Ptr, Type *AccessTy) const;
  bool isContiguousInRows(Value *Ptr, Type *AccessTy) const;
  /// The lanes of row \p Row of a sub-group of whole rows.
  Value *getRowPart(Value *V, unsigned Row);
  /// The address of each row's first lane, or an empty list where one of
  /// them could not be computed for lanes that may not run.
  SmallVector<Value *, 4> getRowAddresses(Value *Ptr);
  Value *loadRows(LoadInst &L, ArrayRef<Value *> Addresses);
  void storeRows(StoreInst &St, ArrayRef<Value *> Addresses);
  Value *getGatherAddresses(Value *Ptr, uint64_t Offset = 0);
  bool isClampedAddress(Value *Ptr) const;
  /// A minimum or maximum of a value affine in the lane and a bound the
  /// lanes share, on the way to an address.
  struct LaneClamp {
    MinMaxIntrinsic *MM;
    Value *Affine;
    Value *Bound;
    /// The affine value's stride, in units of its type.
    int64_t Stride;
  };
  std::optional<int64_t> getUnclampedStride(Value *V,
                                            SmallVectorImpl<LaneClamp> &Clamps,
                                            bool &NoSignedWrap,
                                            bool &NoUnsignedWrap,
                                            unsigned Depth) const;
  Value *loadContiguousOrGather(LoadInst &L);
  std::optional<int64_t> getLaneStride(Value *Ptr) const;
  /// The distance from one lane's \p V to the next's as a scalar computed
  /// from uniform values (for pointers in bytes); null where the lanes are
  /// not evenly spaced by a uniform amount.
  Value *getUniformLaneStride(Value *V, unsigned Depth = 0);
  void noteScatteredAccess(Instruction &I, Value *Ptr);
  Value *getEndActiveLane(Value *LaneMask, bool Last);
  Value *getLastActiveLane(Value *LaneMask) {
    return getEndActiveLane(LaneMask, /*Last=*/true);
  }
  Value *getFirstActiveLane(Value *LaneMask) {
    return getEndActiveLane(LaneMask, /*Last=*/false);
  }
  void storeLastActive(StoreInst &St);
  Value *loadElements(LoadInst &L);
  /// Each lane's <N x T> from its own address, one load per lane, as the
  /// element-major vector of all lanes.
  Value *loadLaneVectorsTransposed(LoadInst &L);
  void storeElements(StoreInst &St);

  // VectorCalls.cpp.
  void widenCall(CallInst &CI);
  bool widenBuiltin(CallInst &CI);
  Value *getLocalIdVector(Value *Dim);
  Value *emitGlobalIdBase(Value *Dim);
  Value *getIdsOfLaneDimensions(CallInst &CI);
  Value *getUniformLocalId(Value *Dim);
  bool widenIntrinsic(CallInst &CI);
  CallInst *widenFieldwiseIntrinsic(CallInst &CI);
  void replicateCall(CallInst &CI, bool Masked);
  /// Whether callPerLane runs \p CI in a loop over the lanes rather than in
  /// one copy per lane.
  bool callsPerLaneInLoop(CallInst &CI) const;
  /// \p CI called once per lane (per active lane where \p Masked), each
  /// with that lane's operands; the results as a vector.
  Value *callPerLane(CallInst &CI, bool Masked);
  Value *replicateCallInLoop(CallInst &CI, bool Masked);
  /// \p CI, a call that does not return, made by the first active lane.
  void callFirstActiveLane(CallInst &CI);

  // VectorMath.cpp.
  bool widenMathCall(CallInst &CI);
  /// \p Result, SLEEF's vector of \p CI's results, with the lanes where it
  /// is NaN (\p NaN) or an infinity computed again by \p CI's own scalar
  /// function, one call per such lane.
  Value *repairSpecialResults(CallInst &CI, Value *Result, bool NaN);
  Value *freezeOperand(Value *V);

  // VectorCollectives.cpp.
  void widenCollective(CallInst &CI, const CollectiveInfo &Info);
  Value *emitSubGroupCollective(const CollectiveInfo &Info, Value *X,
                                Value *Index, Value *Mask);
  Value *emitPermute(Value *X, Value *Src);
  void emitWorkGroupCollective(CallInst &CI, const CollectiveInfo &Info);
  Value *emitSyncCall(const CallInst &Sync, Function *Callee,
                      ArrayRef<Value *> Args);

  Function &K;
  Module &M;
  LLVMContext &C;
  const DataLayout &DL;
  unsigned S;
  unsigned Dims;
  std::string KernelName;
  IRBuilder<> B;

  std::unique_ptr<DominatorTree> DT;
  std::unique_ptr<LoopInfo> LI;
  SmallVector<BasicBlock *> OldBlocks;
  /// Blocks that run under the same mask as their immediate dominator (the
  /// key), and the set of them.
  DenseMap<BasicBlock *, SmallVector<BasicBlock *, 2>> SameMask;
  DenseSet<BasicBlock *> HasSameMask;
  BodyPlan General, Rows;
  SmallVector<BodyPlan, 2> RowBlocks;
  /// The plan of the copy being emitted.
  const BodyPlan *P = nullptr;

  BasicBlock *NewEntry = nullptr;
  /// Each old block's first and last new block (replication splits them).
  DenseMap<BasicBlock *, BasicBlock *> FirstBlock, LastBlock;
  /// Linearized: where each old block collects the masks of its incoming
  /// edges, and where each phi collects its incoming values.
  DenseMap<BasicBlock *, AllocaInst *> MaskSlot;
  DenseMap<PHINode *, AllocaInst *> PhiSlot;
  /// Linearized, with the run-time sync check: the lanes that a work-group
  /// barrier went without.
  AllocaInst *MissedSlot = nullptr;
  SmallVector<AllocaInst *> Slots;
  /// Kept control flow: the new phis, filled once every block exists.
  SmallVector<std::pair<PHINode *, PHINode *>> KeptPhis;

  DenseMap<Value *, Value *> Scalars, Vectors;
  /// Lanes' vectors built from their elements' vectors (a transposed load):
  /// those parts, which getElementLanes returns rather than a shuffle of
  /// the whole.
  ValueMap<Value *, SmallVector<Value *, 16>> ElementParts;
  /// Bytes between two lanes' copies of each private variable.
  DenseMap<const AllocaInst *, uint64_t> PrivateCopySize;
  SmallVector<ScatteredAccess> ScatteredAccesses;
  DenseMap<BasicBlock *, Value *> BlockMask;
  /// Masks that are exactly one branch condition's lanes: blocks entered
  /// only from a block that every lane runs, and those that share such a
  /// block's mask. any() of them is a scalar vote where one exists.
  DenseMap<Value *, MaskCondition> MaskConditions;
  DenseMap<const BasicBlock *, MaskCondition> BlockConditions;
  Value *EntryMask = nullptr;
  Value *Mask = nullptr;                ///< the mask of the block being emitted
  const BasicBlock *OldBlock = nullptr; ///< the block being emitted
  Value *SubGroupId = nullptr, *Lanes = nullptr;
  Value *LinearIds = nullptr; ///< <S x i64> local linear ids
  /// Per dimension, <S x i64> or (the same in every lane) i64.
  Value *LocalIds[3] = {};
  /// Per dimension, lane 0's local id (i64), where the lanes' ids are it
  /// plus constants (whole rows, within a row, one dimension); the
  /// sub-group's first linear id; each global id call's group offset.
  Value *FirstLaneIds[3] = {};
  Value *LinearBase = nullptr;
  DenseMap<const Value *, Value *> GlobalIdBases;
  /// Values getLaneScalar recomputed, per value, lane and new block.
  /// Whether each was recomputed throughout (getLaneScalar's Exact).
  DenseMap<std::tuple<const Value *, unsigned, const BasicBlock *>,
           std::pair<Value *, bool>>
      LaneScalars;
};

} // namespace wfv
} // namespace sublane

#endif // SUBLANE_PASSES_WFV_SUBGROUPVECTORIZER_H
