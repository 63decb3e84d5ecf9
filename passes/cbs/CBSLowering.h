//===- CBSLowering.h - What work-group CBS builds K.wg with -----*- C++ -*-===//
//
// The lowering of one kernel K into its work-group function K.wg, shared by
// the stages in this folder: the sync points where work-items meet, the
// regions between them, the slots that carry values live across them, and
// the state each stage leaves for the next.
// WorkGroupCBS.cpp runs the stages in order (CBSLowering::run); each stage
// has a file of its own:
//
//   Setup.cpp          K.wg's set-up block, group-uniform builtins, hoisting
//   Collectives.cpp    collectives as array stores and loads, work-group
//                      combine steps
//   IdExpressions.cpp  id expressions recomputed at their uses
//   Regions.cpp        sync points split out, regions formed and cloned
//   PrivateMemory.cpp  private variables kept per work-item
//   ItemLoops.cpp      work-item loops, their metadata, varying builtins
//   Dispatch.cpp       the state machine between regions, sync-point checks
//   LiveValues.cpp     slots for values live across sync points
//   ReturnedItems.cpp  work-items that return before a barrier the others
//                      reach, passed over by later regions
//   AtomicCombining.cpp  atomics on one address combined per work-group or
//                      per call
//   HierarchicalCBS.cpp  lane loops and sub-group combine steps
//   FullSubGroupLoops.cpp  vectorized kernels' loops over full
//                      sub-groups, reductions batched across sub-groups
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_CBS_CBSLOWERING_H
#define SUBLANE_PASSES_CBS_CBSLOWERING_H

