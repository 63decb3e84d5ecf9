// reqd_sub_group_size on a basic range kernel, whose lambda the header wraps
// in its bounds check (and in its reducers for a reduction), still sets the
// kernel's sub-group size.
// RUN: %clangxx -O2 -fplugin=%clang_plugin -fpass-plugin=%plugin -I%sublane_include -march=x86-64-v3 -S -emit-llvm %s -o - | FileCheck %s

#include <sublane/sycl.hpp>

void run(sycl::queue &q, int *out, int *sum) {
  q.parallel_for<class range_kernel>(
      sycl::range<1>(100), [=](sycl::id<1> i) [[sycl::reqd_sub_group_size(16)]] {
        out[i] = 1;
      });
  q.parallel_for<class reduction_kernel>(
      sycl::range<1>(100), sycl::reduction(sum, sycl::plus<>()),
      [=](sycl::id<1> i, auto &r) [[sycl::reqd_sub_group_size(64)]] { r += 1; });
}

// The descriptors: magic, flags (1 lowered, 2 basic range kernel), dims,
// requested size, variant, then the chosen size (AVX2's own would be 8, a
// basic range kernel's 32).
// CHECK-DAG: @{{.*}}range_kernel{{.*}}desc{{.*}} = {{.*}}{ i32 1397509681, i32 3, i32 1, i32 0, i32 0, i32 16,
// CHECK-DAG: @{{.*}}reduction_kernel{{.*}}desc{{.*}} = {{.*}}{ i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 64,
