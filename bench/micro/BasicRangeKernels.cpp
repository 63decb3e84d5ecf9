//===- BasicRangeKernels.cpp - Basic range kernels as people write them ---===//
//
// Six basic kernels over a range (`parallel_for(range<D>, [=](id<D>) {...})`,
// the form of the Polybench and SYCL-Bench ports), each timed against the
// same loop written with OpenMP `simd` and checked against the host: a GEMM
// whose work-items each loop over k, a Mandelbrot escape loop whose trip
// count differs per work-item, an n-body force loop with `sycl::sqrt`, a
// linear index split into a row and a column by `/` and `%`, the STREAM
// triad indexed by an `int`, and ATAX's row sums (each work-item walks its
// own row).
// Built with the compiler's defaults (clang's -fmath-errno included), then
// built again with a switch of the plugin to compare, for example
//
//   build/bin/sublane-clang++ -O3 -march=x86-64-v3 \
//     bench/micro/BasicRangeKernels.cpp -o brk
//   build/bin/sublane-clang++ -O3 -march=x86-64-v3 \
//     --sublane-widen-basic-range-kernels=false \
//     bench/micro/BasicRangeKernels.cpp -o brk-narrow
//   OMP_NUM_THREADS=1 ./brk; OMP_NUM_THREADS=1 ./brk-narrow
//
// Each time is the median of 7 runs, in ms. -DSUB_GROUP_SIZE=N asks for
// sub-groups of N work-items on all six kernels
// ([[sycl::reqd_sub_group_size(N)]]).
//
//===----------------------------------------------------------------------===//

#include "MedianTime.h"

#include <sublane/sycl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#ifdef SUB_GROUP_SIZE
#define KERNEL_ATTRIBUTES [[sycl::reqd_sub_group_size(SUB_GROUP_SIZE)]]
#else
#define KERNEL_ATTRIBUTES
#endif

