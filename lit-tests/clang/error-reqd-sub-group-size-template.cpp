// A template instantiated with a size sublane does not have is refused when
// the kernel is prepared, with the instantiation's size and the place of
// the attribute; a name that is not declared is clang's own error.
// RUN: not %clangxx -O2 -Wno-c++23-lambda-attributes -fplugin=%clang_plugin -fpass-plugin=%plugin -I%sublane_include -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not %clangxx -O2 -Wno-c++23-lambda-attributes -fplugin=%clang_plugin -I%sublane_include -DUNDECLARED -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=UNDECLARED

#include <sublane/sycl.hpp>

template <unsigned S> class LambdaKernel;

template <unsigned S> void lambdaWithTemplateSize(sycl::queue &q, int *out) {
  q.parallel_for<LambdaKernel<S>>(
      sycl::nd_range<1>(64, 64),
      [=] [[sycl::reqd_sub_group_size(S)]] (sycl::nd_item<1> it) {
        out[it.get_global_id(0)] = 1;
      });
}

#ifdef UNDECLARED
struct Functor {
  [[sycl::reqd_sub_group_size(NoSuchSize)]] void
  operator()(sycl::nd_item<1>) const {}
};
#endif

void run(sycl::queue &q, int *out) { lambdaWithTemplateSize<12>(q, out); }

// CHECK: error: kernel 'LambdaKernel<12>': reqd_sub_group_size(12) ({{.*}}error-reqd-sub-group-size-template.cpp:14) is not a supported sub-group size; use 1, 4, 8, 16, 32 or 64
// UNDECLARED: error-reqd-sub-group-size-template.cpp:21:31: error: use of undeclared identifier 'NoSuchSize'
