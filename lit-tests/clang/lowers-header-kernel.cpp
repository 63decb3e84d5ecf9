// clang with -fpass-plugin lowers a kernel written against the SYCL-named
// header: the descriptor gets the work-group function and the lowered flag
// (vectorized at the plain x86-64 width of 4 lanes: no size was requested).
// RUN: %clangxx -O2 -fpass-plugin=%plugin -I%sublane_include -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clangxx -O0 -fpass-plugin=%plugin -I%sublane_include -S -emit-llvm %s -o - | FileCheck %s

#include <sublane/sycl.hpp>

// CHECK: @"{{.*}}kernel_instance{{.*}}4descE" = internal global %struct.sublane_kernel_desc { i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 4, i32 3,
// CHECK-SAME: ptr @"{{.*}}5entryEPKv.wg", [3 x i64] zeroinitializer }
// CHECK: define internal void @"{{.*}}5entryEPKv.wg"(ptr
// CHECK-NOT: call {{.*}}@__sublane_
// CHECK: ret void

void scale(sycl::queue &q, float *x, size_t n) {
  q.parallel_for<class scale_kernel>(sycl::nd_range<1>(n, 64),
                                     [=](sycl::nd_item<1> it) {
                                       x[it.get_global_id(0)] *= 2.0f;
                                     });
}
