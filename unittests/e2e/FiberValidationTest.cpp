//===- FiberValidationTest.cpp - What the fiber engine reports ------------===//
//
// Compiled without the plugin, which would refuse some of these kernels at
// compile time: here the fiber engine runs them and must report the misuse
// (SUBLANE_VALIDATION=throw), naming the kernel, group, work-item and
// operation.
//
//===----------------------------------------------------------------------===//

#include <sublane/sycl.hpp>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <vector>

using ::testing::AllOf;
using ::testing::HasSubstr;

namespace {
namespace xo = sycl::ext::oneapi::experimental;

class FiberValidation : public ::testing::Test {
protected:
  void SetUp() override {
    Before = sublane::get_engine();
    sublane::set_engine(sublane::engine::fibers);
    setenv("SUBLANE_VALIDATION", "throw", 1);
  }
  void TearDown() override {
    sublane::set_engine(Before);
    unsetenv("SUBLANE_VALIDATION");
  }
  template <typename F> std::string error(F &&Launch) {
    try {
      Launch();
    } catch (const sycl::exception &E) {
      return E.what();
    }
    return "<no error>";
  }
  sublane::engine Before;
  sycl::queue q;
};

// SimSYCL's first example: only work-item 0 reaches the barrier. The others
// return, which drops them out of it, as on a GPU and in compiled kernels.
TEST_F(FiberValidation, BarrierOnlyItemZeroReaches) {
  int *out = sycl::malloc_shared<int>(64, q);
  std::fill(out, out + 64, 0);
  std::string Msg = error([&] {
    q.parallel_for<class only_zero>(sycl::nd_range<1>(64, 16),
                                    [=](sycl::nd_item<1> it) {
                                      if (it.get_local_id(0) == 0)
                                        it.barrier();
                                      out[it.get_global_id(0)] = 1;
                                    })
        .wait();
  });
  EXPECT_EQ(Msg, "<no error>");
  EXPECT_EQ(std::count(out, out + 64, 1), 64);
  sycl::free(out, q);
}

// A work-item that returned does not drop out of a collective: the others
// wait for its operand.
TEST_F(FiberValidation, CollectiveAfterOneItemReturned) {
  int *out = sycl::malloc_shared<int>(64, q);
  std::string Msg = error([&] {
    q.parallel_for<class returned_before_reduce>(
        sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> it) {
          if (it.get_local_id(0) == 5)
            return;
          out[it.get_global_id(0)] =
              sycl::reduce_over_group(it.get_group(), 1, sycl::plus<int>());
        });
  });
  EXPECT_THAT(Msg, AllOf(HasSubstr("kernel 'returned_before_reduce'"),
                         HasSubstr("work-item 0 of work-group {0}"),
                         HasSubstr("waits at reduce_over_group"),
                         HasSubstr("work-item 5 of work-group {0}"),
                         HasSubstr("never reaches: it returned first")));
  sycl::free(out, q);
}

TEST_F(FiberValidation, DifferentCollectivesInOneSubGroup) {
  int *out = sycl::malloc_shared<int>(64, q);
  std::string Msg = error([&] {
    q.parallel_for<class mismatched>(
        sycl::nd_range<1>(64, 32), xo::properties{xo::sub_group_size<8>},
        [=](sycl::nd_item<1> it) {
          sycl::sub_group sg = it.get_sub_group();
          int x = int(it.get_global_id(0));
          out[x] =
              sg.get_local_linear_id() < 4
                  ? sycl::reduce_over_group(sg, x, sycl::plus<int>())
                  : sycl::inclusive_scan_over_group(sg, x, sycl::plus<int>());
        });
  });
  EXPECT_THAT(Msg, AllOf(HasSubstr("kernel 'mismatched'"),
                         HasSubstr("meets inclusive_scan_over_group where "
                                   "lane 0 of its sub-group met "
                                   "reduce_over_group")));
  sycl::free(out, q);
}

// SimSYCL's second example: a shift whose delta differs between lanes.
TEST_F(FiberValidation, ShiftDeltaDiffersBetweenLanes) {
  int *out = sycl::malloc_shared<int>(64, q);
  std::string Msg = error([&] {
    q.parallel_for<class per_lane_delta>(
        sycl::nd_range<1>(64, 64), xo::properties{xo::sub_group_size<16>},
        [=](sycl::nd_item<1> it) {
          sycl::sub_group sg = it.get_sub_group();
          int x = int(it.get_global_id(0));
          out[x] = sycl::shift_group_left(sg, x, 1 + sg.get_local_id()[0] % 2);
        });
  });
  EXPECT_THAT(Msg, AllOf(HasSubstr("kernel 'per_lane_delta'"),
                         HasSubstr("sub-group 0 of work-group {0}"),
                         HasSubstr("lane 1 passes 2 to shift_group_left where "
                                   "lane 0 passed 1")));
  sycl::free(out, q);
}

