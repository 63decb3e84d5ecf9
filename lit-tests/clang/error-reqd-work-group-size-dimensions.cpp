// reqd_work_group_size gives one size per dimension of the kernel's range;
// another count is an error naming the kernel and the attribute's place.
// RUN: not %clangxx -O2 -fplugin=%clang_plugin -fpass-plugin=%plugin -I%sublane_include -S -emit-llvm %s -o /dev/null 2>&1 | FileCheck %s

#include <sublane/sycl.hpp>

void run(sycl::queue &q, int *out) {
  q.parallel_for(sycl::nd_range<2>({16, 16}, {4, 4}),
                 [=](sycl::nd_item<2> it) [[sycl::reqd_work_group_size(16)]] {
                   out[it.get_global_linear_id()] = 1;
                 });
}

// CHECK: error: kernel '(lambda at {{.*}}error-reqd-work-group-size-dimensions.cpp:9:18)': reqd_work_group_size(16) ({{.*}}error-reqd-work-group-size-dimensions.cpp:9) gives 1 size(s) for a kernel of 2 dimension(s); give one per dimension
