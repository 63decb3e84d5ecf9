//===- WorkGroupCBS.h - Work-group CBS --------------------------*- C++ -*-===//
//
// `sublane-wg-cbs`: continuation-based synchronization at work-group level.
// For every prepared kernel K it builds the work-group function `K.wg`
// (signature `void (ptr closure, ptr ctx)`, see <sublane/abi.h>) and
// records it in K's descriptor.
//
// Work-group barriers cut K into regions: the code reachable from the entry
// or from a barrier without crossing another barrier. Each region is cloned
// into a loop over the work-items of the group; a state machine picks the next
// region from the barrier the items stopped at. A value used in a region
// where its definition does not dominate the use is stored in scratch: once
// per group if it is uniform, as a uniform base to recompute from the id if it
// is affine, and per work-item only if it varies. Work-item loops carry
// llvm.loop.parallel_accesses so that the loop vectorizer may widen them.
//
// One lowering for every variant: with sub-groups of one work-item (variant
// "cbs") the work-items are the loop's iterations; under hierarchical CBS
// ("hcbs") each sub-group's items run as lane loops inside it, sub-group
// barriers and collectives as combine steps between them; for a vectorized
// kernel ("wfv") the loop runs K.sg, one vectorized sub-group per iteration.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_CBS_WORKGROUPCBS_H
#define SUBLANE_PASSES_CBS_WORKGROUPCBS_H

#include "llvm/IR/PassManager.h"

namespace sublane {

class WorkGroupCBSPass : public llvm::PassInfoMixin<WorkGroupCBSPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace sublane

#endif // SUBLANE_PASSES_CBS_WORKGROUPCBS_H
