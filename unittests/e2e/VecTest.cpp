//===- VecTest.cpp - sycl::vec in kernels ---------------------------------===//
//
// float4 and int4 arithmetic, element access, swizzles, comparisons,
// conversions, loads and stores and the geometric functions, in kernels at
// sub-group sizes 1 and 16, against scalar host formulas; marray, bit_cast
// and atomic_fence.
//
//===----------------------------------------------------------------------===//

#include <sublane/sycl.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

namespace {

namespace xo = sycl::ext::oneapi::experimental;

constexpr size_t N = 256, WorkGroup = 64;

template <uint32_t S> class FloatVecKernel;
template <uint32_t S> void checkFloatVec() {
  sycl::queue q;
  float *In = sycl::malloc_shared<float>(4 * N, q);
  float *Out = sycl::malloc_shared<float>(4 * N, q);
  float *Scalars = sycl::malloc_shared<float>(4 * N, q);
  for (size_t I = 0; I < 4 * N; ++I)
    In[I] = float(int(I % 13) - 6) * 0.25f;
  q.parallel_for<FloatVecKernel<S>>(
       sycl::nd_range<1>(N, WorkGroup), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         size_t I = it.get_global_id(0);
         sycl::float4 V;
         V.load(I, In);
         sycl::float4 W = V * 2.0f + sycl::float4(1.0f, 2.0f, 3.0f, 4.0f);
         W -= V.wzyx();
         W.x() += 0.5f;
         sycl::float4 Clamped = sycl::clamp(W, -1.0f, 1.0f);
         Clamped.store(I, Out);
         sycl::float3 P = V.xyz(), Q(1.0f, 0.0f, 2.0f);
         Scalars[4 * I] = sycl::dot(P, Q);
         Scalars[4 * I + 1] = sycl::length(V);
         Scalars[4 * I + 2] = sycl::cross(P, Q).z();
         sycl::int4 Positive = V > 0.0f;
         Scalars[4 * I + 3] = float(sycl::any(Positive)) +
                              2.0f * float(sycl::all(Positive)) +
                              4.0f * float(Positive.x() == -1);
       })
      .wait();
  for (size_t I = 0; I < N; ++I) {
    const float *V = In + 4 * I;
    const float Base[4] = {1, 2, 3, 4};
    for (int K = 0; K < 4; ++K) {
      float W = V[K] * 2.0f + Base[K] - V[3 - K] + (K == 0 ? 0.5f : 0.0f);
      EXPECT_EQ(Out[4 * I + K], std::fmin(std::fmax(W, -1.0f), 1.0f))
          << I << ", " << K;
    }
    EXPECT_FLOAT_EQ(Scalars[4 * I], V[0] * 1 + V[1] * 0 + V[2] * 2);
    EXPECT_FLOAT_EQ(Scalars[4 * I + 1], std::sqrt(V[0] * V[0] + V[1] * V[1] +
                                                  V[2] * V[2] + V[3] * V[3]));
    EXPECT_FLOAT_EQ(Scalars[4 * I + 2], V[0] * 0 - V[1] * 1);
    bool Any = false, All = true;
    for (int K = 0; K < 4; ++K) {
      Any = Any || V[K] > 0;
      All = All && V[K] > 0;
    }
    EXPECT_EQ(Scalars[4 * I + 3],
              float(Any) + 2.0f * float(All) + 4.0f * float(V[0] > 0));
  }
  for (float *P : {In, Out, Scalars})
    sycl::free(P, q);
}

TEST(Vec, FloatAtSubGroupSize1) { checkFloatVec<1>(); }
TEST(Vec, FloatAtSubGroupSize16) { checkFloatVec<16>(); }

class IntVecKernel;
TEST(Vec, IntegerOperatorsAndConversions) {
  sycl::queue q;
  int *Out = sycl::malloc_shared<int>(8 * N, q);
  q.parallel_for<IntVecKernel>(
       sycl::nd_range<1>(N, WorkGroup), xo::properties{xo::sub_group_size<8>},
       [=](sycl::nd_item<1> it) {
         int I = int(it.get_global_id(0));
         sycl::int4 A(I, I + 1, I + 2, I + 3);
         sycl::int4 B = (A << 1) ^ sycl::int4(5);
         B %= 7;
         sycl::int2 Lo = B.lo(), Odd = A.odd();
         sycl::float4 F = A.convert<float>() * 0.5f;
         sycl::int4 T = F.convert<int, sycl::rounding_mode::rtz>();
         sycl::int4 Picked = sycl::select(A, -A, A > 2 * I + 1);
         sycl::vec<int, 8> Wide(Lo, Odd, T.hi(), Picked.even());
         Wide.store(I, Out);
       })
      .wait();
  for (int I = 0; I < int(N); ++I) {
    int A[4] = {I, I + 1, I + 2, I + 3}, B[4], T[4], P[4];
    for (int K = 0; K < 4; ++K) {
      B[K] = ((A[K] << 1) ^ 5) % 7;
      T[K] = int(float(A[K]) * 0.5f);
      P[K] = A[K] > 2 * I + 1 ? -A[K] : A[K];
    }
    int Want[8] = {B[0], B[1], A[1], A[3], T[2], T[3], P[0], P[2]};
    for (int K = 0; K < 8; ++K)
      ASSERT_EQ(Out[8 * I + K], Want[K]) << I << ", " << K;
  }
  sycl::free(Out, q);
}

