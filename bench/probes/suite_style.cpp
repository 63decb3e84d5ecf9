//===- suite_style.cpp - Buffer-and-accessor kernels as suites write them -===//
//
// More polybench and SYCL-Bench kernels, written the way those suites write
// them: buffers and accessors (multi-dimensional subscripts), kernels named
// by a class, item<N> ids, triangular loops whose trip count differs per
// work-item, single-item kernels, branches on the grid's edges, float4
// pixels. Each is checked against a host loop and timed against it, as in
// user_style.cpp. Not part of the sweep.
//
//   build/bin/sublane-clang++ -O3 -march=x86-64-v3 -fno-math-errno \
//     bench/probes/suite_style.cpp -o suite_style
//   OMP_NUM_THREADS=1 ./suite_style
//
// Prints, per kernel, the best of 5 runs of each (ms) and their ratio; exits
// with 1 if any result is wrong.
//
//===----------------------------------------------------------------------===//
#include <cmath>
#include <cstdio>
#include <sycl/sycl.hpp>
#include <vector>

#include "Probe.h"

namespace {
using probe::best;
using probe::matches;
using probe::report;
float init(size_t I, size_t Mod, float Scale) { return float(I % Mod) * Scale; }
} // namespace

// Polybench GEMM: C = alpha * A * B + beta * C, one item per element of C.
static void gemm(sycl::queue &Q) {
  const size_t N = 512;
  const float Alpha = 1.5f, Beta = 1.2f;
  std::vector<float> A(N * N), B(N * N), C0(N * N), C(N * N), Ref(N * N);
  for (size_t I = 0; I < N * N; ++I) {
    A[I] = init(I * 7, 13, 0.1f);
    B[I] = init(I * 3, 11, 0.2f);
    C0[I] = init(I, 5, 0.3f);
  }
  sycl::buffer<float, 2> BA(A.data(), sycl::range<2>(N, N)),
      BB(B.data(), sycl::range<2>(N, N)), BC(C.data(), sycl::range<2>(N, N));
  double T = best([&] {
    {
      sycl::host_accessor HC(BC);
      for (size_t I = 0; I < N; ++I)
        for (size_t J = 0; J < N; ++J)
          HC[I][J] = C0[I * N + J];
    }
    Q.submit([&](sycl::handler &Cgh) {
      auto a = BA.get_access<sycl::access::mode::read>(Cgh);
      auto b = BB.get_access<sycl::access::mode::read>(Cgh);
      auto c = BC.get_access<sycl::access::mode::read_write>(Cgh);
      Cgh.parallel_for<class PolyGemm>(
          sycl::range<2>(N, N), [=](sycl::item<2> It) {
            const auto I = It[0], J = It[1];
            c[It] *= Beta;
            for (size_t K = 0; K < N; ++K)
              c[It] += Alpha * a[{I, K}] * b[{K, J}];
          });
    });
    Q.wait();
  });
  double H = best([&] {
    for (size_t I = 0; I < N; ++I) {
      for (size_t J = 0; J < N; ++J)
        Ref[I * N + J] = C0[I * N + J] * Beta;
      for (size_t K = 0; K < N; ++K) {
        float AIK = Alpha * A[I * N + K];
#pragma omp simd
        for (size_t J = 0; J < N; ++J)
          Ref[I * N + J] += AIK * B[K * N + J];
      }
    }
  });
  sycl::host_accessor HC(BC);
  report("gemm", T, H, matches(&HC[0][0], Ref.data(), N * N));
}

// Polybench SYRK: C = alpha * A * A^T + beta * C, over the whole square.
static void syrk(sycl::queue &Q) {
  const size_t N = 512, M = 512;
  const float Alpha = 1.25f, Beta = 0.75f;
  std::vector<float> A(N * M), C0(N * N), Ref(N * N);
  for (size_t I = 0; I < N * M; ++I)
    A[I] = init(I * 5, 17, 0.05f);
  for (size_t I = 0; I < N * N; ++I)
    C0[I] = init(I, 7, 0.1f);
  sycl::buffer<float, 2> BA(A.data(), sycl::range<2>(N, M)),
      BC(sycl::range<2>(N, N));
  double T = best([&] {
    {
      sycl::host_accessor HC(BC, sycl::write_only);
      for (size_t I = 0; I < N; ++I)
        for (size_t J = 0; J < N; ++J)
          HC[I][J] = C0[I * N + J];
    }
    Q.submit([&](sycl::handler &Cgh) {
      sycl::accessor a(BA, Cgh, sycl::read_only);
      sycl::accessor c(BC, Cgh, sycl::read_write);
      Cgh.parallel_for<class PolySyrk>(sycl::range<2>(N, N),
                                       [=](sycl::item<2> It) {
                                         const auto I = It[0], J = It[1];
                                         float S = c[It] * Beta;
                                         for (size_t K = 0; K < M; ++K)
                                           S += Alpha * a[I][K] * a[J][K];
                                         c[It] = S;
                                       });
    });
    Q.wait();
  });
  double H = best([&] {
    for (size_t I = 0; I < N; ++I)
#pragma omp simd
      for (size_t J = 0; J < N; ++J) {
        float S = C0[I * N + J] * Beta;
        for (size_t K = 0; K < M; ++K)
          S += Alpha * A[I * M + K] * A[J * M + K];
        Ref[I * N + J] = S;
      }
  });
  sycl::host_accessor HC(BC);
  report("syrk", T, H, matches(&HC[0][0], Ref.data(), N * N));
}

