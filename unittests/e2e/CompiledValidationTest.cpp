//===- CompiledValidationTest.cpp - Sync-point checks in lowered kernels --===//
//
// Compiled with the plugin and -sublane-check-sync-points: a barrier that
// only some work-items reach, which the compiler cannot prove (the branch
// is on loaded data), is reported at run time with the kernel, the group
// and the two places the work-items stopped at.
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

} // namespace
