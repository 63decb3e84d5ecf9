//===- HostApiTest.cpp - The SYCL 2020 host API programs use
//---------------===//
//
// What SYCL programs and benchmarks written for other implementations call
// around their kernels: event profiling, device, platform and context
// queries, selectors, dependences on events, ranged and SYCL 1.2.1-style
// accessors, explicit copies and host tasks, sub-buffers and final data,
// offsets, usm_allocator, atomic_ref with scopes, sycl::stream and kernel
// bundles. Kernels
// run at every sub-group size where they use nd-ranges, compiled and on the
// fiber engine.
//
//===----------------------------------------------------------------------===//

#include "CollectivesCommon.h"

#include <gmock/gmock.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <sstream>
#include <vector>

namespace {

using namespace collectives;

TEST(HostApi, ProfilingTimesEachCommandGroup) {
  sycl::queue q{sycl::default_selector_v,
                sycl::property::queue::enable_profiling{}};
  ASSERT_TRUE(q.has_property<sycl::property::queue::enable_profiling>());
  const size_t n = 1 << 16;
  float *a = sycl::malloc_shared<float>(n, q);
  sycl::event e = q.submit([&](sycl::handler &h) {
    h.parallel_for<class profiled>(sycl::range<1>(n), [=](sycl::id<1> i) {
      a[i] = sycl::sqrt(float(i[0]));
    });
  });
  e.wait();
  uint64_t submit =
      e.get_profiling_info<sycl::info::event_profiling::command_submit>();
  uint64_t start =
      e.get_profiling_info<sycl::info::event_profiling::command_start>();
  uint64_t end =
      e.get_profiling_info<sycl::info::event_profiling::command_end>();
  EXPECT_LE(submit, start);
  EXPECT_LT(start, end);
  EXPECT_EQ(e.get_info<sycl::info::event::command_execution_status>(),
            sycl::info::event_command_status::complete);
  EXPECT_EQ(a[n - 1], std::sqrt(float(n - 1)));

  // A later command starts after an earlier one ended.
  sycl::event f = q.memset(a, 0, n * sizeof(float));
  EXPECT_GE(f.get_profiling_info<sycl::info::event_profiling::command_start>(),
            end);
  EXPECT_EQ(a[7], 0.0f);

  // Without the property, asking is an error (SYCL 2020 4.6.6).
  sycl::queue plain;
  sycl::event g = plain.single_task<class unprofiled>([=] { a[0] = 1; });
  try {
    (void)g.get_profiling_info<sycl::info::event_profiling::command_end>();
    FAIL() << "no exception";
  } catch (const sycl::exception &ex) {
    EXPECT_EQ(ex.code(), sycl::errc::invalid);
    EXPECT_THAT(ex.what(), testing::HasSubstr("enable_profiling"));
  }
  sycl::free(a, q);
}

TEST(HostApi, DevicePlatformAndContextQueries) {
  sycl::queue q{sycl::cpu_selector_v};
  sycl::device d = q.get_device();
  EXPECT_EQ(d.get_info<sycl::info::device::device_type>(),
            sycl::info::device_type::cpu);
  EXPECT_TRUE(d.has(sycl::aspect::cpu));
  EXPECT_TRUE(d.has(sycl::aspect::fp64));
  EXPECT_TRUE(d.has(sycl::aspect::usm_shared_allocations));
  EXPECT_FALSE(d.has(sycl::aspect::gpu));
  EXPECT_GT(d.get_info<sycl::info::device::global_mem_size>(), 0u);
  EXPECT_GT(d.get_info<sycl::info::device::max_compute_units>(), 0u);
  // x86 Linux lists each core's clock in /proc/cpuinfo.
  EXPECT_GT(d.get_info<sycl::info::device::max_clock_frequency>(), 0u);
  EXPECT_EQ(d.get_info<sycl::info::device::max_work_item_dimensions>(), 3u);
  sycl::range<3> items =
      d.get_info<sycl::info::device::max_work_item_sizes<3>>();
  EXPECT_EQ(items[0], d.get_info<sycl::info::device::max_work_group_size>());
  std::vector<size_t> sizes = d.get_info<sycl::info::device::sub_group_sizes>();
  EXPECT_THAT(sizes,
              testing::IsSupersetOf({size_t(8), size_t(16), size_t(32)}));
  EXPECT_FALSE(d.get_info<sycl::info::device::vendor>().empty());
  EXPECT_FALSE(d.get_info<sycl::info::device::driver_version>().empty());
  EXPECT_GE(d.get_info<sycl::info::device::native_vector_width_float>(), 4u);
  EXPECT_EQ(
      d.get_info<sycl::info::device::atomic_memory_scope_capabilities>().size(),
      5u);
  EXPECT_EQ(
      d.get_info<sycl::info::device::atomic_fence_order_capabilities>().size(),
      5u);

  sycl::platform p = d.get_platform();
  EXPECT_EQ(p.get_info<sycl::info::platform::name>(), "sublane");
  ASSERT_EQ(sycl::platform::get_platforms().size(), 1u);
  EXPECT_EQ(p.get_devices().size(), 1u);
  EXPECT_EQ(sycl::device::get_devices(sycl::info::device_type::cpu).size(), 1u);
  EXPECT_TRUE(sycl::device::get_devices(sycl::info::device_type::gpu).empty());
  sycl::context c = q.get_context();
  EXPECT_EQ(c.get_devices().size(), 1u);
  EXPECT_EQ(d.get_backend(), sycl::backend::sublane);

  // Selectors score devices; a GPU selector finds none here, and says how to
  // make the device answer as one.
  EXPECT_THROW(sycl::queue{sycl::gpu_selector_v}, sycl::exception);
  try {
    (void)sycl::device{sycl::gpu_selector_v};
  } catch (const sycl::exception &e) {
    EXPECT_THAT(e.what(), testing::HasSubstr("SUBLANE_DEVICE_TYPE=gpu"));
  }
  EXPECT_THROW(sycl::device{sycl::gpu_selector{}}, sycl::exception);
  sycl::queue byAspects{sycl::aspect_selector(sycl::aspect::cpu)};
  sycl::queue custom{
      [](const sycl::device &dev) { return dev.is_cpu() ? 10 : -1; }};
  sycl::queue legacy{sycl::default_selector{}};
  sycl::queue inOrder{d, sycl::property::queue::in_order{}};
  EXPECT_TRUE(inOrder.is_in_order());
  EXPECT_FALSE(legacy.is_in_order());
  sycl::queue withContext{c, d};
  // A device (or selector) with an async handler given as a lambda.
  int handled = 0;
  sycl::queue withHandler{
      d, [&](sycl::exception_list errors) { handled += int(errors.size()); }};
  sycl::queue selectedWithHandler{sycl::cpu_selector_v,
                                  [](sycl::exception_list) {},
                                  sycl::property::queue::in_order{}};
  withHandler.throw_asynchronous();
  EXPECT_EQ(handled, 0);
  EXPECT_TRUE(selectedWithHandler.is_in_order());
  (void)byAspects;
  (void)custom;
  (void)withContext;
}

struct Trivial {
  float x;
  int y[3];
};
struct NotTrivial {
  NotTrivial(const NotTrivial &) {}
};
static_assert(sycl::is_device_copyable_v<Trivial>);
static_assert(sycl::is_device_copyable_v<sycl::float4>);
static_assert(!sycl::is_device_copyable_v<NotTrivial>);

/// What a program written for a GPU sees under SUBLANE_DEVICE_TYPE=gpu: the
/// one device answers as a GPU to every query and selector, and runs
/// kernels.
static bool answersAsGpu() {
  setenv("SUBLANE_DEVICE_TYPE", "gpu", 1);
  auto gpus = sycl::device::get_devices(sycl::info::device_type::gpu);
  bool ok = gpus.size() == 1 && gpus[0].is_gpu() && !gpus[0].is_cpu() &&
            gpus[0].has(sycl::aspect::gpu) && !gpus[0].has(sycl::aspect::cpu) &&
            gpus[0].get_info<sycl::info::device::device_type>() ==
                sycl::info::device_type::gpu &&
            sycl::device::get_devices(sycl::info::device_type::cpu).empty();
  try {
    (void)sycl::device{sycl::cpu_selector_v};
    ok = false;
  } catch (const sycl::exception &) {
  }
  sycl::queue q{sycl::gpu_selector_v};
  int *data = sycl::malloc_shared<int>(64, q);
  q.parallel_for(sycl::nd_range<1>{64, 16}, [=](sycl::nd_item<1> it) {
     data[it.get_global_id(0)] = int(it.get_global_id(0)) * 3;
   }).wait();
  for (int i = 0; i < 64; ++i)
    ok = ok && data[i] == i * 3;
  sycl::free(data, q);
  return ok;
}

/// Exits 0 when everything holds, with nothing of the check left on the
/// heap for LeakSanitizer.
static void runAsGpu() { std::exit(answersAsGpu() ? 0 : 1); }

TEST(HostApiDeathTest, DeviceAnswersAsAGpuWhenAsked) {
  // A fresh process, so that the device reads the variable anew.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(runAsGpu(), testing::ExitedWithCode(0), "");
}

/// Any other value of SUBLANE_DEVICE_TYPE is reported, naming the variable,
/// and the device stays a CPU.
static void runAsUnknownType() {
  setenv("SUBLANE_DEVICE_TYPE", "tpu", 1);
  sycl::device d;
  std::exit(d.is_cpu() && !d.is_gpu() ? 0 : 1);
}

TEST(HostApiDeathTest, UnknownDeviceTypeIsReportedAndStaysACpu) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(runAsUnknownType(), testing::ExitedWithCode(0),
              "SUBLANE_DEVICE_TYPE=tpu is neither cpu nor gpu; the device "
              "answers as a CPU");
}