namespace {

bool near(float Got, float Want, float Tolerance) {
  return std::fabs(Got - Want) <= Tolerance * std::max(1.0f, std::fabs(Want));
}

constexpr size_t GemmN = 512;

bool gemm(sycl::queue &Q) {
  const size_t N = GemmN;
  float *A = sycl::malloc_shared<float>(N * N, Q);
  float *B = sycl::malloc_shared<float>(N * N, Q);
  float *C = sycl::malloc_shared<float>(N * N, Q);
  std::vector<float> Ref(N * N);
  for (size_t I = 0; I < N * N; ++I) {
    A[I] = float(I % 13) * 0.25f;
    B[I] = float(I % 7) - 3.0f;
  }
  double Kernel = medianMs<7>([&] {
    Q.parallel_for(sycl::range<2>(N, N), [=](sycl::id<2> Id) KERNEL_ATTRIBUTES {
       size_t Row = Id[0], Col = Id[1];
       float Sum = 0;
       for (size_t K = 0; K < N; ++K)
         Sum += A[Row * N + K] * B[K * N + Col];
       C[Row * N + Col] = Sum;
     }).wait();
  });
  double Omp = medianMs<7>([&] {
#pragma omp parallel for
    for (size_t Row = 0; Row < N; ++Row) {
      float *Out = &Ref[Row * N];
      for (size_t Col = 0; Col < N; ++Col)
        Out[Col] = 0;
      for (size_t K = 0; K < N; ++K)
#pragma omp simd
        for (size_t Col = 0; Col < N; ++Col)
          Out[Col] += A[Row * N + K] * B[K * N + Col];
    }
  });
  for (size_t I = 0; I < N * N; ++I)
    if (!near(C[I], Ref[I], 1e-4f)) {
      std::fprintf(stderr, "gemm: wrong at %zu: %f, want %f\n", I, C[I],
                   Ref[I]);
      return false;
    }
  std::printf("%-10s %10.2f %10.2f %8.2f\n", "gemm", Kernel, Omp, Kernel / Omp);
  sycl::free(A, Q);
  sycl::free(B, Q);
  sycl::free(C, Q);
  return true;
}

/// The Mandelbrot iteration's steps at Re + Im i, on the device (inlined
/// into the kernel) and on the host.
int escapeSteps(float Re, float Im) {
  float ZRe = 0, ZIm = 0;
  int Steps = 0;
  while (Steps < 256 && ZRe * ZRe + ZIm * ZIm < 4.0f) {
    float T = ZRe * ZRe - ZIm * ZIm + Re;
    ZIm = 2 * ZRe * ZIm + Im;
    ZRe = T;
    ++Steps;
  }
  return Steps;
}

bool mandelbrot(sycl::queue &Q) {
  const size_t W = 1024, H = 512;
  int *Image = sycl::malloc_shared<int>(W * H, Q);
  std::vector<int> Ref(W * H);
  double Kernel = medianMs<7>([&] {
    const sycl::range<2> Points(H, W);
    Q.parallel_for(Points, [=](sycl::item<2> It) KERNEL_ATTRIBUTES {
       Image[It.get_linear_id()] =
           escapeSteps(-2.0f + 3.0f * It[1] / W, -1.0f + 2.0f * It[0] / H);
     }).wait();
  });
  double Omp = medianMs<7>([&] {
#pragma omp parallel for
    for (size_t Y = 0; Y < H; ++Y)
#pragma omp simd
      for (size_t X = 0; X < W; ++X)
        Ref[Y * W + X] =
            escapeSteps(-2.0f + 3.0f * X / W, -1.0f + 2.0f * Y / H);
  });
  // Contractions into FMAs may differ: a point on the set's edge can take a
  // few steps more or less.
  size_t Off = 0;
  for (size_t I = 0; I < W * H; ++I)
    Off += std::abs(Image[I] - Ref[I]) > 2;
  if (Off > W * H / 1000) {
    std::fprintf(stderr, "mandelbrot: %zu points wrong\n", Off);
    return false;
  }
  std::printf("%-10s %10.2f %10.2f %8.2f\n", "mandelbrot", Kernel, Omp,
              Kernel / Omp);
  sycl::free(Image, Q);
  return true;
}

bool nbody(sycl::queue &Q) {
  const size_t N = 4096;
  sycl::float4 *Pos = sycl::malloc_shared<sycl::float4>(N, Q);
  sycl::float4 *Acc = sycl::malloc_shared<sycl::float4>(N, Q);
  std::vector<float> X(N), Y(N), Z(N), M(N), Ref(3 * N);
  for (size_t I = 0; I < N; ++I) {
    X[I] = float(I % 17);
    Y[I] = float(I % 11) * 0.5f;
    Z[I] = float(I % 5);
    M[I] = 1.0f + float(I % 3);
    Pos[I] = sycl::float4(X[I], Y[I], Z[I], M[I]);
  }
  double Kernel = medianMs<7>([&] {
    Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) KERNEL_ATTRIBUTES {
       sycl::float4 Pi = Pos[I];
       float Ax = 0, Ay = 0, Az = 0;
       for (size_t J = 0; J < N; ++J) {
         sycl::float4 Pj = Pos[J];
         float Dx = Pj.x() - Pi.x(), Dy = Pj.y() - Pi.y(), Dz = Pj.z() - Pi.z();
         float Dist = sycl::sqrt(Dx * Dx + Dy * Dy + Dz * Dz + 0.01f);
         float S = Pj.w() / (Dist * Dist * Dist);
         Ax += S * Dx;
         Ay += S * Dy;
         Az += S * Dz;
       }
       Acc[I] = sycl::float4(Ax, Ay, Az, 0.0f);
     }).wait();
  });
  double Omp = medianMs<7>([&] {
#pragma omp parallel for simd
    for (size_t I = 0; I < N; ++I) {
      float Ax = 0, Ay = 0, Az = 0;
      for (size_t J = 0; J < N; ++J) {
        float Dx = X[J] - X[I], Dy = Y[J] - Y[I], Dz = Z[J] - Z[I];
        float Dist = std::sqrt(Dx * Dx + Dy * Dy + Dz * Dz + 0.01f);
        float S = M[J] / (Dist * Dist * Dist);
        Ax += S * Dx;
        Ay += S * Dy;
        Az += S * Dz;
      }
      Ref[3 * I] = Ax;
      Ref[3 * I + 1] = Ay;
      Ref[3 * I + 2] = Az;
    }
  });
  for (size_t I = 0; I < N; ++I)
    if (!near(Acc[I].x(), Ref[3 * I], 1e-3f) ||
        !near(Acc[I].y(), Ref[3 * I + 1], 1e-3f) ||
        !near(Acc[I].z(), Ref[3 * I + 2], 1e-3f)) {
      std::fprintf(stderr, "nbody: wrong at %zu\n", I);
      return false;
    }
  std::printf("%-10s %10.2f %10.2f %8.2f\n", "nbody", Kernel, Omp,
              Kernel / Omp);
  sycl::free(Pos, Q);
  sycl::free(Acc, Q);
  return true;
}

