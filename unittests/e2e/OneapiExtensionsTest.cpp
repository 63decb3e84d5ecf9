//===- OneapiExtensionsTest.cpp - oneAPI extensions programs use ----------===//
//
// sycl_ext_oneapi_bfloat16, sycl_ext_oneapi_dot_accumulate,
// sycl_ext_oneapi_device_global, sycl_ext_oneapi_group_load_store,
// sycl_ext_oneapi_launch_queries, the standard library's function objects in
// group algorithms and reductions (DPC++'s sycl::plus is std::plus), and
// the extension device queries, in kernels and on the host, against
// references computed another way: the nearest bfloat16 found by comparing
// the two candidates in double, dot products of bytes spelled out.
//
//===----------------------------------------------------------------------===//

#include <sublane/sycl.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace {

using bf16 = sycl::ext::oneapi::bfloat16;

uint16_t bitsOf(bf16 x) {
  uint16_t u;
  std::memcpy(&u, &x, sizeof(u));
  return u;
}
float floatOfBits(uint16_t b) {
  uint32_t u = uint32_t(b) << 16;
  float f;
  std::memcpy(&f, &u, sizeof(f));
  return f;
}

/// The bfloat16 nearest to \p f, ties to the even one: \p f against the
/// midpoint of its two neighbours, in double (where the midpoint is exact;
/// past the largest finite value the upper neighbour is 2^128, infinity).
uint16_t nearestBfloat16(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof(u));
  const uint16_t below = uint16_t(u >> 16); // toward zero
  if ((u & 0xffffu) == 0)
    return below;
  const uint16_t above = uint16_t(below + 1); // away from zero
  const double lo = std::fabs(double(floatOfBits(below)));
  const double hi = std::isinf(floatOfBits(above))
                        ? std::ldexp(1.0, 128)
                        : std::fabs(double(floatOfBits(above)));
  const double mid = (lo + hi) / 2, mag = std::fabs(double(f));
  if (mag != mid)
    return mag < mid ? below : above;
  return (below & 1) ? above : below;
}

std::vector<float> interestingFloats() {
  std::vector<float> v = {0.0f,
                          -0.0f,
                          1.0f,
                          -1.5f,
                          1.00390625f, // a tie between 1 and 1.0078125
                          1.01171875f, // a tie, rounds up to even
                          3.14159265f,
                          1e-40f, // subnormal
                          -2.5e-39f,
                          3.3895e38f,  // rounds to the largest finite
                          3.40282e38f, // rounds to infinity
                          std::numeric_limits<float>::infinity(),
                          -std::numeric_limits<float>::infinity(),
                          std::numeric_limits<float>::max(),
                          std::numeric_limits<float>::denorm_min()};
  for (int i = 0; i < 2000; ++i) // spread over 60 binades, both signs
    v.push_back(std::ldexp(float((i * 2654435761u) % 100003) / 100003.0f - 0.5f,
                           (i % 61) - 30));
  return v;
}

TEST(OneapiExtensions, Bfloat16RoundsToNearestEvenOnHostAndInKernels) {
  const std::vector<float> in = interestingFloats();
  const size_t n = in.size();
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(bitsOf(bf16(in[i])), nearestBfloat16(in[i])) << in[i];

  sycl::queue q;
  float *d_in = sycl::malloc_shared<float>(n, q);
  bf16 *d_out = sycl::malloc_shared<bf16>(n, q);
  float *d_back = sycl::malloc_shared<float>(n, q);
  std::copy(in.begin(), in.end(), d_in);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     bf16 b = d_in[i];
     d_out[i] = b;
     d_back[i] = b;
   }).wait();
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(bitsOf(d_out[i]), nearestBfloat16(in[i])) << in[i];
    ASSERT_EQ(d_back[i], floatOfBits(nearestBfloat16(in[i]))) << in[i];
  }

  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(std::isnan(float(bf16(nan))));
  EXPECT_TRUE(std::isnan(float(bf16(-nan))));
  EXPECT_TRUE(std::signbit(float(bf16(-nan))));
  // A NaN whose payload is all in the low half stays a NaN.
  uint32_t low = 0x7f800001u;
  float lowNan;
  std::memcpy(&lowNan, &low, sizeof(lowNan));
  EXPECT_TRUE(std::isnan(float(bf16(lowNan))));
  for (void *p : {(void *)d_in, (void *)d_out, (void *)d_back})
    sycl::free(p, q);
}

