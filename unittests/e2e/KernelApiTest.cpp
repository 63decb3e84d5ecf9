//===- KernelApiTest.cpp - The SYCL-named API, end to end -----------------===//

#include <sublane/sycl.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace {

TEST(KernelApi, UsmKindsMemcpyFillMemset) {
  sycl::queue q;
  const size_t n = 1000;
  int *dev = sycl::malloc_device<int>(n, q);
  int *host = sycl::malloc_host<int>(n, q);
  int *shared = sycl::malloc_shared<int>(n);
  void *raw = sycl::malloc_device(n * sizeof(int), q);
  ASSERT_TRUE(dev && host && shared && raw);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(dev) % 64, 0u);
  q.fill(dev, 7, n).wait();
  q.memcpy(host, dev, n * sizeof(int)).wait();
  q.memset(raw, 0, n * sizeof(int));
  q.copy(host, shared, n);
  q.wait();
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(host[i], 7) << i;
    ASSERT_EQ(shared[i], 7) << i;
    ASSERT_EQ(static_cast<int *>(raw)[i], 0) << i;
  }
  q.submit([&](sycl::handler &h) { h.fill(shared, 3, n / 2); }).wait();
  EXPECT_EQ(shared[n / 2 - 1], 3);
  EXPECT_EQ(shared[n / 2], 7);
  sycl::free(dev, q);
  sycl::free(host, q);
  sycl::free(shared, q);
  sycl::free(raw, q);
}

TEST(KernelApi, GroupAndSubGroupQueriesAndGroupBarrier) {
  sycl::queue q;
  const size_t n = 240, wg = 48;
  constexpr int F = 8;
  std::vector<size_t> expect(n * F);
  size_t *out = sycl::malloc_shared<size_t>(n * F, q);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<size_t, 1> slot(sycl::range<1>(1), h);
     h.parallel_for<class group_queries>(
         sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
           sycl::group<1> g = it.get_group();
           sycl::sub_group sg = it.get_sub_group();
           if (g.leader())
             slot[0] = g.get_group_linear_id() * 100;
           sycl::group_barrier(g);
           size_t *r = out + it.get_global_linear_id() * F;
           r[0] = slot[0];
           r[1] = g.get_local_linear_range();
           r[2] = g.get_group_linear_range();
           r[3] = sg.leader();
           r[4] = sg.get_max_local_range()[0];
           r[5] = sg.get_local_id()[0];
           r[6] = it.get_nd_range().get_group_range()[0];
           sycl::group_barrier(sg);
           r[7] = (it.get_global_id() + sycl::id<1>(1))[0];
         });
   }).wait();
  for (size_t i = 0; i < n; ++i) {
    const size_t *r = out + i * F;
    ASSERT_EQ(r[0], i / wg * 100) << i;
    ASSERT_EQ(r[1], wg) << i;
    ASSERT_EQ(r[2], n / wg) << i;
    // No size requested by a kernel that uses its sub-group: 32.
    size_t S = r[4];
    ASSERT_EQ(S, 32u) << "sub-group size " << S;
    ASSERT_EQ(r[3], i % wg % S == 0) << "the first lane leads, item " << i;
    ASSERT_EQ(r[5], i % wg % S) << i;
    ASSERT_EQ(r[6], n / wg) << i;
    ASSERT_EQ(r[7], i + 1) << i;
  }
  sycl::free(out, q);
}

