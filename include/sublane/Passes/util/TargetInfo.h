//===- TargetInfo.h - What the passes ask of a kernel's target --*- C++ -*-===//
//
// The facts about a kernel's target that decide widths: its vector
// registers, the sub-group size the implementation picks, and the features
// that the vector math library and the masked-store lowering depend on, all
// read from the kernel's "target-features" here (TargetTransformInfo answers
// the cost questions where a pass has it).
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_UTIL_TARGETINFO_H
#define SUBLANE_PASSES_UTIL_TARGETINFO_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class Function;
} // namespace llvm

namespace sublane {

/// The sub-group size SYCL lets the implementation choose for a kernel that
/// requests none, one vector register of 32-bit lanes on \p K's target
/// (16 with AVX-512, 8 with AVX2, 4 otherwise); 1 for IR without target
/// features.
unsigned getNativeSubGroupSize(const llvm::Function &K);
/// Whether \p K's "target-features" attribute lists \p Feature ("+avx2").
bool hasTargetFeature(const llvm::Function &K, llvm::StringRef Feature);
/// The bits of one vector register of \p K's target: 512 with AVX-512, 256
/// with AVX2, and SSE2's 128 otherwise (also for IR without target
/// features, which x86-64 code still runs on).
unsigned getVectorRegisterBits(const llvm::Function &K);
/// The sub-group size of a kernel that asks for its sub-group and requests
/// no size: SubGroupUserDefaultSize, the largest size the runtime lists in
/// info::device::sub_group_sizes; 1 for IR without target features.
unsigned getSubGroupUserSubGroupSize(const llvm::Function &K);
/// Keep in step with sublane::device_info::default_sub_group_size.
inline constexpr unsigned SubGroupUserDefaultSize = 32;
/// The sub-group size of a basic range kernel that requests none and never
/// asks for its sub-group: the native size times the registers per value
/// that pay off.
unsigned getBasicRangeSubGroupSize(const llvm::Function &K);

} // namespace sublane

#endif // SUBLANE_PASSES_UTIL_TARGETINFO_H
