//===- BenchSycl.h - What the benchmark kernels take from sublane -*- C++ -*-=//
//
// The benchmark kernels are SYCL 2020 code. Everything they need beyond
// plain SYCL is here, so that the same kernel files build with another SYCL
// implementation: define BENCH_OTHER_SYCL and put that implementation's
// <sycl/sycl.hpp> on the include path (docs/performance.md shows how).
//  - The sub-group size travels as a kernel property (the oneAPI kernel
//    properties extension) where the implementation has it, sublane
//    included; elsewhere the kernel is launched plainly, and the harness
//    skips a variant whose size the implementation does not grant.
//  - Ballots (an extension) are counted with a reduction elsewhere.
//  - The thread count goes to sublane's runtime and to OpenMP.
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

#if !defined(BENCH_OTHER_SYCL) || defined(SYCL_EXT_ONEAPI_KERNEL_PROPERTIES)
#define BENCH_HAS_KERNEL_PROPERTIES 1
#endif

namespace bench {

/// Launches a kernel named \p Name over \p Range (an nd_range, or a basic
/// range with or without reductions: \p Rest is what follows the range,
/// the kernel last) with sub-group size \p S where the implementation takes
/// the request.
template <typename Name, uint32_t S, typename Range, typename... Rest>
void parallel_for(sycl::handler &H, Range R, const Rest &...Args) {
#ifdef BENCH_HAS_KERNEL_PROPERTIES
  namespace xo = sycl::ext::oneapi::experimental;
  H.parallel_for<Name>(R, xo::properties{xo::sub_group_size<S>}, Args...);
#else
  H.parallel_for<Name>(R, Args...);
#endif
}
template <typename Name, uint32_t S, int D, typename Kernel>
sycl::event parallel_for(sycl::queue &Q, sycl::nd_range<D> Range,
                         const Kernel &K) {
  return Q.submit(
      [&](sycl::handler &H) { parallel_for<Name, S>(H, Range, K); });
}

template <uint32_t S> class GrantedSizeProbe;

/// The sub-group size a kernel launched as above runs with: S under
/// sublane, whatever the implementation chose elsewhere.
template <uint32_t S> uint32_t grantedSubGroupSize(sycl::queue &Q) {
  uint32_t *Size = sycl::malloc_shared<uint32_t>(1, Q);
  parallel_for<GrantedSizeProbe<S>,
               S>(Q, sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> It) {
    if (It.get_local_id(0) == 0)
      *Size = uint32_t(It.get_sub_group().get_max_local_range()[0]);
  }).wait();
  uint32_t Granted = *Size;
  sycl::free(Size, Q);
  return Granted;
}

class DefaultSizeProbe;

/// The sub-group size of a kernel launched without a requested size: the
/// implementation's choice.
inline uint32_t defaultSubGroupSize(sycl::queue &Q) {
  uint32_t *Size = sycl::malloc_shared<uint32_t>(1, Q);
  Q.parallel_for<DefaultSizeProbe>(
       sycl::nd_range<1>(64, 64),
       [=](sycl::nd_item<1> It) {
         if (It.get_local_id(0) == 0)
           *Size = uint32_t(It.get_sub_group().get_max_local_range()[0]);
       })
      .wait();
  uint32_t Chosen = *Size;
  sycl::free(Size, Q);
  return Chosen;
}

/// The size sublane picks for a kernel that uses its sub-group and requests
/// none (the "auto" variants all do): 32 on every ISA (docs/sub-groups.md).
/// Unknown (0) for another implementation.
#ifdef BENCH_OTHER_SYCL
inline constexpr uint32_t ExpectedDefaultSubGroupSize = 0;
#else
inline constexpr uint32_t ExpectedDefaultSubGroupSize = 32;
#endif

/// The number of lanes of the sub-group for which \p Pred holds.
inline uint32_t ballot_count(sycl::sub_group Sg, bool Pred) {
#ifndef BENCH_OTHER_SYCL
  return sycl::ext::oneapi::group_ballot(Sg, Pred).count();
#else
  return sycl::reduce_over_group(Sg, Pred ? 1u : 0u, sycl::plus<uint32_t>());
#endif
}

/// The number of threads kernels run on. Another implementation's OpenMP
/// workers take OMP_NUM_THREADS (the harness sets it, and omp_set_num_threads,
/// before each variant).
inline void set_kernel_threads(unsigned N) {
#ifndef BENCH_OTHER_SYCL
  sublane::set_num_threads(N);
#else
  (void)N;
#endif
}

} // namespace bench

#endif // SUBLANE_BENCH_BENCHSYCL_H