// Several local accessors of different types and dimensions in one kernel:
// each gets its own, aligned, region of the group's local memory.
TEST(KernelApi, SeveralLocalAccessors) {
  sycl::queue q;
  const size_t rows = 6, cols = 8, n = rows * cols * 4;
  double *out = sycl::malloc_shared<double>(n, q);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<char, 1> bytes(sycl::range<1>(3), h);
     sycl::local_accessor<double, 2> grid(sycl::range<2>(rows, cols), h);
     sycl::local_accessor<int, 3> cube(sycl::range<3>(1, rows, cols), h);
     h.parallel_for<class several_local>(
         sycl::nd_range<2>({rows * 2, cols * 2}, {rows, cols}),
         [=](sycl::nd_item<2> it) {
           size_t y = it.get_local_id(0), x = it.get_local_id(1);
           if (y == 0 && x < 3)
             bytes[x] = char('a' + x);
           grid[sycl::id<2>(y, x)] = double(y * 10 + x);
           cube[sycl::id<3>(0, y, x)] = int(x);
           it.barrier();
           out[it.get_global_linear_id()] = grid[sycl::id<2>(rows - 1 - y, x)] +
                                            cube[sycl::id<3>(0, y, 0)] +
                                            bytes[2] - 'a';
         });
   }).wait();
  for (size_t gy = 0; gy < rows * 2; ++gy)
    for (size_t gx = 0; gx < cols * 2; ++gx) {
      size_t y = gy % rows, x = gx % cols;
      ASSERT_EQ(out[gy * cols * 2 + gx], double((rows - 1 - y) * 10 + x) + 2.0)
          << gy << "," << gx;
    }
  EXPECT_EQ(reinterpret_cast<uintptr_t>(out) % 64, 0u);
  sycl::free(out, q);
}

TEST(KernelApi, DeviceQueries) {
  sycl::queue q;
  sycl::device d = q.get_device();
  EXPECT_TRUE(d.is_cpu());
  EXPECT_EQ(d.get_sub_group_sizes().size(), 5u);
  auto sizes = d.get_info<sycl::info::device::sub_group_sizes>();
  EXPECT_EQ(sizes, (std::vector<size_t>{1, 4, 8, 16, 32}));
  EXPECT_GE(d.get_info<sycl::info::device::max_work_group_size>(), 1024u);
}

} // namespace