#include "sublane/Passes/analysis/KernelShape.h"
#include "sublane/Passes/util/CollectiveUtils.h"
#include "sublane/Passes/util/KernelInfo.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace sublane {
namespace cbs {

using namespace llvm;

struct Region {
  unsigned Id;
  BasicBlock *Entry;
  SmallVector<BasicBlock *> Blocks;
  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *> Clones;
  SmallVector<BasicBlock *, 3> Headers, Latches;
  BasicBlock *Preheader = nullptr;
  BasicBlock *InnerHeader = nullptr;
  BasicBlock *InnerLatch = nullptr;
  BasicBlock *Exit = nullptr;
  /// Where this work-item leaves the region (the barrier's number, or past
  /// the last region for a return), and the region's next state: the maximum
  /// over its items, a reduction the loop vectorizer knows. (A plain live-out
  /// would stop it; all items leave the same way anyway.)
  PHINode *ItemExit = nullptr;
  Value *NextState = nullptr;
  /// With -sublane-check-sync-points: the minimum too.
  Value *MinState = nullptr;
  Value *Ids[3] = {};
  Value *LinearId = nullptr;
  Value *Lane = nullptr; ///< hierarchical only
  MDNode *AccessGroup = nullptr;
  DenseMap<Instruction *, Value *> HeaderLoads;
  /// The sync points at which work-items leave this region.
  SmallVector<unsigned, 2> ExitSyncs;
  /// Whether work-items can return in this region.
  bool Returns = false;
  /// Vectorized: the sub-group sizes (i64) computed in the region's loop.
  SmallVector<Value *, 2> LaneCounts;
};

/// Where work-items meet: a barrier or a collective. Sync point i (from 1)
/// ends the regions that reach it and starts region i.
struct SyncPoint {
  unsigned Id;
  BasicBlock *Block;
  BuiltinKind Kind;
  /// Whether all work-items of the group meet here (else those of a
  /// sub-group).
  bool WorkGroupLevel;
  std::optional<CollectiveInfo> Info; ///< for collectives
  /// Per-item arrays: the value operand, the index operand, the result
  /// (one element where every item gets the same result).
  Value *In = nullptr, *Index = nullptr, *Out = nullptr;
  /// A work-group reduction's running value, which each item combines its
  /// operand into as it reaches the sync point (no operand array).
  Value *Acc = nullptr;
  /// How many running values Acc holds, which consecutive items combine
  /// into in turn: several for vectors of partial values (vectorized
  /// sub-groups) that fill few registers, so that one sub-group's combine
  /// does not wait for the previous one's.
  unsigned AccParts = 1;
  /// The index operand when it is a constant (shifts, xor masks).
  std::optional<uint64_t> ConstIndex;
};

/// Where a value live across barriers is kept.
struct Slot {
  Shape S;
  Value *Address = nullptr; ///< array base (varying) or slot (others)
  Type *Ty = nullptr;
  /// For a uniform or affine value that a region both defines and reloads:
  /// the slot that region writes, copied to Address when its item loop ends,
  /// so that later items still read the value from before the region.
  Value *NextAddress = nullptr;
  SmallPtrSet<Region *, 2> WritesNext;
  /// A varying value that is uniform within each sub-group: one element per
  /// sub-group, indexed by the sub-group id. When a lane loop both
  /// redefines and reloads it, NextAddress is a second such array, written
  /// by that loop and published when it ends, as for uniform slots above.
  bool PerSubGroup = false;
};

class CBSLowering {
public:
  CBSLowering(Function &K)
      : K(K), M(*K.getParent()), C(K.getContext()), DL(M.getDataLayout()) {}
  /// Builds K.wg; returns it, or null after reporting why it cannot.
  Function *run();

private:
  bool checkKernel();
  void createWorkGroupFunction();
  void emitSetup();
  void lowerUniformBuiltins();
  Value *getGroupLocalMemory();
  Value *lowerSingleLaneCollective(IRBuilder<> &B, const CollectiveInfo &Info,
                                   Value *X);
  void hoistGroupInvariants();
  bool isIdExpression(Instruction *I, const KernelShape &Shape,
                      DenseMap<Instruction *, unsigned> &Sizes);
  void rematerializeIdExpressions();
  void dissolveIdFreezes();
  void lowerCollectivesToArrays();
  Function *getLinearIdFunction();
  void splitSyncPoints();
  void formRegions();
  void privatizeAllocas();
  void cloneRegions();
  void buildItemLoops(Region &R);
  std::string beginRegionLoop(Region &R);
  MDNode *makeParallelLoopID(Region &R);
  void buildLaneLoop(Region &R);
  void trackMinimumExit(Region &R, BasicBlock *Preheader);
  void emitSyncCheck(IRBuilder<> &B, Value *A, Value *Bv);
  Constant *getSyncNames();
  void buildFlatDispatch();
  void dropEmptySwitch(SwitchInst *SW);
  void addCombineStep(SwitchInst *From, SyncPoint &SP, BasicBlock *Next,
                      PHINode *State);
  void connectRegions(SwitchInst *Entry, BasicBlock *After, PHINode *Reached);
  void buildHierarchicalDispatch();
  void emitWorkGroupCombine(IRBuilder<> &B, SyncPoint &SP);
  void emitSubGroupCombine(IRBuilder<> &B, SyncPoint &SP);
  Value *emitLoop(IRBuilder<> &B, Value *Count, Value *Init,
                  function_ref<Value *(IRBuilder<> &, Value *, Value *)> Body,
                  const Twine &Name);
  /// Puts \p I, an access to the lowering's own scratch, in the live-value
  /// alias scope; clones of it stay there.
  void markLiveValueAccess(Instruction *I);
  /// Puts \p I, an access to a work-group reduction's running values, in
  /// their own scope: disjoint from the other live values, so that a live
  /// value stored in the loop over items does not keep LLVM from holding
  /// the running values in registers there.
  void markRunningValueAccess(Instruction *I);
  /// Whether \p I accesses the lowering's own scratch (either scope).
  bool isScratchAccess(const Instruction &I) const;
  void createScratchScopes();
  void redirectRegionExits(Region &R);
  void planReturnedItems(const KernelShape &Shape);
  void skipReturnedItems(Region &R);
  void recordReturnedItems(Region &R);
  /// \p ItemExit as the minimum over items counts it: a returned item not
  /// at all.
  Value *getItemExitState(IRBuilder<> &B, Value *ItemExit);
  /// The state a group goes on from, given the furthest \p Reached: the end
  /// where every item returned (\p Reached is \p NoneReached).
  Value *getGroupState(IRBuilder<> &B, Value *Reached, uint32_t NoneReached);
  void lowerVaryingBuiltins(Region &R);
  void buildDispatch();
  void repairCrossRegionUses(const KernelShape &Shape,
                             const KernelShape *SubGroupShape);
  void tagParallelAccesses(Region &R);
  void separateLiveValuesFromUserMemory();
  void specializeFullSubGroups();
  void loopOverFullSubGroups();
  unsigned batchReductions(Region &R, ValueToValueMapTy &VMap,
                           SmallVectorImpl<BasicBlock *> &Copies);
  void giveLoopsOwnIDs(ArrayRef<BasicBlock *> Blocks);
  /// A region's loop: preheader, headers, body, latches, exit.
  static SmallVector<BasicBlock *> getLoopBlocks(const Region &R);
  /// Copies of \p Blocks in K.wg (names + \p Suffix), remapped among
  /// themselves through \p VMap; returns them in the same order.
  SmallVector<BasicBlock *> cloneBlocks(ArrayRef<BasicBlock *> Blocks,
                                        ValueToValueMapTy &VMap,
                                        const Twine &Suffix);
  void loopOverGroups();
  void combineUniformAtomics();
  /// Work-item loops that LLVM 19's vectorizer would miscompile (a division
  /// the same in every iteration under a branch) stay scalar.
  void keepMiscompiledDivisionsScalar();
  void deleteOriginalBlocks();
  void layoutBlocks();
  void completeDescriptor();
  void remarkLowered();

