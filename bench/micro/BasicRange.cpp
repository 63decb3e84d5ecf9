//===- BasicRange.cpp - A basic kernel against its nd-range form ----------===//
//
// The STREAM triad written three ways: as a basic kernel over a range
// (`parallel_for(range<1>(n), ...)`, which sublane runs as work-groups of
// 128 with the last one cut to the range), as an nd-range kernel of the same
// work-groups, and as an OpenMP `simd` loop. A basic kernel should cost what
// its nd-range form costs. Each is timed at n = 2^24 and 2^24 - 3 (a range
// that is not a multiple of the work-group), medians of 9 runs, one thread,
// and checked against the host.
//
//   build/bin/sublane-clang++ -O3 -march=x86-64-v3 bench/micro/BasicRange.cpp \
//     -o basic-range && OMP_NUM_THREADS=1 ./basic-range
//
//===----------------------------------------------------------------------===//

#include "MedianTime.h"

#include <sublane/sycl.hpp>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

constexpr float Factor = 3.0f;

bool check(const float *A, const float *B, const float *C, size_t N,
           const char *What) {
  for (size_t I = 0; I < N; ++I)
    if (A[I] != B[I] + Factor * C[I]) {
      std::fprintf(stderr, "basic-range: %s wrong at %zu\n", What, I);
      return false;
    }
  return true;
}

} // namespace

int main() {
  sycl::queue Q;
  const size_t Max = size_t(1) << 24;
  float *A = sycl::malloc_shared<float>(Max, Q);
  float *B = sycl::malloc_shared<float>(Max, Q);
  float *C = sycl::malloc_shared<float>(Max, Q);
  for (size_t I = 0; I < Max; ++I) {
    B[I] = float(I % 1000);
    C[I] = float(I % 7);
  }
  std::printf("%-10s %10s %10s %10s\n", "n", "range", "nd_range", "omp");
  for (size_t N : {Max, Max - 3}) {
    std::fill(A, A + Max, -1.0f);
    double Range = medianMs<9>([&] {
      Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
         A[I] = B[I] + Factor * C[I];
       }).wait();
    });
    if (!check(A, B, C, N, "range"))
      return 1;
    std::fill(A, A + Max, -1.0f);
    // The nd-range form needs whole work-groups: its last one checks.
    const size_t Rounded = (N + 127) / 128 * 128;
    double NdRange = medianMs<9>([&] {
      Q.parallel_for(sycl::nd_range<1>(Rounded, 128), [=](sycl::nd_item<1> It) {
         size_t I = It.get_global_id(0);
         if (I < N)
           A[I] = B[I] + Factor * C[I];
       }).wait();
    });
    if (!check(A, B, C, N, "nd_range"))
      return 1;
    std::fill(A, A + Max, -1.0f);
    double Omp = medianMs<9>([&] {
#pragma omp parallel for simd
      for (size_t I = 0; I < N; ++I)
        A[I] = B[I] + Factor * C[I];
    });
    if (!check(A, B, C, N, "omp"))
      return 1;
    std::printf("%-10zu %10.2f %10.2f %10.2f\n", N, Range, NdRange, Omp);
  }
  sycl::free(A, Q);
  sycl::free(B, Q);
  sycl::free(C, Q);
  return 0;
}
