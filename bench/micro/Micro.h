/*===- Micro.h - What the hand-written micro-benchmarks share -------------===*
 *
 * A clock, and the AVX2 sum of an array (the linear order every
 * micro-benchmark here is measured against). Header-only, so that each
 * program still builds with one `cc` command.
 *
 *===----------------------------------------------------------------------===*/
#ifndef SUBLANE_BENCH_MICRO_H
#define SUBLANE_BENCH_MICRO_H

#include <immintrin.h>
#include <stddef.h>
#include <time.h>

static inline double seconds(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return (double)T.tv_sec + (double)T.tv_nsec * 1e-9;
}

static inline float horizontalSum(__m256 V) {
  float Lanes[8];
  _mm256_storeu_ps(Lanes, V);
  float Sum = 0;
  for (int I = 0; I < 8; ++I)
    Sum += Lanes[I];
  return Sum;
}

/// The sum of In[0, N), N a multiple of 32, In 32-byte aligned.
static inline float linearSum(const float *In, size_t N) {
  __m256 A = _mm256_setzero_ps(), B = A, C = A, D = A;
  for (size_t I = 0; I < N; I += 32) {
    A = _mm256_add_ps(A, _mm256_load_ps(In + I));
    B = _mm256_add_ps(B, _mm256_load_ps(In + I + 8));
    C = _mm256_add_ps(C, _mm256_load_ps(In + I + 16));
    D = _mm256_add_ps(D, _mm256_load_ps(In + I + 24));
  }
  return horizontalSum(_mm256_add_ps(_mm256_add_ps(A, B), _mm256_add_ps(C, D)));
}

#endif /* SUBLANE_BENCH_MICRO_H */
