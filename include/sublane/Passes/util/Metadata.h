//===- Metadata.h - The names of sublane's metadata -------------*- C++ -*-===//
//
// Every metadata kind and loop property the passes attach for one another,
// and the names of LLVM's loop metadata they write: one home for names that
// one stage writes and a later one, or LLVM, reads.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_UTIL_METADATA_H
#define SUBLANE_PASSES_UTIL_METADATA_H

namespace sublane {
namespace md {

//===-- On instructions of a vectorized body ------------------------------===//

/// On an alloca of a vectorized body being built: the private variable of
/// every lane of the sub-group, element-major (the sub-group's, not a
/// lane's: docs/passes.md, sublane-wfv).
inline constexpr const char *ElementMajor = "sublane.element_major";

/// On the alloca of an element-major private array in a vectorized body: the
/// array of the whole sub-group (wfv/ElementMajorPrivates.cpp), which a
/// vector access at an index the lanes share covers only its lanes' elements
/// of.
inline constexpr const char *SubGroupArray = "sublane.sub_group_array";

/// On the load and the store of a masked store to local memory made whole
/// (docs/passes.md, sublane-wfv): the store writes the inactive lanes' bytes
/// back as the load read them, which other sub-groups' accesses must not
/// come between, so they stay out of the region's parallel access group.
inline constexpr const char *LaneBlend = "sublane.lane_blend";

/// On the loads and stores of an atomic on local memory made a plain
/// read-modify-write (docs/passes.md, sublane-wfv): other sub-groups may
/// update the same address, so they stay out of the region's parallel
/// access group too.
inline constexpr const char *PlainAtomic = "sublane.plain_atomic";

/// On the loads of the steps a tiled loop runs after its tiles
/// (wfv/RowTiles.cpp): they still gather, but most of the loop does not.
inline constexpr const char *RowTileRemainder = "sublane.row_tile_remainder";

//===-- Loop properties (llvm.loop metadata) ------------------------------===//

/// On the inner loops of a nest sublane-prepare unrolled.
inline constexpr const char *UnrolledNestLoop = "sublane.unroll.in_nest";

/// On every loop over a region's work-items or sub-groups that
/// sublane-wg-cbs builds: each entry into the loop runs it at most
/// MaxWorkGroupSize times, the contract's largest work-group
/// (late/IdleTailExit.cpp relies on it).
inline constexpr const char *WorkGroupItemLoop =
    "sublane.loop.work_group_items";

/// On the loop over a region's full sub-groups: its iterations are
/// sub-groups of one region, whose accesses tagged with the loop's parallel
/// access group are independent (late/JamSubGroupLoops.cpp relies on it).
inline constexpr const char *FullSubGroupLoop = "sublane.loop.full_sub_groups";

/// LLVM's loop metadata that CBS writes on the loops it builds.
inline constexpr const char *LLVMParallelAccesses =
    "llvm.loop.parallel_accesses";
inline constexpr const char *LLVMInterleaveCount = "llvm.loop.interleave.count";
inline constexpr const char *LLVMVectorizeWidth = "llvm.loop.vectorize.width";
inline constexpr const char *LLVMUnrollDisable = "llvm.loop.unroll.disable";
inline constexpr const char *LLVMUnrollRuntimeDisable =
    "llvm.loop.unroll.runtime.disable";

} // namespace md
} // namespace sublane

#endif // SUBLANE_PASSES_UTIL_METADATA_H
