// A kernel that requests no sub-group size gets the implementation's
// choice, which SYCL allows. One that uses its sub-group gets 32 on every
// target, the largest size info::device::sub_group_sizes lists (GPU code
// reads its warp size from there, or assumes 32); one that never asks for
// its sub-group keeps one vector register of 32-bit lanes (16 with AVX-512,
// 8 with AVX2, 4 otherwise). Both are vectorized. The descriptor records
// the choice (fields 5 and 6: size, variant 3 = wfv); -sublane-sg-size still
// sets another default.
// RUN: %clangxx -O2 -fpass-plugin=%plugin -I%sublane_include -S -emit-llvm %s -o - | FileCheck %s --check-prefixes=CHECK,CHECK-SSE
// RUN: %clangxx -O2 -march=x86-64-v3 -fpass-plugin=%plugin -I%sublane_include -S -emit-llvm %s -o - | FileCheck %s --check-prefixes=CHECK,CHECK-AVX2
// RUN: %clangxx -O2 -march=x86-64-v4 -fpass-plugin=%plugin -I%sublane_include -S -emit-llvm %s -o - | FileCheck %s --check-prefixes=CHECK,CHECK-AVX512
// RUN: %clangxx -O2 -march=x86-64-v4 -fpass-plugin=%plugin -Xclang -load -Xclang %plugin -mllvm -sublane-sg-size=1 -I%sublane_include -S -emit-llvm %s -o - | FileCheck %s --check-prefix=CHECK-ONE

// CHECK: uses_sg_kernel{{.*}}4descE" = internal global %struct.sublane_kernel_desc { i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 32, i32 3,
// CHECK-SSE: ignores_sg_kernel{{.*}}4descE" = internal global %struct.sublane_kernel_desc { i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 4, i32 3,
// CHECK-AVX2: ignores_sg_kernel{{.*}}4descE" = internal global %struct.sublane_kernel_desc { i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 8, i32 3,
// CHECK-AVX512: ignores_sg_kernel{{.*}}4descE" = internal global %struct.sublane_kernel_desc { i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 16, i32 3,
// CHECK-ONE: uses_sg_kernel{{.*}}4descE" = internal global %struct.sublane_kernel_desc { i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 1, i32 1,
// CHECK-ONE: ignores_sg_kernel{{.*}}4descE" = internal global %struct.sublane_kernel_desc { i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 1, i32 1,

#include <sublane/sycl.hpp>

void width(sycl::queue &q, unsigned *out, size_t n) {
  q.parallel_for<class uses_sg_kernel>(
      sycl::nd_range<1>(n, 64), [=](sycl::nd_item<1> it) {
        out[it.get_global_id(0)] =
            it.get_sub_group().get_max_local_range()[0];
      });
  q.parallel_for<class ignores_sg_kernel>(
      sycl::nd_range<1>(n, 64), [=](sycl::nd_item<1> it) {
        out[it.get_global_id(0)] = it.get_local_id(0);
      });
}