// Polybench COVARIANCE: column means, centring, and the upper triangle of
// the covariance matrix mirrored, one item per column j1 (a loop from j1 to
// M: a trip count that differs per work-item).
static void covariance(sycl::queue &Q) {
  const size_t N = 512, M = 512; // N rows (samples), M columns
  const float FloatN = float(N);
  std::vector<float> D0(N * M), Mean(M), Sym(M * M), RefD(N * M), RefMean(M),
      RefSym(M * M);
  for (size_t I = 0; I < N * M; ++I)
    D0[I] = init(I * 11, 19, 0.07f);
  sycl::buffer<float, 2> BD(sycl::range<2>(N, M)), BS(sycl::range<2>(M, M));
  sycl::buffer<float, 1> BM{sycl::range<1>(M)};
  double T = best([&] {
    {
      sycl::host_accessor HD(BD, sycl::write_only);
      for (size_t I = 0; I < N; ++I)
        for (size_t J = 0; J < M; ++J)
          HD[I][J] = D0[I * M + J];
    }
    Q.submit([&](sycl::handler &Cgh) {
      auto data = BD.get_access<sycl::access::mode::read>(Cgh);
      auto mean = BM.get_access<sycl::access::mode::discard_write>(Cgh);
      Cgh.parallel_for<class CovMean>(sycl::range<1>(M), [=](sycl::item<1> It) {
        const auto J = It[0];
        mean[It] = 0;
        for (size_t I = 0; I < N; ++I)
          mean[It] += data[I][J];
        mean[It] /= FloatN;
      });
    });
    Q.submit([&](sycl::handler &Cgh) {
      auto data = BD.get_access<sycl::access::mode::read_write>(Cgh);
      auto mean = BM.get_access<sycl::access::mode::read>(Cgh);
      Cgh.parallel_for<class CovReduce>(
          sycl::range<2>(N, M),
          [=](sycl::item<2> It) { data[It] -= mean[It[1]]; });
    });
    Q.submit([&](sycl::handler &Cgh) {
      auto data = BD.get_access<sycl::access::mode::read>(Cgh);
      auto symmat = BS.get_access<sycl::access::mode::discard_write>(Cgh);
      Cgh.parallel_for<class CovCovar>(sycl::range<1>(M),
                                       [=](sycl::item<1> It) {
                                         const auto J1 = It[0];
                                         for (size_t J2 = J1; J2 < M; ++J2) {
                                           float S = 0;
                                           for (size_t I = 0; I < N; ++I)
                                             S += data[I][J1] * data[I][J2];
                                           symmat[J1][J2] = S;
                                           symmat[J2][J1] = S;
                                         }
                                       });
    });
    Q.wait();
  });
  double H = best([&] {
    for (size_t J = 0; J < M; ++J)
      RefMean[J] = 0;
    for (size_t I = 0; I < N; ++I)
#pragma omp simd
      for (size_t J = 0; J < M; ++J)
        RefMean[J] += D0[I * M + J];
    for (size_t J = 0; J < M; ++J)
      RefMean[J] /= FloatN;
    for (size_t I = 0; I < N; ++I)
#pragma omp simd
      for (size_t J = 0; J < M; ++J)
        RefD[I * M + J] = D0[I * M + J] - RefMean[J];
    for (size_t J1 = 0; J1 < M; ++J1) {
      std::vector<float> Row(M, 0.0f);
      for (size_t I = 0; I < N; ++I) {
        float DJ1 = RefD[I * M + J1];
#pragma omp simd
        for (size_t J2 = J1; J2 < M; ++J2)
          Row[J2] += DJ1 * RefD[I * M + J2];
      }
      for (size_t J2 = J1; J2 < M; ++J2)
        RefSym[J1 * M + J2] = RefSym[J2 * M + J1] = Row[J2];
    }
  });
  sycl::host_accessor HS(BS);
  sycl::host_accessor HM(BM);
  report("covariance", T, H,
         matches(&HM[0], RefMean.data(), M) &&
             matches(&HS[0][0], RefSym.data(), M * M, 1e-2));
}