TEST(HostApi, ShortcutsWaitOnEvents) {
  sycl::queue q;
  const size_t n = 1000;
  int *a = sycl::malloc_device<int>(n, q);
  int *b = sycl::malloc_device<int>(n, q);
  std::vector<int> host(n);
  sycl::event fa = q.fill(a, 3, n);
  sycl::event fb = q.memset(b, 0, n * sizeof(int), fa);
  sycl::event k1 = q.parallel_for<class dep1>(
      sycl::range<1>(n), fb, [=](sycl::id<1> i) { b[i] = a[i] * int(i[0]); });
  sycl::event k2 =
      q.parallel_for<class dep2>(sycl::range<1>(n), {k1, fa},
                                 [=](sycl::item<1> it) { a[it] = b[it] + 1; });
  q.single_task<class dep3>(k2, [=] { a[0] = -5; });
  q.copy(a, host.data(), n, std::vector<sycl::event>{k2}).wait();
  q.memcpy(b, host.data(), n * sizeof(int), {k1, k2}).wait();
  EXPECT_EQ(host[0], -5);
  for (size_t i = 1; i < n; ++i)
    ASSERT_EQ(host[i], 3 * int(i) + 1) << i;
  EXPECT_EQ(b[n - 1], host[n - 1]);
  sycl::free(a, q);
  sycl::free(b, q.get_context());
}

