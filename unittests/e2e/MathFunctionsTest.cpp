//===- MathFunctionsTest.cpp - SYCL math, common and integer functions ----===//
//
// Each work-item applies the SYCL 2020 functions to its own input; the host
// computes the same with the C++ library. Run at sub-group size 1 (CBS) and
// 16 (hierarchical CBS), in float and double.

#include <sublane/sycl.hpp>

#include <gtest/gtest.h>

#include <algorithm>
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

// The rest of SYCL 2020's math functions, against the C++ library (the
// pi functions against double-precision products with pi).
constexpr size_t MoreResults = 26;

template <typename T> void hostMoreMath(T X, T *R) {
  const double Pi = 3.14159265358979323846;
  T A = std::fabs(X) + T(0.5), U = X / T(4); // U in (-1, 1)
  R[0] = std::acosh(A + T(1));
  R[1] = std::asinh(X);
  R[2] = std::atanh(U);
  R[3] = T(std::acos(double(U)) / Pi);
  R[4] = T(std::asin(double(U)) / Pi);
  R[5] = T(std::atan(double(X)) / Pi);
  R[6] = T(std::atan2(double(X), double(A)) / Pi);
  R[7] = T(std::cos(Pi * double(X)));
  R[8] = T(std::sin(Pi * double(X)));
  R[9] = T(std::tan(Pi * double(U) / 2));
  R[10] = std::erfc(X);
  R[11] = std::pow(T(10), X);
  R[12] = X - std::floor(X);
  R[13] = std::floor(X);
  R[14] = T(std::ilogb(A * T(100)));
  R[15] = std::ldexp(X, 5);
  R[16] = std::lgamma(A);
  R[17] = std::logb(A * T(100));
  R[18] = std::fabs(X) > std::fabs(A - T(1)) ? X : A - T(1);
  R[19] = std::remainder(X, T(0.7));
  R[20] = std::cbrt(X);
  R[21] = std::tgamma(A);
  T t = std::fmin(std::fmax((X + T(1)) / T(2), T(0)), T(1));
  R[22] = t * t * (T(3) - T(2) * t);
  R[23] = std::pow(A, X);
  R[24] = std::log10(A);
  R[25] = std::modf(X, &t);
}

template <typename T, uint32_t S> class MoreMathKernel;

template <typename T, uint32_t S> void checkMoreMath() {
  sycl::queue q;
  T *in = sycl::malloc_shared<T>(N, q);
  T *out = sycl::malloc_shared<T>(N * MoreResults, q);
  for (size_t I = 0; I < N; ++I)
    in[I] = input<T>(I);
  q.parallel_for<MoreMathKernel<T, S>>(
       sycl::nd_range<1>(N, WorkGroup), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         size_t I = it.get_global_id(0);
         T X = in[I], A = sycl::fabs(X) + T(0.5), U = X / T(4), Whole;
         T *R = out + I * MoreResults;
         R[0] = sycl::acosh(A + T(1));
         R[1] = sycl::asinh(X);
         R[2] = sycl::atanh(U);
         R[3] = sycl::acospi(U);
         R[4] = sycl::asinpi(U);
         R[5] = sycl::atanpi(X);
         R[6] = sycl::atan2pi(X, A);
         R[7] = sycl::cospi(X);
         R[8] = sycl::sinpi(X);
         R[9] = sycl::tanpi(U / T(2));
         R[10] = sycl::erfc(X);
         R[11] = sycl::exp10(X);
         R[12] = sycl::fract(X, &Whole);
         R[13] = Whole;
         R[14] = T(sycl::ilogb(A * T(100)));
         R[15] = sycl::ldexp(X, 5);
         R[16] = sycl::lgamma(A);
         R[17] = sycl::logb(A * T(100));
         R[18] = sycl::maxmag(X, A - T(1));
         R[19] = sycl::remainder(X, T(0.7));
         R[20] = sycl::rootn(X, 3);
         R[21] = sycl::tgamma(A);
         R[22] = sycl::smoothstep(T(-1), T(1), X);
         R[23] = sycl::powr(A, X);
         R[24] = sycl::native::log10(A);
         R[25] = sycl::modf(X, &Whole);
       })
      .wait();
  for (size_t I = 0; I < N; ++I) {
    T Want[MoreResults];
    hostMoreMath(in[I], Want);
    for (size_t K = 0; K < MoreResults; ++K)
      EXPECT_NEAR(out[I * MoreResults + K], Want[K],
                  std::fabs(Want[K]) * T(8e-6) + T(1e-6))
          << "function " << K << " at item " << I << ", x = " << in[I];
  }
  sycl::free(in, q);
  sycl::free(out, q);
}

