//===- MedianFilter.cpp - A private array per work-item -------------------===//
//
// MedianFilter: the median of each run of Window consecutive floats (a 1D
// median filter). Each work-item copies its window into a private array and
// sorts its lower half by compare-exchanges. The window size is a run-time
// value, so the array stays in memory: every access to it is at an index
// all work-items share, which is what the vectorizer's element-major layout
// of private arrays turns into one vector access. The hand-written variant
// is the same code in an OpenMP loop.
//
//===----------------------------------------------------------------------===//

#include "../Harness.h"

#include <algorithm>
#include <cstring>

namespace bench_median {

constexpr size_t WorkGroupSize = 256;
constexpr int MaxWindow = 16;

/// Leaves the median of \p W[0..Window) at W[Window / 2]: after round P,
/// W[P] holds the P-th smallest.
inline float medianOf(float *W, int Window) {
  for (int P = 0; P <= Window / 2; ++P)
    for (int K = P + 1; K < Window; ++K) {
      float A = W[P], B = W[K];
      W[P] = A < B ? A : B;
      W[K] = A < B ? B : A;
    }
  return W[Window / 2];
}

struct Signal {
  sycl::queue Q;
  size_t N = bench::scaled(size_t(1) << 22, WorkGroupSize);
  int Window = 9; // not a constant the kernel sees
  bench::SharedArray<float> In{Q, N + MaxWindow};
  bench::SharedArray<float> Out{Q, N};
  Signal() {
    for (size_t I = 0; I < N + MaxWindow; ++I)
      In[I] = float((I * 7919) % 1000);
    std::memset(Out, 0xff, N * sizeof(float));
  }
  std::string check() const {
    std::vector<float> W(static_cast<size_t>(Window));
    for (size_t I = 0; I < N; ++I) {
      std::copy(&In[I], &In[I] + Window, W.begin());
      std::nth_element(W.begin(), W.begin() + Window / 2, W.end());
      if (Out[I] != W[size_t(Window / 2)])
        return "wrong median at " + std::to_string(I);
    }
    return "";
  }
  int64_t bytes() const { return int64_t(2 * N * sizeof(float)); }
};

template <uint32_t S> class MedianFilterKernel;
template <uint32_t S> void medianFilter(benchmark::State &State) {
  bench::run<Signal, S>(State, [](Signal &P) {
    const float *In = P.In;
    float *Out = P.Out;
    const int Window = P.Window;
    P.Q.submit([&](sycl::handler &H) {
         bench::parallel_for<MedianFilterKernel<S>, S>(
             H, sycl::nd_range<1>(P.N, WorkGroupSize),
             [=](sycl::nd_item<1> It) {
               size_t I = It.get_global_id(0);
               float W[MaxWindow];
               for (int K = 0; K < Window; ++K)
                 W[K] = In[I + size_t(K)];
               Out[I] = medianOf(W, Window);
             });
       })
        .wait();
  });
}

void medianFilterOmp(benchmark::State &State) {
  bench::run<Signal>(State, [](Signal &P) {
    const float *In = P.In;
    float *Out = P.Out;
    const int Window = P.Window;
#pragma omp parallel for
    for (size_t I = 0; I < P.N; ++I) {
      float W[MaxWindow];
      for (int K = 0; K < Window; ++K)
        W[K] = In[I + size_t(K)];
      Out[I] = medianOf(W, Window);
    }
  });
}

} // namespace bench_median

using namespace bench_median;
BENCH_KERNEL(MedianFilter, bench::Bound::Compute, medianFilter,
             medianFilterOmp);
