//===- SyncPointCheck.h - Can every item sync? ------------------*- C++ -*-===//
//
// SYCL requires every work-item of a group to reach the same barriers and
// collectives of that group. This check reports the kernels that certainly
// break the rule: a barrier or collective under a branch that work-items 0
// and 1 (or, in a sub-group, its first and last lane) take differently. A
// loop whose bound depends on the id (grid-stride and lane-strided loops)
// may still run equally often for every work-item, and
// a branch on memory read at an id-dependent address (`flags[lid / 128]`)
// may still go one way for every item: where ScalarEvolution proves a loop
// uniform, the kernel is accepted silently; otherwise it is compiled under
// SYCL's rule with a warning naming the loop or branch, and the fiber engine
// and -sublane-check-sync-points catch a broken rule at run time.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_ANALYSIS_SYNCPOINTCHECK_H
#define SUBLANE_PASSES_ANALYSIS_SYNCPOINTCHECK_H

namespace llvm {
class Function;
} // namespace llvm

namespace sublane {

/// Checks the work-group sync points of kernel \p K and, when its sub-groups
/// have several lanes (\p SubGroupSize > 1), its sub-group sync points too.
/// Reports errors and warnings; returns false if there was an error.
bool checkSyncPoints(llvm::Function &K, unsigned Dims, unsigned SubGroupSize);

/// Whether lowered kernels check at run time that all work-items of a group
/// stop at the same sync point (-sublane-check-sync-points).
bool isRunTimeSyncCheckEnabled();

} // namespace sublane

#endif // SUBLANE_PASSES_ANALYSIS_SYNCPOINTCHECK_H