// A scan whose init value differs between the lanes of a sub-group.
TEST_F(FiberValidation, ScanInitDiffersBetweenLanes) {
  int *out = sycl::malloc_shared<int>(32, q);
  std::string Msg = error([&] {
    q.parallel_for<class per_lane_init>(
        sycl::nd_range<1>(32, 32), xo::properties{xo::sub_group_size<8>},
        [=](sycl::nd_item<1> it) {
          sycl::sub_group sg = it.get_sub_group();
          int x = int(it.get_global_id(0));
          int init = sg.get_local_id()[0] == 3 ? 5 : 0;
          out[x] =
              sycl::exclusive_scan_over_group(sg, x, init, sycl::plus<int>());
        });
  });
  EXPECT_THAT(Msg, AllOf(HasSubstr("kernel 'per_lane_init'"),
                         HasSubstr("lane 3 passes 5 to the init of a scan or "
                                   "reduction where lane 0 passed 0")));
  sycl::free(out, q);
}

// A missing barrier: each item reads its neighbour's slot of local memory
// in the phase that writes it. In order the neighbour has not written yet;
// in a seeded random order some have, and the result changes.
std::vector<int> neighbourReads(sycl::queue &q, const char *order) {
  if (order)
    setenv("SUBLANE_FIBER_ORDER", order, 1);
  else
    unsetenv("SUBLANE_FIBER_ORDER");
  const size_t n = 128;
  int *out = sycl::malloc_shared<int>(n, q);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile(sycl::range<1>(n + 1), h);
     h.parallel_for<class missing_barrier>(sycl::nd_range<1>(n, n),
                                           [=](sycl::nd_item<1> it) {
                                             size_t l = it.get_local_id(0);
                                             tile[l + 1] = 0;
                                             it.barrier();
                                             tile[l] = int(l) + 1;
                                             // a barrier belongs here
                                             out[l] = tile[l + 1];
                                           });
   }).wait();
  std::vector<int> result(out, out + n);
  sycl::free(out, q);
  unsetenv("SUBLANE_FIBER_ORDER");
  return result;
}

TEST_F(FiberValidation, RandomOrderExposesMissingBarrier) {
  std::vector<int> inOrder = neighbourReads(q, nullptr);
  std::vector<int> shuffled = neighbourReads(q, "random:42");
  EXPECT_EQ(inOrder, neighbourReads(q, nullptr)) << "in order is repeatable";
  EXPECT_EQ(shuffled, neighbourReads(q, "random:42")) << "so is a seed";
  EXPECT_NE(inOrder, shuffled);
}

// A compaction written for sub-groups of 32: with 64 the ballot's upper
// half is lost and the result is wrong, at 32 it is right.
template <uint32_t S> struct CompactKernel;
template <uint32_t S> bool compactionCorrect(sycl::queue &q) {
  const size_t n = 256;
  int *in = sycl::malloc_shared<int>(n, q),
      *count = sycl::malloc_shared<int>(n / 32, q);
  for (size_t i = 0; i < n; ++i)
    in[i] = int(i % 3 == 0);
  q.parallel_for<CompactKernel<S>>(
       sycl::nd_range<1>(n, 64), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         sycl::sub_group sg = it.get_sub_group();
         uint32_t bits = 0; // assumes 32 lanes fit in 32 bits
         sycl::ext::oneapi::group_ballot(sg, in[it.get_global_id(0)] != 0)
             .extract_bits(bits);
         if (sg.leader())
           count[it.get_global_id(0) / 32] = __builtin_popcount(bits);
       })
      .wait();
  bool ok = true;
  for (size_t c = 0; c < n / 32; c += S / 32) {
    int expect = 0;
    for (size_t k = 0; k < S; ++k)
      expect += in[c * 32 + k];
    ok &= count[c] == expect;
  }
  sycl::free(in, q);
  sycl::free(count, q);
  return ok;
}

TEST_F(FiberValidation, SubGroupSizeAssumptionShowsAtSize64) {
  EXPECT_TRUE(compactionCorrect<32>(q));
  EXPECT_FALSE(compactionCorrect<64>(q));
}

} // namespace