TEST(HostApi, RangedAccessorsCopiesAndHostTasks) {
  sycl::queue q;
  const size_t rows = 6, cols = 10;
  std::vector<int> data(rows * cols, 0);
  {
    sycl::buffer<int, 2> buf(data.data(), sycl::range<2>(rows, cols));
    // A 3x4 window at (2, 5): its ids start at the window's corner.
    q.submit([&](sycl::handler &h) {
      sycl::accessor win(buf, h, sycl::range<2>(3, 4), sycl::id<2>(2, 5),
                         sycl::write_only);
      h.parallel_for<class window>(sycl::range<2>(3, 4), [=](sycl::id<2> i) {
        win[i] = int(100 + i[0] * 10 + i[1]);
      });
    });
    std::vector<int> out(3 * 4, -1);
    q.submit([&](sycl::handler &h) {
      auto win = buf.get_access<sycl::access::mode::read>(
          h, sycl::range<2>(3, 4), sycl::id<2>(2, 5));
      h.copy(win, out.data());
    });
    for (size_t r = 0; r < 3; ++r)
      for (size_t c = 0; c < 4; ++c)
        EXPECT_EQ(out[r * 4 + c], int(100 + r * 10 + c));
    // A host task runs in the queue's order, and fill and copy-in work on
    // accessors.
    int seen = -1;
    q.submit([&](sycl::handler &h) {
      sycl::accessor all(buf, h, sycl::read_only);
      h.host_task([=, &seen] { seen = all[2][6]; });
    });
    EXPECT_EQ(seen, 101);
    q.submit([&](sycl::handler &h) {
      sycl::accessor row(buf, h, sycl::range<2>(1, cols), sycl::id<2>(0, 0));
      h.fill(row, 7);
    });
    std::vector<int> last(cols);
    std::iota(last.begin(), last.end(), 50);
    q.submit([&](sycl::handler &h) {
      sycl::accessor row(buf, h, sycl::range<2>(1, cols),
                         sycl::id<2>(rows - 1, 0));
      h.copy(last.data(), row);
    });
  }
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c) {
      int expect = r == 0          ? 7
                   : r == rows - 1 ? int(50 + c)
                   : r >= 2 && r < 5 && c >= 5 && c < 9
                       ? int(100 + (r - 2) * 10 + (c - 5))
                       : 0;
      ASSERT_EQ(data[r * cols + c], expect) << r << "," << c;
    }
}

TEST(HostApi, SubBuffersFinalDataAndConstContainers) {
  sycl::queue q;
  std::vector<float> data(64, 1.0f);
  std::vector<float> final(64, 0.0f);
  const std::vector<float> constant(16, 2.0f);
  {
    sycl::buffer<float> whole(data.data(), sycl::range<1>(64));
    sycl::buffer<float> upper(whole, sycl::id<1>(32), sycl::range<1>(32));
    EXPECT_TRUE(upper.is_sub_buffer());
    sycl::buffer<float> copy(constant); // a copy, never written back
    q.submit([&](sycl::handler &h) {
      sycl::accessor u(upper, h, sycl::read_write);
      sycl::accessor c(copy, h, sycl::read_write);
      h.parallel_for<class subbuffer>(sycl::range<1>(32), [=](sycl::id<1> i) {
        u[i] += float(i[0]);
        c[i[0] % 16] = 9.0f;
      });
    });
    whole.set_final_data(final.data());
    sycl::buffer<int> bits = whole.reinterpret<int>(sycl::range<1>(64));
    sycl::host_accessor b(bits, sycl::read_only);
    float f;
    std::memcpy(&f, &b[40], sizeof f);
    EXPECT_EQ(f, 9.0f);
  }
  for (size_t i = 0; i < 64; ++i) {
    float expect = i < 32 ? 1.0f : 1.0f + float(i - 32);
    ASSERT_EQ(data[i], expect) << i;
    ASSERT_EQ(final[i], expect) << i;
  }
  EXPECT_EQ(constant[3], 2.0f);
}

