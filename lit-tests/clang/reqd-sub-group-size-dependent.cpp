// reqd_sub_group_size takes any constant expression: a template parameter
// (known only when the template is instantiated) or a named constant, not
// only a literal. Each instantiation's descriptor records its own size
// (fields 5 and 6: size, variant 3 = wfv).
// RUN: %clangxx -O2 -Wno-c++23-lambda-attributes -fplugin=%clang_plugin -fpass-plugin=%plugin -I%sublane_include -S -emit-llvm %s -o - | FileCheck %s

// CHECK-DAG: LambdaKernelILj8E{{.*}}4descE = {{.*}} { i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 8, i32 3,
// CHECK-DAG: LambdaKernelILj64E{{.*}}4descE = {{.*}} { i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 64, i32 3,
// CHECK-DAG: FunctorKernelILj4E{{.*}}4descE = {{.*}} { i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 4, i32 3,
// CHECK-DAG: NamedConstantKernel{{.*}}4descE" = {{.*}} { i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 32, i32 3,

#include <sublane/sycl.hpp>

template <unsigned S> class LambdaKernel;
template <unsigned S> class FunctorKernel;
class NamedConstantKernel;

template <unsigned S> void lambdaWithTemplateSize(sycl::queue &q, int *out) {
  q.parallel_for<LambdaKernel<S>>(
      sycl::nd_range<1>(64, 64),
      [=] [[sycl::reqd_sub_group_size(S)]] (sycl::nd_item<1> it) {
        out[it.get_global_id(0)] = 1;
      });
}

template <int S> struct Functor {
  int *out;
  [[sycl::reqd_sub_group_size(S)]] void operator()(sycl::nd_item<1> it) const {
    out[it.get_global_id(0)] = 2;
  }
};

constexpr int SgSize = 32;

void run(sycl::queue &q, int *out) {
  lambdaWithTemplateSize<8>(q, out);
  lambdaWithTemplateSize<64>(q, out);
  q.parallel_for<FunctorKernel<4>>(sycl::nd_range<1>(64, 64), Functor<4>{out});
  q.parallel_for<NamedConstantKernel>(
      sycl::nd_range<1>(64, 64),
      [=] [[intel::reqd_sub_group_size(SgSize)]] (sycl::nd_item<1> it) {
        out[it.get_global_id(0)] = 3;
      });
}
