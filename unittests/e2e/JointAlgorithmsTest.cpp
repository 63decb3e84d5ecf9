//===- JointAlgorithmsTest.cpp - Group algorithms over memory ranges ------===//
//
// joint_reduce, joint_inclusive_scan, joint_exclusive_scan and
// joint_any_of / all_of / none_of over work-groups and sub-groups, on
// ranges shorter than, equal to and longer than the group, at sub-group
// sizes 1, 8 and 16; checked against the host.
//
//===----------------------------------------------------------------------===//

#include <sublane/sycl.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <numeric>
#include <vector>

namespace {

namespace xo = sycl::ext::oneapi::experimental;

constexpr size_t WorkGroup = 64, Groups = 6;

/// The length of group G's range: around the group size, and past it.
size_t rangeLength(size_t G) {
  return std::array<size_t, Groups>{1, 37, 64, 65, 150, 200}[G];
}

template <uint32_t S> class JointGroupKernel;
template <uint32_t S> void checkWorkGroupJoint() {
  sycl::queue q;
  const size_t Stride = 256;
  int *In = sycl::malloc_shared<int>(Groups * Stride, q);
  int *Incl = sycl::malloc_shared<int>(Groups * Stride, q);
  int *Excl = sycl::malloc_shared<int>(Groups * Stride, q);
  int *Sums = sycl::malloc_shared<int>(Groups * 2, q);
  int *Votes = sycl::malloc_shared<int>(Groups * 3, q);
  for (size_t I = 0; I < Groups * Stride; ++I)
    In[I] = int(I * 7 % 23) - 5;
  size_t *Lengths = sycl::malloc_shared<size_t>(Groups, q);
  for (size_t G = 0; G < Groups; ++G)
    Lengths[G] = rangeLength(G);
  q.parallel_for<JointGroupKernel<S>>(
       sycl::nd_range<1>(Groups * WorkGroup, WorkGroup),
       xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         sycl::group<1> g = it.get_group();
         size_t G = it.get_group(0);
         const int *First = In + G * Stride, *Last = First + Lengths[G];
         int Sum = sycl::joint_reduce(g, First, Last, sycl::plus<int>());
         int Max =
             sycl::joint_reduce(g, First, Last, -1000, sycl::maximum<int>());
         sycl::joint_inclusive_scan(g, First, Last, Incl + G * Stride,
                                    sycl::plus<int>());
         sycl::joint_exclusive_scan(g, First, Last, Excl + G * Stride, 100,
                                    sycl::plus<int>());
         bool Any =
             sycl::joint_any_of(g, First, Last, [](int X) { return X > 15; });
         bool All =
             sycl::joint_all_of(g, First, Last, [](int X) { return X > -6; });
         bool None =
             sycl::joint_none_of(g, First, Last, [](int X) { return X == 17; });
         if (it.get_local_id(0) == 5) {
           Sums[2 * G] = Sum;
           Sums[2 * G + 1] = Max;
           Votes[3 * G] = Any;
           Votes[3 * G + 1] = All;
           Votes[3 * G + 2] = None;
         }
       })
      .wait();
  for (size_t G = 0; G < Groups; ++G) {
    const int *First = In + G * Stride;
    const size_t N = Lengths[G];
    SCOPED_TRACE("group " + std::to_string(G) + ", length " +
                 std::to_string(N));
    EXPECT_EQ(Sums[2 * G], std::accumulate(First, First + N, 0));
    EXPECT_EQ(Sums[2 * G + 1],
              std::max(-1000, *std::max_element(First, First + N)));
    EXPECT_EQ(Votes[3 * G],
              std::any_of(First, First + N, [](int X) { return X > 15; }));
    EXPECT_EQ(Votes[3 * G + 1],
              std::all_of(First, First + N, [](int X) { return X > -6; }));
    EXPECT_EQ(Votes[3 * G + 2],
              std::none_of(First, First + N, [](int X) { return X == 17; }));
    int Acc = 0;
    for (size_t K = 0; K < N; ++K) {
      ASSERT_EQ(Excl[G * Stride + K], 100 + Acc) << K;
      Acc += First[K];
      ASSERT_EQ(Incl[G * Stride + K], Acc) << K;
    }
  }
  for (int *P : {In, Incl, Excl, Sums, Votes})
    sycl::free(P, q);
  sycl::free(Lengths, q);
}

TEST(JointAlgorithms, WorkGroupAtSubGroupSize1) { checkWorkGroupJoint<1>(); }
TEST(JointAlgorithms, WorkGroupAtSubGroupSize8) { checkWorkGroupJoint<8>(); }
TEST(JointAlgorithms, WorkGroupAtSubGroupSize16) { checkWorkGroupJoint<16>(); }

/// Each sub-group reduces and scans a range of its own.
template <uint32_t S> class JointSubGroupKernel;
template <uint32_t S> void checkSubGroupJoint() {
  sycl::queue q;
  const size_t SubGroups = WorkGroup / S, Length = 3 * S + 5;
  const size_t Ranges = 2 * SubGroups;
  float *In = sycl::malloc_shared<float>(Ranges * Length, q);
  float *Scan = sycl::malloc_shared<float>(Ranges * Length, q);
  float *Sums = sycl::malloc_shared<float>(Ranges, q);
  for (size_t I = 0; I < Ranges * Length; ++I)
    In[I] = float(I % 11) * 0.5f;
  q.parallel_for<JointSubGroupKernel<S>>(
       sycl::nd_range<1>(2 * WorkGroup, WorkGroup),
       xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         sycl::sub_group sg = it.get_sub_group();
         size_t R = it.get_group(0) * SubGroups + sg.get_group_linear_id();
         const float *First = In + R * Length;
         float Sum =
             sycl::joint_reduce(sg, First, First + Length, sycl::plus<float>());
         sycl::joint_inclusive_scan(sg, First, First + Length,
                                    Scan + R * Length, sycl::plus<float>(),
                                    1.0f);
         if (sg.leader())
           Sums[R] = Sum;
       })
      .wait();
  for (size_t R = 0; R < Ranges; ++R) {
    float Acc = 0;
    for (size_t K = 0; K < Length; ++K) {
      Acc += In[R * Length + K];
      ASSERT_EQ(Scan[R * Length + K], 1.0f + Acc) << R << ", " << K;
    }
    EXPECT_EQ(Sums[R], Acc) << R;
  }
  for (float *P : {In, Scan, Sums})
    sycl::free(P, q);
}

TEST(JointAlgorithms, SubGroupAtSize1) { checkSubGroupJoint<1>(); }
TEST(JointAlgorithms, SubGroupAtSize8) { checkSubGroupJoint<8>(); }
TEST(JointAlgorithms, SubGroupAtSize16) { checkSubGroupJoint<16>(); }

static_assert(sycl::has_known_identity_v<sycl::plus<int>, int>);
static_assert(sycl::known_identity_v<sycl::multiplies<float>, float> == 1.0f);
static_assert(!sycl::has_known_identity_v<std::minus<int>, int>);

} // namespace