TEST(HostApi, OffsetsAndUsmAllocator) {
  sycl::queue q;
  using alloc = sycl::usm_allocator<int, sycl::usm::alloc::shared>;
  std::vector<int, alloc> v(100, 0, alloc(q));
  int *p = v.data();
  q.parallel_for<class withOffset>(sycl::range<1>(40), sycl::id<1>(50),
                                   [=](sycl::item<1> it) {
                                     p[it.get_id(0)] =
                                         int(it.get_linear_id()) +
                                         1000 * int(it.get_offset()[0]);
                                   })
      .wait();
  for (size_t i = 0; i < 100; ++i)
    ASSERT_EQ(v[i], i >= 50 && i < 90 ? int(i - 50) + 50000 : 0) << i;
}

template <uint32_t S> struct OldLocalKernel;

/// accessor<..., access::target::local>, the SYCL 1.2.1 local memory, with
/// atomic_ref calls that name their scope.
template <uint32_t S> void checkOldStyleLocalAccessor() {
  sycl::queue q;
  for (size_t wg : workGroupSizes(S)) {
    const size_t n = 3 * wg;
    std::vector<int> in(n), out(n, -1), counts(3, 0);
    std::iota(in.begin(), in.end(), 0);
    {
      sycl::buffer<int> bin(in), bout(out), bcount(counts);
      q.submit([&](sycl::handler &h) {
        auto a = bin.get_access<sycl::access::mode::read>(h);
        auto o = bout.get_access<sycl::access::mode::discard_write>(h);
        auto c = bcount.get_access<sycl::access::mode::read_write>(h);
        sycl::accessor<int, 1, sycl::access::mode::read_write,
                       sycl::access::target::local>
            tile(sycl::range<1>(wg), h);
        h.parallel_for<OldLocalKernel<S>>(
            sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
            [=](sycl::nd_item<1> it) {
              size_t l = it.get_local_id(0);
              tile[l] = a[it.get_global_id(0)];
              it.barrier(sycl::access::fence_space::local_space);
              o[it.get_global_id(0)] = tile[wg - 1 - l];
              sycl::atomic_ref<int, sycl::memory_order::relaxed,
                               sycl::memory_scope::device>
                  count(c[it.get_group(0)]);
              count.fetch_add(2, sycl::memory_order::relaxed,
                              sycl::memory_scope::work_group);
              --count;
              int expected = count.load(sycl::memory_order::relaxed);
              while (!count.compare_exchange_weak(expected, expected,
                                                  sycl::memory_order::acq_rel,
                                                  sycl::memory_order::acquire))
                ;
            });
      });
    }
    for (size_t i = 0; i < n; ++i) {
      size_t g = i / wg, l = i % wg;
      ASSERT_EQ(out[i], int(g * wg + wg - 1 - l)) << "S=" << S << " " << i;
    }
    for (int c : counts)
      ASSERT_EQ(c, int(wg)) << "S=" << S;
  }
}

TEST(HostApi, OldStyleLocalAccessor) {
  forEachSubGroupSize([](auto S) { checkOldStyleLocalAccessor<S()>(); });
}

/// access::mode::atomic accessors and the SYCL 1.2.1 atomic functions.
TEST(HostApi, LegacyAtomicAccessor) {
  sycl::queue q;
  const size_t n = 3000, bins = 7;
  std::vector<int> hist(bins, 0);
  std::vector<unsigned> mask(1, 0);
  {
    sycl::buffer<int> bh(hist);
    sycl::buffer<unsigned> bm(mask);
    q.submit([&](sycl::handler &h) {
      auto a = bh.get_access<sycl::access::mode::atomic>(h);
      auto m = bm.get_access<sycl::access::mode::atomic>(h);
      h.parallel_for<class legacyAtomics>(
          sycl::range<1>(n), [=](sycl::id<1> i) {
            size_t k = i[0] * 13 % bins;
            if (i[0] % 2)
              sycl::atomic_fetch_add(a[k], 1);
            else
              a[k].fetch_add(1);
            sycl::atomic_fetch_or(m[0], 1u << (i[0] % 32));
          });
    });
  }
  std::vector<int> expect(bins, 0);
  for (size_t i = 0; i < n; ++i)
    ++expect[i * 13 % bins];
  EXPECT_EQ(hist, expect);
  EXPECT_EQ(mask[0], 0xffffffffu);
}

template <uint32_t S> struct StreamKernel;

