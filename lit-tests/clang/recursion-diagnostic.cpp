// Recursion that reaches a barrier is refused at compile time.
// RUN: not %clangxx -O1 -fpass-plugin=%plugin -I%sublane_include -c %s -o /dev/null 2>&1 | FileCheck %s

#include <sublane/sycl.hpp>

// CHECK: error: kernel 'recursive_kernel': recursive call to 'sync_times(int)' reaches '__sublane_wg_barrier'

__attribute__((noinline)) void sync_times(int n) {
  if (n <= 0)
    return;
  sycl::group_barrier(sycl::group<1>());
  sync_times(n - 1);
}

void run(sycl::queue &q, int *out) {
  q.parallel_for<class recursive_kernel>(
      sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> it) {
        sync_times(3);
        out[it.get_global_id(0)] = 1;
      });
}
