//===- MathFunctionsTest.cpp - SYCL math, common and integer functions ----===//
//
// Each work-item applies the SYCL 2020 functions to its own input; the host
// computes the same with the C++ library. Run at sub-group size 1 (CBS) and
// 16 (hierarchical CBS), in float and double.

#include <sublane/sycl.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

namespace {

namespace xo = sycl::ext::oneapi::experimental;

constexpr size_t N = 512, WorkGroup = 64, Results = 24;

template <typename T> T input(size_t I) {
  return T(0.05) + T(I % 97) * T(0.031) * (I % 2 ? T(1) : T(-1));
}

template <typename T> void hostMath(T X, T *R) {
  T A = std::fabs(X) + T(0.5);
  R[0] = std::sqrt(A);
  R[1] = T(1) / std::sqrt(A);
  R[2] = std::exp(X);
  R[3] = std::log(A);
  R[4] = std::sin(X);
  R[5] = std::cos(X);
  R[6] = std::pow(A, T(1.5));
  R[7] = std::fabs(X);
  R[8] = std::fmin(X, T(0.3));
  R[9] = std::fmax(X, T(0.3));
  R[10] = std::fma(X, T(2), T(1));
  R[11] = std::floor(X * T(10));
  R[12] = std::ceil(X * T(10));
  R[13] = X < T(-0.5) ? T(-0.5) : X > T(0.5) ? T(0.5) : X; // clamp
  R[14] = X < T(0.2) ? X : T(0.2);                         // min
  R[15] = X < T(0.2) ? T(0.2) : X;                         // max
  R[16] = X > 0 ? T(1) : X < 0 ? T(-1) : X;                // sign
  R[17] = T(1) + (T(3) - T(1)) * A;                        // mix
  R[18] = X < T(0.1) ? T(0) : T(1);                        // step
  R[19] = std::tanh(X);
  R[20] = std::atan2(X, A);
  R[21] = std::hypot(X, A);
  R[22] = std::exp2(X);
  R[23] = std::log2(A);
}

template <typename T, uint32_t S> class MathKernel;

template <typename T, uint32_t S> void checkMath() {
  sycl::queue q;
  T *in = sycl::malloc_shared<T>(N, q);
  T *out = sycl::malloc_shared<T>(N * Results, q);
  for (size_t I = 0; I < N; ++I)
    in[I] = input<T>(I);
  q.parallel_for<MathKernel<T, S>>(sycl::nd_range<1>(N, WorkGroup),
                                   xo::properties{xo::sub_group_size<S>},
                                   [=](sycl::nd_item<1> it) {
                                     size_t I = it.get_global_id(0);
                                     T X = in[I], A = sycl::fabs(X) + T(0.5);
                                     T *R = out + I * Results;
                                     R[0] = sycl::sqrt(A);
                                     R[1] = sycl::rsqrt(A);
                                     R[2] = sycl::exp(X);
                                     R[3] = sycl::log(A);
                                     R[4] = sycl::sin(X);
                                     R[5] = sycl::cos(X);
                                     R[6] = sycl::pow(A, T(1.5));
                                     R[7] = sycl::fabs(X);
                                     R[8] = sycl::fmin(X, T(0.3));
                                     R[9] = sycl::fmax(X, T(0.3));
                                     R[10] = sycl::fma(X, T(2), T(1));
                                     R[11] = sycl::floor(X * T(10));
                                     R[12] = sycl::ceil(X * T(10));
                                     R[13] = sycl::clamp(X, T(-0.5), T(0.5));
                                     R[14] = sycl::min(X, T(0.2));
                                     R[15] = sycl::max(X, T(0.2));
                                     R[16] = sycl::sign(X);
                                     R[17] = sycl::mix(T(1), T(3), A);
                                     R[18] = sycl::step(T(0.1), X);
                                     R[19] = sycl::tanh(X);
                                     R[20] = sycl::atan2(X, A);
                                     R[21] = sycl::hypot(X, A);
                                     R[22] = sycl::exp2(X);
                                     R[23] = sycl::log2(A);
                                   })
      .wait();
  for (size_t I = 0; I < N; ++I) {
    T Want[Results];
    hostMath(in[I], Want);
    for (size_t K = 0; K < Results; ++K) {
      T Got = out[I * Results + K];
      // The same library functions on both sides; vector code may contract
      // a multiply-add differently.
      EXPECT_NEAR(Got, Want[K], std::fabs(Want[K]) * T(4e-6) + T(1e-7))
          << "function " << K << " at item " << I;
    }
  }
  sycl::free(in, q);
  sycl::free(out, q);
}

TEST(MathFunctions, FloatAtSubGroupSize1) { checkMath<float, 1>(); }
TEST(MathFunctions, FloatAtSubGroupSize16) { checkMath<float, 16>(); }
TEST(MathFunctions, DoubleAtSubGroupSize16) { checkMath<double, 16>(); }

class IntegerKernel;
TEST(MathFunctions, IntegerFunctions) {
  sycl::queue q;
  int32_t *out = sycl::malloc_shared<int32_t>(N * 6, q);
  uint64_t *wide = sycl::malloc_shared<uint64_t>(N, q);
  q.parallel_for<IntegerKernel>(
       sycl::nd_range<1>(N, WorkGroup), xo::properties{xo::sub_group_size<8>},
       [=](sycl::nd_item<1> it) {
         int32_t I = int32_t(it.get_global_id(0));
         int32_t X = I * 37 % 200 - 100;
         int32_t *R = out + I * 6;
         R[0] = sycl::min(X, 10);
         R[1] = sycl::max(X, -10);
         R[2] = sycl::clamp(X, -50, 50);
         R[3] = int32_t(sycl::abs(X));
         R[4] = sycl::popcount(X);
         R[5] = sycl::mul_hi(X, int32_t(0x40000000));
         wide[I] = sycl::mul_hi(uint64_t(I) << 40, uint64_t(3) << 30);
       })
      .wait();
  for (int32_t I = 0; I < int32_t(N); ++I) {
    int32_t X = I * 37 % 200 - 100;
    const int32_t *R = out + I * 6;
    EXPECT_EQ(R[0], std::min(X, 10));
    EXPECT_EQ(R[1], std::max(X, -10));
    EXPECT_EQ(R[2], std::min(std::max(X, -50), 50));
    EXPECT_EQ(R[3], std::abs(X));
    EXPECT_EQ(R[4], __builtin_popcount(uint32_t(X)));
    EXPECT_EQ(R[5], int32_t((int64_t(X) * 0x40000000) >> 32));
    EXPECT_EQ(wide[I], uint64_t((unsigned __int128)(uint64_t(I) << 40) *
                                    (uint64_t(3) << 30) >>
                                64));
  }
  sycl::free(out, q);
  sycl::free(wide, q);
}

} // namespace
