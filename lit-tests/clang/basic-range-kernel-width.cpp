// A basic range kernel that requests no sub-group size and never asks for
// its sub-group runs at 32 lanes (four AVX2 registers per float); one that
// asks for its sub-group gets 32 as every such kernel does; an nd-range
// kernel and a single task keep the target's own width, 8.
// RUN: %clangxx -O2 -fplugin=%clang_plugin -fpass-plugin=%plugin -I%sublane_include -march=x86-64-v3 -S -emit-llvm %s -o - | FileCheck %s

#include <sublane/sycl.hpp>

void run(sycl::queue &q, float *out, const float *a, unsigned *ids) {
  q.parallel_for<class wide>(sycl::range<2>(64, 64), [=](sycl::id<2> i) {
    float s = 0;
    for (int k = 0; k < 64; ++k)
      s += a[i[0] * 64 + k] * a[k * 64 + i[1]];
    out[i[0] * 64 + i[1]] = s;
  });
  q.parallel_for<class asks>(sycl::range<1>(100), [=](sycl::id<1> i) {
    ids[i] = sycl::ext::oneapi::experimental::this_sub_group()
                 .get_local_linear_id();
  });
  q.parallel_for<class nd>(sycl::nd_range<1>(128, 64),
                           [=](sycl::nd_item<1> it) {
                             out[it.get_global_id(0)] = 1;
                           });
  q.single_task<class task>([=] { out[0] = 2; });
}

// Magic, flags (1 lowered, 2 basic range kernel), dims, requested size,
// requested variant, chosen size, chosen variant (3: wfv).
// CHECK-DAG: @{{.*}}4wide{{.*}}desc{{.*}} = {{.*}}{ i32 1397509681, i32 3, i32 2, i32 0, i32 0, i32 32, i32 3,
// CHECK-DAG: @{{.*}}4asks{{.*}}desc{{.*}} = {{.*}}{ i32 1397509681, i32 3, i32 1, i32 0, i32 0, i32 32, i32 3,
// CHECK-DAG: @{{.*}}2nd{{.*}}desc{{.*}} = {{.*}}{ i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 8, i32 3,
// CHECK-DAG: @{{.*}}4task{{.*}}desc{{.*}} = {{.*}}{ i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 8, i32 3,
