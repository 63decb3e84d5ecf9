//===- PortsTest.cpp - Sub-group algorithms from public code, ported ------===//
//
// Our own SYCL versions of well-known sub-group algorithms (rewritten from
// their published descriptions, not copied), each checked against a host
// reference at every sub-group size, at -O0 and -O2, compiled and on the
// fiber engine:
//  - butterfly all-reduce with xor shuffles (NVIDIA, "Using CUDA Warp-Level
//    Primitives", 2018: the __shfl_xor_sync reduction);
//  - warp-aggregated atomics for stream filtering (NVIDIA, "CUDA Pro Tip:
//    Optimized Filtering with Warp-Aggregated Atomics", 2014): one atomic per
//    sub-group, offsets from the ballot;
//  - Hillis-Steele inclusive scan with shifts (the CUDA samples' shfl_scan);
//  - grid-stride accumulation, then a tree reduction in local memory with
//    barriers and one atomic per work-group (the classic SYCL/OpenCL
//    reduction, as in "Data Parallel C++", chapter 14).
//
//===----------------------------------------------------------------------===//

#include "CollectivesCommon.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace {

using namespace collectives;

template <uint32_t S> struct ButterflyKernel;

template <uint32_t S> void checkButterflyAllReduce() {
  sycl::queue q;
  const size_t wg = 4 * S, n = 3 * wg;
  int *x = sycl::malloc_shared<int>(n, q);
  for (size_t i = 0; i < n; ++i)
    x[i] = int(i * 13 % 29) - 14;
  q.parallel_for<ButterflyKernel<S>>(
       sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         sycl::sub_group sg = it.get_sub_group();
         int v = x[it.get_global_id(0)];
         for (uint32_t mask = sg.get_local_linear_range() / 2; mask > 0;
              mask /= 2)
           v += sycl::permute_group_by_xor(sg, v, mask);
         sycl::group_barrier(it.get_group());
         x[it.get_global_id(0)] = v;
       })
      .wait();
  for (size_t i = 0; i < n; ++i) {
    size_t base = i / S * S;
    int sum = 0;
    for (size_t k = base; k < base + S; ++k)
      sum += int(k * 13 % 29) - 14;
    ASSERT_EQ(x[i], sum) << "S=" << S << " item " << i;
  }
  sycl::free(x, q);
}

TEST(Ports, ButterflyAllReduce) {
  forEachSubGroupSize([](auto S) { checkButterflyAllReduce<S()>(); });
}

template <uint32_t S> struct FilterKernel;

template <uint32_t S> void checkAggregatedFilter() {
  sycl::queue q;
  const size_t wg = 3 * S + (S > 1 ? S / 2 : 0), n = 5 * wg;
  int *in = sycl::malloc_shared<int>(n, q);
  int *out = sycl::malloc_shared<int>(n, q);
  uint32_t *count = sycl::malloc_shared<uint32_t>(1, q);
  for (size_t i = 0; i < n; ++i)
    in[i] = int(i * 7919 % 1000);
  *count = 0;
  q.parallel_for<FilterKernel<S>>(
       sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         sycl::sub_group sg = it.get_sub_group();
         int v = in[it.get_global_id(0)];
         bool keep = v % 3 == 0;
         uint64_t bits = 0;
         sycl::ext::oneapi::group_ballot(sg, keep).extract_bits(bits);
         uint32_t lane = sg.get_local_linear_id();
         uint32_t leader = bits ? uint32_t(__builtin_ctzll(bits)) : 0;
         uint32_t base = 0;
         if (lane == leader && bits) {
           sycl::atomic_ref<uint32_t, sycl::memory_order::relaxed,
                            sycl::memory_scope::device>
               total(*count);
           base = total.fetch_add(uint32_t(__builtin_popcountll(bits)));
         }
         base = sycl::group_broadcast(sg, base, leader);
         uint64_t below = lane == 0 ? 0 : bits & (~uint64_t(0) >> (64 - lane));
         if (keep)
           out[base + uint32_t(__builtin_popcountll(below))] = v;
       })
      .wait();
  std::vector<int> expect, got(out, out + *count);
  for (size_t i = 0; i < n; ++i)
    if (in[i] % 3 == 0)
      expect.push_back(in[i]);
  std::sort(expect.begin(), expect.end());
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got, expect) << "S=" << S;
  sycl::free(in, q);
  sycl::free(out, q);
  sycl::free(count, q);
}