TEST(OneapiExtensions, Bfloat16ArithmeticRoundsOnce) {
  sycl::queue q;
  const int n = 4096;
  bf16 *a = sycl::malloc_shared<bf16>(n, q);
  bf16 *b = sycl::malloc_shared<bf16>(n, q);
  bf16 *out = sycl::malloc_shared<bf16>(4 * n, q);
  int *cmp = sycl::malloc_shared<int>(n, q);
  for (int i = 0; i < n; ++i) {
    a[i] = float((i * 37) % 1001) / 7.0f - 60.0f;
    b[i] = float((i * 91) % 997) / 13.0f + 0.25f;
  }
  q.parallel_for(sycl::nd_range<1>(n, 128), [=](sycl::nd_item<1> it) {
     const int i = it.get_global_id(0);
     bf16 x = a[i], y = b[i];
     out[4 * i] = x + y;
     out[4 * i + 1] = x * y;
     bf16 z = x;
     z /= y;
     out[4 * i + 2] = z;
     out[4 * i + 3] = -x * 2 + sycl::ext::oneapi::experimental::fabs(y);
     cmp[i] = (x < y) + 2 * (x == a[i]) + 4 * (x >= 0.0f);
   }).wait();
  for (int i = 0; i < n; ++i) {
    const float x = float(a[i]), y = float(b[i]);
    ASSERT_EQ(bitsOf(out[4 * i]), nearestBfloat16(x + y)) << i;
    ASSERT_EQ(bitsOf(out[4 * i + 1]), nearestBfloat16(x * y)) << i;
    ASSERT_EQ(bitsOf(out[4 * i + 2]), nearestBfloat16(x / y)) << i;
    const float twice = floatOfBits(nearestBfloat16(-x * 2));
    ASSERT_EQ(bitsOf(out[4 * i + 3]), nearestBfloat16(twice + std::fabs(y)))
        << i;
    ASSERT_EQ(cmp[i], (x < y) + 2 + 4 * (x >= 0.0f)) << i;
  }
  for (void *p : {(void *)a, (void *)b, (void *)out, (void *)cmp})
    sycl::free(p, q);
}

TEST(OneapiExtensions, Bfloat16LimitsAndVec) {
  using limits = std::numeric_limits<bf16>;
  EXPECT_EQ(float(limits::max()), 0x1.fep127f);
  EXPECT_EQ(float(limits::lowest()), -0x1.fep127f);
  EXPECT_EQ(float(limits::min()), 0x1p-126f);
  EXPECT_EQ(float(limits::epsilon()), 0x1p-7f);
  EXPECT_TRUE(std::isinf(float(limits::infinity())));
  EXPECT_TRUE(std::isnan(float(limits::quiet_NaN())));

  sycl::vec<bf16, 2> v(bf16(1.5f), bf16(-2.25f));
  sycl::vec<bf16, 2> w = v + v;
  EXPECT_EQ(float(w.x()), 3.0f);
  EXPECT_EQ(float(w.y()), -4.5f);
  sycl::marray<bf16, 2> m(bf16(0.5f), bf16(4.0f));
  EXPECT_EQ(float(m[0] * m[1]), 2.0f);
  bf16 h = sycl::half(0.75f);
  EXPECT_EQ(float(h), 0.75f);
  EXPECT_EQ(float(sycl::half(bf16(-3.0f))), -3.0f);
}