TEST(MathFunctions, MoreFloatAtSubGroupSize1) { checkMoreMath<float, 1>(); }
TEST(MathFunctions, MoreFloatAtSubGroupSize16) { checkMoreMath<float, 16>(); }
TEST(MathFunctions, MoreDoubleAtSubGroupSize8) { checkMoreMath<double, 8>(); }

class ExactValuesKernel;
/// Values SYCL defines exactly: the pi functions at whole and half
/// integers, fract's bound and its whole part, the relational functions on
/// NaN, bitselect.
TEST(MathFunctions, ExactValues) {
  sycl::queue q;
  constexpr size_t Count = 8;
  float *in = sycl::malloc_shared<float>(Count, q);
  float *out = sycl::malloc_shared<float>(Count * 8, q);
  const float Inputs[Count] = {0.0f,  1.0f,  -2.5f,  3.0f,
                               -1.0f, 1e20f, -1e-9f, NAN};
  for (size_t I = 0; I < Count; ++I)
    in[I] = Inputs[I];
  q.parallel_for<ExactValuesKernel>(
       sycl::nd_range<1>(Count, Count), xo::properties{xo::sub_group_size<8>},
       [=](sycl::nd_item<1> it) {
         size_t I = it.get_global_id(0);
         float X = in[I], Whole;
         float *R = out + I * 8;
         R[0] = sycl::sinpi(X);
         R[1] = sycl::cospi(X);
         R[2] = sycl::fract(X, &Whole);
         R[3] = Whole;
         R[4] = sycl::isunordered(X, 1.0f) ? 1.0f : 0.0f;
         R[5] = sycl::isequal(X, X) ? 1.0f : 0.0f;
         R[6] = sycl::bitselect(X, -X, -0.0f); // flips the sign bit
         R[7] = sycl::isnormal(X) ? 1.0f : 0.0f;
       })
      .wait();
  auto Bits = [](float F) { return sycl::bit_cast<uint32_t>(F); };
  for (size_t I = 0; I < Count; ++I) {
    float X = Inputs[I];
    const float *R = out + I * 8;
    if (std::isnan(X)) {
      EXPECT_TRUE(std::isnan(R[0]) && std::isnan(R[1]) && std::isnan(R[2]));
    } else if (X == std::floor(X)) {
      EXPECT_EQ(R[0], 0.0f) << X; // sin(pi n) is exactly zero
      EXPECT_EQ(Bits(R[0]) >> 31, X < 0 ? 1u : 0u) << X;
      float Want = std::fmod(std::fabs(X), 2.0f) == 1.0f ? -1.0f : 1.0f;
      EXPECT_EQ(R[1], Want) << X; // cos(pi n) is exactly (-1)^n
    } else if (X == -2.5f) {
      EXPECT_EQ(R[0], -1.0f);
      EXPECT_EQ(R[1], 0.0f);
    }
    if (!std::isnan(X)) {
      EXPECT_EQ(R[3], std::floor(X)) << X;
      EXPECT_LT(R[2], 1.0f) << X; // -1e-9 - floor rounds to 1, capped
      EXPECT_GE(R[2], 0.0f) << X;
    }
    EXPECT_EQ(R[4], std::isnan(X) ? 1.0f : 0.0f) << X;
    EXPECT_EQ(R[5], std::isnan(X) ? 0.0f : 1.0f) << X;
    EXPECT_EQ(Bits(R[6]), Bits(-X)) << X;
    EXPECT_EQ(R[7], std::isnormal(X) ? 1.0f : 0.0f) << X;
  }
  sycl::free(in, q);
  sycl::free(out, q);
}

// Functions with a second result through a pointer. frexp is llvm.frexp,
// a pair of mantissa and exponent, which the vectorizer keeps as a pair of
// vectors (lit-tests/wfv/pair-intrinsic-vector-form.ll); the others are
// library calls per lane. Under a branch only some lanes call them.
template <typename T, uint32_t S> class PairResultsKernel;