/// Each work-item prints one statement; every line must come out whole,
/// once, whatever the sub-group size.
template <uint32_t S> void checkStream() {
  sycl::queue q;
  const size_t wg = 2 * S + (S > 1 ? S / 2 : 1), n = 2 * wg;
  testing::internal::CaptureStdout();
  q.submit([&](sycl::handler &h) {
     sycl::stream os(4096, 128, h);
     h.parallel_for<StreamKernel<S>>(
         sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           size_t i = it.get_global_id(0);
           uint32_t lane = it.get_sub_group().get_local_linear_id();
           if (i % 3 != 1)
             os << "item " << i << " lane " << lane << " half "
                << float(i) * 0.5f << " hex " << sycl::hex << int(i)
                << sycl::endl;
         });
   }).wait();
  std::fflush(stdout);
  std::string printed = testing::internal::GetCapturedStdout();
  std::istringstream lines(printed);
  std::map<size_t, int> seen;
  std::string line;
  while (std::getline(lines, line)) {
    size_t i, lane;
    float half;
    int hex;
    char rest[8];
    ASSERT_EQ(std::sscanf(line.c_str(), "item %zu lane %zu half %f hex %x%7s",
                          &i, &lane, &half, &hex, rest),
              4)
        << "S=" << S << " line '" << line << "'";
    EXPECT_EQ(half, float(i) * 0.5f) << line;
    EXPECT_EQ(size_t(hex), i) << line;
    EXPECT_EQ(lane, (i % wg) % S) << line;
    ++seen[i];
  }
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(seen[i], i % 3 != 1 ? 1 : 0) << "S=" << S << " item " << i;
}

TEST(HostApi, StreamPrintsWholeStatements) {
  forEachSubGroupSize([](auto S) { checkStream<S()>(); });
}

template <uint32_t S> struct PrintfKernel;

/// ext::oneapi::experimental::printf from a divergent branch: one line per
/// active work-item, in lane order within each sub-group.
template <uint32_t S> void checkPrintf() {
  sycl::queue q;
  const size_t wg = 2 * S, n = 2 * wg;
  testing::internal::CaptureStdout();
  q.parallel_for<PrintfKernel<S>>(
       sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         size_t i = it.get_global_id(0);
         if (i % 2 == 0)
           sycl::ext::oneapi::experimental::printf("printf %zu %.1f 100%%\n", i,
                                                   double(i) + 0.5);
       })
      .wait();
  std::fflush(stdout);
  std::istringstream lines(testing::internal::GetCapturedStdout());
  std::string line;
  std::vector<size_t> order;
  while (std::getline(lines, line)) {
    size_t i;
    double x;
    ASSERT_EQ(std::sscanf(line.c_str(), "printf %zu %lf 100%%", &i, &x), 2)
        << "S=" << S << " line '" << line << "'";
    EXPECT_EQ(x, double(i) + 0.5) << line;
    order.push_back(i);
  }
  ASSERT_EQ(order.size(), n / 2) << "S=" << S;
  std::vector<size_t> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  for (size_t k = 0; k < sorted.size(); ++k)
    ASSERT_EQ(sorted[k], 2 * k) << "S=" << S;
  // Within a sub-group the lines come in lane order.
  for (size_t k = 1; k < order.size(); ++k)
    if (order[k] / S == order[k - 1] / S)
      EXPECT_LT(order[k - 1], order[k]) << "S=" << S;
}

TEST(HostApi, OneapiPrintf) {
  forEachSubGroupSize([](auto S) { checkPrintf<S()>(); });
}

/// parallel_for_work_group: the group scope runs once per work-group (its
/// variables are the group's), parallel_for_work_item once per item with a
/// barrier after it, private_memory keeps a value per item between them, and
/// a logical range larger than the group maps onto its items.
TEST(HostApi, HierarchicalParallelism) {
  sycl::queue q;
  const size_t groups = 37, size = 48, n = groups * size;
  std::vector<int> in(n), sums(groups, -1), flexible(2 * n, -1);
  for (size_t i = 0; i < n; ++i)
    in[i] = int(i * 7 % 23);
  int *entered = sycl::malloc_shared<int>(1, q);
  *entered = 0;
  {
    sycl::buffer<int> bin(in), bsum(sums), bflex(flexible);
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(bin, h, sycl::read_only);
      sycl::accessor o(bsum, h, sycl::write_only, sycl::no_init);
      sycl::accessor f(bflex, h, sycl::write_only, sycl::no_init);
      h.parallel_for_work_group<class hierarchical>(
          sycl::range<1>(groups), sycl::range<1>(size), [=](sycl::group<1> g) {
            sycl::atomic_ref<int, sycl::memory_order::relaxed,
                             sycl::memory_scope::device>(*entered)
                .fetch_add(1);
            int tile[size];
            sycl::private_memory<int> mine(g);
            g.parallel_for_work_item([&](sycl::h_item<1> it) {
              tile[it.get_local_id(0)] = a[it.get_global_id(0)];
              mine(it) = int(it.get_global_id(0) % 3);
            });
            int sum = 0;
            for (size_t i = 0; i < size; ++i)
              sum += tile[i];
            g.parallel_for_work_item(
                sycl::range<1>(2 * size), [&](sycl::h_item<1> it) {
                  size_t logical = it.get_logical_local_id(0);
                  f[g.get_group_id(0) * 2 * size + logical] =
                      int(it.get_physical_local_id(0)) * 1000 + mine(it);
                });
            o[g.get_group_linear_id()] = sum;
          });
    });
  }
  EXPECT_EQ(*entered, int(groups));
  for (size_t g = 0; g < groups; ++g) {
    int sum = 0;
    for (size_t i = 0; i < size; ++i)
      sum += in[g * size + i];
    ASSERT_EQ(sums[g], sum) << g;
    for (size_t l = 0; l < 2 * size; ++l) {
      size_t physical = l % size;
      ASSERT_EQ(flexible[g * 2 * size + l],
                int(physical * 1000 + (g * size + physical) % 3))
          << g << " " << l;
    }
  }
  sycl::free(entered, q);

  // Two dimensions, with the group size left to the implementation.
  const size_t rows = 5, cols = 3;
  int *ids = sycl::malloc_shared<int>(rows * cols * 64, q);
  q.submit([&](sycl::handler &h) {
     h.parallel_for_work_group<class hierarchical2d>(
         sycl::range<2>(rows, cols), [=](sycl::group<2> g) {
           size_t width = g.get_local_range(0) * g.get_local_range(1);
           g.parallel_for_work_item([&](sycl::h_item<2> it) {
             size_t cell = g.get_group_id(0) * cols + g.get_group_id(1);
             ids[cell * width + it.get_local_id(0) * g.get_local_range(1) +
                 it.get_local_id(1)] = int(it.get_global_id(1));
           });
         });
   }).wait();
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c)
      for (size_t l = 0; l < 64; ++l)
        ASSERT_EQ(ids[(r * cols + c) * 64 + l], int(c * 64 + l));
  sycl::free(ids, q);
}

