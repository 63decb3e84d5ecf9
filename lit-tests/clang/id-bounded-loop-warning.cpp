// A lane-strided loop around a collective whose step is the sub-group's run-
// time size compiles with a warning naming the loop (at -O0 as at -O2); one
// whose step is the fixed sub-group size is proven and compiles silently.
// RUN: %clangxx -O0 -Rpass-missed=sublane -fpass-plugin=%plugin -I%sublane_include -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clangxx -O2 -Rpass-missed=sublane -fpass-plugin=%plugin -I%sublane_include -c %s -o /dev/null 2>&1 | FileCheck %s

#include <sublane/sycl.hpp>

namespace xo = sycl::ext::oneapi::experimental;

void run(sycl::queue &q, const float *in, float *out) {
  q.parallel_for<class strided>(
      sycl::nd_range<1>(64, 64), xo::properties{xo::sub_group_size<16>},
      [=](sycl::nd_item<1> it) {
        auto sg = it.get_sub_group();
        float s = 0;
        for (uint32_t j = sg.get_local_linear_id(); j < 256;
             j += sg.get_local_linear_range())
          s += sycl::reduce_over_group(sg, in[j], sycl::plus<>());
        for (uint32_t j = sg.get_local_linear_id(); j < 256; j += 16)
          s += sycl::reduce_over_group(sg, in[j], sycl::plus<>());
        out[it.get_global_id(0)] = s;
      });
}

// CHECK: id-bounded-loop-warning.cpp:17:{{[0-9]+}}: warning: kernel 'strided': cannot prove that every work-item of the sub-group runs this loop equally often: its bound depends on the work-item id, and it holds a sub-group collective (line 19)
// CHECK-NOT: warning: kernel
