// Plugin options reach the passes from clang when the plugin is also loaded
// with -Xclang -load: the sub-group size option lands in the descriptor
// (vectorized, the default above size 1), and an unknown variant is refused
// by name.
// RUN: %clangxx -O1 -fpass-plugin=%plugin -Xclang -load -Xclang %plugin -mllvm -sublane-sg-size=16 -I%sublane_include -S -emit-llvm %s -o - | FileCheck %s
// RUN: not %clangxx -O1 -fpass-plugin=%plugin -Xclang -load -Xclang %plugin -mllvm -sublane-sg-size=16 -mllvm -sublane-variant=simd -I%sublane_include -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// The descriptor: lowered, 1D, no request, sub-group size 16, variant wfv.
// CHECK: 4descE" = internal global %struct.sublane_kernel_desc { i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 16, i32 3,
// UNKNOWN: error: kernel 'option_kernel': unknown lowering variant; use cbs, hcbs or wfv

#include <sublane/sycl.hpp>

void run(sycl::queue &q, int *out) {
  q.parallel_for<class option_kernel>(
      sycl::nd_range<1>(64, 64),
      [=](sycl::nd_item<1> it) { out[it.get_global_id(0)] = 1; });
}
