// After a lambda's parameters the plugin reads the size from the source: a
// name that is no template parameter or constant is an error at the
// attribute, and an expression stays clang's error, with a note on where an
// expression can go.
// RUN: not %clangxx -O2 -fplugin=%clang_plugin -I%sublane_include -fsyntax-only %s 2>&1 | FileCheck %s
// RUN: not %clangxx -O2 -fplugin=%clang_plugin -I%sublane_include -fsyntax-only -DEXPRESSION %s 2>&1 | FileCheck %s --check-prefix=EXPRESSION

#include <sublane/sycl.hpp>

#ifndef EXPRESSION
void run(sycl::queue &q, int *out, int n) {
  q.parallel_for(sycl::nd_range<1>(64, 64),
                 [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(n)]] {
                   out[it.get_global_id(0)] = 1;
                 });
}
#else
void run(sycl::queue &q, int *out) {
  q.parallel_for(sycl::nd_range<1>(64, 64),
                 [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(8 * 2)]] {
                   out[it.get_global_id(0)] = 1;
                 });
}
#endif

// CHECK: error-reqd-sub-group-size-after-parameters-not-constant.cpp:13:45: error: 'reqd_sub_group_size' after a lambda's parameters takes a literal, a macro for one, a template parameter or a constant: 1, 4, 8, 16, 32 or 64; 'n' is none of these
// EXPRESSION: error-reqd-sub-group-size-after-parameters-not-constant.cpp:20:45: error: 'reqd_sub_group_size' attribute cannot be applied to types
// EXPRESSION: error-reqd-sub-group-size-after-parameters-not-constant.cpp:20:45: note: sublane: after a lambda's parameters the attribute takes literal sizes, macros for them or names; for an expression, write it before the parameters, as in '[=] {{\[\[}}sycl::reqd_sub_group_size(N){{\]\]}} (sycl::nd_item<1> it) {...}', or pass 'sycl::ext::oneapi::experimental::properties{sub_group_size<N>}' to parallel_for
