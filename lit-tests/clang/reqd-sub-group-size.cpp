// [[sycl::reqd_sub_group_size(N)]] and [[intel::reqd_sub_group_size(N)]]
// reach the passes through the clang plugin: on a functor's operator() and
// before a lambda's parameters they set the kernel's sub-group size.
// RUN: %clangxx -O2 -fplugin=%clang_plugin -fpass-plugin=%plugin -I%sublane_include -Wno-c++23-lambda-attributes -S -emit-llvm %s -o - | FileCheck %s

#include <sublane/sycl.hpp>

struct Functor {
  int *out;
  [[sycl::reqd_sub_group_size(16)]] void
  operator()(sycl::nd_item<1> it) const {
    out[it.get_global_id(0)] = 1;
  }
};

void run(sycl::queue &q, int *out) {
  q.parallel_for<class functor_kernel>(sycl::nd_range<1>(64, 64), Functor{out});
  q.parallel_for<class lambda_kernel>(
      sycl::nd_range<1>(64, 64),
      [=] [[intel::reqd_sub_group_size(8)]] (sycl::nd_item<1> it) {
        out[it.get_global_id(0)] = 2;
      });
}

// The descriptors: magic, lowered flag, dims, requested size, variant, then
// the chosen size.
// CHECK-DAG: @{{.*}}functor_kernel{{.*}}desc{{.*}} = {{.*}}{ i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 16,
// CHECK-DAG: @{{.*}}lambda_kernel{{.*}}desc{{.*}} = {{.*}}{ i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 8,
