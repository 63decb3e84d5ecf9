//===- PartialSums.c - ElementReduce's memory traffic, by hand -----------===//
//
// ElementReduce sums 2^24 floats as a newcomer to sub-groups writes it:
// each sub-group of S work-items sums S consecutive floats, its leader
// stores the sum, and the host adds the N / S partial sums. Besides reading
// the array, that writes N / S floats (and reads their cache lines first)
// and reads them back. This program does the same with AVX2 intrinsics, as
// fast as a person writes it: 8 blocks of S floats reduced at once into one
// vector of 8 sums, one store per 8 blocks; then the sum of the partials.
// It also stores the partials with non-temporal stores (no read of the
// lines first), and times the plain sum of the array, the kernel's
// hand-written reference. So the kernel can be compared with the best the
// algorithm gets, and the algorithm with the plain sum.
//
//   cc -O3 -mavx2 -mfma bench/micro/PartialSums.c -o partial-sums
//   ./partial-sums            # S = 8, 16, 32, 64, then the plain sum
//
// Every run checks its total against the scalar sum; a mismatch exits 1.
//
//===----------------------------------------------------------------------===//

#include "Micro.h"

#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>

enum { Repeats = 15 };

/// Lane I of the result is the sum of the lanes of V[I].
static __m256 transposeSums(const __m256 V[8]) {
  __m256 A = _mm256_hadd_ps(V[0], V[1]), B = _mm256_hadd_ps(V[2], V[3]);
  __m256 C = _mm256_hadd_ps(V[4], V[5]), D = _mm256_hadd_ps(V[6], V[7]);
  __m256 AB = _mm256_hadd_ps(A, B), CD = _mm256_hadd_ps(C, D);
  // Each 128-bit half now holds half of each block's sum.
  __m256 Low = _mm256_permute2f128_ps(AB, CD, 0x20);
  __m256 High = _mm256_permute2f128_ps(AB, CD, 0x31);
  return _mm256_add_ps(Low, High);
}

/// Stores the sum of each block of S floats of In into Partials.
static void blockSums(const float *In, size_t N, size_t S, float *Partials,
                      int NonTemporal) {
  for (size_t Block = 0; Block < N / S; Block += 8) {
    __m256 Sums[8];
    for (int B = 0; B < 8; ++B) {
      const float *P = In + (Block + B) * S;
      __m256 Acc = _mm256_load_ps(P);
      for (size_t K = 8; K < S; K += 8)
        Acc = _mm256_add_ps(Acc, _mm256_load_ps(P + K));
      Sums[B] = Acc;
    }
    __m256 Out = transposeSums(Sums);
    if (NonTemporal)
      _mm256_stream_ps(Partials + Block, Out);
    else
      _mm256_store_ps(Partials + Block, Out);
  }
  if (NonTemporal)
    _mm_sfence();
}

static float partialsThenSum(const float *In, size_t N, size_t S,
                             float *Partials, int NonTemporal) {
  blockSums(In, N, S, Partials, NonTemporal);
  return linearSum(Partials, N / S);
}

static int compareDoubles(const void *A, const void *B) {
  double X = *(const double *)A, Y = *(const double *)B;
  return (X > Y) - (X < Y);
}

int main(void) {
  const size_t N = (size_t)1 << 24;
  float *In = aligned_alloc(64, N * sizeof(float));
  float *Partials = aligned_alloc(64, N / 8 * sizeof(float));
  if (!In || !Partials)
    return 1;
  // Ones and zeros: every partial sum is exact, in any order.
  double Want = 0;
  for (size_t I = 0; I < N; ++I) {
    In[I] = (I * 7) % 3 == 0 ? 1.0f : 0.0f;
    Want += In[I];
  }
  for (size_t I = 0; I < N / 8; ++I)
    Partials[I] = 0;
  // Each configuration's runs alternate with the plain sum's, so that both
  // see the machine in the same state; the ratio is per pair of medians.
  const size_t Sizes[] = {8, 16, 32, 64};
  printf("%-4s %-13s %10s %10s %7s\n", "S", "stores", "ms", "plain ms",
         "ratio");
  for (unsigned SI = 0; SI < sizeof(Sizes) / sizeof(Sizes[0]); ++SI)
    for (int NonTemporal = 0; NonTemporal < 2; ++NonTemporal) {
      double Times[Repeats], Plain[Repeats];
      for (int R = 0; R < Repeats; ++R) {
        double Start = seconds();
        float Got = partialsThenSum(In, N, Sizes[SI], Partials, NonTemporal);
        Times[R] = seconds() - Start;
        Start = seconds();
        float Reference = linearSum(In, N);
        Plain[R] = seconds() - Start;
        if ((double)Got != Want || (double)Reference != Want) {
          fprintf(stderr,
                  "partial-sums: S=%zu summed %.0f (plain %.0f), "
                  "expected %.0f\n",
                  Sizes[SI], (double)Got, (double)Reference, Want);
          return 1;
        }
      }
      qsort(Times, Repeats, sizeof(double), compareDoubles);
      qsort(Plain, Repeats, sizeof(double), compareDoubles);
      double Median = Times[Repeats / 2], PlainMedian = Plain[Repeats / 2];
      printf("%-4zu %-13s %10.3f %10.3f %7.2f\n", Sizes[SI],
             NonTemporal ? "non-temporal" : "plain", Median * 1e3,
             PlainMedian * 1e3, Median / PlainMedian);
    }
  free(Partials);
  free(In);
  return 0;
}