namespace {
// The pre-2020 sub-group members still found in SYCL code.
TEST(KernelApi, LegacySubGroupMembers) {
  namespace xo = sycl::ext::oneapi::experimental;
  sycl::queue q;
  const size_t n = 64;
  int *out = sycl::malloc_shared<int>(n * 5, q);
  q.parallel_for<class legacy_members>(
       sycl::nd_range<1>(n, 32), xo::properties{xo::sub_group_size<8>},
       [=](sycl::nd_item<1> it) {
         sycl::sub_group sg = it.get_sub_group();
         int x = int(it.get_global_id(0));
         int *r = out + it.get_global_id(0) * 5;
         r[0] = sg.broadcast(x, 2);
         r[1] = sg.shuffle(x, (sg.get_local_linear_id() + 3) % 8);
         r[2] = sg.shuffle_down(x, 1);
         r[3] = sg.shuffle_up(x, 1);
         sg.barrier();
         r[4] = sg.shuffle_xor(x, 4);
       })
      .wait();
  for (size_t i = 0; i < n; ++i) {
    size_t base = i / 8 * 8, lane = i % 8;
    EXPECT_EQ(out[i * 5 + 0], int(base + 2)) << i;
    EXPECT_EQ(out[i * 5 + 1], int(base + (lane + 3) % 8)) << i;
    if (lane < 7)
      EXPECT_EQ(out[i * 5 + 2], int(i + 1)) << i;
    if (lane > 0)
      EXPECT_EQ(out[i * 5 + 3], int(i - 1)) << i;
    EXPECT_EQ(out[i * 5 + 4], int(base + (lane ^ 4))) << i;
  }
  sycl::free(out, q);
}
// The group algorithms under their pre-2020 oneAPI names, on the sub-group
// and the work-group, in their value and joint (pointer range) forms.
TEST(KernelApi, OneApiGroupAlgorithmNames) {
  namespace xo = sycl::ext::oneapi::experimental;
  namespace oneapi = sycl::ext::oneapi;
  sycl::queue q;
  const size_t n = 128, wg = 32, fields = 9;
  int *in = sycl::malloc_shared<int>(n, q);
  int *out = sycl::malloc_shared<int>(n * fields, q);
  for (size_t i = 0; i < n; ++i)
    in[i] = int((i * 13) % 29) - 7;
  q.parallel_for<class oneapi_names>(
       sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<8>},
       [=](sycl::nd_item<1> it) {
         sycl::sub_group sg = it.get_sub_group();
         sycl::group<1> g = it.get_group();
         int x = in[it.get_global_id(0)];
         int *r = out + it.get_global_id(0) * fields;
         r[0] = oneapi::reduce(sg, x, oneapi::plus<int>());
         r[1] = oneapi::reduce(g, x, 100, oneapi::maximum<int>());
         r[2] = oneapi::exclusive_scan(sg, x, oneapi::plus<>());
         r[3] = oneapi::inclusive_scan(g, x, oneapi::minimum<int>());
         r[4] = oneapi::broadcast(sg, x, 3);
         r[5] = oneapi::broadcast(g, x);
         r[6] = oneapi::any_of(sg, x > 15) + 2 * oneapi::all_of(g, x > -8) +
                4 * oneapi::none_of(sg, x, [](int v) { return v == 0; });
         const int *row = in + g.get_group_id(0) * wg;
         r[7] = oneapi::reduce(g, row, row + wg, oneapi::plus<int>());
         r[8] = oneapi::any_of(sg, row, row + 8, [](int v) { return v > 20; });
       })
      .wait();
  for (size_t i = 0; i < n; ++i) {
    size_t sg0 = i / 8 * 8, g0 = i / wg * wg;
    int sg_sum = 0, g_max = 100, excl = 0, incl = in[g0], row_sum = 0;
    bool any_big = false, all_above = true, no_zero = true, row_any = false;
    for (size_t k = sg0; k < sg0 + 8; ++k) {
      sg_sum += in[k];
      excl += k < i ? in[k] : 0;
      any_big = any_big || in[k] > 15;
      no_zero = no_zero && in[k] != 0;
    }
    for (size_t k = g0; k < g0 + wg; ++k) {
      g_max = std::max(g_max, in[k]);
      if (k <= i)
        incl = std::min(incl, in[k]);
      all_above = all_above && in[k] > -8;
      row_sum += in[k];
    }
    for (size_t k = g0; k < g0 + 8; ++k)
      row_any = row_any || in[k] > 20;
    const int *r = out + i * fields;
    EXPECT_EQ(r[0], sg_sum) << i;
    EXPECT_EQ(r[1], g_max) << i;
    EXPECT_EQ(r[2], excl) << i;
    EXPECT_EQ(r[3], incl) << i;
    EXPECT_EQ(r[4], in[sg0 + 3]) << i;
    EXPECT_EQ(r[5], in[g0]) << i;
    EXPECT_EQ(r[6], int(any_big) + 2 * int(all_above) + 4 * int(no_zero)) << i;
    EXPECT_EQ(r[7], row_sum) << i;
    EXPECT_EQ(r[8], int(row_any)) << i;
  }
  sycl::free(in, q);
  sycl::free(out, q);
}
// Kernel properties on the forms besides nd_range: a basic range kernel
// (item and id), and range and nd_range kernels with reductions, through
// the handler and the queue. The sub-group size asked for is the one the
// kernel sees.
TEST(KernelApi, PropertiesOnRangeKernelsAndReductions) {
  namespace xo = sycl::ext::oneapi::experimental;
  sycl::queue q;
  const size_t n = 1000;
  uint32_t *sizes = sycl::malloc_shared<uint32_t>(n, q);
  float *in = sycl::malloc_shared<float>(n, q);
  float *sum = sycl::malloc_shared<float>(2, q);
  int *count = sycl::malloc_shared<int>(1, q);
  for (size_t i = 0; i < n; ++i)
    in[i] = float(i % 9) - 2.0f;
  q.parallel_for<class props_range>(
       sycl::range<1>(n), xo::properties{xo::sub_group_size<16>},
       [=](sycl::item<1> it) {
         sizes[it.get_linear_id()] =
             uint32_t(sycl::ext::oneapi::this_work_item::get_sub_group()
                          .get_max_local_range()[0]);
       })
      .wait();
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(sizes[i], 16u) << i;
  q.submit([&](sycl::handler &h) {
     h.parallel_for<class props_range_id>(
         sycl::range<2>(10, n / 10), xo::properties{xo::sub_group_size<8>},
         [=](sycl::id<2> i) {
           sizes[i[0] * (n / 10) + i[1]] =
               uint32_t(sycl::ext::oneapi::this_work_item::get_sub_group()
                            .get_max_local_range()[0]);
         });
   }).wait();
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(sizes[i], 8u) << i;

  sum[0] = 1.0f;
  *count = 0;
  q.submit([&](sycl::handler &h) {
     h.parallel_for<class props_reduction>(
         sycl::range<1>(n), xo::properties{xo::sub_group_size<32>},
         sycl::reduction(sum, sycl::plus<float>()),
         sycl::reduction(count, sycl::plus<int>()),
         [=](sycl::id<1> i, auto &s, auto &c) {
           s += in[i];
           c += int(sycl::ext::oneapi::this_work_item::get_sub_group()
                        .get_max_local_range()[0] == 32);
         });
   }).wait();
  float want = 1.0f;
  for (size_t i = 0; i < n; ++i)
    want += in[i];
  EXPECT_EQ(sum[0], want);
  EXPECT_EQ(*count, int(n));

  sum[1] = 0.0f;
  q.parallel_for<class props_nd_reduction>(
       sycl::nd_range<1>(1024, 64), xo::properties{xo::sub_group_size<8>},
       sycl::reduction(sum + 1, sycl::maximum<float>()),
       [=](sycl::nd_item<1> it, auto &m) {
         size_t i = it.get_global_id(0);
         m.combine(i < n ? in[i] : -100.0f);
       })
      .wait();
  EXPECT_EQ(sum[1], 6.0f);
  sycl::free(sizes, q);
  sycl::free(in, q);
  sycl::free(sum, q);
  sycl::free(count, q);
}
TEST(KernelApi, ChainedSubscriptsFreeQueriesAndUsmKinds) {
  sycl::queue q;
  const size_t side = 16;
  float *out = static_cast<float *>(
      sycl::malloc(side * side * sizeof(float), q, sycl::usm::alloc::device));
  int *ids = sycl::malloc<int>(side * side, q, sycl::usm::alloc::shared);
  double *aligned = sycl::aligned_alloc_shared<double>(256, 8, q);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(aligned) % 256, 0u);
  std::vector<float> in(side * side);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = float(i);
  {
    sycl::buffer<float, 2> buf(in.data(), sycl::range<2>(side, side));
    q.submit([&](sycl::handler &h) {
       sycl::accessor src(buf, h, sycl::read_only);
       sycl::local_accessor<float, 3> tile(sycl::range<3>(2, 8, 8), h);
       h.parallel_for<class chained_subscripts>(
           sycl::nd_range<2>({side, side}, {8, 8}), [=](sycl::nd_item<2> it) {
             size_t y = it.get_local_id(0), x = it.get_local_id(1);
             size_t gy = it.get_global_id(0), gx = it.get_global_id(1);
             tile[1][y][x] = src[gy][gx];
             sycl::group_barrier(it.get_group());
             // Transposed within the tile, read through all three levels.
             out[gy * side + gx] = tile[1][x][y];
             auto self = sycl::ext::oneapi::this_work_item::get_nd_item<2>();
             auto g = sycl::ext::oneapi::this_work_item::get_work_group<2>();
             auto sg = sycl::ext::oneapi::this_work_item::get_sub_group();
             ids[gy * side + gx] = int(self.get_global_linear_id()) * 1000 +
                                   int(g.get_group_linear_id()) * 10 +
                                   int(sg.get_local_linear_range() > 0);
           });
     }).wait();
  }
  for (size_t gy = 0; gy < side; ++gy)
    for (size_t gx = 0; gx < side; ++gx) {
      size_t ty = gy / 8 * 8, tx = gx / 8 * 8;
      size_t sy = ty + (gx - tx), sx = tx + (gy - ty);
      EXPECT_EQ(out[gy * side + gx], in[sy * side + sx]) << gy << ", " << gx;
      EXPECT_EQ(ids[gy * side + gx],
                int(gy * side + gx) * 1000 + int(gy / 8 * 2 + gx / 8) * 10 + 1);
    }
  sycl::free(out, q);
  sycl::free(ids, q);
  sycl::free(aligned, q);
}
TEST(KernelApi, MultiPtrLocalAtomicsAndFences) {
  sycl::queue q;
  const size_t n = 256, wg = 64;
  int *out = sycl::malloc_shared<int>(n, q);
  std::vector<int> in(n);
  for (size_t i = 0; i < n; ++i)
    in[i] = int(i % 10);
  {
    sycl::buffer<int> buf(in.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
       sycl::accessor src(buf, h, sycl::read_only);
       sycl::local_accessor<int, 1> count(sycl::range<1>(1), h);
       h.parallel_for<class multi_ptr_kernel>(
           sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
             if (it.get_local_id(0) == 0)
               count[0] = 0;
             it.barrier(sycl::access::fence_space::local_space);
             sycl::atomic_ref<int, sycl::memory_order::relaxed,
                              sycl::memory_scope::work_group,
                              sycl::access::address_space::local_space>
                 counter(count[0]);
             counter.fetch_add(src[it.get_global_id(0)]);
             it.mem_fence();
             sycl::group_barrier(it.get_group());
             auto local = count.get_multi_ptr<sycl::access::decorated::no>();
             auto global = src.get_multi_ptr();
             sycl::global_ptr<const int> first = global + it.get_group(0) * wg;
             out[it.get_global_id(0)] = local[0] * 100 + *first;
           });
     }).wait();
  }
  for (size_t i = 0; i < n; ++i) {
    size_t g = i / wg;
    int sum = 0;
    for (size_t k = g * wg; k < (g + 1) * wg; ++k)
      sum += in[k];
    EXPECT_EQ(out[i], sum * 100 + in[g * wg]) << i;
  }
  sycl::free(out, q);
}
TEST(KernelApi, DependsOnAndThreeDimensionalRange) {
  sycl::queue q;
  int *a = sycl::malloc_shared<int>(4 * 4 * 8, q);
  sycl::event first = q.submit([&](sycl::handler &h) {
    h.parallel_for<class range3d>(
        sycl::range<3>(4, 4, 8), [=](sycl::item<3> it) {
          a[it.get_linear_id()] =
              int(it.get_id(0) * 100 + it.get_id(1) * 10 + it.get_id(2));
        });
  });
  q.submit([&](sycl::handler &h) {
     h.depends_on(first);
     h.single_task<class after_range3d>([=] { a[0] = -1; });
   }).wait();
  EXPECT_EQ(a[0], -1);
  for (size_t i = 1; i < 4 * 4 * 8; ++i)
    EXPECT_EQ(a[i], int(i / 32 * 100 + i / 8 % 4 * 10 + i % 8)) << i;
  sycl::free(a, q);
}

