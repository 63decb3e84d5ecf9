//===- BenchSycl.h - What the benchmark kernels take from sublane -*- C++
//-*-===//
//
// The benchmark kernels are SYCL 2020 code. Everything they need that is
// not plain SYCL is here, so that the same kernel files build with another
// SYCL implementation (define BENCH_OTHER_SYCL and include <sycl/sycl.hpp>
// from it) for a side-by-side comparison.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_BENCH_BENCHSYCL_H
#define SUBLANE_BENCH_BENCHSYCL_H

#ifdef BENCH_OTHER_SYCL
#include <sycl/sycl.hpp>
#else
#include <sublane/sycl.hpp>
#endif

#include <cstdint>

namespace bench {

/// Kernel properties that fix the sub-group size (the oneAPI kernel
/// properties extension, which sublane implements).
template <uint32_t S> constexpr auto sub_group_size() {
  namespace xo = sycl::ext::oneapi::experimental;
  return xo::properties{xo::sub_group_size<S>};
}

/// The number of threads kernels run on.
inline void set_kernel_threads(unsigned N) {
#ifndef BENCH_OTHER_SYCL
  sublane::set_num_threads(N);
#else
  (void)N; // other implementations take it from their environment
#endif
}

} // namespace bench

#endif // SUBLANE_BENCH_BENCHSYCL_H
