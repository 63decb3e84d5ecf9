//===- NotLoweredKernel.cpp - A kernel compiled without the plugin --------===//
//
// Deliberately compiled without -fpass-plugin: the runtime must refuse it.
//
//===----------------------------------------------------------------------===//

#include <sublane/sycl.hpp>

void launchKernelBuiltWithoutPlugin(sycl::queue &q, int *out) {
  q.parallel_for<class unlowered_kernel>(
      sycl::nd_range<1>(64, 16),
      [=](sycl::nd_item<1> it) { out[it.get_global_id(0)] = 7; });
}
