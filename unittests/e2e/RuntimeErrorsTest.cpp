//===- RuntimeErrorsTest.cpp - Launches the runtime must refuse -----------===//

#include <sublane/sycl.hpp>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using ::testing::AllOf;
using ::testing::HasSubstr;

// Defined in NotLoweredKernel.cpp, which is compiled without the plugin.
void launchKernelBuiltWithoutPlugin(sycl::queue &q, int *out);

namespace {

std::string launchError(const std::function<void()> &Launch) {
  try {
    Launch();
  } catch (const sycl::exception &E) {
    // The SYCL error code follows the message: "... [sycl: nd_range]".
    return std::string(E.what()) + " [" + E.code().category().name() + ": " +
           E.code().message() + "]";
  }
  return "<no error>";
}

/// Runs the body with engine \p E and restores the previous one.
template <typename F> void withEngine(sublane::engine E, F &&Body) {
  sublane::engine Before = sublane::get_engine();
  sublane::set_engine(E);
  Body();
  sublane::set_engine(Before);
}

TEST(RuntimeErrors, KernelNotCompiledWithPlugin) {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(64, q);
  out[0] = 12345;
  withEngine(sublane::engine::compiled, [&] {
    std::string Msg =
        launchError([&] { launchKernelBuiltWithoutPlugin(q, out); });
    EXPECT_THAT(Msg, AllOf(HasSubstr("unlowered_kernel"),
                           HasSubstr("not compiled with the sublane plugin"),
                           HasSubstr("SUBLANE_ENGINE=fibers"),
                           HasSubstr("[sycl: kernel_not_supported]")));
  });
  EXPECT_EQ(out[0], 12345) << "the refused kernel must not have run";
  sycl::free(out, q);
}

TEST(RuntimeErrors, FiberEngineRunsKernelWithoutPlugin) {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(64, q);
  withEngine(sublane::engine::fibers,
             [&] { launchKernelBuiltWithoutPlugin(q, out); });
  for (int i = 0; i < 64; ++i)
    ASSERT_EQ(out[i], 7) << i;
  sycl::free(out, q);
}

TEST(RuntimeErrors, WorkGroupSizeMustDivideGlobalSize) {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(100, q);
  std::string Msg = launchError([&] {
    q.parallel_for<class bad_wg>(
        sycl::nd_range<1>(100, 32),
        [=](sycl::nd_item<1> it) { out[it.get_global_id(0)] = 1; });
  });
  EXPECT_THAT(Msg, AllOf(HasSubstr("bad_wg"), HasSubstr("{32}"),
                         HasSubstr("does not divide the global size {100}"),
                         HasSubstr("[sycl: nd_range]")));
  sycl::free(out, q);
}

TEST(RuntimeErrors, WorkGroupSizeMustDivideGlobalSize2D) {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(64, q);
  std::string Msg = launchError([&] {
    q.parallel_for<class bad_wg2>(
        sycl::nd_range<2>({8, 8}, {4, 3}),
        [=](sycl::nd_item<2> it) { out[it.get_global_linear_id()] = 1; });
  });
  EXPECT_THAT(Msg, AllOf(HasSubstr("bad_wg2"), HasSubstr("dimension 1")));
  sycl::free(out, q);
}

TEST(RuntimeErrors, LocalMemoryAboveLimit) {
  sycl::queue q;
  const size_t limit = q.get_device().info().local_mem_size;
  int *out = sycl::malloc_shared<int>(64, q);
  std::string Msg = launchError([&] {
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<char, 1> big(sycl::range<1>(limit + 1), h);
      h.parallel_for<class too_much_local>(
          sycl::nd_range<1>(64, 64),
          [=](sycl::nd_item<1> it) { big[it.get_local_id(0)] = 1; });
    });
  });
  EXPECT_THAT(Msg, AllOf(HasSubstr("too_much_local"),
                         HasSubstr("bytes of local memory"),
                         HasSubstr("[sycl: memory_allocation]")));
  sycl::free(out, q);
}

TEST(RuntimeErrors, ThreadCountFromApi) {
  sycl::queue q;
  const size_t n = 4096;
  int *out = sycl::malloc_shared<int>(n, q);
  for (unsigned threads : {1u, 2u, 0u}) {
    sublane::set_num_threads(threads);
    EXPECT_GE(sublane::get_num_threads(), 1u);
    q.parallel_for<class threads_kernel>(
        sycl::nd_range<1>(n, 64),
        [=](sycl::nd_item<1> it) { out[it.get_global_id(0)] = int(threads); });
    for (size_t i = 0; i < n; ++i)
      ASSERT_EQ(out[i], int(threads)) << i;
  }
  sublane::set_num_threads(0);
  sycl::free(out, q);
}

TEST(RuntimeErrors, DeviceQuery) {
  const auto &info = sublane::get_device_info();
  // The largest listed size is the one a kernel that uses its sub-group gets
  // when it requests none (GPU code takes the largest as its warp size).
  EXPECT_EQ(info.sub_group_sizes, (std::vector<uint32_t>{1, 4, 8, 16, 32}));
  EXPECT_EQ(info.default_sub_group_size, info.sub_group_sizes.back());
  uint32_t expected = __builtin_cpu_supports("avx512f") ? 16
                      : __builtin_cpu_supports("avx2")  ? 8
                                                        : 4;
  EXPECT_EQ(info.preferred_sub_group_size, expected);
  EXPECT_GT(info.local_mem_size, 0u);
}

} // namespace
