//===- SwizzleTest.cpp - writing through vec swizzles ---------------------===//
//
// With SYCL_SIMPLE_SWIZZLES: assignment, compound assignment, increments and
// element writes through swizzles (xyz(), bgra(), lo(), hi(), odd() of
// even() ...) reach the vec they view, in kernels at sub-group sizes 1 and 16
// and at the size the implementation picks, against the same steps on host
// arrays; and vec::convert under each rounding mode.
//
//===----------------------------------------------------------------------===//

#define SYCL_SIMPLE_SWIZZLES
#include <sublane/sycl.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <type_traits>

namespace {

namespace xo = sycl::ext::oneapi::experimental;

constexpr size_t N = 256, WorkGroup = 64;

// The host's version of the kernel below, on plain arrays.
void swizzleSteps(const float *In, float *P, float *E, int *Iv) {
  for (int K = 0; K < 4; ++K)
    P[K] = In[K];
  const float V[4] = {In[3] * 0.5f, In[2], -In[1], 2.0f};
  for (int K = 0; K < 3; ++K) // P.xyz() += V.xyz() * 0.25f
    P[K] += V[K] * 0.25f;
  float XW[2] = {P[0], P[3]}; // P.wx() = P.xw()
  P[3] = XW[0];
  P[0] = XW[1];
  P[2] = 7.0f + P[1];         // P.bgra().x() = 7.0f + P.g()
  P[1] += 1.0f;               // P.lo().hi()++
  for (int K = 0; K < 8; ++K) // E(In[0] .. In[7] of the next item)
    E[K] = In[K] + float(K);
  E[1] = -P[0]; // E.odd().even() = float2(-P.x(), P.w())
  E[5] = P[3];
  E[5] *= 3.0f; // E.hi().lo().s1() *= 3
  const float Lo[4] = {E[0], E[1], E[2], E[3]};
  for (int K = 0; K < 4; ++K) // E.hi() -= E.lo()
    E[4 + K] -= Lo[K];
  int I[4] = {int(In[0] * 4), 3, 5, 12};
  I[1] <<= 2; // Iv.yz() <<= 2
  I[2] <<= 2;
  I[0] %= 3; // Iv.xw() %= 3
  I[3] %= 3;
  I[1] ^= 1; // Iv.lo()[1] ^= 1
  for (int K = 0; K < 4; ++K)
    Iv[K] = I[K];
}

template <uint32_t S> class SwizzleKernel;
template <uint32_t S> void checkSwizzles() {
  sycl::queue q;
  float *In = sycl::malloc_shared<float>(8 * N, q);
  float *OutP = sycl::malloc_shared<float>(4 * N, q);
  float *OutE = sycl::malloc_shared<float>(8 * N, q);
  int *OutI = sycl::malloc_shared<int>(4 * N, q);
  for (size_t I = 0; I < 8 * N; ++I)
    In[I] = float(int(I % 11) - 5) * 0.5f;
  auto Kernel = [=](sycl::nd_item<1> it) {
    size_t I = it.get_global_id(0);
    sycl::float4 P;
    P.load(2 * I, In);
    sycl::float4 V(P.w() * 0.5f, P.z(), -P.y(), 2.0f);
    P.xyz() += V.xyz() * 0.25f;
    P.wx() = P.xw();
    P.bgra().x() = 7.0f + P.g();
    P.lo().hi()++;
    P.store(I, OutP);

    sycl::float8 E;
    E.load(I, In);
    E += sycl::float8(0, 1, 2, 3, 4, 5, 6, 7);
    E.odd().even() = sycl::float2(-P.x(), P.w());
    E.hi().lo().s1() *= 3.0f;
    E.hi() -= E.lo();
    E.store(I, OutE);

    sycl::int4 Iv(int(In[8 * I] * 4), 3, 5, 12);
    Iv.yz() <<= 2;
    Iv.xw() %= 3;
    Iv.lo()[1] ^= 1;
    Iv.store(I, OutI);
  };
  if constexpr (S == 0)
    q.parallel_for<SwizzleKernel<S>>(sycl::nd_range<1>(N, WorkGroup), Kernel)
        .wait();
  else
    q.parallel_for<SwizzleKernel<S>>(sycl::nd_range<1>(N, WorkGroup),
                                     xo::properties{xo::sub_group_size<S>},
                                     Kernel)
        .wait();
  for (size_t I = 0; I < N; ++I) {
    float P[4], E[8];
    int Iv[4];
    swizzleSteps(In + 8 * I, P, E, Iv);
    for (int K = 0; K < 4; ++K) {
      EXPECT_EQ(OutP[4 * I + K], P[K]) << "item " << I << ", P[" << K << "]";
      EXPECT_EQ(OutI[4 * I + K], Iv[K]) << "item " << I << ", Iv[" << K << "]";
    }
    for (int K = 0; K < 8; ++K)
      EXPECT_EQ(OutE[8 * I + K], E[K]) << "item " << I << ", E[" << K << "]";
  }
  for (void *Ptr : {(void *)In, (void *)OutP, (void *)OutE, (void *)OutI})
    sycl::free(Ptr, q);
}

TEST(Swizzle, AssignmentAtSubGroupSize1) { checkSwizzles<1>(); }
TEST(Swizzle, AssignmentAtSubGroupSize16) { checkSwizzles<16>(); }
TEST(Swizzle, AssignmentAtTheDefaultSize) { checkSwizzles<0>(); }

// A swizzle of a const or temporary vec is a copy that cannot be assigned;
// one of a vec that can be written is a view.
template <typename V, typename = void>
struct assignable_swizzle : std::false_type {};
template <typename V>
struct assignable_swizzle<
    V, std::void_t<decltype(std::declval<V>().lo() = sycl::float2())>>
    : std::true_type {};
static_assert(assignable_swizzle<sycl::float4 &>::value);
static_assert(!assignable_swizzle<const sycl::float4 &>::value);
static_assert(!assignable_swizzle<sycl::float4>::value);

class RoundingKernel;
TEST(Swizzle, ConvertUnderEachRoundingMode) {
  sycl::queue q;
  constexpr size_t Count = 64;
  int *Ints = sycl::malloc_shared<int>(4 * Count, q);
  float *Floats = sycl::malloc_shared<float>(4 * Count, q);
  q.parallel_for<RoundingKernel>(
       sycl::nd_range<1>(Count, 16),
       [=](sycl::nd_item<1> it) {
         size_t I = it.get_global_id(0);
         // Y has ties (x.5) to round; X is never 0 and exact in float.
         float Y = (float(I) - 32.0f) * 0.5f + 0.25f * float(I % 4 == 1);
         float X = (float(I) - 32.0f) * 0.25f + 0.0625f;
         sycl::float4 F(Y);
         using R = sycl::rounding_mode;
         sycl::int4 Rounded(
             F.convert<int, R::rte>().x(), F.convert<int, R::rtz>().x(),
             F.convert<int, R::rtp>().x(), F.convert<int, R::rtn>().x());
         Rounded.store(I, Ints);
         sycl::double2 D(double(X) + 1e-9, double(X) - 1e-9);
         sycl::float4 Narrowed(
             D.convert<float, R::rtp>().x(), D.convert<float, R::rtn>().x(),
             D.convert<float, R::rtz>().y(), D.convert<float, R::rte>().y());
         Narrowed.store(I, Floats);
       })
      .wait();
  for (size_t I = 0; I < Count; ++I) {
    float Y = (float(I) - 32.0f) * 0.5f + 0.25f * float(I % 4 == 1);
    float X = (float(I) - 32.0f) * 0.25f + 0.0625f;
    EXPECT_EQ(Ints[4 * I], int(std::nearbyint(Y))) << Y;
    EXPECT_EQ(Ints[4 * I + 1], int(std::trunc(Y))) << Y;
    EXPECT_EQ(Ints[4 * I + 2], int(std::ceil(Y))) << Y;
    EXPECT_EQ(Ints[4 * I + 3], int(std::floor(Y))) << Y;
    // X +- 1e-9 lies strictly between X and its neighbour in float.
    EXPECT_EQ(Floats[4 * I], std::nextafter(X, INFINITY)) << X;
    EXPECT_EQ(Floats[4 * I + 1], X) << X;
    EXPECT_EQ(Floats[4 * I + 2], X > 0 ? std::nextafter(X, 0.0f) : X) << X;
    EXPECT_EQ(Floats[4 * I + 3], X) << X;
  }
  sycl::free(Ints, q);
  sycl::free(Floats, q);
}

} // namespace