/// async_work_group_copy in parallel_for_work_group's work-group scope,
/// where one thread runs for the group: the whole range is copied, with a
/// stride on the global side in both directions.
TEST(HostApi, HierarchicalAsyncWorkGroupCopy) {
  sycl::queue q;
  const size_t groups = 6, size = 16, count = 40, stride = 3;
  int *in = sycl::malloc_shared<int>(groups * count * stride, q);
  int *out = sycl::malloc_shared<int>(groups * count * stride, q);
  for (size_t i = 0; i < groups * count * stride; ++i) {
    in[i] = int(i * 11 % 97);
    out[i] = -1;
  }
  q.submit([&](sycl::handler &h) {
     h.parallel_for_work_group<class hierarchical_copy>(
         sycl::range<1>(groups), sycl::range<1>(size), [=](sycl::group<1> g) {
           int tile[count];
           auto local = sycl::address_space_cast<
               sycl::access::address_space::local_space,
               sycl::access::decorated::no>(tile);
           size_t base = g.get_group_id(0) * count * stride;
           auto e = g.async_work_group_copy(local, in + base, count, stride);
           g.wait_for(e);
           g.parallel_for_work_item([&](sycl::h_item<1> it) {
             for (size_t k = it.get_local_id(0); k < count; k += size)
               tile[k] += 1;
           });
           auto back =
               g.async_work_group_copy(out + base, local, count, stride);
           back.wait();
         });
   }).wait();
  for (size_t i = 0; i < groups * count * stride; ++i)
    ASSERT_EQ(out[i], i % stride == 0 ? in[i] + 1 : -1) << i;
  sycl::free(in, q);
  sycl::free(out, q);
}

template <uint32_t S> struct HalfKernel;

/// sycl::half in kernels: arithmetic rounded to half, mixed with int and
/// float, compared, and reduced over a sub-group.
template <uint32_t S> void checkHalf() {
  sycl::queue q;
  for (size_t wg : workGroupSizes(S)) {
    const size_t n = 2 * wg;
    sycl::half *a = sycl::malloc_shared<sycl::half>(n, q);
    float *sums = sycl::malloc_shared<float>(n, q);
    std::vector<sycl::half> before(n);
    for (size_t i = 0; i < n; ++i)
      before[i] = a[i] = float(i % 10) * 0.25f + 1.0f / 3.0f;
    q.parallel_for<HalfKernel<S>>(
         sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           size_t i = it.get_global_id(0);
           sycl::half x = a[i] * 2 + sycl::half(1.0f);
           sycl::half s = sycl::reduce_over_group(it.get_sub_group(), x,
                                                  sycl::plus<sycl::half>());
           sums[i] = s + 0.0f;
           a[i] = x > 2.5f ? x : -x;
         })
        .wait();
    for (size_t i = 0; i < n; ++i) {
      sycl::half x = before[i] * 2 + sycl::half(1.0f);
      ASSERT_EQ(float(a[i]), x > 2.5f ? float(x) : -float(x)) << i;
    }
    // The sum of a sub-group in float, rounded to half once.
    for (size_t base = 0; base < n; base += wg)
      for (size_t first = 0; first < wg; first += S) {
        float sum = 0;
        size_t last = std::min(first + S, wg);
        for (size_t l = first; l < last; ++l)
          sum += float(before[base + l] * 2 + sycl::half(1.0f));
        for (size_t l = first; l < last; ++l)
          ASSERT_EQ(sums[base + l], float(sycl::half(sum)))
              << "S=" << S << " item " << base + l;
      }
    sycl::free(a, q);
    sycl::free(sums, q);
  }
}

