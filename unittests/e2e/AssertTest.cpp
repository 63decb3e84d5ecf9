//===- AssertTest.cpp - Assertions in kernels with barriers ---------------===//
//
// A failed assertion ends the program: a branch into it is not divergent
// control flow, so a kernel that checks its ids or its data before and
// between barriers and collectives compiles at every sub-group size, runs,
// and aborts with the assertion's message when the check fails. The same
// kernels are built once with assertions on and once with NDEBUG.
//
//===----------------------------------------------------------------------===//

#undef NDEBUG
#include <cassert>

#include <sublane/sycl.hpp>

#include <gtest/gtest.h>

namespace {

namespace xo = sycl::ext::oneapi::experimental;

template <uint32_t S, bool Checked> struct AssertingKernel;

// Reverses each work-group's values through local memory, asserting that
// every local id is below `limit` and that the values it reads are the ones
// written; returns whether the reversal is right. A macro, because assert()
// takes the meaning NDEBUG gives it where it is expanded: the function is
// defined once with assertions on and once with NDEBUG.
#define DEFINE_REVERSE_WITH_ASSERTIONS(Name, Checked)                          \
  template <uint32_t S> bool Name(size_t limit) {                              \
    sycl::queue q;                                                             \
    const size_t wg = 48, n = 3 * wg;                                          \
    float *x = sycl::malloc_shared<float>(n, q);                               \
    float *sums = sycl::malloc_shared<float>(n, q);                            \
    for (size_t i = 0; i < n; ++i)                                             \
      x[i] = float(i);                                                         \
    q.submit([&](sycl::handler &h) {                                           \
       sycl::local_accessor<float, 1> tile(sycl::range<1>(wg), h);             \
       h.parallel_for<AssertingKernel<S, Checked>>(                            \
           sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},    \
           [=](sycl::nd_item<1> it) {                                          \
             size_t l = it.get_local_id(0), i = it.get_global_id(0);           \
             assert(l < limit && "local id in range");                         \
             tile[l] = x[i];                                                   \
             sycl::group_barrier(it.get_group());                              \
             float mirrored = tile[wg - 1 - l];                                \
             assert(mirrored == float(i - l + wg - 1 - l) && "tile holds x");  \
             sycl::sub_group sg = it.get_sub_group();                          \
             assert(sg.get_local_linear_id() < sg.get_local_linear_range());   \
             sums[i] = sycl::reduce_over_group(sg, 1.f, sycl::plus<>());       \
             sycl::group_barrier(it.get_group());                              \
             x[i] = mirrored;                                                  \
           });                                                                 \
     }).wait();                                                                \
    bool ok = true;                                                            \
    for (size_t i = 0; i < n; ++i) {                                           \
      size_t base = i / wg * wg, l = i - base;                                 \
      size_t sgBase = l / S * S, sgSize = std::min<size_t>(S, wg - sgBase);    \
      ok &= x[i] == float(base + wg - 1 - l) && sums[i] == float(sgSize);      \
    }                                                                          \
    sycl::free(x, q);                                                          \
    sycl::free(sums, q);                                                       \
    return ok;                                                                 \
  }

DEFINE_REVERSE_WITH_ASSERTIONS(reverseWithAssertions, true)

TEST(Assertions, HoldingAssertionsBeforeAndBetweenBarriers) {
  EXPECT_TRUE((reverseWithAssertions<1>(48)));
  EXPECT_TRUE((reverseWithAssertions<8>(48)));
  EXPECT_TRUE((reverseWithAssertions<16>(48)));
  EXPECT_TRUE((reverseWithAssertions<32>(48)));
  EXPECT_TRUE((reverseWithAssertions<64>(48)));
}

TEST(AssertionsDeathTest, FailingAssertionAbortsWithItsMessage) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH((reverseWithAssertions<1>(3)), "local id in range");
  EXPECT_DEATH((reverseWithAssertions<16>(3)), "local id in range");
}

} // namespace

// The same kernel with assertions compiled out: a limit that would fail them
// changes nothing.
#define NDEBUG
#include <cassert>

namespace {

DEFINE_REVERSE_WITH_ASSERTIONS(reverseWithoutAssertions, false)

TEST(Assertions, DisabledByNDEBUG) {
  EXPECT_TRUE((reverseWithoutAssertions<1>(3)));
  EXPECT_TRUE((reverseWithoutAssertions<16>(3)));
}

} // namespace
