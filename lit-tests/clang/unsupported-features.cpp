// Features sublane leaves out stop the build at their first use with an
// error that names them, not with "no type named ..." or a failure further
// on; a program that does not use them is not affected.
// RUN: not %clangxx -fsyntax-only -DUSE_IMAGE -I%sublane_include %s 2>&1 | FileCheck %s --check-prefix=CHECK-IMAGE
// RUN: not %clangxx -fsyntax-only -DUSE_SAMPLER -I%sublane_include %s 2>&1 | FileCheck %s --check-prefix=CHECK-SAMPLER
// RUN: not %clangxx -fsyntax-only -DUSE_GRAPH -I%sublane_include %s 2>&1 | FileCheck %s --check-prefix=CHECK-GRAPH
// RUN: not %clangxx -fsyntax-only -DUSE_MATRIX -I%sublane_include %s 2>&1 | FileCheck %s --check-prefix=CHECK-MATRIX
// RUN: not %clangxx -fsyntax-only -DUSE_OPPORTUNISTIC -I%sublane_include %s 2>&1 | FileCheck %s --check-prefix=CHECK-OPPORTUNISTIC
// RUN: not %clangxx -fsyntax-only -DUSE_ND_RANGE_OFFSET -I%sublane_include %s 2>&1 | FileCheck %s --check-prefix=CHECK-OFFSET
// RUN: %clangxx -fsyntax-only -I%sublane_include %s 2>&1 | FileCheck %s --allow-empty
// CHECK-NOT: error:
#include <sublane/sycl.hpp>
namespace xo = sycl::ext::oneapi::experimental;

#ifdef USE_IMAGE
void blur(sycl::image<2> &src);
// CHECK-IMAGE: unsupported-features.cpp:[[@LINE-1]]:17: error: 'image<2>' is unavailable: sublane does not support images (sycl::image): keep the pixels in a buffer or a USM allocation
#endif

#ifdef USE_SAMPLER
float fetch(sycl::sampler s);
// CHECK-SAMPLER: unsupported-features.cpp:[[@LINE-1]]:19: error: 'sampler' is unavailable: sublane does not support samplers (sycl::sampler)
#endif

#ifdef USE_GRAPH
void record(sycl::queue &q) {
  xo::command_graph graph{q.get_context(), q.get_device()};
  // CHECK-GRAPH: unsupported-features.cpp:[[@LINE-1]]:21: error: 'command_graph' is unavailable: sublane does not support command graphs (sycl_ext_oneapi_graph's command_graph)
}
#endif

#ifdef USE_MATRIX
using namespace xo::matrix;
void multiply(sycl::sub_group sg) {
  joint_matrix<sycl::sub_group, float, use::accumulator, 8, 8> acc;
  // CHECK-MATRIX: unsupported-features.cpp:[[@LINE-1]]:3: error: 'joint_matrix<{{.*}}>' is unavailable: sublane does not support joint_matrix (sycl_ext_oneapi_matrix)
}
#endif

#ifdef USE_OPPORTUNISTIC
void gather() {
  auto g = xo::this_kernel::get_opportunistic_group();
  // CHECK-OPPORTUNISTIC: unsupported-features.cpp:[[@LINE-1]]:29: error: 'get_opportunistic_group' is unavailable: sublane does not support opportunistic groups (this_kernel::get_opportunistic_group)
}
#endif

int main() {}

#ifdef USE_ND_RANGE_OFFSET
sycl::nd_range<2> shifted(sycl::range<2>(64, 64), sycl::range<2>(16, 16),
                          sycl::id<2>(1, 1));
// CHECK-OFFSET: unsupported-features.cpp:[[@LINE-2]]:19: error: 'nd_range' is unavailable: sublane does not support nd_range offsets (deprecated in SYCL 2020): add the offset to the global id in the kernel
#endif

