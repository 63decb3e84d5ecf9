//===- LoweringDecision.h - Sub-group size and variant ---------*- C++ -*-===//
//
// The one place that decides how a kernel is lowered: the size of its
// sub-groups and the variant that lowers them (cbs, hcbs, wfv).
//
// sublane-prepare calls decideLowering once per kernel, with what the kernel
// requested (its descriptor, reqd_sub_group_size, a front end's attributes)
// and the command line's defaults, and records the result in the kernel's
// attributes (attr::SubGroupSize, attr::Variant). Once the kernel's calls are
// inlined, chooseOpenSubGroupSize gives a kernel that asks for its
// sub-group and requested no size 32, and once its body is canonical,
// widenBasicRangeKernel gives a basic range kernel that never asks wider
// sub-groups. Every later pass reads the
// decision with getLowering. The one change after that is the vectorizer's
// fallback to hierarchical CBS (recordLowering from wfv's fallBack), which
// says why in a remark.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_PREPARE_LOWERINGDECISION_H
#define SUBLANE_PASSES_PREPARE_LOWERINGDECISION_H

#include "sublane/Passes/util/KernelInfo.h"
#include "llvm/IR/Function.h"
#include <optional>
#include <string>
#include <variant>

namespace sublane {

/// How a kernel is lowered.
struct KernelLowering {
  unsigned SubGroupSize = 1;
  Variant V = Variant::CBS;
};

/// What asked for a kernel's size and variant, strongest first.
struct LoweringRequest {
  /// The sub_group_size property or [[sycl::reqd_sub_group_size]]; 0: none.
  unsigned SubGroupSize = 0;
  /// A variant the kernel's descriptor asks for.
  std::optional<Variant> DescriptorVariant;
  /// attr::SubGroupSize and attr::Variant as a front end left them.
  std::optional<unsigned> AttributeSize;
  std::optional<llvm::StringRef> AttributeVariant;
  /// A basic range kernel (parallel_for over a range, no nd_range).
  bool BasicRange = false;
};

struct LoweringDecision {
  KernelLowering Lowering;
  /// Nothing requested a size: chooseOpenSubGroupSize and
  /// widenBasicRangeKernel settle it once the kernel's body is known.
  bool SizeLeftToUs = false;
  /// A basic range kernel (it cannot see its sub-groups unless it asks).
  bool BasicRange = false;
};

/// The sub-group sizes sublane lowers: 1, 4, 8, 16, 32 and 64.
bool isSupportedSubGroupSize(int64_t S);

/// The lowering \p K gets for \p Request under the command line's defaults
/// (-sublane-sg-size, -sublane-variant), or the error to report.
std::variant<LoweringDecision, std::string>
decideLowering(const llvm::Function &K, const LoweringRequest &Request);

/// Gives a kernel that requested no size and asks for its sub-group (its
/// calls inlined) getSubGroupUserSubGroupSize, 32, with a remark. Runs
/// before anything records the size in the body.
void chooseOpenSubGroupSize(llvm::Function &K, const LoweringDecision &D);

/// Gives a basic range kernel that requested no size and never asks for its
/// sub-group (its body canonical) the wider size getBasicRangeSubGroupSize
/// picks, with a remark.
void widenBasicRangeKernel(llvm::Function &K, const LoweringDecision &D);

/// The lowering recorded in \p K's attributes. Without a recorded variant:
/// cbs at size 1, hcbs above (IR that sublane-prepare has not seen). A wfv
/// kernel of size 1 is cbs: a sub-group of one lane has nothing to
/// vectorize.
KernelLowering getLowering(const llvm::Function &K);

/// Records \p L in \p K's attributes.
void recordLowering(llvm::Function &K, const KernelLowering &L);

/// Marks a wfv kernel that requested no size and never asks for its
/// sub-group (attr::SubGroupSizeOpen), once its calls are inlined: the
/// vectorizer may choose its lowering by cost alone.
void recordOpenSubGroupSize(llvm::Function &K, const LoweringDecision &D);

/// Whether \p K is so marked.
bool isSubGroupSizeOpen(const llvm::Function &K);

} // namespace sublane

#endif // SUBLANE_PASSES_PREPARE_LOWERINGDECISION_H
