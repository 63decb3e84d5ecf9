// A barrier under an id-dependent branch is reported by clang at the
// barrier's source line, naming the kernel and the branch's line.
// RUN: not %clangxx -O2 -gline-tables-only -fpass-plugin=%plugin -I%sublane_include -c %s -o /dev/null 2>&1 | FileCheck %s
// Without -g, sublane's remark flag (the wrapper adds it) gives the location.
// RUN: not %clangxx -O2 -Rpass-missed=sublane -fpass-plugin=%plugin -I%sublane_include -c %s -o /dev/null 2>&1 | FileCheck %s

#include <sublane/sycl.hpp>

void run(sycl::queue &q, int *out) {
  q.parallel_for<class divergent_barrier>(
      sycl::nd_range<1>(128, 64), [=](sycl::nd_item<1> it) {
        if (it.get_local_id(0) == 0)
          it.barrier();
        out[it.get_global_id(0)] = 1;
      });
}

// CHECK: divergent-barrier-diagnostic.cpp:13:14: error: kernel 'divergent_barrier': work-group barrier in divergent control flow: the branch at line 12 depends on the work-item id, so not every work-item of the work-group reaches it
