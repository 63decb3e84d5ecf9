// A kernel that asks for one size with the attribute and another with the
// sub_group_size property is refused; so is a size sublane does not have.
// RUN: not %clangxx -O2 -Rpass-missed=sublane -fplugin=%clang_plugin -fpass-plugin=%plugin -I%sublane_include -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not %clangxx -O2 -fplugin=%clang_plugin -I%sublane_include -DBAD_SIZE -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=SIZE

#include <sublane/sycl.hpp>

namespace xo = sycl::ext::oneapi::experimental;

struct Functor {
  int *out;
#ifdef BAD_SIZE
  [[sycl::reqd_sub_group_size(12)]]
#else
  [[sycl::reqd_sub_group_size(16)]]
#endif
  void operator()(sycl::nd_item<1> it) const {
    out[it.get_global_id(0)] = 1;
  }
};

void run(sycl::queue &q, int *out) {
  q.parallel_for<class conflict>(sycl::nd_range<1>(64, 64),
                                 xo::properties{xo::sub_group_size<8>},
                                 Functor{out});
}

// CHECK: error: kernel 'conflict': reqd_sub_group_size(16) and the sub_group_size<8> property ask for different sub-group sizes
// SIZE: error-reqd-sub-group-size-conflict.cpp:13:5: error: 'reqd_sub_group_size' takes a constant sub-group size: 1, 4, 8, 16, 32 or 64
