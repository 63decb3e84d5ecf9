// [[sycl::reqd_work_group_size(...)]] reaches the kernel's descriptor through
// the clang plugin, one size per dimension: on a functor's operator(), before
// or after a lambda's parameters, with sizes a template decides, and in SYCL
// 1.2.1's cl:: spelling.
// [[sycl::work_group_size_hint(...)]] is accepted without a warning.
// RUN: %clangxx -O2 -Wall -fplugin=%clang_plugin -fpass-plugin=%plugin -I%sublane_include -Wno-c++23-lambda-attributes -S -emit-llvm %s -o - 2>&1 | FileCheck %s

#include <sublane/sycl.hpp>

struct Functor {
  int *out;
  [[sycl::reqd_work_group_size(64)]] [[sycl::work_group_size_hint(64)]] void
  operator()(sycl::nd_item<1> it) const {
    out[it.get_global_id(0)] = 1;
  }
};

template <int Rows, int Cols> void runTemplate(sycl::queue &q, int *out) {
  q.parallel_for<class template_kernel>(
      sycl::nd_range<2>({16, 16}, {Rows, Cols}),
      [=](sycl::nd_item<2> it) [[sycl::reqd_work_group_size(Rows, Cols)]] {
        out[it.get_global_linear_id()] = 2;
      });
}
template void runTemplate<2, 8>(sycl::queue &, int *);

void run(sycl::queue &q, int *out) {
  q.parallel_for<class functor_kernel>(sycl::nd_range<1>(64, 64), Functor{out});
  q.parallel_for<class before_kernel>(
      sycl::nd_range<3>({4, 4, 4}, {1, 2, 4}),
      [=] [[sycl::reqd_work_group_size(1, 2, 4)]] (sycl::nd_item<3> it) {
        out[it.get_global_linear_id()] = 3;
      });
  q.parallel_for<class after_kernel>(
      sycl::nd_range<2>({8, 8}, {4, 8}),
      [=](sycl::nd_item<2> it) [[sycl::work_group_size_hint(4, 8)]]
      [[sycl::reqd_work_group_size(4, 8)]] {
        out[it.get_global_linear_id()] = 4;
      });
  q.parallel_for<class cl_kernel>(
      sycl::nd_range<1>(64, 32),
      [=](sycl::nd_item<1> it) [[cl::reqd_work_group_size(32)]] {
        out[it.get_global_id(0)] = 6;
      });
  q.parallel_for<class plain_kernel>(sycl::nd_range<1>(64, 64),
                                     [=](sycl::nd_item<1> it) {
                                       out[it.get_global_id(0)] = 5;
                                     });
}

// CHECK-NOT: warning
// CHECK-NOT: error
// The last field of each descriptor: the required work-group size.
// CHECK-DAG: @{{.*}}functor_kernel{{.*}}desc{{.*}} = {{.*}}, [3 x i64] [i64 64, i64 0, i64 0] }
// CHECK-DAG: @{{.*}}template_kernel{{.*}}desc{{.*}} = {{.*}}, [3 x i64] [i64 2, i64 8, i64 0] }
// CHECK-DAG: @{{.*}}before_kernel{{.*}}desc{{.*}} = {{.*}}, [3 x i64] [i64 1, i64 2, i64 4] }
// CHECK-DAG: @{{.*}}after_kernel{{.*}}desc{{.*}} = {{.*}}, [3 x i64] [i64 4, i64 8, i64 0] }
// CHECK-DAG: @{{.*}}cl_kernel{{.*}}desc{{.*}} = {{.*}}, [3 x i64] [i64 32, i64 0, i64 0] }
// CHECK-DAG: @{{.*}}plain_kernel{{.*}}desc{{.*}} = {{.*}}, [3 x i64] zeroinitializer }
