// Plugin options reach the passes from clang when the plugin is also loaded
// with -Xclang -load: asking for sub-group size 16 here reaches prepare, whose
// choice the lowering then refuses by name.
// RUN: not %clangxx -O1 -fpass-plugin=%plugin -Xclang -load -Xclang %plugin -mllvm -sublane-sg-size=16 -I%sublane_include -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clangxx -O1 -fpass-plugin=%plugin -Xclang -load -Xclang %plugin -mllvm -sublane-sg-size=1 -I%sublane_include -c %s -o /dev/null

// CHECK: error: kernel 'option_kernel': sub-group size 16 with variant 'cbs' is not available in this build

#include <sublane/sycl.hpp>

void run(sycl::queue &q, int *out) {
  q.parallel_for<class option_kernel>(
      sycl::nd_range<1>(64, 64),
      [=](sycl::nd_item<1> it) { out[it.get_global_id(0)] = 1; });
}