  Value *allocateScratch(uint64_t BytesPerItem, bool PerItem,
                         const Twine &Name);
  Value *dimSelect(IRBuilder<> &B, Value *Dim, ArrayRef<Value *> PerDim,
                   Value *Default);
  Value *loadLive(IRBuilder<> &B, Instruction *Orig, const Slot &S, Region &R);
  void storeLive(Instruction *Clone, const Slot &S, Region &R);
  bool isReachableInRegion(BasicBlock *From, BasicBlock *To,
                           const Region &R) const;
  void publishAtRegionEnd(const Slot &S, Region &R);
  SmallVector<SmallPtrSet<Region *, 8>> getWorkGroupSpans();
  Value *scaledId(IRBuilder<> &B, Region &R, Type *Ty, int64_t Stride);

  Function &K;
  Module &M;
  LLVMContext &C;
  const DataLayout &DL;
  unsigned Dims = 1;
  Function *W = nullptr;
  BasicBlock *Setup = nullptr;
  BasicBlock *Dispatch = nullptr;
  BasicBlock *Done = nullptr;
  /// Flat dispatch: where every region's loops end (its phi is the state
  /// they reached).
  BasicBlock *AfterRegion = nullptr;
  /// The loop over a call's groups: its entry (what does not change from
  /// group to group) and its return.
  BasicBlock *GroupsEntry = nullptr, *GroupsExit = nullptr;
  /// Blocks of the state machine and combine steps, for the final layout.
  SmallVector<BasicBlock *> AfterBlocks, CombineBlocks;
  Value *GroupId[3] = {}, *LocalRange[3] = {}, *GroupRange[3] = {};
  /// The current group's ids for the run-time checks' reports ([3 x i64]).
  Value *GroupIdArray = nullptr;
  Value *GlobalRange[3] = {}, *GlobalIdBase[3] = {};
  Value *LocalMem = nullptr, *Scratch = nullptr, *WorkGroupSize = nullptr;
  Value *ScratchOffset = nullptr; ///< running i64 offset, in setup
  unsigned ScratchArrays = 0;
  uint64_t ScratchBytesPerItem = 0, ScratchUniformBytes = 0;
  /// The kernel's group local memory, once lowered.
  Value *GroupLocalMemory = nullptr;
  /// Remarks on what the lowering costs (-Rpass=sublane,
  /// -Rpass-analysis=sublane): created with K.wg.
  std::unique_ptr<OptimizationRemarkEmitter> ORE;
  /// Live values by where they are kept, for the summary remark.
  unsigned LiveUniform = 0, LiveRecomputed = 0, LivePerSubGroup = 0,
           LivePerItem = 0, PrivatePerItem = 0;

