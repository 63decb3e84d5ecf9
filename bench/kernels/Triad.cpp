//===- Triad.cpp - STREAM triad and launch cost ---------------------------===//
//
// Triad: a = b + s * c, the STREAM kernel. Its hand-written OpenMP variant is
// the bandwidth roofline of the run: the sweep reports every memory-bound
// kernel's bandwidth as a fraction of it, for the same ISA and threads.
//
// Launch: a kernel that does almost nothing (each work-group's first item
// writes the group's id) against an OpenMP loop over the same groups doing
// the same, which measures what a launch costs.
//
//===----------------------------------------------------------------------===//

#include "../Harness.h"

#include <cstring>

namespace bench_triad {

constexpr size_t WorkGroupSize = 256;
constexpr float Factor = 3.0f;

struct TriadArrays {
  sycl::queue Q;
  size_t N = bench::scaled(size_t(1) << 24, WorkGroupSize);
  bench::SharedArray<float> A{Q, N};
  bench::SharedArray<float> B{Q, N};
  bench::SharedArray<float> C{Q, N};
  TriadArrays() {
    for (size_t I = 0; I < N; ++I) {
      A[I] = -1.0f;
      B[I] = float(I % 1000);
      C[I] = float(I % 7);
    }
  }
  std::string check() const {
    // Small integers: every rounding and contraction gives the same value.
    for (size_t I = 0; I < N; ++I)
      if (A[I] != float(I % 1000) + Factor * float(I % 7))
        return "wrong value at " + std::to_string(I);
    return "";
  }
  int64_t bytes() const { return int64_t(3 * N * sizeof(float)); }
};

template <uint32_t S> class TriadKernel;
template <uint32_t S> void triad(benchmark::State &State) {
  bench::run<TriadArrays, S>(State, [](TriadArrays &P) {
    float *A = P.A;
    const float *B = P.B, *C = P.C;
    P.Q.submit([&](sycl::handler &H) {
         bench::parallel_for<TriadKernel<S>, S>(
             H, sycl::nd_range<1>(P.N, WorkGroupSize),
             [=](sycl::nd_item<1> It) {
               size_t I = It.get_global_id(0);
               A[I] = B[I] + Factor * C[I];
             });
       })
        .wait();
  });
}

void triadOmp(benchmark::State &State) {
  bench::run<TriadArrays>(State, [](TriadArrays &P) {
    float *A = P.A;
    const float *B = P.B, *C = P.C;
#pragma omp parallel for simd
    for (size_t I = 0; I < P.N; ++I)
      A[I] = B[I] + Factor * C[I];
  });
}

struct LaunchShape {
  static constexpr size_t Groups = 64;
  sycl::queue Q;
  bench::SharedArray<uint32_t> Out{Q, Groups};
  LaunchShape() { std::memset(Out, 0xff, Groups * sizeof(uint32_t)); }
  std::string check() const {
    for (size_t G = 0; G < Groups; ++G)
      if (Out[G] != G)
        return "group " + std::to_string(G) + " did not run";
    return "";
  }
  int64_t bytes() const { return 0; }
};

template <uint32_t S> class LaunchKernel;
template <uint32_t S> void launch(benchmark::State &State) {
  bench::run<LaunchShape, S>(State, [](LaunchShape &P) {
    uint32_t *Out = P.Out;
    P.Q.submit([&](sycl::handler &H) {
         bench::parallel_for<LaunchKernel<S>, S>(
             H,
             sycl::nd_range<1>(LaunchShape::Groups * WorkGroupSize,
                               WorkGroupSize),
             [=](sycl::nd_item<1> It) {
               if (It.get_local_id(0) == 0)
                 Out[It.get_group(0)] = uint32_t(It.get_group(0));
             });
       })
        .wait();
  });
}

void launchOmp(benchmark::State &State) {
  bench::run<LaunchShape>(State, [](LaunchShape &P) {
    uint32_t *Out = P.Out;
#pragma omp parallel for
    for (size_t G = 0; G < LaunchShape::Groups; ++G)
      for (size_t L = 0; L < WorkGroupSize; ++L)
        if (L == 0)
          Out[G] = uint32_t(G);
  });
}

} // namespace bench_triad

using namespace bench_triad;
BENCH_KERNEL(Triad, bench::Bound::Memory, triad, triadOmp);
BENCH_KERNEL(Launch, bench::Bound::Overhead, launch, launchOmp);