static_assert(std::is_same_v<sycl::ext::oneapi::sub_group, sycl::sub_group>);
// async_work_group_copy (SYCL 2020 group and nd_item members, the SYCL
// 1.2.1 form): into local memory with a stride through the global source,
// out of it with a stride through the global destination, between raw
// pointers, waited for with wait_for and device_event::wait. Work-groups of
// 48 (a partial sub-group at 32) in 1D, and of 4 x 6 in 2D through group<2>.
template <uint32_t S> class AsyncCopyKernel;
template <uint32_t S> void checkAsyncWorkGroupCopy() {
  namespace xo = sycl::ext::oneapi::experimental;
  sycl::queue q;
  const size_t wg = 48, groups = 3, n = wg * groups, copied = 40;
  float *in = sycl::malloc_shared<float>(2 * n, q);
  float *out = sycl::malloc_shared<float>(3 * n, q);
  float *mirrored = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < 2 * n; ++i)
    in[i] = float(i) * 0.5f;
  for (size_t i = 0; i < 3 * n; ++i)
    out[i] = -1;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<float, 1> tile(sycl::range<1>(wg), h);
     sycl::local_accessor<float, 1> twice(sycl::range<1>(wg), h);
     h.parallel_for<AsyncCopyKernel<S>>(
         sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           size_t g = it.get_group(0), l = it.get_local_id(0);
           // Every other element of the group's 2 * wg inputs.
           sycl::device_event in_event = it.async_work_group_copy(
               tile.get_multi_ptr<sycl::access::decorated::no>(),
               sycl::global_ptr<float>(in + 2 * g * wg), copied, 2);
           sycl::device_event raw_event = it.get_group().async_work_group_copy(
               twice.get_pointer(), in + g * wg, wg);
           it.wait_for(in_event, raw_event);
           if (l < copied)
             tile[l] += twice[l];
           it.barrier();
           sycl::device_event out_event = it.async_work_group_copy(
               sycl::global_ptr<float>(out + 3 * g * wg),
               tile.get_multi_ptr<sycl::access::decorated::no>(), copied, 3);
           out_event.wait();
           mirrored[g * wg + l] = tile[wg - 1 - l < copied ? wg - 1 - l : 0];
         });
   }).wait();
  for (size_t g = 0; g < groups; ++g) {
    auto Tile = [&](size_t k) {
      return in[2 * g * wg + 2 * k] + in[g * wg + k];
    };
    for (size_t k = 0; k < wg; ++k) {
      for (size_t j = 0; j < 3; ++j) {
        float want = j == 0 && k < copied ? Tile(k) : -1.0f;
        EXPECT_EQ(out[3 * (g * wg + k) + j], want)
            << "group " << g << ", " << k;
      }
      size_t m = wg - 1 - k < copied ? wg - 1 - k : 0;
      EXPECT_EQ(mirrored[g * wg + k], Tile(m)) << "group " << g << ", " << k;
    }
  }
  sycl::free(in, q);
  sycl::free(out, q);
  sycl::free(mirrored, q);
}

