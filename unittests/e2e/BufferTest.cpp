//===- BufferTest.cpp - Buffers and accessors -----------------------------===//

#include <sublane/sycl.hpp>

#include <gtest/gtest.h>

#include <vector>

namespace {
namespace xo = sycl::ext::oneapi::experimental;

// The common SYCL sample shape: a buffer over host data, accessors with
// mode tags, a sub-group reduction, results read back on the host.
TEST(Buffers, SubGroupReductionThroughAccessors) {
  const size_t n = 256, S = 16;
  std::vector<int> data(n), sums(n / S, -1);
  for (size_t i = 0; i < n; ++i)
    data[i] = int(i % 11);
  {
    sycl::queue q;
    sycl::buffer<int> in(data.data(), sycl::range<1>(n));
    sycl::buffer<int> out(sums);
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(in, h, sycl::read_only);
      sycl::accessor s(out, h, sycl::write_only, sycl::no_init);
      h.parallel_for<class buffered>(
          sycl::nd_range<1>(n, 64), xo::properties{xo::sub_group_size<S>},
          [=](sycl::nd_item<1> it) {
            sycl::sub_group sg = it.get_sub_group();
            int r = sycl::reduce_over_group(sg, a[it.get_global_id(0)],
                                            sycl::plus<int>());
            if (sg.leader())
              s[it.get_global_id(0) / S] = r;
          });
    });
    sycl::host_accessor check(out, sycl::read_only);
    int expect0 = 0;
    for (size_t k = 0; k < S; ++k)
      expect0 += data[k];
    EXPECT_EQ(check[0], expect0);
  }
  for (size_t c = 0; c < n / S; ++c) {
    int expect = 0;
    for (size_t k = 0; k < S; ++k)
      expect += data[c * S + k];
    ASSERT_EQ(sums[c], expect) << c;
  }
}

TEST(Buffers, TwoDimensionalAndOwned) {
  sycl::queue q;
  sycl::buffer<float, 2> grid(sycl::range<2>(4, 6));
  q.submit([&](sycl::handler &h) {
    auto acc = grid.get_access<sycl::access::mode::write>(h);
    h.parallel_for(sycl::range<2>(4, 6), [=](sycl::item<2> it) {
      acc[it.get_id()] = float(it[0] * 10 + it[1]);
    });
  });
  auto host = grid.get_host_access();
  for (size_t r = 0; r < 4; ++r)
    for (size_t c = 0; c < 6; ++c)
      ASSERT_EQ((host[sycl::id<2>(r, c)]), float(r * 10 + c));
}

// Code written for SYCL 1.2.1 names the target in get_access, and passes
// accessors and non-const multi_ptrs where functions take multi_ptrs (to
// const elements): SYCL 2020's multi_ptr converts from both.
float sumOf(sycl::local_ptr<const float> values, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += values[i];
  return s;
}
float firstOf(sycl::local_ptr<float> values) { return values[0]; }

TEST(Buffers, GetAccessWithTargetAndMultiPtrConversions) {
  sycl::queue q;
  const int n = 128, wg = 32;
  std::vector<float> in(n), out(n, 0.0f);
  for (int i = 0; i < n; ++i)
    in[i] = float(i % 7) + 0.5f;
  {
    sycl::buffer<float, 1> bin(in.data(), sycl::range<1>(n));
    sycl::buffer<float, 1> bout(out.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      auto a = bin.get_access<sycl::access::mode::read,
                              sycl::access::target::device>(h);
      auto o = bout.get_access<sycl::access::mode::write,
                               sycl::access::target::global_buffer>(h);
      sycl::local_accessor<float, 1> tile(sycl::range<1>(wg), h);
      h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
        const size_t l = it.get_local_id(0);
        tile[l] = a[it.get_global_id(0)];
        sycl::group_barrier(it.get_group());
        sycl::local_ptr<float> p = tile;
        o[it.get_global_id(0)] = sumOf(p, int(l) + 1) + firstOf(tile);
      });
    });
    auto host = bout.get_access<sycl::access::mode::read,
                                sycl::access::target::host_buffer>();
    EXPECT_EQ(host[0], 2 * in[0]);
  }
  for (int i = 0; i < n; ++i) {
    const int first = i / wg * wg;
    float s = 0;
    for (int j = first; j <= i; ++j)
      s += in[j];
    ASSERT_EQ(out[i], s + in[first]) << i;
  }
}

} // namespace
