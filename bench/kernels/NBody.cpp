//===- NBody.cpp - All-pairs gravitational accelerations
//-------------------===//
//
// Each work-item sums the pull of every body on its own body, with a
// softened inverse-square law (sycl::rsqrt): compute-bound, no barriers, no
// collectives. The hand-written variant is the same double loop with the
// inner loop a `simd` reduction.
//
//===----------------------------------------------------------------------===//

#include "../Harness.h"

#include <cstring>

namespace bench_nbody {

constexpr size_t WorkGroupSize = 256;
constexpr float Softening = 0.01f;

struct Bodies {
  sycl::queue Q;
  size_t N = bench::scaled(8192, WorkGroupSize, 0.5);
  bench::SharedArray<float> X{Q, N};
  bench::SharedArray<float> Y{Q, N};
  bench::SharedArray<float> Z{Q, N};
  bench::SharedArray<float> M{Q, N};
  bench::SharedArray<float> Acc{Q, 3 * N};
  Bodies() {
    uint32_t Seed = 7;
    auto next = [&] {
      Seed = Seed * 1664525u + 1013904223u;
      return float(Seed >> 8) / float(1 << 24);
    };
    for (size_t I = 0; I < N; ++I) {
      X[I] = next();
      Y[I] = next();
      Z[I] = next();
      M[I] = 0.5f + next();
    }
    std::memset(Acc, 0, 3 * N * sizeof(float));
  }
  /// Each component against a double-precision sum, within 1e-4 of the sum
  /// of the magnitudes of its terms (the sum itself may cancel).
  std::string check() const {
    struct Reference {
      std::vector<double> Acc, Scale;
    };
    static const Reference R = [this] {
      Reference Out{std::vector<double>(3 * N), std::vector<double>(3 * N)};
      for (size_t I = 0; I < N; ++I)
        for (size_t J = 0; J < N; ++J) {
          double D[3] = {double(X[J]) - X[I], double(Y[J]) - Y[I],
                         double(Z[J]) - Z[I]};
          double Dist2 = D[0] * D[0] + D[1] * D[1] + D[2] * D[2] + Softening;
          double Inv = 1.0 / std::sqrt(Dist2);
          double S = M[J] * Inv * Inv * Inv;
          for (int C = 0; C < 3; ++C) {
            Out.Acc[3 * I + C] += S * D[C];
            Out.Scale[3 * I + C] += std::fabs(S * D[C]);
          }
        }
      return Out;
    }();
    for (size_t I = 0; I < 3 * N; ++I)
      if (std::fabs(Acc[I] - R.Acc[I]) > 1e-4 * R.Scale[I])
        return "wrong acceleration of body " + std::to_string(I / 3) + ": " +
               std::to_string(Acc[I]) + ", expected " +
               std::to_string(R.Acc[I]);
    return "";
  }
  int64_t bytes() const { return int64_t(7 * N * sizeof(float)); }
};

template <uint32_t S> class NBodyKernel;
template <uint32_t S> void nbody(benchmark::State &State) {
  bench::run<Bodies, S>(State, [](Bodies &P) {
    const float *X = P.X, *Y = P.Y, *Z = P.Z, *M = P.M;
    float *Acc = P.Acc;
    const size_t N = P.N;
    P.Q.submit([&](sycl::handler &H) {
         bench::parallel_for<NBodyKernel<S>, S>(
             H, sycl::nd_range<1>(N, WorkGroupSize), [=](sycl::nd_item<1> It) {
               size_t I = It.get_global_id(0);
               float Xi = X[I], Yi = Y[I], Zi = Z[I];
               float Ax = 0, Ay = 0, Az = 0;
               for (size_t J = 0; J < N; ++J) {
                 float Dx = X[J] - Xi, Dy = Y[J] - Yi, Dz = Z[J] - Zi;
                 float Inv =
                     sycl::rsqrt(Dx * Dx + Dy * Dy + Dz * Dz + Softening);
                 float S3 = M[J] * Inv * Inv * Inv;
                 Ax += S3 * Dx;
                 Ay += S3 * Dy;
                 Az += S3 * Dz;
               }
               Acc[3 * I] = Ax;
               Acc[3 * I + 1] = Ay;
               Acc[3 * I + 2] = Az;
             });
       })
        .wait();
  });
}

void nbodyOmp(benchmark::State &State) {
  bench::run<Bodies>(State, [](Bodies &P) {
    const float *X = P.X, *Y = P.Y, *Z = P.Z, *M = P.M;
    const size_t N = P.N;
#pragma omp parallel for
    for (size_t I = 0; I < N; ++I) {
      float Xi = X[I], Yi = Y[I], Zi = Z[I];
      float Ax = 0, Ay = 0, Az = 0;
#pragma omp simd reduction(+ : Ax, Ay, Az)
      for (size_t J = 0; J < N; ++J) {
        float Dx = X[J] - Xi, Dy = Y[J] - Yi, Dz = Z[J] - Zi;
        float Inv = 1.0f / std::sqrt(Dx * Dx + Dy * Dy + Dz * Dz + Softening);
        float S3 = M[J] * Inv * Inv * Inv;
        Ax += S3 * Dx;
        Ay += S3 * Dy;
        Az += S3 * Dz;
      }
      P.Acc[3 * I] = Ax;
      P.Acc[3 * I + 1] = Ay;
      P.Acc[3 * I + 2] = Az;
    }
  });
}

} // namespace bench_nbody

using namespace bench_nbody;
BENCH_KERNEL(NBody, bench::Bound::Compute, nbody, nbodyOmp);
