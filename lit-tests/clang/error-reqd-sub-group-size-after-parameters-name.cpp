// After a lambda's parameters the plugin reads the size from the source, so
// it must be a literal there: a template parameter stays clang's error, and
// the plugin's note says where a named size goes.
// RUN: not %clangxx -O2 -fplugin=%clang_plugin -I%sublane_include -fsyntax-only %s 2>&1 | FileCheck %s

#include <sublane/sycl.hpp>

template <int Size> void run(sycl::queue &q, int *out) {
  q.parallel_for(sycl::nd_range<1>(64, 64),
                 [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(Size)]] {
                   out[it.get_global_id(0)] = 1;
                 });
}
template void run<16>(sycl::queue &, int *);

// CHECK: error-reqd-sub-group-size-after-parameters-name.cpp:10:45: error: 'reqd_sub_group_size' attribute cannot be applied to types
// CHECK: error-reqd-sub-group-size-after-parameters-name.cpp:10:45: note: sublane: after a lambda's parameters the attribute takes a literal size; for a size given by a name, write it before the parameters, as in '[=] {{\[\[}}sycl::reqd_sub_group_size(N){{\]\]}} (sycl::nd_item<1> it) {...}', or pass 'sycl::ext::oneapi::experimental::properties{sub_group_size<N>}' to parallel_for