class MarrayKernel;
TEST(Vec, MarrayBitCastAndFence) {
  sycl::queue q;
  uint32_t *Out = sycl::malloc_shared<uint32_t>(4 * N, q);
  q.parallel_for<MarrayKernel>(
       sycl::nd_range<1>(N, WorkGroup),
       [=](sycl::nd_item<1> it) {
         size_t I = it.get_global_id(0);
         sycl::marray<float, 3> M(float(I), 1.5f, -2.0f);
         M = M * 2.0f + sycl::marray<float, 3>(1.0f);
         sycl::marray<bool, 3> Big = M > 2.0f;
         Out[4 * I] = sycl::bit_cast<uint32_t>(M[0]);
         Out[4 * I + 1] = sycl::bit_cast<uint32_t>(M[1]);
         Out[4 * I + 2] = sycl::bit_cast<uint32_t>(M[2]);
         sycl::atomic_fence(sycl::memory_order::release,
                            sycl::memory_scope::device);
         Out[4 * I + 3] =
             uint32_t(Big[0]) + 2 * uint32_t(Big[1]) + 4 * uint32_t(Big[2]);
       })
      .wait_and_throw();
  for (size_t I = 0; I < N; ++I) {
    float M[3] = {float(I) * 2.0f + 1.0f, 4.0f, -3.0f};
    for (int K = 0; K < 3; ++K) {
      uint32_t Bits;
      std::memcpy(&Bits, &M[K], 4);
      ASSERT_EQ(Out[4 * I + K], Bits) << I << ", " << K;
    }
    ASSERT_EQ(Out[4 * I + 3], uint32_t(M[0] > 2.0f) + 2u) << I;
  }
  sycl::free(Out, q);
}

static_assert(sizeof(sycl::float3) == 16 && alignof(sycl::float3) == 16);
static_assert(sycl::int4::size() == 4 && sycl::double2::byte_size() == 16);

// vec of half (half2 ... half16): arithmetic with half and float scalars,
// compound assignment, element-wise math, comparisons (int16 masks) and
// conversion to float, at sub-group sizes 1 and 16.
template <uint32_t S> class HalfVecKernel;
template <uint32_t S> void checkHalfVec() {
  sycl::queue q;
  constexpr size_t Count = 64;
  sycl::half4 *out = sycl::malloc_shared<sycl::half4>(Count, q);
  float *sums = sycl::malloc_shared<float>(Count, q);
  q.parallel_for<HalfVecKernel<S>>(
       sycl::nd_range<1>(Count, 16), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         size_t i = it.get_global_id(0);
         sycl::half4 v(sycl::half(float(i % 9)), sycl::half(1.5f),
                       sycl::half(-2.0f), sycl::half(0.25f));
         sycl::half4 w = v * sycl::half(2.0f) + v;
         w += 1.0f;
         w = sycl::fabs(w) + sycl::exp(sycl::half4(0.0f));
         sycl::short4 greater = w > v;
         out[i] = w;
         sums[i] = sycl::dot(w.convert<float>(), sycl::float4(1.0f)) +
                   float(greater[2]);
       })
      .wait();
  for (size_t i = 0; i < Count; ++i) {
    float x = float(i % 9);
    float want[4] = {std::fabs(3 * x + 1) + 1, 6.5f, 6.0f, 2.75f};
    float sum = 0;
    for (int k = 0; k < 4; ++k) {
      EXPECT_EQ(float(out[i][k]), want[k]) << "item " << i << ", element " << k;
      sum += want[k];
    }
    EXPECT_EQ(sums[i], sum - 1.0f) << "item " << i;
  }
  sycl::free(out, q);
  sycl::free(sums, q);
}