TEST(HostApi, HalfInKernels) {
  static_assert(sizeof(sycl::half) == 2);
  sycl::half h = 1.5f;
  EXPECT_EQ(float(h * h), 2.25f);
  EXPECT_EQ(h + 1, sycl::half(2.5f));
  EXPECT_EQ(h * 2.0, 3.0); // with double: computed in double
  EXPECT_EQ(float(sycl::half(1.0f / 3.0f)), 0.333251953125f);
  EXPECT_EQ(float(std::numeric_limits<sycl::half>::max()), 65504.0f);
  forEachSubGroupSize([](auto S) { checkHalf<S()>(); });
}

constexpr sycl::specialization_id<int> ScaleId(3);
constexpr sycl::specialization_id<float> OffsetId(0.5f);
struct Coefficients {
  short a;
  double b;
};
constexpr sycl::specialization_id<Coefficients> CoefficientsId(Coefficients{
    2, 0.25});

template <uint32_t S> struct SpecKernel;

/// Specialization constants: set ones read their value, unset ones their
/// default, in nd-range, basic and single-task kernels.
template <uint32_t S> void checkSpecializationConstants() {
  sycl::queue q;
  const size_t wg = 4 * S, n = 3 * wg;
  float *out = sycl::malloc_shared<float>(n, q);
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<ScaleId>(7);
     h.set_specialization_constant<ScaleId>(5); // the last value counts
     h.set_specialization_constant<CoefficientsId>(Coefficients{-3, 1.5});
     EXPECT_EQ(h.get_specialization_constant<ScaleId>(), 5);
     EXPECT_EQ(h.get_specialization_constant<OffsetId>(), 0.5f);
     h.parallel_for<SpecKernel<S>>(
         sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it, sycl::kernel_handler kh) {
           size_t i = it.get_global_id(0);
           Coefficients c = kh.get_specialization_constant<CoefficientsId>();
           out[i] =
               float(i) * float(kh.get_specialization_constant<ScaleId>()) +
               kh.get_specialization_constant<OffsetId>() + float(c.a * c.b);
         });
   }).wait();
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i], float(i) * 5 + 0.5f - 4.5f) << "S=" << S << " " << i;

  q.submit([&](sycl::handler &h) {
     h.parallel_for(
         sycl::range<1>(n), [=](sycl::item<1> it, sycl::kernel_handler kh) {
           out[it.get_id(0)] = float(kh.get_specialization_constant<ScaleId>());
         });
   }).wait();
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i], 3.0f) << "the default, S=" << S << " " << i;

  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<OffsetId>(-2.0f);
     h.single_task([=](sycl::kernel_handler kh) {
       out[0] = kh.get_specialization_constant<OffsetId>();
     });
   }).wait();
  ASSERT_EQ(out[0], -2.0f);
  sycl::free(out, q);
}

TEST(HostApi, SpecializationConstants) {
  forEachSubGroupSize([](auto S) { checkSpecializationConstants<S()>(); });

  // With reductions, the kernel_handler comes after the reducers.
  sycl::queue q;
  int *sum = sycl::malloc_shared<int>(1, q);
  float *lo = sycl::malloc_shared<float>(1, q);
  *sum = 0;
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<ScaleId>(4);
     h.parallel_for(sycl::range<1>(100), sycl::reduction(sum, sycl::plus<>()),
                    [=](sycl::id<1> i, auto &s, sycl::kernel_handler kh) {
                      s += kh.get_specialization_constant<ScaleId>();
                    });
   }).wait();
  EXPECT_EQ(*sum, 400);
  *sum = 0;
  *lo = 100.0f;
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<OffsetId>(-1.5f);
     h.parallel_for(
         sycl::nd_range<1>(64, 16), sycl::reduction(sum, sycl::plus<>()),
         sycl::reduction(lo, sycl::minimum<>()),
         [=](sycl::nd_item<1> it, auto &s, auto &l, sycl::kernel_handler kh) {
           s += kh.get_specialization_constant<ScaleId>();
           l.combine(float(it.get_global_id(0)) +
                     kh.get_specialization_constant<OffsetId>());
         });
   }).wait();
  EXPECT_EQ(*sum, 64 * 3) << "ScaleId keeps its default";
  EXPECT_EQ(*lo, -1.5f);
  q.submit([&](sycl::handler &h) {
     h.parallel_for(sycl::nd_range<1>(32, 8),
                    sycl::reduction(lo, sycl::minimum<>()),
                    [=](sycl::nd_item<1> it, auto &l, sycl::kernel_handler kh) {
                      l.combine(kh.get_specialization_constant<OffsetId>());
                    });
   }).wait();
  EXPECT_EQ(*lo, -1.5f) << "min(-1.5, default 0.5)";
  sycl::free(sum, q);
  sycl::free(lo, q);
}

template <uint32_t S> struct BlockKernel;