TEST(KernelApi, AsyncWorkGroupCopyInAndOutWithStrides) {
  checkAsyncWorkGroupCopy<1>();
  checkAsyncWorkGroupCopy<8>();
  checkAsyncWorkGroupCopy<16>();
  checkAsyncWorkGroupCopy<32>();
}

TEST(KernelApi, AsyncWorkGroupCopy2D) {
  sycl::queue q;
  const size_t rows = 8, cols = 12;
  int *in = sycl::malloc_shared<int>(rows * cols, q);
  int *out = sycl::malloc_shared<int>(rows * cols, q);
  for (size_t i = 0; i < rows * cols; ++i)
    in[i] = int(i * 3);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> block(sycl::range<1>(24), h);
     h.parallel_for(sycl::nd_range<2>({rows, cols}, {4, 6}),
                    [=](sycl::nd_item<2> it) {
                      sycl::group<2> g = it.get_group();
                      size_t first = g.get_group_linear_id() * 24;
                      g.wait_for(g.async_work_group_copy(block.get_pointer(),
                                                         in + first, 24));
                      out[first + g.get_local_linear_id()] =
                          block[23 - g.get_local_linear_id()];
                    });
   }).wait();
  for (size_t i = 0; i < rows * cols; ++i) {
    size_t first = i / 24 * 24;
    EXPECT_EQ(out[i], in[first + 23 - (i - first)]) << i;
  }
  sycl::free(in, q);
  sycl::free(out, q);
}