// Polybench CORRELATION's standard deviations: sqrt, and a small deviation
// replaced by 1 behind a branch.
static void correlationStd(sycl::queue &Q) {
  const size_t N = 1024, M = 2048;
  const float Eps = 0.1f, FloatN = float(N);
  std::vector<float> D(N * M), Mean(M), Std(M), RefStd(M);
  for (size_t I = 0; I < N * M; ++I)
    D[I] = (I % M) % 7 == 3 ? 1.0f : init(I * 13, 23, 0.03f);
  for (size_t J = 0; J < M; ++J)
    Mean[J] = J % 7 == 3 ? 1.0f : 0.33f;
  sycl::buffer<float, 2> BD(D.data(), sycl::range<2>(N, M));
  sycl::buffer<float, 1> BM(Mean.data(), sycl::range<1>(M)),
      BS{sycl::range<1>(M)};
  double T = best([&] {
    Q.submit([&](sycl::handler &Cgh) {
      auto data = BD.get_access<sycl::access::mode::read>(Cgh);
      auto mean = BM.get_access<sycl::access::mode::read>(Cgh);
      auto stddev = BS.get_access<sycl::access::mode::discard_write>(Cgh);
      Cgh.parallel_for<class CorrStd>(sycl::range<1>(M), [=](sycl::item<1> It) {
        const auto J = It[0];
        stddev[It] = 0;
        for (size_t I = 0; I < N; ++I)
          stddev[It] += (data[I][J] - mean[J]) * (data[I][J] - mean[J]);
        stddev[It] /= FloatN;
        stddev[It] = sycl::sqrt(stddev[It]);
        if (stddev[It] <= Eps)
          stddev[It] = 1.0f;
      });
    });
    Q.wait();
  });
  double H = best([&] {
    for (size_t J = 0; J < M; ++J)
      RefStd[J] = 0;
    for (size_t I = 0; I < N; ++I)
#pragma omp simd
      for (size_t J = 0; J < M; ++J)
        RefStd[J] += (D[I * M + J] - Mean[J]) * (D[I * M + J] - Mean[J]);
#pragma omp simd
    for (size_t J = 0; J < M; ++J) {
      float S = std::sqrt(RefStd[J] / FloatN);
      RefStd[J] = S <= Eps ? 1.0f : S;
    }
  });
  sycl::host_accessor HS(BS);
  report("corr-stddev", T, H, matches(&HS[0], RefStd.data(), M));
}

