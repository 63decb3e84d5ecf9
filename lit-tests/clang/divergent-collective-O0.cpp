// A sub-group collective under a branch on the lane is refused at -O0 as at
// -O2: at -O0 the lane reaches the branch through id<1> and its accessor
// calls, which sublane-prepare inlines before the analysis looks.
// RUN: not %clangxx -O0 -Rpass-missed=sublane -fpass-plugin=%plugin -I%sublane_include -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not %clangxx -O2 -Rpass-missed=sublane -fpass-plugin=%plugin -I%sublane_include -c %s -o /dev/null 2>&1 | FileCheck %s

#include <sublane/sycl.hpp>

namespace xo = sycl::ext::oneapi::experimental;

void run(sycl::queue &q, int *out) {
  q.parallel_for<class lane_zero_reduce>(
      sycl::nd_range<1>(64, 64), xo::properties{xo::sub_group_size<16>},
      [=](sycl::nd_item<1> it) {
        auto sg = it.get_sub_group();
        int r = 0;
        if (sg.get_local_id()[0] == 0)
          r = sycl::reduce_over_group(sg, 1, sycl::plus<>());
        out[it.get_global_id(0)] = r;
      });
}

// CHECK: divergent-collective-O0.cpp:18:15: error: kernel 'lane_zero_reduce': sub-group collective in divergent control flow: the branch at line 17 depends on the work-item id, so not every work-item of the sub-group reaches it
