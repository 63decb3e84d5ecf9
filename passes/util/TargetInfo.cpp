//===- TargetInfo.cpp - What the passes ask of the kernel's target --------===//

#include "sublane/Passes/util/TargetInfo.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Function.h"

#include <algorithm>

using namespace llvm;

namespace sublane {

/// The sub-group size SYCL lets the implementation choose for a kernel that
/// requests none: one vector register of 32-bit lanes on the kernel's
/// target. IR without target features (hand-written, other front ends)
/// keeps sub-groups of one work-item.
unsigned getNativeSubGroupSize(const Function &K) {
  if (!K.getFnAttribute("target-features").isStringAttribute())
    return 1;
  if (hasTargetFeature(K, "+avx512f"))
    return 16;
  if (hasTargetFeature(K, "+avx2"))
    return 8;
  return 4;
}

bool hasTargetFeature(const Function &K, StringRef Feature) {
  SmallVector<StringRef> List;
  K.getFnAttribute("target-features").getValueAsString().split(List, ',');
  return is_contained(List, Feature);
}

unsigned getVectorRegisterBits(const Function &K) {
  return 32 * std::max(getNativeSubGroupSize(K), 4u);
}

/// GPU code that uses sub-groups without requesting a size was tuned at the
/// size its GPU runs: 32, a CUDA warp and the largest size Intel GPUs list.
/// Such code reads the size from the largest entry of
/// info::device::sub_group_sizes, or assumes 32 outright, so the size a
/// kernel gets and the largest size the runtime lists are both 32. It is
/// also the fastest single size of the sweep on AVX2 and AVX-512.
unsigned getSubGroupUserSubGroupSize(const Function &K) {
  return getNativeSubGroupSize(K) == 1 ? 1 : SubGroupUserDefaultSize;
}

/// A basic range kernel's sub-groups are invisible to it, so their size is a
/// pure unroll factor: four registers per 32-bit value (32 lanes with AVX2)
/// give a loop-carried chain such as a dot product's sum four independent
/// vectors, which is what GEMM's k loop needs to hide the FMA's latency
/// (2.2-3x faster than one register on AVX2, 1.4-2x on AVX-512; docs/
/// performance.md). 64 lanes cost more than they give on AVX2,
/// whose 16 registers hold too few such values, and help some kernels and
/// hurt others on AVX-512, so the size stops at 32.
unsigned getBasicRangeSubGroupSize(const Function &K) {
  unsigned Native = getNativeSubGroupSize(K);
  return Native == 1 ? 1 : std::max(Native, std::min(4 * Native, 32u));
}

} // namespace sublane