// Polybench FDTD-2D: three kernels per time step, the first row and column
// taken from elsewhere behind a branch on the id.
static void fdtd2d(sycl::queue &Q) {
  const size_t NX = 1024, NY = 1024, Steps = 8;
  std::vector<float> Fict(Steps), Ex0(NX * NY), Ey0(NX * NY), Hz0(NX * NY);
  for (size_t T = 0; T < Steps; ++T)
    Fict[T] = float(T);
  for (size_t I = 0; I < NX * NY; ++I) {
    Ex0[I] = init(I * 3, 17, 0.1f);
    Ey0[I] = init(I * 5, 19, 0.1f);
    Hz0[I] = init(I * 7, 23, 0.1f);
  }
  std::vector<float> Ex(Ex0), Ey(Ey0), Hz(Hz0), REx, REy, RHz;
  sycl::buffer<float, 1> BF(Fict.data(), sycl::range<1>(Steps));
  sycl::buffer<float, 2> BEx(sycl::range<2>(NX, NY)),
      BEy(sycl::range<2>(NX, NY)), BHz(sycl::range<2>(NX, NY));
  auto Load = [&] {
    sycl::host_accessor A(BEx, sycl::write_only), B(BEy, sycl::write_only),
        C(BHz, sycl::write_only);
    for (size_t I = 0; I < NX; ++I)
      for (size_t J = 0; J < NY; ++J) {
        A[I][J] = Ex0[I * NY + J];
        B[I][J] = Ey0[I * NY + J];
        C[I][J] = Hz0[I * NY + J];
      }
  };
  double T = best([&] {
    Load();
    for (size_t S = 0; S < Steps; ++S) {
      Q.submit([&](sycl::handler &Cgh) {
        auto fict = BF.get_access<sycl::access::mode::read>(Cgh);
        auto ey = BEy.get_access<sycl::access::mode::read_write>(Cgh);
        auto hz = BHz.get_access<sycl::access::mode::read>(Cgh);
        Cgh.parallel_for<class Fdtd1>(
            sycl::range<2>(NX, NY), [=](sycl::item<2> It) {
              const auto I = It[0], J = It[1];
              if (I == 0)
                ey[It] = fict[S];
              else
                ey[It] = ey[It] - 0.5f * (hz[It] - hz[I - 1][J]);
            });
      });
      Q.submit([&](sycl::handler &Cgh) {
        auto ex = BEx.get_access<sycl::access::mode::read_write>(Cgh);
        auto hz = BHz.get_access<sycl::access::mode::read>(Cgh);
        Cgh.parallel_for<class Fdtd2>(
            sycl::range<2>(NX, NY), [=](sycl::item<2> It) {
              const auto I = It[0], J = It[1];
              if (J > 0)
                ex[It] = ex[It] - 0.5f * (hz[It] - hz[I][J - 1]);
            });
      });
      Q.submit([&](sycl::handler &Cgh) {
        auto ex = BEx.get_access<sycl::access::mode::read>(Cgh);
        auto ey = BEy.get_access<sycl::access::mode::read>(Cgh);
        auto hz = BHz.get_access<sycl::access::mode::read_write>(Cgh);
        Cgh.parallel_for<class Fdtd3>(
            sycl::range<2>(NX - 1, NY - 1), [=](sycl::item<2> It) {
              const auto I = It[0], J = It[1];
              hz[It] = hz[It] - 0.7f * (ex[I][J + 1] - ex[I][J] + ey[I + 1][J] -
                                        ey[I][J]);
            });
      });
    }
    Q.wait();
  });
  double H = best([&] {
    REx = Ex0;
    REy = Ey0;
    RHz = Hz0;
    for (size_t S = 0; S < Steps; ++S) {
      for (size_t J = 0; J < NY; ++J)
        REy[J] = Fict[S];
      for (size_t I = 1; I < NX; ++I)
#pragma omp simd
        for (size_t J = 0; J < NY; ++J)
          REy[I * NY + J] -= 0.5f * (RHz[I * NY + J] - RHz[(I - 1) * NY + J]);
      for (size_t I = 0; I < NX; ++I)
#pragma omp simd
        for (size_t J = 1; J < NY; ++J)
          REx[I * NY + J] -= 0.5f * (RHz[I * NY + J] - RHz[I * NY + J - 1]);
      for (size_t I = 0; I < NX - 1; ++I)
#pragma omp simd
        for (size_t J = 0; J < NY - 1; ++J)
          RHz[I * NY + J] -= 0.7f * (REx[I * NY + J + 1] - REx[I * NY + J] +
                                     REy[(I + 1) * NY + J] - REy[I * NY + J]);
    }
  });
  sycl::host_accessor HX(BEx), HY(BEy), HZ(BHz);
  report("fdtd2d", T, H,
         matches(&HX[0][0], REx.data(), NX * NY) &&
             matches(&HY[0][0], REy.data(), NX * NY) &&
             matches(&HZ[0][0], RHz.data(), NX * NY));
}