// local_accessor<T, 0>: one value per work-group, written by assignment
// and read by conversion, beside a 1-dimensional one walked with its
// iterators; the size and byte_size members of both.
TEST(KernelApi, LocalAccessorOfOneValue) {
  sycl::queue q;
  const size_t n = 192, wg = 48;
  long *out = sycl::malloc_shared<long>(n, q);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<long, 0> total(h);
     sycl::local_accessor<short, 1> part(sycl::range<1>(wg), h);
     h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
       size_t l = it.get_local_id(0);
       part[l] = short(it.get_global_id(0) % 7);
       if (l == 0)
         total = 0;
       sycl::group_barrier(it.get_group());
       if (l == wg - 1) {
         long s = 0;
         for (short v : part)
           s += v;
         total = s * 1000 + long(part.byte_size()) * 10 +
                 long(total.byte_size()) + long(total.size());
       }
       sycl::group_barrier(it.get_group());
       long t = total;
       out[it.get_global_id(0)] = t + long(l);
     });
   }).wait();
  for (size_t i = 0; i < n; ++i) {
    size_t g = i / wg;
    long s = 0;
    for (size_t j = g * wg; j < (g + 1) * wg; ++j)
      s += long(j % 7);
    long want = s * 1000 + long(wg * sizeof(short)) * 10 +
                long(sizeof(long)) + 1 + long(i % wg);
    ASSERT_EQ(out[i], want) << i;
  }
  sycl::free(out, q);
}

} // namespace
