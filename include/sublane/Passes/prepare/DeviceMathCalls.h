//===- DeviceMathCalls.h - Math calls without errno -------------*- C++ -*-===//
//
// `sublane-device-math`: C math library calls in a kernel (sqrtf, expf,
// fdim...) lose the one side effect they have, errno, which device code
// cannot read (SYCL 2020 has no errno on the device). Such a call becomes
// LLVM's intrinsic where there is one (sqrtf -> llvm.sqrt.f32) and is marked
// as touching no memory otherwise. Without this, clang's default
// -fmath-errno keeps them library calls that write memory: the vectorizer
// then calls them once per lane behind a branch on the lane's mask bit, and
// the loop vectorizer leaves the work-item loops of size 1 scalar. Runs on
// kernels only, after sublane-prepare has inlined their callees, so host code
// keeps errno.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_PREPARE_DEVICEMATHCALLS_H
#define SUBLANE_PASSES_PREPARE_DEVICEMATHCALLS_H

#include "llvm/IR/PassManager.h"

namespace sublane {

class DeviceMathCallsPass : public llvm::PassInfoMixin<DeviceMathCallsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace sublane

#endif // SUBLANE_PASSES_PREPARE_DEVICEMATHCALLS_H