template <typename T, uint32_t S> void checkPairResults() {
  constexpr size_t Fields = 10;
  sycl::queue q;
  T *in = sycl::malloc_shared<T>(N, q);
  T *out = sycl::malloc_shared<T>(N * Fields, q);
  T *gin = sycl::malloc_shared<T>(N, q); // lgamma's, in (-2.75, 3.25)
  int *ints = sycl::malloc_shared<int>(N * 5, q);
  for (size_t I = 0; I < N; ++I) {
    in[I] = input<T>(I) * T(I % 7 == 3 ? 1e6 : 37);
    gin[I] = input<T>(I) * T(2.3) + T(0.25);
  }
  q.parallel_for<PairResultsKernel<T, S>>(
       sycl::nd_range<1>(N, WorkGroup), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         size_t I = it.get_global_id(0);
         T X = in[I], *R = out + I * Fields, Cos;
         int *E = ints + I * 5;
         R[0] = sycl::frexp(X, &E[0]);
         R[1] = sycl::remquo(X, T(0.7), &E[1]);
         R[2] = sycl::lgamma_r(gin[I], &E[2]);
         R[3] = sycl::sincos(X, &Cos);
         R[4] = Cos;
         R[5] = T(-1);
         E[3] = -100;
         if (X > T(0)) // divergent: about half the lanes
           R[5] = sycl::frexp(X * T(3), &E[3]);
         // Both of frexp's results in one expression.
         int F;
         R[6] = sycl::frexp(X, &F) + T(F);
         R[7] = sycl::ldexp(R[0], E[0]);
         R[8] = T(sycl::ilogb(X));
         // One frexp or the other: InstCombine joins the two pairs by a
         // phi and takes the fields apart after it.
         int G;
         T M =
             X < T(-1) ? sycl::frexp(X * T(5), &G) : sycl::frexp(X + T(2), &G);
         R[9] = M;
         E[4] = G;
       })
      .wait();
  for (size_t I = 0; I < N; ++I) {
    T X = in[I];
    const T *R = out + I * Fields;
    const int *E = ints + I * 5;
    int WantE, WantQ, WantE3 = -100, WantG;
    T WantM = std::frexp(X, &WantE);
    T WantRem = std::remquo(X, T(0.7), &WantQ);
    T WantM3 = X > T(0) ? std::frexp(X * T(3), &WantE3) : T(-1);
    T WantLgamma = std::lgamma(gin[I]);
    EXPECT_EQ(R[0], WantM) << I;
    EXPECT_EQ(E[0], WantE) << I;
    EXPECT_NEAR(R[1], WantRem, T(1e-5)) << I;
    EXPECT_EQ(E[1] & 7, WantQ & 7) << I;
    EXPECT_NEAR(R[2], WantLgamma, std::fabs(WantLgamma) * T(8e-6) + T(1e-5))
        << I;
    EXPECT_EQ(E[2], std::tgamma(gin[I]) < 0 ? -1 : 1) << I;
    EXPECT_NEAR(R[3], std::sin(X), T(1e-5)) << I;
    EXPECT_NEAR(R[4], std::cos(X), T(1e-5)) << I;
    EXPECT_EQ(R[5], WantM3) << I;
    EXPECT_EQ(E[3], WantE3) << I;
    EXPECT_EQ(R[6], WantM + T(WantE)) << I;
    EXPECT_EQ(R[7], X) << I;
    EXPECT_EQ(R[8], T(std::ilogb(X))) << I;
    T WantMG =
        X < T(-1) ? std::frexp(X * T(5), &WantG) : std::frexp(X + T(2), &WantG);
    EXPECT_EQ(R[9], WantMG) << I;
    EXPECT_EQ(E[4], WantG) << I;
  }
  sycl::free(in, q);
  sycl::free(gin, q);
  sycl::free(out, q);
  sycl::free(ints, q);
}

TEST(MathFunctions, PairResultsFloatAtSubGroupSize8) {
  checkPairResults<float, 8>();
}
TEST(MathFunctions, PairResultsFloatAtSubGroupSize32) {
  checkPairResults<float, 32>();
}
TEST(MathFunctions, PairResultsDoubleAtSubGroupSize16) {
  checkPairResults<double, 16>();
}

