//===- DefaultSubGroupSizeTest.cpp - GPU code that requests no size -------===//
//
// Kernels written for GPUs use sub-groups without requesting a size and
// assume the size they were tuned at: the largest entry of
// info::device::sub_group_sizes, or 32 outright. Both must hold for a
// kernel that requests none, compiled or on the fiber engine.
//
//===----------------------------------------------------------------------===//

#include <sublane/sycl.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace {

TEST(DefaultSubGroupSize, IsTheLargestListedSize) {
  sycl::queue q;
  std::vector<size_t> sizes =
      q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  ASSERT_FALSE(sizes.empty());
  const int warp = int(*std::max_element(sizes.begin(), sizes.end()));
  EXPECT_EQ(warp, 32);

  // Two warps per work-group, as a CUDA port launches them.
  const int n = 16 * warp;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 37) % 11 + (i % 5 == 0 ? 7 : 0);
  int *d_in = sycl::malloc_shared<int>(n, q);
  int *max_size = sycl::malloc_shared<int>(n, q);
  int *lane = sycl::malloc_shared<int>(n, q);
  int *sum = sycl::malloc_shared<int>(n, q);
  int *any7 = sycl::malloc_shared<int>(n, q);
  std::copy(in.begin(), in.end(), d_in);
  q.parallel_for(sycl::nd_range<1>(n, 2 * warp), [=](sycl::nd_item<1> it) {
     sycl::sub_group sg = it.get_sub_group();
     const size_t i = it.get_global_id(0);
     const int v = d_in[i];
     max_size[i] = int(sg.get_max_local_range()[0]);
     lane[i] = int(sg.get_local_linear_id());
     sum[i] = sycl::reduce_over_group(sg, v, sycl::plus<int>());
     any7[i] = sycl::any_of_group(sg, v == 7);
   }).wait();
  for (int w = 0; w < n / warp; ++w) {
    int s = 0, a = 0;
    for (int l = 0; l < warp; ++l) {
      s += in[w * warp + l];
      a |= in[w * warp + l] == 7;
    }
    for (int l = 0; l < warp; ++l) {
      const int i = w * warp + l;
      ASSERT_EQ(max_size[i], warp) << i;
      ASSERT_EQ(lane[i], l) << i;
      ASSERT_EQ(sum[i], s) << i;
      ASSERT_EQ(any7[i], a) << i;
    }
  }
  for (int *p : {d_in, max_size, lane, sum, any7})
    sycl::free(p, q);
}

// A CUDA warp reduction carried over as written: a butterfly over 32 lanes.
TEST(DefaultSubGroupSize, ButterflyOverAWarpOf32) {
  constexpr int kWarp = 32;
  sycl::queue q;
  const int n = 8 * 128;
  int *in = sycl::malloc_shared<int>(n, q);
  int *out = sycl::malloc_shared<int>(n / kWarp, q);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 13) % 29 - 9;
  q.parallel_for(sycl::nd_range<1>(n, 128), [=](sycl::nd_item<1> it) {
     sycl::sub_group sg = it.get_sub_group();
     int v = in[it.get_global_id(0)];
     for (int offset = kWarp / 2; offset > 0; offset /= 2)
       v += sycl::permute_group_by_xor(sg, v, offset);
     if (it.get_local_id(0) % kWarp == 0)
       out[it.get_global_id(0) / kWarp] = v;
   }).wait();
  for (int w = 0; w < n / kWarp; ++w) {
    int s = 0;
    for (int l = 0; l < kWarp; ++l)
      s += in[w * kWarp + l];
    ASSERT_EQ(out[w], s) << w;
  }
  sycl::free(in, q);
  sycl::free(out, q);
}

} // namespace