// Polybench 3D convolution over a range<3>, the edges excluded by a check
// of all three ids.
static void conv3d(sycl::queue &Q) {
  const size_t NI = 128, NJ = 128, NK = 256;
  std::vector<float> In(NI * NJ * NK), Ref(NI * NJ * NK, 0.0f);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = init(I * 3, 29, 0.05f);
  sycl::buffer<float, 3> BI(In.data(), sycl::range<3>(NI, NJ, NK)),
      BO(sycl::range<3>(NI, NJ, NK));
  {
    sycl::host_accessor HO(BO, sycl::write_only);
    for (size_t I = 0; I < NI; ++I)
      for (size_t J = 0; J < NJ; ++J)
        for (size_t K = 0; K < NK; ++K)
          HO[I][J][K] = 0;
  }
  const float C11 = 2, C21 = 5, C31 = -8, C12 = -3, C22 = 6, C32 = -9, C13 = 4,
              C23 = 7, C33 = 10;
  double T = best([&] {
    Q.submit([&](sycl::handler &Cgh) {
      auto A = BI.get_access<sycl::access::mode::read>(Cgh);
      auto B = BO.get_access<sycl::access::mode::write>(Cgh);
      Cgh.parallel_for<class Conv3D>(
          sycl::range<3>(NI, NJ, NK), [=](sycl::item<3> It) {
            const auto I = It[0], J = It[1], K = It[2];
            if (I > 0 && J > 0 && K > 0 && I < NI - 1 && J < NJ - 1 &&
                K < NK - 1)
              B[It] =
                  C11 * A[I - 1][J - 1][K - 1] + C13 * A[I + 1][J - 1][K - 1] +
                  C21 * A[I - 1][J - 1][K - 1] + C23 * A[I + 1][J - 1][K - 1] +
                  C31 * A[I - 1][J - 1][K - 1] + C33 * A[I + 1][J - 1][K - 1] +
                  C12 * A[I][J - 1][K] + C22 * A[I][J][K] +
                  C32 * A[I][J + 1][K] + C11 * A[I - 1][J - 1][K + 1] +
                  C13 * A[I + 1][J - 1][K + 1] + C21 * A[I - 1][J][K + 1] +
                  C23 * A[I + 1][J][K + 1] + C31 * A[I - 1][J + 1][K + 1] +
                  C33 * A[I + 1][J + 1][K + 1];
          });
    });
    Q.wait();
  });
  auto At = [&](size_t I, size_t J, size_t K) {
    return In[(I * NJ + J) * NK + K];
  };
  double H = best([&] {
    for (size_t I = 1; I < NI - 1; ++I)
      for (size_t J = 1; J < NJ - 1; ++J)
#pragma omp simd
        for (size_t K = 1; K < NK - 1; ++K)
          Ref[(I * NJ + J) * NK + K] =
              C11 * At(I - 1, J - 1, K - 1) + C13 * At(I + 1, J - 1, K - 1) +
              C21 * At(I - 1, J - 1, K - 1) + C23 * At(I + 1, J - 1, K - 1) +
              C31 * At(I - 1, J - 1, K - 1) + C33 * At(I + 1, J - 1, K - 1) +
              C12 * At(I, J - 1, K) + C22 * At(I, J, K) +
              C32 * At(I, J + 1, K) + C11 * At(I - 1, J - 1, K + 1) +
              C13 * At(I + 1, J - 1, K + 1) + C21 * At(I - 1, J, K + 1) +
              C23 * At(I + 1, J, K + 1) + C31 * At(I - 1, J + 1, K + 1) +
              C33 * At(I + 1, J + 1, K + 1);
  });
  sycl::host_accessor HO(BO);
  report("conv3d", T, H, matches(&HO[0][0][0], Ref.data(), Ref.size()));
}

// Polybench GRAM-SCHMIDT: per column k a single-item kernel for the norm,
// a kernel over the rows, and one over the later columns (a range that
// shrinks with k, and rarely a multiple of any sub-group size).
static void gramschmidt(sycl::queue &Q) {
  const size_t M = 256, N = 256;
  std::vector<float> A0(M * N), RA, RR(N * N, 0.0f), RQ(M * N, 0.0f);
  for (size_t I = 0; I < M * N; ++I)
    A0[I] = init(I * 7 + I / N, 31, 0.03f) + (I / N == I % N ? 4.0f : 0.0f);
  sycl::buffer<float, 2> BA(sycl::range<2>(M, N)), BR(sycl::range<2>(N, N)),
      BQ(sycl::range<2>(M, N));
  double T = best(
      [&] {
        {
          sycl::host_accessor HA(BA, sycl::write_only);
          for (size_t I = 0; I < M; ++I)
            for (size_t J = 0; J < N; ++J)
              HA[I][J] = A0[I * N + J];
        }
        for (size_t K = 0; K < N; ++K) {
          Q.submit([&](sycl::handler &Cgh) {
            auto a = BA.get_access<sycl::access::mode::read>(Cgh);
            auto r = BR.get_access<sycl::access::mode::write>(Cgh);
            Cgh.parallel_for<class Gram1>(sycl::range<1>(1),
                                          [=](sycl::item<1>) {
                                            float Nrm = 0;
                                            for (size_t I = 0; I < M; ++I)
                                              Nrm += a[I][K] * a[I][K];
                                            r[K][K] = sycl::sqrt(Nrm);
                                          });
          });
          Q.submit([&](sycl::handler &Cgh) {
            auto a = BA.get_access<sycl::access::mode::read>(Cgh);
            auto r = BR.get_access<sycl::access::mode::read>(Cgh);
            auto q = BQ.get_access<sycl::access::mode::write>(Cgh);
            Cgh.parallel_for<class Gram2>(
                sycl::range<1>(M),
                [=](sycl::item<1> It) { q[It[0]][K] = a[It[0]][K] / r[K][K]; });
          });
          if (K + 1 < N)
            Q.submit([&](sycl::handler &Cgh) {
              auto a = BA.get_access<sycl::access::mode::read_write>(Cgh);
              auto r = BR.get_access<sycl::access::mode::write>(Cgh);
              auto q = BQ.get_access<sycl::access::mode::read>(Cgh);
              Cgh.parallel_for<class Gram3>(sycl::range<1>(N - K - 1),
                                            [=](sycl::item<1> It) {
                                              const size_t J = It[0] + K + 1;
                                              float S = 0;
                                              for (size_t I = 0; I < M; ++I)
                                                S += q[I][K] * a[I][J];
                                              r[K][J] = S;
                                              for (size_t I = 0; I < M; ++I)
                                                a[I][J] -= q[I][K] * S;
                                            });
            });
        }
        Q.wait();
      },
      2);
  double H = best(
      [&] {
        RA = A0;
        for (size_t K = 0; K < N; ++K) {
          float Nrm = 0;
          for (size_t I = 0; I < M; ++I)
            Nrm += RA[I * N + K] * RA[I * N + K];
          RR[K * N + K] = std::sqrt(Nrm);
          for (size_t I = 0; I < M; ++I)
            RQ[I * N + K] = RA[I * N + K] / RR[K * N + K];
          std::vector<float> S(N, 0.0f);
          for (size_t I = 0; I < M; ++I) {
            float QIK = RQ[I * N + K];
#pragma omp simd
            for (size_t J = K + 1; J < N; ++J)
              S[J] += QIK * RA[I * N + J];
          }
          for (size_t J = K + 1; J < N; ++J)
            RR[K * N + J] = S[J];
          for (size_t I = 0; I < M; ++I) {
            float QIK = RQ[I * N + K];
#pragma omp simd
            for (size_t J = K + 1; J < N; ++J)
              RA[I * N + J] -= QIK * S[J];
          }
        }
      },
      2);
  sycl::host_accessor HQ(BQ);
  std::vector<float> GotQ(M * N);
  for (size_t I = 0; I < M; ++I)
    for (size_t J = 0; J < N; ++J)
      GotQ[I * N + J] = HQ[I][J];
  report("gramschmidt", T, H, matches(GotQ.data(), RQ.data(), M * N, 1e-2));
}