class MoreIntegerKernel;
/// SYCL 2020's integer functions, with saturation and widths checked.
TEST(MathFunctions, MoreIntegerFunctions) {
  sycl::queue q;
  constexpr size_t Fields = 12;
  int32_t *out = sycl::malloc_shared<int32_t>(N * Fields, q);
  int64_t *wide = sycl::malloc_shared<int64_t>(N, q);
  q.parallel_for<MoreIntegerKernel>(sycl::nd_range<1>(N, WorkGroup),
                                    xo::properties{xo::sub_group_size<16>},
                                    [=](sycl::nd_item<1> it) {
                                      int32_t I = int32_t(it.get_global_id(0));
                                      int32_t X = (I * 2654435761u) ^ (I << 7);
                                      int32_t Y = I * 1000003 - 7;
                                      int32_t *R = out + I * Fields;
                                      R[0] = sycl::clz(X);
                                      R[1] = sycl::ctz(X);
                                      R[2] = sycl::rotate(X, Y);
                                      R[3] = int32_t(sycl::abs_diff(X, Y));
                                      R[4] = sycl::add_sat(X, Y);
                                      R[5] = sycl::sub_sat(X, Y);
                                      R[6] = sycl::hadd(X, Y);
                                      R[7] = sycl::rhadd(X, Y);
                                      R[8] = sycl::mad_hi(X, Y, 5);
                                      R[9] = sycl::mad_sat(X, Y, 5);
                                      R[10] = int32_t(sycl::clz(uint8_t(I)));
                                      R[11] = sycl::mul24(I - 256, 4000);
                                      wide[I] = sycl::upsample(Y, uint32_t(X));
                                    })
      .wait();
  for (int32_t I = 0; I < int32_t(N); ++I) {
    int32_t X = (I * 2654435761u) ^ (I << 7);
    int32_t Y = I * 1000003 - 7;
    uint32_t UX = uint32_t(X);
    const int32_t *R = out + I * Fields;
    int64_t Sum = int64_t(X) + Y, Diff = int64_t(X) - Y;
    auto Sat = [](int64_t V) {
      return int32_t(std::clamp<int64_t>(V, INT32_MIN, INT32_MAX));
    };
    unsigned K = uint32_t(Y) % 32;
    EXPECT_EQ(R[0], X == 0 ? 32 : __builtin_clz(UX)) << I;
    EXPECT_EQ(R[1], X == 0 ? 32 : __builtin_ctz(UX)) << I;
    EXPECT_EQ(uint32_t(R[2]), K ? (UX << K) | (UX >> (32 - K)) : UX) << I;
    EXPECT_EQ(uint32_t(R[3]), uint32_t(std::llabs(Diff))) << I;
    EXPECT_EQ(R[4], Sat(Sum)) << I;
    EXPECT_EQ(R[5], Sat(Diff)) << I;
    EXPECT_EQ(R[6], int32_t(Sum >> 1)) << I;
    EXPECT_EQ(R[7], int32_t((Sum + 1) >> 1)) << I;
    EXPECT_EQ(R[8], int32_t(((int64_t(X) * Y) >> 32) + 5)) << I;
    EXPECT_EQ(R[9], Sat(int64_t(X) * Y + 5)) << I; // no overflow past int64
    EXPECT_EQ(R[10], uint8_t(I) == 0 ? 8 : __builtin_clz(uint8_t(I)) - 24) << I;
    EXPECT_EQ(R[11], (I - 256) * 4000) << I;
    EXPECT_EQ(wide[I], int64_t((uint64_t(uint32_t(Y)) << 32) | UX)) << I;
  }
  sycl::free(out, q);
  sycl::free(wide, q);
}