/// sub_group::load and store (DPC++'s sub-group extension), of scalars and
/// of vec<T, 2>, on global and local memory.
template <uint32_t S> void checkSubGroupBlockLoadStore() {
  sycl::queue q;
  const size_t wg = 2 * S, n = 4 * wg;
  std::vector<int> in(2 * n);
  std::iota(in.begin(), in.end(), 100);
  int *src = sycl::malloc_shared<int>(2 * n, q);
  int *dst = sycl::malloc_shared<int>(3 * n, q);
  std::copy(in.begin(), in.end(), src);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile(sycl::range<1>(wg), h);
     h.parallel_for<BlockKernel<S>>(
         sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           sycl::sub_group sg = it.get_sub_group();
           size_t first = it.get_global_id(0) - sg.get_local_id()[0];
           size_t local_first = it.get_local_id(0) - sg.get_local_id()[0];
           int x = sg.load(src + first);
           sg.store(tile.get_multi_ptr<sycl::access::decorated::no>() +
                        local_first,
                    x * 3);
           sycl::group_barrier(sg);
           dst[it.get_global_id(0)] = sg.load(
               tile.get_multi_ptr<sycl::access::decorated::no>() + local_first);
           sycl::vec<int, 2> v = sg.load<2>(src + 2 * first);
           sg.store<2>(dst + n + 2 * first, v + sycl::vec<int, 2>(1, 2));
         });
   }).wait();
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(dst[i], in[i] * 3) << "S=" << S << " " << i;
  for (size_t i = 0; i < 2 * n; ++i) {
    // Element j of a work-item sits j sub-groups' widths on.
    size_t j = i % (2 * S) / S;
    ASSERT_EQ(dst[n + i], in[i] + 1 + int(j)) << "S=" << S << " " << i;
  }
  sycl::free(src, q);
  sycl::free(dst, q);
}

TEST(HostApi, SubGroupBlockLoadsAndStores) {
  forEachSubGroupSize([](auto S) { checkSubGroupBlockLoadStore<S()>(); });
}

// Kernel bundles (SYCL 2020 4.11): every kernel is compiled ahead of time
// into every bundle, whatever its state; the steps between states return
// the bundle, a kernel's queries answer for the device, and a kernel runs
// from a bundle it was given with use_kernel_bundle.
class BundledKernel;
class OtherKernel;
TEST(HostApi, KernelBundlesHoldEveryKernel) {
  sycl::queue q;
  sycl::device dev = q.get_device();
  sycl::context ctx = q.get_context();
  sycl::kernel_id id = sycl::get_kernel_id<BundledKernel>();
  EXPECT_STREQ(id.get_name(), "(anonymous namespace)::BundledKernel");
  EXPECT_EQ(id, sycl::get_kernel_id<BundledKernel>());
  EXPECT_NE(id, sycl::get_kernel_id<OtherKernel>());

  auto input = sycl::get_kernel_bundle<sycl::bundle_state::input>(ctx, {dev});
  sycl::kernel_bundle<sycl::bundle_state::executable> built =
      sycl::build(input);
  auto linked = sycl::link(sycl::compile(input));
  EXPECT_TRUE(built.has_kernel(id));
  EXPECT_TRUE(linked.has_kernel<OtherKernel>());
  EXPECT_FALSE(built.empty());
  EXPECT_TRUE(sycl::has_kernel_bundle<sycl::bundle_state::executable>(ctx));
  EXPECT_TRUE(sycl::is_compatible<BundledKernel>(dev));

  auto just_one =
      sycl::get_kernel_bundle<BundledKernel, sycl::bundle_state::executable>(
          ctx);
  ASSERT_EQ(just_one.get_kernel_ids().size(), 1u);
  EXPECT_TRUE(just_one.has_kernel(id));
  EXPECT_FALSE(just_one.has_kernel<OtherKernel>());
  EXPECT_THROW(just_one.get_kernel<OtherKernel>(), sycl::exception);

  sycl::kernel k = just_one.get_kernel(id);
  EXPECT_EQ(k.get_info<sycl::info::kernel::function_name>(),
            "(anonymous namespace)::BundledKernel");
  const sublane::device_info &info = sublane::get_device_info();
  size_t wg =
      k.get_info<sycl::info::kernel_device_specific::work_group_size>(dev);
  EXPECT_EQ(wg, info.max_work_group_size);
  EXPECT_EQ(
      k.get_info<sycl::info::kernel_device_specific::max_sub_group_size>(dev),
      info.default_sub_group_size);
  EXPECT_TRUE(k.get_kernel_bundle().has_kernel(id));

  const size_t n = 256;
  int *out = sycl::malloc_shared<int>(n, q);
  q.submit([&](sycl::handler &h) {
     h.use_kernel_bundle(just_one);
     h.parallel_for<BundledKernel>(
         sycl::nd_range<1>(n, std::min<size_t>(wg, 64)),
         [=](sycl::nd_item<1> it) {
           out[it.get_global_id(0)] = int(it.get_global_id(0)) * 3;
         });
   }).wait();
  for (size_t i = 0; i < n; ++i)
    EXPECT_EQ(out[i], int(i) * 3) << i;
  sycl::free(out, q);
}

} // namespace
