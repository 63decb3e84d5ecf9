//===- Histogram.cpp - Atomics on local memory ----------------------------===//
//
// Histogram: 64 bins of 16 Mi keys, the way GPU code counts: each work-group
// counts its keys in local memory with work-group-scope atomics at the key's
// bin, then adds its counts to the global bins with device-scope atomics.
// The hand-written variant counts into a private histogram per thread and
// adds those at the end.
//
//===----------------------------------------------------------------------===//

#include "../Harness.h"

#include <cstring>

namespace bench_histogram {

constexpr size_t WorkGroupSize = 256;
constexpr uint32_t Bins = 64;

inline uint32_t keyOf(size_t I) { return uint32_t((I * 2654435761u) >> 7); }

struct Keys {
  sycl::queue Q;
  size_t N = bench::scaled(size_t(1) << 24, WorkGroupSize);
  bench::SharedArray<uint32_t> In{Q, N};
  bench::SharedArray<uint32_t> Counts{Q, Bins};
  Keys() {
    for (size_t I = 0; I < N; ++I)
      In[I] = keyOf(I);
  }
  std::string check() const {
    uint32_t Want[Bins] = {};
    for (size_t I = 0; I < N; ++I)
      ++Want[In[I] % Bins];
    for (uint32_t B = 0; B < Bins; ++B)
      if (Counts[B] != Want[B])
        return "wrong count in bin " + std::to_string(B);
    return "";
  }
  int64_t bytes() const { return int64_t(N * sizeof(uint32_t)); }
};

template <uint32_t S> class HistogramKernel;
template <uint32_t S> void histogram(benchmark::State &State) {
  bench::run<Keys, S>(State, [](Keys &P) {
    std::memset(P.Counts, 0, Bins * sizeof(uint32_t));
    const uint32_t *In = P.In;
    uint32_t *Counts = P.Counts;
    P.Q.submit([&](sycl::handler &H) {
         sycl::local_accessor<uint32_t, 1> Local(sycl::range<1>(Bins), H);
         bench::parallel_for<HistogramKernel<S>, S>(
             H, sycl::nd_range<1>(P.N, WorkGroupSize),
             [=](sycl::nd_item<1> It) {
               size_t L = It.get_local_id(0);
               if (L < Bins)
                 Local[L] = 0;
               sycl::group_barrier(It.get_group());
               sycl::atomic_ref<uint32_t, sycl::memory_order::relaxed,
                                sycl::memory_scope::work_group,
                                sycl::access::address_space::local_space>(
                   Local[In[It.get_global_id(0)] % Bins])
                   .fetch_add(1u);
               sycl::group_barrier(It.get_group());
               if (L < Bins)
                 sycl::atomic_ref<uint32_t, sycl::memory_order::relaxed,
                                  sycl::memory_scope::device>(Counts[L])
                     .fetch_add(Local[L]);
             });
       })
        .wait();
  });
}

void histogramOmp(benchmark::State &State) {
  bench::run<Keys>(State, [](Keys &P) {
    std::memset(P.Counts, 0, Bins * sizeof(uint32_t));
    const uint32_t *In = P.In;
    uint32_t *Counts = P.Counts;
#pragma omp parallel
    {
      uint32_t Mine[Bins] = {};
#pragma omp for
      for (size_t I = 0; I < P.N; ++I)
        ++Mine[In[I] % Bins];
      for (uint32_t B = 0; B < Bins; ++B) {
#pragma omp atomic
        Counts[B] += Mine[B];
      }
    }
  });
}

} // namespace bench_histogram

using namespace bench_histogram;
BENCH_KERNEL(Histogram, bench::Bound::Memory, histogram, histogramOmp);
