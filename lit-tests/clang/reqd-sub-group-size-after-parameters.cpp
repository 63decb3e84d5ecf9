// After a lambda's parameters, where the SYCL 2020 specification's examples
// put it, the attribute appertains to the call operator's type, which clang
// hands to no plugin; the plugin still gives the size (a literal, a macro
// that stands for one, a template parameter or a constant) to the kernel: in
// a function, in a template instantiated later and in a member function.
// RUN: %clangxx -O2 -Wall -fplugin=%clang_plugin -fpass-plugin=%plugin -I%sublane_include -S -emit-llvm %s -o - 2>&1 | FileCheck %s

#include <sublane/sycl.hpp>

void run(sycl::queue &q, int *out) {
  q.parallel_for<class plain_kernel>(
      sycl::nd_range<1>(64, 64),
      [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(16)]] {
        out[it.get_global_id(0)] = 1;
      });
}

template <typename T> void runTemplate(sycl::queue &q, T *out) {
  q.parallel_for<class template_kernel>(
      sycl::nd_range<1>(64, 64),
      [=](sycl::nd_item<1> it) [[intel::reqd_sub_group_size(32)]] {
        auto plusOne = [](T x) { return x + 1; };
        out[it.get_global_id(0)] = plusOne(2);
      });
}
template void runTemplate<int>(sycl::queue &, int *);

struct Holder {
  void run(sycl::queue &q, int *out) {
    q.parallel_for<class member_kernel>(
        sycl::nd_range<1>(64, 64),
        [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(8)]] {
          out[it.get_global_id(0)] = 3;
        });
  }
};
void runMember(sycl::queue &q, int *out) { Holder().run(q, out); }

template <int Size> void runSized(sycl::queue &q, int *out) {
  q.parallel_for<class sized_kernel>(
      sycl::nd_range<1>(64, 64),
      [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(Size)]] {
        out[it.get_global_id(0)] = 5;
      });
}
template void runSized<4>(sycl::queue &, int *);

constexpr int Narrow = 1;
void runConstant(sycl::queue &q, int *out) {
  q.parallel_for<class constant_kernel>(
      sycl::nd_range<1>(64, 64),
      [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(Narrow)]] {
        out[it.get_global_id(0)] = 6;
      });
}

#define SUB_GROUP_SIZE WIDTH
#define WIDTH 0x40
void runMacro(sycl::queue &q, int *out) {
  q.parallel_for<class macro_kernel>(
      sycl::nd_range<1>(64, 64),
      [=](sycl::nd_item<1> it) [[intel::reqd_sub_group_size(SUB_GROUP_SIZE)]] {
        out[it.get_global_id(0)] = 4;
      });
}

// CHECK-NOT: error
// CHECK-NOT: warning
// The descriptors: magic, lowered flag, dims, requested size, variant, then
// the chosen size.
// CHECK-DAG: @{{.*}}plain_kernel{{.*}}desc{{.*}} = {{.*}}{ i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 16,
// CHECK-DAG: @{{.*}}template_kernel{{.*}}desc{{.*}} = {{.*}}{ i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 32,
// CHECK-DAG: @{{.*}}macro_kernel{{.*}}desc{{.*}} = {{.*}}{ i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 64,
// CHECK-DAG: @{{.*}}sized_kernel{{.*}}desc{{.*}} = {{.*}}{ i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 4,
// CHECK-DAG: @{{.*}}constant_kernel{{.*}}desc{{.*}} = {{.*}}{ i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 1,
// CHECK-DAG: @{{.*}}member_kernel{{.*}}desc{{.*}} = {{.*}}{ i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 8,