TEST(OneapiExtensions, DotAccumulate) {
  sycl::queue q;
  const int n = 512;
  int32_t *pa = sycl::malloc_shared<int32_t>(n, q);
  uint32_t *pb = sycl::malloc_shared<uint32_t>(n, q);
  int32_t *out = sycl::malloc_shared<int32_t>(4 * n, q);
  for (int i = 0; i < n; ++i) {
    pa[i] = int32_t(uint32_t(i) * 2654435761u);
    pb[i] = uint32_t(i) * 40503u + 0x80ff7f01u;
  }
  q.parallel_for(sycl::nd_range<1>(n, 64), [=](sycl::nd_item<1> it) {
     namespace xo = sycl::ext::oneapi;
     const int i = it.get_global_id(0);
     out[4 * i] = xo::dot_acc(pa[i], pa[i], i);
     out[4 * i + 1] = xo::dot_acc(pa[i], pb[i], -i);
     out[4 * i + 2] = xo::dot_acc(pb[i], pb[i], 7);
     sycl::vec<int8_t, 4> va(int8_t(i), int8_t(-i), int8_t(3), int8_t(-128));
     sycl::vec<uint8_t, 4> vb(uint8_t(i), uint8_t(255), uint8_t(2), uint8_t(1));
     out[4 * i + 3] = xo::dot_acc(va, vb, 100);
   }).wait();
  auto sbyte = [](uint32_t w, int k) { return int32_t(int8_t(w >> (8 * k))); };
  auto ubyte = [](uint32_t w, int k) { return int32_t(uint8_t(w >> (8 * k))); };
  for (int i = 0; i < n; ++i) {
    int32_t ss = i, su = -i, uu = 7;
    for (int k = 0; k < 4; ++k) {
      ss += sbyte(pa[i], k) * sbyte(pa[i], k);
      su += sbyte(pa[i], k) * ubyte(pb[i], k);
      uu += ubyte(pb[i], k) * ubyte(pb[i], k);
    }
    const int32_t v = 100 + int8_t(i) * uint8_t(i) + int8_t(-i) * 255 + 6 - 128;
    ASSERT_EQ(out[4 * i], ss) << i;
    ASSERT_EQ(out[4 * i + 1], su) << i;
    ASSERT_EQ(out[4 * i + 2], uu) << i;
    ASSERT_EQ(out[4 * i + 3], v) << i;
  }
  for (void *p : {(void *)pa, (void *)pb, (void *)out})
    sycl::free(p, q);
}

namespace xo = sycl::ext::oneapi::experimental;
// Initialized at compile time from its list (an aggregate, as with DPC++).
xo::device_global<const float[4]> Table{-0.8875, 0.5, 0.25, 1.0 / 3};
struct Pair {
  float x, y;
};
xo::device_global<const Pair[8]> Pairs;
xo::device_global<int> Counter;

TEST(OneapiExtensions, DeviceGlobal) {
  EXPECT_EQ(Table[0], -0.8875f);
  sycl::queue q;
  Pair host[8];
  for (int i = 0; i < 8; ++i)
    host[i] = {float(i), float(2 * i)};
  q.memcpy(Pairs, host, sizeof(host)).wait();
  const int n = 64;
  float *out = sycl::malloc_shared<float>(n, q);
  q.parallel_for(sycl::nd_range<1>(n, 16), [=](sycl::nd_item<1> it) {
     const int i = it.get_global_id(0);
     out[i] = Table[i % 4] + Pairs[i % 8].y;
     if (i == 5)
       Counter = 7;
   }).wait();
  const float table[4] = {-0.8875f, 0.5f, 0.25f, float(1.0 / 3)};
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(out[i], table[i % 4] + float(2 * (i % 8))) << i;
  int counter = 0;
  q.memcpy(&counter, Counter).wait();
  EXPECT_EQ(counter, 7);
  float back[4];
  q.copy(Table, back).wait();
  EXPECT_EQ(back[3], table[3]);
  q.copy(&host[3], Pairs, 1, 0).wait();
  EXPECT_EQ(Pairs[0].y, 6.0f);
  sycl::free(out, q);
}

TEST(OneapiExtensions, StandardFunctionObjectsInGroupAlgorithms) {
  sycl::queue q;
  const int n = 256;
  int *out = sycl::malloc_shared<int>(n, q);
  int *sum = sycl::malloc_shared<int>(1, q);
  *sum = 0;
  q.parallel_for(
       sycl::nd_range<1>(n, 64), sycl::reduction(sum, std::plus<int>()),
       [=](sycl::nd_item<1> it, auto &r) {
         const int x = int(it.get_global_id(0));
         out[x] =
             sycl::reduce_over_group(it.get_group(), x, std::plus<>()) +
             sycl::reduce_over_group(it.get_group(), x & 1, std::bit_or<int>());
         r += x;
       })
      .wait();
  for (int i = 0; i < n; ++i) {
    const int g = i / 64;
    const int groupSum = (g * 64 + g * 64 + 63) * 64 / 2;
    ASSERT_EQ(out[i], groupSum + 1) << i;
  }
  EXPECT_EQ(*sum, n * (n - 1) / 2);
  sycl::free(out, q);
  sycl::free(sum, q);
}

