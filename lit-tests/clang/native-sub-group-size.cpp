// A kernel that requests no sub-group size gets the implementation's
// choice, which SYCL allows: one vector register of 32-bit lanes on the
// kernel's target (16 with AVX-512, 8 with AVX2, 4 otherwise), vectorized.
// The descriptor records it (fields 5 and 6: size, variant 3 = wfv);
// -sublane-sg-size still sets another default.
// RUN: %clangxx -O2 -fpass-plugin=%plugin -I%sublane_include -S -emit-llvm %s -o - | FileCheck %s --check-prefix=CHECK-SSE
// RUN: %clangxx -O2 -march=x86-64-v3 -fpass-plugin=%plugin -I%sublane_include -S -emit-llvm %s -o - | FileCheck %s --check-prefix=CHECK-AVX2
// RUN: %clangxx -O2 -march=x86-64-v4 -fpass-plugin=%plugin -I%sublane_include -S -emit-llvm %s -o - | FileCheck %s --check-prefix=CHECK-AVX512
// RUN: %clangxx -O2 -march=x86-64-v4 -fpass-plugin=%plugin -Xclang -load -Xclang %plugin -mllvm -sublane-sg-size=1 -I%sublane_include -S -emit-llvm %s -o - | FileCheck %s --check-prefix=CHECK-ONE

// CHECK-SSE: 4descE" = internal global %struct.sublane_kernel_desc { i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 4, i32 3,
// CHECK-AVX2: 4descE" = internal global %struct.sublane_kernel_desc { i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 8, i32 3,
// CHECK-AVX512: 4descE" = internal global %struct.sublane_kernel_desc { i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 16, i32 3,
// CHECK-ONE: 4descE" = internal global %struct.sublane_kernel_desc { i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 1, i32 1,

#include <sublane/sycl.hpp>

void width(sycl::queue &q, unsigned *out, size_t n) {
  q.parallel_for<class width_kernel>(
      sycl::nd_range<1>(n, 64), [=](sycl::nd_item<1> it) {
        out[it.get_global_id(0)] =
            it.get_sub_group().get_max_local_range()[0];
      });
}
