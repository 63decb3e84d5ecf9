//===- StridedRows.c - SubGroupReduce's access order, by hand ------------===//
//
// SubGroupReduce sums 2^24 floats the way GPU code does: work-item I adds
// In[I + K * Items] for K < 32, so a vector of W consecutive work-items
// reads W floats from each of 32 rows 2 MB apart. This program reads the
// same order with AVX2 intrinsics, W floats per row per step, so that the
// vectorizer's code can be compared with the best a person writing
// intrinsics gets from that order, and with a linear sum of the same array.
//
//   cc -O3 -mavx2 -mfma bench/micro/StridedRows.c -o strided-rows
//   ./strided-rows            # W = 8, 16, 32, 64, 128, 256 and linear
//
// Every run checks its sum against the scalar sum; a mismatch exits 1.
//
//===----------------------------------------------------------------------===//

#include "Micro.h"

#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>

enum { Rows = 32, Repeats = 7 };

// W floats per row per step, kept in W / 8 registers.
#define STRIDED_SUM(W)                                                         \
  static float stridedSum##W(const float *In, size_t Items) {                  \
    __m256 Total = _mm256_setzero_ps();                                        \
    for (size_t I = 0; I < Items; I += W) {                                    \
      __m256 Acc[W / 8];                                                       \
      for (int V = 0; V < W / 8; ++V)                                          \
        Acc[V] = _mm256_setzero_ps();                                          \
      for (int K = 0; K < Rows; ++K)                                           \
        for (int V = 0; V < W / 8; ++V)                                        \
          Acc[V] = _mm256_add_ps(                                              \
              Acc[V], _mm256_load_ps(In + I + 8 * V + (size_t)K * Items));     \
      for (int V = 0; V < W / 8; ++V)                                          \
        Total = _mm256_add_ps(Total, Acc[V]);                                  \
    }                                                                          \
    return horizontalSum(Total);                                               \
  }
STRIDED_SUM(8)
STRIDED_SUM(16)
STRIDED_SUM(32)
STRIDED_SUM(64)
STRIDED_SUM(128)
STRIDED_SUM(256)

static float run(int W, const float *In, size_t N) {
  size_t Items = N / Rows;
  switch (W) {
  case 8: return stridedSum8(In, Items);
  case 16: return stridedSum16(In, Items);
  case 32: return stridedSum32(In, Items);
  case 64: return stridedSum64(In, Items);
  case 128: return stridedSum128(In, Items);
  case 256: return stridedSum256(In, Items);
  default: return linearSum(In, N);
  }
}

int main(void) {
  const size_t N = (size_t)1 << 24;
  float *In = aligned_alloc(64, N * sizeof(float));
  if (!In)
    return 1;
  // Ones and zeros: every partial sum is exact, in any order.
  double Want = 0;
  for (size_t I = 0; I < N; ++I) {
    In[I] = (I * 7) % 3 == 0 ? 1.0f : 0.0f;
    Want += In[I];
  }
  const int Widths[] = {8, 16, 32, 64, 128, 256, 0};
  printf("%-8s %10s\n", "floats", "median ms");
  for (unsigned WI = 0; WI < sizeof(Widths) / sizeof(Widths[0]); ++WI) {
    double Times[Repeats];
    for (int R = 0; R < Repeats; ++R) {
      double Start = seconds();
      float Got = run(Widths[WI], In, N);
      Times[R] = seconds() - Start;
      if ((double)Got != Want) {
        fprintf(stderr, "strided-rows: W=%d summed %.0f, expected %.0f\n",
                Widths[WI], (double)Got, Want);
        return 1;
      }
    }
    for (int I = 1; I < Repeats; ++I) // insertion sort for the median
      for (int J = I; J > 0 && Times[J - 1] > Times[J]; --J) {
        double T = Times[J];
        Times[J] = Times[J - 1];
        Times[J - 1] = T;
      }
    if (Widths[WI])
      printf("%-8d %10.3f\n", Widths[WI], Times[Repeats / 2] * 1e3);
    else
      printf("%-8s %10.3f\n", "linear", Times[Repeats / 2] * 1e3);
  }
  free(In);
  return 0;
}