TEST(OneapiExtensions, DeviceQueriesAndQueueProperties) {
  sycl::queue q(sycl::property_list{
      sycl::ext::intel::property::queue::no_immediate_command_list()});
  sycl::device d = q.get_device();
  EXPECT_GT(d.get_info<sycl::ext::intel::info::device::free_memory>(), 0u);
  EXPECT_LE(d.get_info<sycl::ext::intel::info::device::free_memory>(),
            d.get_info<sycl::info::device::global_mem_size>());
  sycl::id<3> groups = d.get_info<xo::info::device::max_work_groups<3>>();
  EXPECT_GE(groups[0], size_t(1) << 30);
}

// Blocked placement gives work-item i the elements i*N..i*N+N-1 of the
// group's block, striped placement the elements i, i+S, ...; over a
// work-group and over a sub-group, and a store puts them back the same way.
template <typename Group, bool Striped>
void checkGroupLoadStore(sycl::queue &q) {
  constexpr int N = 4, WG = 64;
  const int n = 8 * WG * N;
  int *in = sycl::malloc_shared<int>(n, q);
  int *got = sycl::malloc_shared<int>(n, q);
  int *back = sycl::malloc_shared<int>(n, q);
  for (int i = 0; i < n; ++i)
    in[i] = i * 7 + 3;
  q.parallel_for(sycl::nd_range<1>(n / N, WG), [=](sycl::nd_item<1> it) {
     Group g;
     if constexpr (std::is_same_v<Group, sycl::sub_group>)
       g = it.get_sub_group();
     else
       g = it.get_group();
     const size_t base = it.get_global_id(0) - g.get_local_linear_id();
     int vals[N];
     auto placement = [] {
       if constexpr (Striped)
         return xo::properties{xo::data_placement_striped, xo::full_group};
       else
         return xo::properties{xo::contiguous_memory};
     }();
     xo::group_load(g, in + base * N, sycl::span{vals}, placement);
     for (int k = 0; k < N; ++k)
       got[it.get_global_id(0) * N + k] = vals[k];
     xo::group_store(g, sycl::span{vals}, back + base * N, placement);
   }).wait();
  const size_t groupSize =
      std::is_same_v<Group, sycl::sub_group> ? 32 : size_t(WG);
  for (int item = 0; item < n / N; ++item) {
    const int id = item % int(groupSize), first = item - id;
    for (int k = 0; k < N; ++k) {
      const int index = Striped ? id + k * int(groupSize) : id * N + k;
      ASSERT_EQ(got[item * N + k], in[first * N + index]) << item << " " << k;
    }
  }
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(back[i], in[i]) << i;
  for (void *p : {(void *)in, (void *)got, (void *)back})
    sycl::free(p, q);
}

TEST(OneapiExtensions, GroupLoadStore) {
  sycl::queue q;
  checkGroupLoadStore<sycl::group<1>, false>(q);
  checkGroupLoadStore<sycl::group<1>, true>(q);
  checkGroupLoadStore<sycl::sub_group, false>(q);
  checkGroupLoadStore<sycl::sub_group, true>(q);
}

TEST(OneapiExtensions, LaunchQueries) {
  sycl::queue q;
  auto bundle =
      sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  sycl::kernel k =
      bundle.get_kernel(sycl::get_kernel_id<class LaunchQueryKernel>());
  namespace kq = xo::info::kernel_queue_specific;
  const size_t groups =
      k.ext_oneapi_get_info<kq::max_num_work_groups>(q, sycl::range<1>(64), 0);
  EXPECT_GE(groups, 1u);
  EXPECT_LE(groups,
            q.get_device().get_info<sycl::info::device::max_compute_units>());
  EXPECT_EQ(k.ext_oneapi_get_info<kq::max_work_group_size>(q),
            q.get_device().get_info<sycl::info::device::max_work_group_size>());
  // Sub-groups of 32 (a kernel that uses its sub-group and asks no size).
  EXPECT_EQ(k.ext_oneapi_get_info<kq::num_sub_groups>(q, sycl::range<1>(80)),
            3u);
  int *out = sycl::malloc_shared<int>(64, q);
  q.parallel_for<class LaunchQueryKernel>(sycl::nd_range<1>(64 * groups, 64),
                                          [=](sycl::nd_item<1> it) {
                                            if (it.get_global_id(0) < 64)
                                              out[it.get_global_id(0)] =
                                                  int(it.get_group_range(0));
                                          })
      .wait();
  EXPECT_EQ(out[63], int(groups));
  sycl::free(out, q);
}

} // namespace
