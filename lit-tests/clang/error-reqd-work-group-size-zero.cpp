// A work-group size below 1 is refused where it is written: after a lambda's
// parameters and before them.
// RUN: not %clangxx -fplugin=%clang_plugin -I%sublane_include -Wno-c++23-lambda-attributes -fsyntax-only %s 2>&1 | FileCheck %s

#include <sublane/sycl.hpp>

void run(sycl::queue &q, int *out) {
  q.parallel_for(sycl::nd_range<1>(16, 4),
                 [=](sycl::nd_item<1> it) [[sycl::reqd_work_group_size(0)]] {
                   out[it.get_global_linear_id()] = 1;
                 });
  q.parallel_for(sycl::nd_range<1>(16, 4),
                 [=] [[sycl::reqd_work_group_size(-4)]] (sycl::nd_item<1> it) {
                   out[it.get_global_linear_id()] = 1;
                 });
}

// CHECK-DAG: error-reqd-work-group-size-zero.cpp:9:45: error: 'reqd_work_group_size' takes one size of at least 1 per dimension; 0 is not one
// CHECK-DAG: error-reqd-work-group-size-zero.cpp:13:24: error: 'reqd_work_group_size' takes 1 to 3 constant sizes: one size of at least 1 per dimension