class VecFunctionsKernel;
/// The functions above on vecs: element by element, with the result type
/// of the scalar function (int for ilogb, -1/0 for comparisons).
TEST(MathFunctions, VecElementWise) {
  sycl::queue q;
  sycl::float4 *out = sycl::malloc_shared<sycl::float4>(N, q);
  sycl::int4 *iout = sycl::malloc_shared<sycl::int4>(N * 2, q);
  q.parallel_for<VecFunctionsKernel>(
       sycl::nd_range<1>(N, WorkGroup), xo::properties{xo::sub_group_size<8>},
       [=](sycl::nd_item<1> it) {
         size_t I = it.get_global_id(0);
         float X = input<float>(I);
         sycl::float4 V(X, X + 1.0f, -X, 2.0f * X);
         sycl::int4 K(int(I), -int(I), int(I) << 20, 7);
         out[I] = sycl::ldexp(sycl::cospi(V), 2) + sycl::maxmag(V, 0.5f);
         iout[2 * I] = sycl::clz(K) + sycl::rotate(K, sycl::int4(3));
         iout[2 * I + 1] = sycl::isless(V, sycl::float4(0.5f)) + sycl::ilogb(V);
       })
      .wait();
  for (size_t I = 0; I < N; ++I) {
    float X = input<float>(I);
    float V[4] = {X, X + 1.0f, -X, 2.0f * X};
    int32_t K[4] = {int32_t(I), -int32_t(I), int32_t(I) << 20, 7};
    for (int E = 0; E < 4; ++E) {
      float Mag = std::fabs(V[E]) > 0.5f ? V[E] : 0.5f;
      float Want = float(4 * std::cos(3.14159265358979323846 * V[E])) + Mag;
      EXPECT_NEAR(out[I][E], Want, 1e-5f) << I << "," << E;
      uint32_t U = uint32_t(K[E]);
      int32_t Clz = U ? __builtin_clz(U) : 32;
      EXPECT_EQ(iout[2 * I][E], Clz + int32_t((U << 3) | (U >> 29)))
          << I << "," << E;
      EXPECT_EQ(iout[2 * I + 1][E], (V[E] < 0.5f ? -1 : 0) + std::ilogb(V[E]))
          << I << "," << E;
    }
  }
  sycl::free(out, q);
  sycl::free(iout, q);
}

class MarrayFunctionsKernel;
TEST(MathFunctions, MarrayElementWise) {
  sycl::queue q;
  sycl::marray<float, 3> *out =
      sycl::malloc_shared<sycl::marray<float, 3>>(N, q);
  sycl::marray<int, 3> *iout = sycl::malloc_shared<sycl::marray<int, 3>>(N, q);
  int32_t *flags = sycl::malloc_shared<int32_t>(N, q);
  q.parallel_for<MarrayFunctionsKernel>(
       sycl::nd_range<1>(N, WorkGroup), xo::properties{xo::sub_group_size<16>},
       [=](sycl::nd_item<1> it) {
         size_t I = it.get_global_id(0);
         float X = input<float>(I);
         sycl::marray<float, 3> M(X, X + 1.0f, -X);
         sycl::marray<int, 3> K(int(I), -int(I), 7);
         out[I] = sycl::fma(sycl::sqrt(sycl::fabs(M)), M,
                            sycl::marray<float, 3>(1.0f)) +
                  sycl::clamp(M, -0.5f, 0.5f) + sycl::fmax(M, 0.25f);
         iout[I] = (K % 5) ^ (sycl::max(K, 2) << 2) | ~K;
         sycl::marray<bool, 3> Neg =
             sycl::isless(M, sycl::marray<float, 3>(0.0f));
         flags[I] = int32_t(sycl::any(Neg)) + 2 * int32_t(sycl::all(!Neg)) +
                    4 * int32_t(sycl::none(sycl::isnan(M))) +
                    8 * int32_t(sycl::select(K, -K, Neg)[2] == -7);
       })
      .wait();
  for (size_t I = 0; I < N; ++I) {
    float X = input<float>(I);
    float M[3] = {X, X + 1.0f, -X};
    int32_t K[3] = {int32_t(I), -int32_t(I), 7};
    bool Any = false, All = true;
    for (int E = 0; E < 3; ++E) {
      float Want = std::fma(std::sqrt(std::fabs(M[E])), M[E], 1.0f) +
                   std::min(std::max(M[E], -0.5f), 0.5f) +
                   std::fmax(M[E], 0.25f);
      EXPECT_NEAR(out[I][E], Want, 1e-5f) << I << "," << E;
      EXPECT_EQ(iout[I][E], (K[E] % 5) ^ (std::max(K[E], 2) << 2) | ~K[E])
          << I << "," << E;
      Any |= M[E] < 0.0f;
      All &= !(M[E] < 0.0f);
    }
    EXPECT_EQ(flags[I],
              int32_t(Any) + 2 * int32_t(All) + 4 + 8 * int32_t(M[2] < 0.0f))
        << I;
  }
  sycl::free(out, q);
  sycl::free(iout, q);
  sycl::free(flags, q);
}

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