// SYCL-Bench's molecular dynamics: each atom walks its neighbour list
// (gathers of positions), and only neighbours within the cut-off add a
// force (a branch with a division inside the loop).
static void molDyn(sycl::queue &Q) {
  const size_t NAtoms = 1 << 16, NNeigh = 64;
  const float CutSq = 16.0f, LJ1 = 1.5f, LJ2 = 2.0f;
  std::vector<sycl::float4> Pos(NAtoms);
  std::vector<int> Neigh(NAtoms * NNeigh);
  std::vector<sycl::float4> Force(NAtoms), Ref(NAtoms);
  for (size_t I = 0; I < NAtoms; ++I)
    Pos[I] = sycl::float4(init(I * 7, 97, 0.1f), init(I * 11, 89, 0.1f),
                          init(I * 13, 83, 0.1f), 0.0f);
  for (size_t I = 0; I < NAtoms; ++I)
    for (size_t K = 0; K < NNeigh; ++K)
      Neigh[K * NAtoms + I] = int((I + K * 37 + 1) % NAtoms);
  sycl::buffer<sycl::float4, 1> BP(Pos.data(), sycl::range<1>(NAtoms)),
      BF{sycl::range<1>(NAtoms)};
  sycl::buffer<int, 1> BN(Neigh.data(), sycl::range<1>(NAtoms * NNeigh));
  double T = best([&] {
    Q.submit([&](sycl::handler &Cgh) {
      auto pos = BP.get_access<sycl::access::mode::read>(Cgh);
      auto neigh = BN.get_access<sycl::access::mode::read>(Cgh);
      auto force = BF.get_access<sycl::access::mode::discard_write>(Cgh);
      Cgh.parallel_for<class MolDyn>(
          sycl::range<1>(NAtoms), [=](sycl::id<1> Idx) {
            const size_t I = Idx[0];
            sycl::float4 P = pos[I];
            sycl::float4 F(0.0f);
            for (size_t K = 0; K < NNeigh; ++K) {
              int J = neigh[K * NAtoms + I];
              sycl::float4 D = P - pos[J];
              float R2 = D.x() * D.x() + D.y() * D.y() + D.z() * D.z();
              if (R2 < CutSq) {
                float R2Inv = 1.0f / R2;
                float R6Inv = R2Inv * R2Inv * R2Inv;
                float Scale = R2Inv * R6Inv * (LJ1 * R6Inv - LJ2);
                F += D * Scale;
              }
            }
            force[I] = F;
          });
    });
    Q.wait();
  });
  double H = best([&] {
#pragma omp simd
    for (size_t I = 0; I < NAtoms; ++I) {
      float Fx = 0, Fy = 0, Fz = 0;
      for (size_t K = 0; K < NNeigh; ++K) {
        int J = Neigh[K * NAtoms + I];
        float Dx = Pos[I].x() - Pos[J].x(), Dy = Pos[I].y() - Pos[J].y(),
              Dz = Pos[I].z() - Pos[J].z();
        float R2 = Dx * Dx + Dy * Dy + Dz * Dz;
        if (R2 < CutSq) {
          float R2Inv = 1.0f / R2;
          float R6Inv = R2Inv * R2Inv * R2Inv;
          float Scale = R2Inv * R6Inv * (LJ1 * R6Inv - LJ2);
          Fx += Dx * Scale;
          Fy += Dy * Scale;
          Fz += Dz * Scale;
        }
      }
      Ref[I] = sycl::float4(Fx, Fy, Fz, 0.0f);
    }
  });
  sycl::host_accessor HF(BF);
  bool Ok = true;
  for (size_t I = 0; I < NAtoms && Ok; ++I)
    for (int C = 0; C < 3; ++C) {
      float G = HF[I][C], W = Ref[I][C];
      if (std::fabs(G - W) > 1e-3f * (std::fabs(W) + 1.0f)) {
        printf("  mismatch at %zu.%d: %g vs %g\n", I, C, G, W);
        Ok = false;
        break;
      }
    }
  report("mol-dyn", T, H, Ok);
}

