// After a lambda's parameters the attribute appertains to the lambda's type,
// where clang cannot hand it to a plugin: clang refuses it, and the plugin
// says how to ask for the size instead.
// RUN: not %clangxx -O2 -fplugin=%clang_plugin -I%sublane_include -fsyntax-only %s 2>&1 | FileCheck %s

#include <sublane/sycl.hpp>

void run(sycl::queue &q, int *out) {
  q.parallel_for(sycl::nd_range<1>(64, 64),
                 [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(16)]] {
                   out[it.get_global_id(0)] = 1;
                 });
}

// CHECK: error-reqd-sub-group-size-after-parameters.cpp:10:45: error: 'reqd_sub_group_size' attribute cannot be applied to types
// CHECK: error-reqd-sub-group-size-after-parameters.cpp:10:45: note: sublane: after a lambda's parameters clang gives the attribute to the lambda's type, where no kernel can see it; write it before the parameters, as in '[=] {{\[\[}}sycl::reqd_sub_group_size(16){{\]\]}} (sycl::nd_item<1> it) {...}', or pass 'sycl::ext::oneapi::experimental::properties{sub_group_size<16>}' to parallel_for