TEST(Vec, HalfAtSubGroupSize1) { checkHalfVec<1>(); }
TEST(Vec, HalfAtSubGroupSize16) { checkHalfVec<16>(); }

// fma, mad and mix take vecs of half like vecs of float (CUDA's __hfma2
// ported as sycl::fma on half2); a one-element vec is built from a scalar
// of another type by conversion, as DPC++ allows (vec<float, 1>{d}).
TEST(Vec, HalfFmaAndConvertingScalarConstructor) {
  sycl::queue q;
  const int n = 256;
  sycl::half2 *h = sycl::malloc_shared<sycl::half2>(n, q);
  float *out = sycl::malloc_shared<float>(4 * n, q);
  double *d = sycl::malloc_shared<double>(n, q);
  for (int i = 0; i < n; ++i) {
    h[i] = sycl::half2(sycl::half(i * 0.25f - 8), sycl::half(3 - i * 0.125f));
    d[i] = i * 1.0000001;
  }
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     sycl::half2 f = sycl::fma(h[i], h[i], sycl::half2(1.0f, 2.0f));
     sycl::half2 m = sycl::mix(h[i], sycl::half2(0.0f), sycl::half(0.5f));
     out[4 * i] = f.x();
     out[4 * i + 1] = f.y();
     out[4 * i + 2] = m.x() + m.y();
     sycl::vec<float, 1> one{d[i]};
     out[4 * i + 3] = one;
   }).wait();
  for (int i = 0; i < n; ++i) {
    const float x = i * 0.25f - 8, y = 3 - i * 0.125f;
    EXPECT_EQ(out[4 * i], float(sycl::half(std::fma(x, x, 1.0f)))) << i;
    EXPECT_EQ(out[4 * i + 1], float(sycl::half(std::fma(y, y, 2.0f)))) << i;
    EXPECT_EQ(out[4 * i + 2], float(sycl::half(float(sycl::half(x * 0.5f)) +
                                               float(sycl::half(y * 0.5f)))))
        << i;
    EXPECT_EQ(out[4 * i + 3], float(d[i])) << i;
  }
  sycl::free(h, q);
  sycl::free(out, q);
  sycl::free(d, q);
}

// native:: on float4 (molecular dynamics distances), `half2 = {}` (DPC++
// picks the copy assignment) and SYCL 1.2.1's sycl::ulong.
TEST(Vec, NativeMathOnVecsEmptyBraceAssignmentAndScalarAliases) {
  sycl::queue q;
  const int n = 128;
  sycl::float4 *v = sycl::malloc_shared<sycl::float4>(n, q);
  sycl::float4 *out = sycl::malloc_shared<sycl::float4>(2 * n, q);
  sycl::half2 *cleared = sycl::malloc_shared<sycl::half2>(n, q);
  sycl::ulong *wide = sycl::malloc_shared<sycl::ulong>(n, q);
  for (int i = 0; i < n; ++i)
    v[i] = sycl::float4(i + 1.0f, i * 0.5f + 2, 4.0f, 9.0f + i);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     sycl::float4 x = v[i];
     out[2 * i] = sycl::native::sqrt(x) + sycl::half_precision::recip(x);
     out[2 * i + 1] = sycl::native::divide(x, sycl::float4(2.0f)) +
                      sycl::native::exp(sycl::float4(0.0f));
     sycl::half2 h(1.0f, 2.0f);
     h = {};
     cleared[i] = h;
     wide[i] = sycl::ulong(i) << 40;
   }).wait();
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < 4; ++k) {
      const float x = v[i][k];
      EXPECT_NEAR(out[2 * i][k], std::sqrt(x) + 1 / x, 1e-5f * (1 + x)) << i;
      EXPECT_NEAR(out[2 * i + 1][k], x / 2 + 1, 1e-5f * (1 + x)) << i;
    }
    EXPECT_EQ(float(cleared[i].x()), 0.0f) << i;
    EXPECT_EQ(float(cleared[i].y()), 0.0f) << i;
    EXPECT_EQ(wide[i], (unsigned long)i << 40) << i;
  }
  static_assert(std::is_same_v<sycl::ulong, unsigned long> &&
                std::is_same_v<sycl::uint, unsigned int>);
  sycl::marray<float, 3> m(4.0f, 9.0f, 16.0f);
  sycl::marray<float, 3> r = sycl::native::sqrt(m);
  EXPECT_FLOAT_EQ(r[0] + r[1] + r[2], 9.0f);
  sycl::free(v, q);
  sycl::free(out, q);
  sycl::free(cleared, q);
  sycl::free(wide, q);
}

} // namespace