  /// Variant hcbs: regions run as loops over the lanes of one sub-group of
  /// SubGroupSize lanes, inside a loop over the sub-groups.
  bool Hierarchical = false;
  /// Whether the hierarchical variant needs its lane loops: only when some
  /// sync point is a sub-group's. Without one, work-items run in flat loops
  /// as at size 1, with sub-group ids computed from the linear id.
  bool LaneLoops = false;
  unsigned SubGroupSize = 1;
  /// Variant wfv: the vectorizer has rewritten the kernel so that its body
  /// runs a whole sub-group. Regions then loop over sub-groups, and
  /// "per item" means per sub-group.
  bool Vectorized = false;
  /// What the region loops iterate over: work-items, or sub-groups when
  /// Vectorized (i64).
  Value *ItemCount = nullptr;
  Value *SubGroupCount = nullptr; ///< sub-groups in the work-group (i64)
  /// Elements of each per-item array: the work-group size rounded up to a
  /// multiple of the sub-group size, so that whole sub-groups load as vectors.
  Value *ItemCapacity = nullptr;
  /// In the hierarchical loops: the current sub-group, its first linear id
  /// and its size.
  Value *SubGroup = nullptr, *SubGroupBase = nullptr, *SubGroupLanes = nullptr;
  Constant *SyncNames = nullptr, *KernelNameString = nullptr;
  /// The state machine's pieces that specialization rewires: the switch
  /// that starts regions (flat) or lane loops (hierarchical), and the phi of
  /// the state regions leave with.
  BasicBlock *SubGroupHeader = nullptr;
  SwitchInst *SubGroupSwitch = nullptr;
  SwitchInst *RegionSwitch = nullptr;
  PHINode *ReachedPhi = nullptr;

  SmallVector<SyncPoint> Syncs; ///< index j-1 for sync point j
  DenseMap<BasicBlock *, unsigned> SyncIndex;
  DenseMap<CallBase *, unsigned> CollectiveSync;
  /// Loads of collective results that are the same across a sub-group.
  SmallVector<const Value *> SubGroupUniformResults;
  /// Blocks of the kernel (before cloning) inside a loop.
  DenseSet<BasicBlock *> BlocksInCycles;
  SmallVector<BasicBlock *> OriginalBlocks;
  DenseSet<BasicBlock *> OriginalBlockSet;
  SmallVector<std::unique_ptr<Region>> Regions;
  DenseMap<Instruction *, std::pair<Instruction *, Region *>> CloneOrigin;
  unsigned ExitState = 0;
  /// Where work-items may return while others go on to a barrier: one flag
  /// per item (per sub-group, vectorized), set once it has returned, and a
  /// return leaves state 0 (ReturnedItems.cpp).
  Value *ReturnedItems = nullptr;
  /// The alias scope of the lowering's own scratch accesses (live values,
  /// collective operands and results), which no user access can touch.
  MDNode *LiveValueScope = nullptr;
  /// The alias scope of the running values' accesses, in the same domain.
  /// Every item of a region updates them, so these accesses are also the
  /// ones not parallel across items.
  MDNode *RunningValueScope = nullptr;
};

/// A loop's identity: a distinct node naming itself first, then \p Props
/// (ItemLoops.cpp).
MDNode *makeLoopID(LLVMContext &C, ArrayRef<Metadata *> Props);

} // namespace cbs
} // namespace sublane

#endif // SUBLANE_PASSES_CBS_CBSLOWERING_H