/// Arguments of different arithmetic types: min, max and clamp compare in
/// their common type, as C++'s operators do, and a floating function of
/// integers computes in double, as <cmath> does. Values past half's range
/// and precision (an id plus 70000) tell that nothing went through half.
class MixedArgumentsKernel;
TEST(MathFunctions, MixedArgumentTypes) {
  sycl::queue q;
  uint64_t *out = sycl::malloc_shared<uint64_t>(N * 4, q);
  double *roots = sycl::malloc_shared<double>(N, q);
  const size_t Last = 70000 + N / 2;
  q.parallel_for<MixedArgumentsKernel>(
       sycl::nd_range<1>(N, WorkGroup), xo::properties{xo::sub_group_size<8>},
       [=](sycl::nd_item<1> it) {
         const int I = int(it.get_global_id(0));
         uint64_t *R = out + I * 4;
         R[0] = sycl::min(unsigned(I) + 70000u, Last);
         R[1] = sycl::max(I - 3, 70001u);
         R[2] = uint64_t(sycl::clamp(I * 1001, 0L, long(Last)));
         R[3] = uint64_t(sycl::fmax(float(I) + 0.5f, double(I) + 0.25));
         roots[I] = sycl::sqrt(I + 70000);
       })
      .wait();
  for (int I = 0; I < int(N); ++I) {
    const uint64_t *R = out + I * 4;
    EXPECT_EQ(R[0], std::min<size_t>(unsigned(I) + 70000u, Last)) << I;
    EXPECT_EQ(R[1], std::max<unsigned>(unsigned(I - 3), 70001u)) << I;
    EXPECT_EQ(R[2], uint64_t(std::clamp<long>(I * 1001L, 0L, long(Last)))) << I;
    EXPECT_EQ(R[3], uint64_t(double(I) + 0.5)) << I;
    EXPECT_EQ(roots[I], std::sqrt(double(I + 70000))) << I;
  }
  sycl::free(out, q);
  sycl::free(roots, q);
}

// sycl::half arguments: each function computes in float and rounds once
// to half, so the kernel's result is the host's float result as a half,
// at sub-group sizes 1 and 16.
template <uint32_t S> class HalfMathKernel;
template <uint32_t S> void checkHalfMath() {
  constexpr size_t Count = 12;
  sycl::queue q;
  sycl::half *out = sycl::malloc_shared<sycl::half>(N * Count, q);
  q.parallel_for<HalfMathKernel<S>>(
       sycl::nd_range<1>(N, WorkGroup), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         size_t i = it.get_global_id(0);
         sycl::half x = input<float>(i), a = sycl::fabs(x) + sycl::half(0.5f);
         sycl::half *r = out + i * Count;
         r[0] = sycl::exp(x);
         r[1] = sycl::sqrt(a);
         r[2] = sycl::log(a);
         r[3] = sycl::sin(x);
         r[4] = sycl::pow(a, sycl::half(1.5f));
         r[5] = sycl::fma(x, sycl::half(2.0f), sycl::half(1.0f));
         r[6] = sycl::clamp(x, sycl::half(-0.5f), sycl::half(0.5f));
         r[7] = sycl::fmax(x, sycl::half(0.25f));
         r[8] = sycl::native::exp(x);
         r[9] = sycl::half_precision::rsqrt(a);
         r[10] = sycl::tanh(x);
         r[11] = sycl::ldexp(x, 3);
       })
      .wait();
  for (size_t i = 0; i < N; ++i) {
    float x = float(sycl::half(input<float>(i)));
    float a = float(sycl::half(std::fabs(x) + 0.5f));
    float want[Count] = {std::exp(x),
                         std::sqrt(a),
                         std::log(a),
                         std::sin(x),
                         std::pow(a, 1.5f),
                         std::fma(x, 2.0f, 1.0f),
                         std::min(std::max(x, -0.5f), 0.5f),
                         std::fmax(x, 0.25f),
                         std::exp(x),
                         1.0f / std::sqrt(a),
                         std::tanh(x),
                         std::ldexp(x, 3)};
    for (size_t k = 0; k < Count; ++k)
      EXPECT_EQ(float(out[i * Count + k]), float(sycl::half(want[k])))
          << "item " << i << ", function " << k;
  }
  sycl::free(out, q);
}

TEST(MathFunctions, HalfAtSubGroupSize1) { checkHalfMath<1>(); }
TEST(MathFunctions, HalfAtSubGroupSize16) { checkHalfMath<16>(); }

} // namespace