TEST(Ports, WarpAggregatedFilter) {
  forEachSubGroupSize([](auto S) { checkAggregatedFilter<S()>(); });
}

template <uint32_t S> struct ShiftScanKernel;

template <uint32_t S> void checkShiftScan() {
  sycl::queue q;
  const size_t wg = 2 * S + (S > 1 ? S / 2 : 0), n = 3 * wg;
  long *x = sycl::malloc_shared<long>(n, q);
  for (size_t i = 0; i < n; ++i)
    x[i] = long(i % 11);
  q.parallel_for<ShiftScanKernel<S>>(
       sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         sycl::sub_group sg = it.get_sub_group();
         uint32_t lane = sg.get_local_linear_id();
         long v = x[it.get_global_id(0)];
         for (uint32_t d = 1; d < sg.get_local_linear_range(); d *= 2) {
           long up = sycl::shift_group_right(sg, v, d);
           if (lane >= d)
             v += up;
         }
         x[it.get_global_id(0)] = v;
       })
      .wait();
  for (size_t i = 0; i < n; ++i) {
    size_t l = i % wg, base = i - l + l / S * S;
    long sum = 0;
    for (size_t k = base; k <= i; ++k)
      sum += long(k % 11);
    ASSERT_EQ(x[i], sum) << "S=" << S << " item " << i;
  }
  sycl::free(x, q);
}

TEST(Ports, HillisSteeleShiftScan) {
  forEachSubGroupSize([](auto S) { checkShiftScan<S()>(); });
}

template <uint32_t S> struct TreeReduceKernel;

template <uint32_t S> void checkGridStrideTreeReduction() {
  sycl::queue q;
  const size_t wg = 64, groups = 4, n = 10000;
  float *in = sycl::malloc_shared<float>(n, q);
  float *sum = sycl::malloc_shared<float>(1, q);
  float expect = 0;
  for (size_t i = 0; i < n; ++i) {
    in[i] = float(i % 17);
    expect += in[i];
  }
  *sum = 0;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<float, 1> tile(sycl::range<1>(wg), h);
     h.parallel_for<TreeReduceKernel<S>>(
         sycl::nd_range<1>(wg * groups, wg),
         xo::properties{xo::sub_group_size<S>}, [=](sycl::nd_item<1> it) {
           size_t l = it.get_local_id(0);
           float acc = 0;
           for (size_t i = it.get_global_id(0); i < n;
                i += it.get_global_range(0))
             acc += in[i];
           tile[l] = acc;
           for (size_t s = it.get_local_range(0) / 2; s > 0; s /= 2) {
             sycl::group_barrier(it.get_group());
             if (l < s)
               tile[l] += tile[l + s];
           }
           if (l == 0) {
             sycl::atomic_ref<float, sycl::memory_order::relaxed,
                              sycl::memory_scope::device>
                 total(*sum);
             total.fetch_add(tile[0]);
           }
         });
   }).wait();
  EXPECT_EQ(*sum, expect) << "S=" << S; // small integers: exact
  sycl::free(in, q);
  sycl::free(sum, q);
}

TEST(Ports, GridStrideTreeReduction) {
  checkGridStrideTreeReduction<1>();
  checkGridStrideTreeReduction<8>();
  checkGridStrideTreeReduction<16>();
  checkGridStrideTreeReduction<64>();
}

} // namespace
