//===- MatrixMultiply.cpp - Naive GEMM and a sub-group tiled multiply -----===//
//
// Gemm: the naive loop of the hierarchical-CBS paper, column-major, one
// work-item per element of C: C[i + N*j] = sum over k of A[i + N*k] *
// B[k + N*j], where i is the fastest work-item dimension.
//
// TiledMatmul: row-major C = A * B where a sub-group computes S neighbouring
// elements of a row of C. Each lane loads one element of A's row per step
// of S columns, and group_broadcast hands each of them to the whole
// sub-group, so A is read once per sub-group instead of once per work-item.
//
// The hand-written variants are the loop orders a user would vectorize with
// OpenMP: j-k-i (column-major) and i-k-j (row-major), the innermost loop
// `simd`. Matrix entries are small integers, so every summation order gives
// exactly the host's result.
//
//===----------------------------------------------------------------------===//

#include "../Harness.h"

#include <cstring>

namespace bench_matmul {

constexpr size_t WorkGroupSize = 256;

struct Matrices {
  sycl::queue Q;
  size_t N = bench::scaled(512, WorkGroupSize, 1.0 / 3);
  bench::SharedArray<float> A{Q, N *N};
  bench::SharedArray<float> B{Q, N *N};
  bench::SharedArray<float> C{Q, N *N};
  Matrices() {
    for (size_t I = 0; I < N * N; ++I) {
      A[I] = float(int((I * 3) % 5) - 2);
      B[I] = float(int((I * 7) % 9) - 4);
    }
    std::memset(C, 0, N * N * sizeof(float));
  }
  int64_t bytes() const { return int64_t(3 * N * N * sizeof(float)); }
};

struct ColumnMajor : Matrices {
  std::string check() const {
    static const std::vector<float> R = [this] {
      std::vector<float> Out(N * N, 0.0f);
      for (size_t J = 0; J < N; ++J)
        for (size_t K = 0; K < N; ++K)
          for (size_t I = 0; I < N; ++I)
            Out[I + N * J] += A[I + N * K] * B[K + N * J];
      return Out;
    }();
    for (size_t I = 0; I < N * N; ++I)
      if (C[I] != R[I])
        return "wrong element " + std::to_string(I % N) + ", " +
               std::to_string(I / N);
    return "";
  }
};

template <uint32_t S> class GemmKernel;
template <uint32_t S> void gemm(benchmark::State &State) {
  bench::run<ColumnMajor, S>(State, [](ColumnMajor &P) {
    const float *A = P.A, *B = P.B;
    float *C = P.C;
    const size_t N = P.N;
    P.Q.submit([&](sycl::handler &H) {
         bench::parallel_for<GemmKernel<S>, S>(
             H, sycl::nd_range<2>({N, N}, {1, WorkGroupSize}),
             [=](sycl::nd_item<2> It) {
               size_t J = It.get_global_id(0), I = It.get_global_id(1);
               float Acc = 0;
               for (size_t K = 0; K < N; ++K)
                 Acc += A[I + N * K] * B[K + N * J];
               C[I + N * J] = Acc;
             });
       })
        .wait();
  });
}

void gemmOmp(benchmark::State &State) {
  bench::run<ColumnMajor>(State, [](ColumnMajor &P) {
    const float *A = P.A, *B = P.B;
    float *C = P.C;
    const size_t N = P.N;
#pragma omp parallel for
    for (size_t J = 0; J < N; ++J) {
      float *Col = C + N * J;
#pragma omp simd
      for (size_t I = 0; I < N; ++I)
        Col[I] = 0;
      for (size_t K = 0; K < N; ++K) {
        float Bkj = B[K + N * J];
#pragma omp simd
        for (size_t I = 0; I < N; ++I)
          Col[I] += A[I + N * K] * Bkj;
      }
    }
  });
}

struct RowMajor : Matrices {
  std::string check() const {
    static const std::vector<float> R = [this] {
      std::vector<float> Out(N * N, 0.0f);
      for (size_t Row = 0; Row < N; ++Row)
        for (size_t K = 0; K < N; ++K)
          for (size_t Col = 0; Col < N; ++Col)
            Out[Row * N + Col] += A[Row * N + K] * B[K * N + Col];
      return Out;
    }();
    for (size_t I = 0; I < N * N; ++I)
      if (C[I] != R[I])
        return "wrong element " + std::to_string(I / N) + ", " +
               std::to_string(I % N);
    return "";
  }
};

template <uint32_t S> class TiledMatmulKernel;
template <uint32_t S> void tiledMatmul(benchmark::State &State) {
  bench::run<RowMajor, S>(State, [](RowMajor &P) {
    const float *A = P.A, *B = P.B;
    float *C = P.C;
    const size_t N = P.N;
    P.Q.submit([&](sycl::handler &H) {
         bench::parallel_for<TiledMatmulKernel<S>, S>(
             H, sycl::nd_range<2>({N, N}, {1, WorkGroupSize}),
             [=](sycl::nd_item<2> It) {
               sycl::sub_group Sg = It.get_sub_group();
               size_t Row = It.get_global_id(0), Col = It.get_global_id(1);
               size_t Lane = Sg.get_local_linear_id();
               float Acc = 0;
               for (size_t K0 = 0; K0 < N; K0 += S) {
                 float Mine = A[Row * N + K0 + Lane];
                 for (uint32_t T = 0; T < S; ++T)
                   Acc += sycl::group_broadcast(Sg, Mine, T) *
                          B[(K0 + T) * N + Col];
               }
               C[Row * N + Col] = Acc;
             });
       })
        .wait();
  });
}

void tiledMatmulOmp(benchmark::State &State) {
  bench::run<RowMajor>(State, [](RowMajor &P) {
    const float *A = P.A, *B = P.B;
    float *C = P.C;
    const size_t N = P.N;
#pragma omp parallel for
    for (size_t Row = 0; Row < N; ++Row) {
      float *Out = C + Row * N;
#pragma omp simd
      for (size_t Col = 0; Col < N; ++Col)
        Out[Col] = 0;
      for (size_t K = 0; K < N; ++K) {
        float Ark = A[Row * N + K];
#pragma omp simd
        for (size_t Col = 0; Col < N; ++Col)
          Out[Col] += Ark * B[K * N + Col];
      }
    }
  });
}

} // namespace bench_matmul

using namespace bench_matmul;
BENCH_KERNEL(Gemm, bench::Bound::Compute, gemm, gemmOmp);
BENCH_KERNEL(TiledMatmul, bench::Bound::Compute, tiledMatmul, tiledMatmulOmp);