// SYCL-Bench's median filter on float4 pixels: a 3x3 window with clamped
// coordinates, sorted by a compare-exchange network of min and max.
static void median(sycl::queue &Q) {
  const int W = 1024, H = 1024;
  std::vector<sycl::float4> In(W * H), Ref(W * H);
  for (int I = 0; I < W * H; ++I)
    In[I] = sycl::float4(init(I * 7, 101, 0.01f), init(I * 3, 53, 0.02f),
                         init(I * 5, 61, 0.03f), 1.0f);
  sycl::buffer<sycl::float4, 2> BI(In.data(), sycl::range<2>(H, W)),
      BO(sycl::range<2>(H, W));
  auto Sort2 = [](sycl::float4 &A, sycl::float4 &B) {
    sycl::float4 Lo = sycl::fmin(A, B), Hi = sycl::fmax(A, B);
    A = Lo;
    B = Hi;
  };
  double T = best([&] {
    Q.submit([&](sycl::handler &Cgh) {
      auto in = BI.get_access<sycl::access::mode::read>(Cgh);
      auto out = BO.get_access<sycl::access::mode::discard_write>(Cgh);
      Cgh.parallel_for<class Median>(
          sycl::range<2>(H, W), [=](sycl::item<2> It) {
            const int Y = int(It[0]), X = int(It[1]);
            sycl::float4 Win[9];
            int N = 0;
            for (int DY = -1; DY <= 1; ++DY)
              for (int DX = -1; DX <= 1; ++DX) {
                int YY = sycl::clamp(Y + DY, 0, H - 1),
                    XX = sycl::clamp(X + DX, 0, W - 1);
                Win[N++] = in[YY][XX];
              }
            for (int I = 0; I < 5; ++I)
              for (int J = I + 1; J < 9; ++J)
                Sort2(Win[I], Win[J]);
            out[It] = Win[4];
          });
    });
    Q.wait();
  });
  double Hh = best([&] {
    for (int Y = 0; Y < H; ++Y)
      for (int X = 0; X < W; ++X) {
        sycl::float4 Win[9];
        int N = 0;
        for (int DY = -1; DY <= 1; ++DY)
          for (int DX = -1; DX <= 1; ++DX) {
            int YY = std::min(std::max(Y + DY, 0), H - 1),
                XX = std::min(std::max(X + DX, 0), W - 1);
            Win[N++] = In[YY * W + XX];
          }
        for (int I = 0; I < 5; ++I)
          for (int J = I + 1; J < 9; ++J)
            Sort2(Win[I], Win[J]);
        Ref[Y * W + X] = Win[4];
      }
  });
  sycl::host_accessor HO(BO);
  bool Ok = true;
  for (int Y = 0; Y < H && Ok; ++Y)
    for (int X = 0; X < W && Ok; ++X)
      for (int C = 0; C < 4; ++C)
        if (HO[Y][X][C] != Ref[Y * W + X][C]) {
          printf("  mismatch at %d,%d.%d: %g vs %g\n", Y, X, C,
                 double(HO[Y][X][C]), double(Ref[Y * W + X][C]));
          Ok = false;
          break;
        }
  report("median-f4", T, Hh, Ok);
}

