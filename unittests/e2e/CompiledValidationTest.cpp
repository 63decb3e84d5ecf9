//===- CompiledValidationTest.cpp - Sync-point checks in lowered kernels --===//
//
// Compiled with the plugin and -sublane-check-sync-points: a barrier that
// only some work-items reach, which the compiler cannot prove (the branch
// is on loaded data, or on an id that only a large group makes differ), is
// reported at run time with the kernel, the group and the two places the
// work-items stopped at, unless the others return (they drop out of it).
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

template <uint32_t S, bool MeetAgain> struct DataBarrier;
/// `if (flags[i]) it.barrier();`: items that skip the barrier and then meet
/// the others at a second one stopped somewhere else (MeetAgain); items that
/// skip it and return drop out of it, as on a GPU, which is no error.
template <uint32_t S, bool MeetAgain>
std::string runDataDependentBarrier(sycl::queue &q, int skip_from) {
  const size_t n = 64;
  int *flags = sycl::malloc_shared<int>(n, q);
  int *out = sycl::malloc_shared<int>(n, q);
  for (size_t i = 0; i < n; ++i) {
    flags[i] = int(i) < skip_from;
    out[i] = 0;
  }
  std::string Msg = "<no error>";
  try {
    q.parallel_for<DataBarrier<S, MeetAgain>>(
         sycl::nd_range<1>(n, 32), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           size_t i = it.get_global_id(0);
           if (flags[i])
             it.barrier();
           out[i] = 1;
           if constexpr (MeetAgain)
             it.barrier();
         })
        .wait();
    for (size_t i = 0; i < n; ++i)
      if (out[i] != 1)
        Msg = "item " + std::to_string(i) + " did not finish";
  } catch (const sycl::exception &E) {
    Msg = E.what();
  }
  sycl::free(flags, q);
  sycl::free(out, q);
  return Msg;
}

TEST_F(CompiledValidation, DataDependentBarrierAtSubGroupSize1) {
  EXPECT_EQ((runDataDependentBarrier<1, true>(q, 64)), "<no error>");
  EXPECT_THAT((runDataDependentBarrier<1, true>(q, 40)),
              AllOf(HasSubstr("DataBarrier<1, true>'"),
                    HasSubstr("work-group {1} do not stop at the same place"),
                    HasSubstr("work-group barrier #1"),
                    HasSubstr("work-group barrier #2")));
}

TEST_F(CompiledValidation, DataDependentBarrierAcrossSubGroups) {
  EXPECT_EQ((runDataDependentBarrier<8, true>(q, 64)), "<no error>");
  // Whole sub-groups of work-group 1 skip the barrier: caught between
  // sub-groups. Then lanes of one sub-group disagree: caught in its loop.
  EXPECT_THAT((runDataDependentBarrier<8, true>(q, 48)),
              HasSubstr("work-group {1} do not stop at the same place"));
  EXPECT_THAT((runDataDependentBarrier<8, true>(q, 44)),
              HasSubstr("work-group {1} do not stop at the same place"));
}

/// Work-items that return drop out of the barriers the others still meet:
/// whole work-items (size 1), whole sub-groups and lanes of one.
TEST_F(CompiledValidation, ReturnedItemsDropOutOfBarriers) {
  for (int skip_from : {64, 40, 48, 44, 32}) {
    EXPECT_EQ((runDataDependentBarrier<1, false>(q, skip_from)), "<no error>")
        << skip_from;
    EXPECT_EQ((runDataDependentBarrier<8, false>(q, skip_from)), "<no error>")
        << skip_from;
  }
}

template <uint32_t S, bool MeetAgain> struct GridStrideBarrier;
/// A grid-stride loop around a barrier compiles with a warning (its trip
/// count cannot be proven uniform); with a bound that is no multiple of the
/// work-group size the items run it unequally often. Those that leave it
/// first and return drop out of its barrier; those that go on to a barrier
/// after the loop stop elsewhere than the others, which the sync-point check
/// reports at run time.
template <uint32_t S, bool MeetAgain>
std::string runGridStrideBarrier(sycl::queue &q, size_t bound) {
  const size_t wg = 32;
  int *data = sycl::malloc_shared<int>(bound, q);
  std::fill(data, data + bound, -1);
  std::string Msg = "<no error>";
  try {
    q.parallel_for<GridStrideBarrier<S, MeetAgain>>(
         sycl::nd_range<1>(wg, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           for (size_t k = it.get_local_id(0); k < bound;
                k += it.get_local_range(0)) {
             data[k] = int(k);
             sycl::group_barrier(it.get_group());
           }
           if constexpr (MeetAgain)
             sycl::group_barrier(it.get_group());
         })
        .wait();
    for (size_t k = 0; k < bound; ++k)
      if (data[k] != int(k))
        Msg = "data[" + std::to_string(k) + "] not written";
  } catch (const sycl::exception &E) {
    Msg = E.what();
  }
  sycl::free(data, q);
  return Msg;
}

TEST_F(CompiledValidation, GridStrideLoopWithUnequalTripCounts) {
  EXPECT_EQ((runGridStrideBarrier<1, true>(q, 128)), "<no error>");
  EXPECT_EQ((runGridStrideBarrier<16, true>(q, 128)), "<no error>");
  EXPECT_THAT((runGridStrideBarrier<1, true>(q, 100)),
              HasSubstr("do not stop at the same place"));
  EXPECT_THAT((runGridStrideBarrier<16, true>(q, 100)),
              HasSubstr("do not stop at the same place"));
  EXPECT_EQ((runGridStrideBarrier<1, false>(q, 100)), "<no error>");
  EXPECT_EQ((runGridStrideBarrier<16, false>(q, 100)), "<no error>");
}

template <uint32_t S> struct RowBlockBarrier;
/// A word2vec-style kernel: each block of 128 work-items works on one row,
/// and a branch on the row (lid / 128, plus data read for it) leads to the
/// barriers. The compiler cannot prove the branch uniform (it is not with
/// groups larger than 128), so it warns. With groups of 256 the items of an
/// inactive row skip the barriers and return, which drops them out of the
/// barriers the other row meets, as on a GPU: the results are right either
/// way.
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
  EXPECT_EQ(runRowBlockBarrier<S>(q, 256, out), "<no error>");
  for (size_t i = 0; i < n; ++i)
    EXPECT_EQ(out[i], i / 128 == 2 ? -1 : int(i ^ 1)) << i;
  sycl::free(out, q);
}

TEST_F(CompiledValidation, BranchOnRowBlockOfTheId) {
  checkRowBlockBarrier<1>(q);
  checkRowBlockBarrier<8>(q);
  checkRowBlockBarrier<32>(q);
}

} // namespace