/// \p W is the row width, which the compiler must not know.
bool splitIndex(sycl::queue &Q, int W) {
  // A linear index split into a row and a column, as code ported from GPUs
  // writes it.
  const int H = 4096;
  float *In = sycl::malloc_shared<float>(size_t(W) * H, Q);
  float *Out = sycl::malloc_shared<float>(size_t(W) * H, Q);
  std::vector<float> Ref(size_t(W) * H);
  for (int I = 0; I < W * H; ++I)
    In[I] = float(I % 17);
  double Kernel = medianMs<7>([&] {
    Q.parallel_for(sycl::range<1>(size_t(W) * H),
                   [=](sycl::id<1> Id) KERNEL_ATTRIBUTES {
                     int I = int(Id[0]);
                     int Row = I / W, Col = I % W;
                     Out[I] = In[I] + float(Row) - float(Col);
                   })
        .wait();
  });
  double Omp = medianMs<7>([&] {
#pragma omp parallel for
    for (int Row = 0; Row < H; ++Row)
#pragma omp simd
      for (int Col = 0; Col < W; ++Col)
        Ref[Row * W + Col] = In[Row * W + Col] + float(Row) - float(Col);
  });
  for (int I = 0; I < W * H; ++I)
    if (Out[I] != Ref[I]) {
      std::fprintf(stderr, "split index: wrong at %d: %f, want %f\n", I, Out[I],
                   Ref[I]);
      return false;
    }
  std::printf("%-10s %10.2f %10.2f %8.2f\n", "split", Kernel, Omp,
              Kernel / Omp);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return true;
}

bool intTriad(sycl::queue &Q) {
  // The STREAM triad as most ports write it: the id converted to `int`.
  const int N = 1 << 24;
  float *A = sycl::malloc_shared<float>(N, Q);
  float *B = sycl::malloc_shared<float>(N, Q);
  float *C = sycl::malloc_shared<float>(N, Q);
  std::vector<float> Ref(N);
  for (int I = 0; I < N; ++I) {
    B[I] = float(I % 19);
    C[I] = float(I % 23) * 0.5f;
  }
  double Kernel = medianMs<7>([&] {
    Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> Id) KERNEL_ATTRIBUTES {
       int I = Id[0];
       A[I] = B[I] + 3.0f * C[I];
     }).wait();
  });
  double Omp = medianMs<7>([&] {
#pragma omp parallel for simd
    for (int I = 0; I < N; ++I)
      Ref[I] = B[I] + 3.0f * C[I];
  });
  for (int I = 0; I < N; ++I)
    if (A[I] != Ref[I]) {
      std::fprintf(stderr, "int triad: wrong at %d: %f, want %f\n", I, A[I],
                   Ref[I]);
      return false;
    }
  std::printf("%-10s %10.2f %10.2f %8.2f\n", "int-triad", Kernel, Omp,
              Kernel / Omp);
  sycl::free(A, Q);
  sycl::free(B, Q);
  sycl::free(C, Q);
  return true;
}

bool rowSums(sycl::queue &Q, size_t M) {
  // ATAX's first kernel (and BiCG's, GESUMMV's, MVT's): each work-item
  // walks its own row, the row length known only at run time.
  const size_t N = 2048;
  float *A = sycl::malloc_shared<float>(N * M, Q);
  float *X = sycl::malloc_shared<float>(M, Q);
  float *Y = sycl::malloc_shared<float>(N, Q);
  std::vector<float> Ref(N);
  for (size_t I = 0; I < N * M; ++I)
    A[I] = float(I % 13) * 0.25f;
  for (size_t I = 0; I < M; ++I)
    X[I] = float(I % 7) - 3.0f;
  double Kernel = medianMs<7>([&] {
    Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> Id) KERNEL_ATTRIBUTES {
       size_t I = Id[0];
       float Sum = 0;
       for (size_t J = 0; J < M; ++J)
         Sum += A[I * M + J] * X[J];
       Y[I] = Sum;
     }).wait();
  });
  double Omp = medianMs<7>([&] {
#pragma omp parallel for
    for (size_t I = 0; I < N; ++I) {
      float Sum = 0;
#pragma omp simd reduction(+ : Sum)
      for (size_t J = 0; J < M; ++J)
        Sum += A[I * M + J] * X[J];
      Ref[I] = Sum;
    }
  });
  for (size_t I = 0; I < N; ++I)
    if (!near(Y[I], Ref[I], 1e-4f)) {
      std::fprintf(stderr, "row sums: wrong at %zu: %f, want %f\n", I, Y[I],
                   Ref[I]);
      return false;
    }
  std::printf("%-10s %10.2f %10.2f %8.2f\n", "row-sums", Kernel, Omp,
              Kernel / Omp);
  sycl::free(A, Q);
  sycl::free(X, Q);
  sycl::free(Y, Q);
  return true;
}

} // namespace

int main(int Argc, char **) {
  sycl::queue Q;
  std::printf("%-10s %10s %10s %8s\n", "kernel", "range", "omp", "ratio");
  bool Ok = gemm(Q) && mandelbrot(Q) && nbody(Q) &&
            splitIndex(Q, 1020 + Argc) && intTriad(Q) &&
            rowSums(Q, 2047 + Argc);
  return Ok ? 0 : 1;
}