// SYCL-Bench's linear regression error: nd_range work-groups summing the
// squared errors in a local-memory tree, one partial per group.
static void linRegError(sycl::queue &Q) {
  const size_t N = size_t(1) << 22, WG = 128, Groups = N / WG;
  std::vector<float> X(N), Y(N), Part(Groups), RefPart(Groups);
  for (size_t I = 0; I < N; ++I) {
    X[I] = init(I, 101, 0.01f);
    Y[I] = 2.0f * X[I] + init(I * 7, 13, 0.01f);
  }
  const float Alpha = 0.1f, Beta = 1.9f;
  sycl::buffer<float, 1> BX(X.data(), sycl::range<1>(N)),
      BY(Y.data(), sycl::range<1>(N)), BP{sycl::range<1>(Groups)};
  double T = best([&] {
    Q.submit([&](sycl::handler &Cgh) {
      auto x = BX.get_access<sycl::access::mode::read>(Cgh);
      auto y = BY.get_access<sycl::access::mode::read>(Cgh);
      auto part = BP.get_access<sycl::access::mode::discard_write>(Cgh);
      sycl::local_accessor<float, 1> Loc(sycl::range<1>(WG), Cgh);
      Cgh.parallel_for<class LinRegErr>(
          sycl::nd_range<1>(N, WG), [=](sycl::nd_item<1> It) {
            const size_t G = It.get_global_id(0), L = It.get_local_id(0);
            float E = y[G] - (Alpha + Beta * x[G]);
            Loc[L] = E * E;
            for (size_t S = 1; S < WG; S *= 2) {
              sycl::group_barrier(It.get_group());
              if (L % (2 * S) == 0)
                Loc[L] += Loc[L + S];
            }
            if (L == 0)
              part[It.get_group_linear_id()] = Loc[0];
          });
    });
    Q.wait();
  });
  double H = best([&] {
    for (size_t G = 0; G < Groups; ++G) {
      float S = 0;
#pragma omp simd reduction(+ : S)
      for (size_t K = 0; K < WG; ++K) {
        float E = Y[G * WG + K] - (Alpha + Beta * X[G * WG + K]);
        S += E * E;
      }
      RefPart[G] = S;
    }
  });
  sycl::host_accessor HP(BP);
  report("linreg-err", T, H, matches(&HP[0], RefPart.data(), Groups));
}

// SYCL-Bench's bit compression flavour: per element, bits counted and
// packed in a loop with a trip count from the data.
static void bitLoop(sycl::queue &Q) {
  const size_t N = size_t(1) << 22;
  std::vector<unsigned> In(N), Out(N), Ref(N);
  for (size_t I = 0; I < N; ++I)
    In[I] = unsigned(I * 2654435761u);
  sycl::buffer<unsigned, 1> BI(In.data(), sycl::range<1>(N)),
      BO{sycl::range<1>(N)};
  double T = best([&] {
    Q.submit([&](sycl::handler &Cgh) {
      auto in = BI.get_access<sycl::access::mode::read>(Cgh);
      auto out = BO.get_access<sycl::access::mode::discard_write>(Cgh);
      Cgh.parallel_for<class BitLoop>(sycl::range<1>(N), [=](sycl::id<1> I) {
        unsigned V = in[I], R = 0;
        while (V) {
          R = (R << 1) ^ (V & 0xFu);
          V >>= 3;
        }
        out[I] = R;
      });
    });
    Q.wait();
  });
  double H = best([&] {
#pragma omp simd
    for (size_t I = 0; I < N; ++I) {
      unsigned V = In[I], R = 0;
      while (V) {
        R = (R << 1) ^ (V & 0xFu);
        V >>= 3;
      }
      Ref[I] = R;
    }
  });
  sycl::host_accessor HO(BO);
  bool Ok = true;
  for (size_t I = 0; I < N; ++I)
    if (HO[I] != Ref[I]) {
      printf("  mismatch at %zu: %u vs %u\n", I, HO[I], Ref[I]);
      Ok = false;
      break;
    }
  report("bit-loop", T, H, Ok);
}

int main(int Argc, char **Argv) {
  probe::select(Argc, Argv);
  sycl::queue Q;
  if (probe::wanted("gemm"))
    gemm(Q);
  if (probe::wanted("syrk"))
    syrk(Q);
  if (probe::wanted("covariance"))
    covariance(Q);
  if (probe::wanted("correlationStd"))
    correlationStd(Q);
  if (probe::wanted("fdtd2d"))
    fdtd2d(Q);
  if (probe::wanted("conv3d"))
    conv3d(Q);
  if (probe::wanted("gramschmidt"))
    gramschmidt(Q);
  if (probe::wanted("molDyn"))
    molDyn(Q);
  if (probe::wanted("median"))
    median(Q);
  if (probe::wanted("linRegError"))
    linRegError(Q);
  if (probe::wanted("bitLoop"))
    bitLoop(Q);
  return probe::failures() ? 1 : 0;
}
