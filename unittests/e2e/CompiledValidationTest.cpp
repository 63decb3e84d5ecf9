//===- CompiledValidationTest.cpp - Sync-point checks in lowered kernels --===//
//
// Compiled with the plugin and -sublane-check-sync-points: a barrier that
// only some work-items reach, which the compiler cannot prove (the branch
// is on loaded data, or on an id that only a large group makes differ), is
// reported at run time with the kernel, the group and the two places the
// work-items stopped at.
//
//===----------------------------------------------------------------------===//

#include <sublane/sycl.hpp>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>

using ::testing::AllOf;
using ::testing::HasSubstr;

namespace {
namespace xo = sycl::ext::oneapi::experimental;

class CompiledValidation : public ::testing::Test {
protected:
  void SetUp() override {
    Before = sublane::get_engine();
    sublane::set_engine(sublane::engine::compiled);
    setenv("SUBLANE_VALIDATION", "throw", 1);
  }
  void TearDown() override {
    sublane::set_engine(Before);
    unsetenv("SUBLANE_VALIDATION");
  }
  sublane::engine Before;
  sycl::queue q;
};

template <uint32_t S> struct DataBarrier;
template <uint32_t S>
std::string runDataDependentBarrier(sycl::queue &q, int skip_from) {
  const size_t n = 64;
  int *flags = sycl::malloc_shared<int>(n, q);
  int *out = sycl::malloc_shared<int>(n, q);
  for (size_t i = 0; i < n; ++i)
    flags[i] = int(i) < skip_from;
  std::string Msg = "<no error>";
  try {
    q.parallel_for<DataBarrier<S>>(sycl::nd_range<1>(n, 32),
                                   xo::properties{xo::sub_group_size<S>},
                                   [=](sycl::nd_item<1> it) {
                                     size_t i = it.get_global_id(0);
                                     if (flags[i])
                                       it.barrier();
                                     out[i] = 1;
                                   })
        .wait();
  } catch (const sycl::exception &E) {
    Msg = E.what();
  }
  sycl::free(flags, q);
  sycl::free(out, q);
  return Msg;
}

TEST_F(CompiledValidation, DataDependentBarrierAtSubGroupSize1) {
  EXPECT_EQ(runDataDependentBarrier<1>(q, 64), "<no error>");
  EXPECT_THAT(runDataDependentBarrier<1>(q, 40),
              AllOf(HasSubstr("DataBarrier<1>'"),
                    HasSubstr("work-group {1} do not stop at the same place"),
                    HasSubstr("work-group barrier #1"),
                    HasSubstr("the kernel's end")));
}

TEST_F(CompiledValidation, DataDependentBarrierAcrossSubGroups) {
  EXPECT_EQ(runDataDependentBarrier<8>(q, 64), "<no error>");
  // Whole sub-groups of work-group 1 skip the barrier: caught between
  // sub-groups. Then lanes of one sub-group disagree: caught in its loop.
  EXPECT_THAT(runDataDependentBarrier<8>(q, 48),
              HasSubstr("work-group {1} do not stop at the same place"));
  EXPECT_THAT(runDataDependentBarrier<8>(q, 44),
              HasSubstr("work-group {1} do not stop at the same place"));
}

template <uint32_t S> struct GridStrideBarrier;
/// A grid-stride loop around a barrier compiles with a warning (its trip
/// count cannot be proven uniform); with a bound that is no multiple of the
/// work-group size the items run it unequally often, which the sync-point
/// check reports at run time.
template <uint32_t S>
std::string runGridStrideBarrier(sycl::queue &q, size_t bound) {
  const size_t wg = 32;
  int *data = sycl::malloc_shared<int>(bound, q);
  std::string Msg = "<no error>";
  try {
    q.parallel_for<GridStrideBarrier<S>>(
         sycl::nd_range<1>(wg, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           for (size_t k = it.get_local_id(0); k < bound;
                k += it.get_local_range(0)) {
             data[k] = int(k);
             sycl::group_barrier(it.get_group());
           }
         })
        .wait();
  } catch (const sycl::exception &E) {
    Msg = E.what();
  }
  sycl::free(data, q);
  return Msg;
}

TEST_F(CompiledValidation, GridStrideLoopWithUnequalTripCounts) {
  EXPECT_EQ(runGridStrideBarrier<1>(q, 128), "<no error>");
  EXPECT_EQ(runGridStrideBarrier<16>(q, 128), "<no error>");
  EXPECT_THAT(runGridStrideBarrier<1>(q, 100),
              HasSubstr("do not stop at the same place"));
  EXPECT_THAT(runGridStrideBarrier<16>(q, 100),
              HasSubstr("do not stop at the same place"));
}

template <uint32_t S> struct RowBlockBarrier;
/// A word2vec-style kernel: each block of 128 work-items works on one row,
/// and a branch on the row (lid / 128, plus data read for it) leads to the
/// barriers. The compiler cannot prove the branch uniform (it would not be
/// with groups larger than 128), so it warns and compiles it on SYCL's rule:
/// with groups of 128 the results are right; with groups of 256 the items
/// disagree and the run-time check says so.
template <uint32_t S>
std::string runRowBlockBarrier(sycl::queue &q, size_t wg, int *out) {
  const size_t n = 512, rows = n / 128;
  int *active = sycl::malloc_shared<int>(rows, q);
  for (size_t r = 0; r < rows; ++r)
    active[r] = r != 2;
  std::string Msg = "<no error>";
  try {
    q.submit([&](sycl::handler &h) {
       sycl::local_accessor<int, 1> tile(sycl::range<1>(wg), h);
       h.parallel_for<RowBlockBarrier<S>>(
           sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
           [=](sycl::nd_item<1> it) {
             size_t lid = it.get_local_id(0);
             size_t row = lid / 128 + (wg / 128) * it.get_group(0);
             int v = -1;
             if (row < rows && active[row]) {
               tile[lid] = int(it.get_global_id(0));
               sycl::group_barrier(it.get_group());
               v = tile[lid ^ 1];
               sycl::group_barrier(it.get_group());
             }
             out[it.get_global_id(0)] = v;
           });
     }).wait();
  } catch (const sycl::exception &E) {
    Msg = E.what();
  }
  sycl::free(active, q);
  return Msg;
}

template <uint32_t S> void checkRowBlockBarrier(sycl::queue &q) {
  const size_t n = 512;
  int *out = sycl::malloc_shared<int>(n, q);
  EXPECT_EQ(runRowBlockBarrier<S>(q, 128, out), "<no error>");
  for (size_t i = 0; i < n; ++i)
    EXPECT_EQ(out[i], i / 128 == 2 ? -1 : int(i ^ 1)) << i;
  EXPECT_THAT(runRowBlockBarrier<S>(q, 256, out),
              HasSubstr("do not stop at the same place"));
  sycl::free(out, q);
}

TEST_F(CompiledValidation, BranchOnRowBlockOfTheId) {
  checkRowBlockBarrier<1>(q);
  checkRowBlockBarrier<8>(q);
  checkRowBlockBarrier<32>(q);
}

} // namespace
