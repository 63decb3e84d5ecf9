//===- SubGroupExchangeTest.cpp - Broadcasts, shuffles, votes, ballots ----===//
//
// group_broadcast, select_from_group, shift_group_left/right,
// permute_group_by_xor (constant and run-time operands), any/all/none_of_group
// and group_ballot over sub-groups, plus the work-group broadcast and votes,
// for every element type and sub-group size, whole and partial sub-groups, in
// 1D, 2D and 3D; and sub-group barriers ordering local memory.
//
//===----------------------------------------------------------------------===//

#include "CollectivesCommon.h"

namespace {

using namespace collectives;

constexpr size_t NumValues = 11, NumVotes = 8;

template <typename T> T valueOf(size_t i) { return T(i % 1000); }

template <typename T, uint32_t S, int D> struct ExchangeKernel;

struct ExchangeArgs {
  uint32_t delta_left, delta_right, mask;
};

template <typename T, uint32_t S, int D>
void checkExchange(sycl::nd_range<D> range) {
  sycl::queue q;
  const size_t n = range.get_global_range().size();
  const size_t wg = range.get_local_range().size();
  T *values = sycl::malloc_shared<T>(n * NumValues, q);
  uint64_t *votes = sycl::malloc_shared<uint64_t>(n * NumVotes, q);
  ItemIds *ids = sycl::malloc_shared<ItemIds>(n, q);
  // Operands the compiler cannot see: the gather path of the shuffles.
  ExchangeArgs args{3, 1, S > 1 ? S / 2 : 0};
  q.parallel_for<ExchangeKernel<T, S, D>>(
       range, xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<D> it) {
         sycl::sub_group sg = it.get_sub_group();
         size_t i = it.get_global_linear_id();
         ids[i] = reportIds(it);
         T x = valueOf<T>(i);
         uint32_t lane = sg.get_local_linear_id();
         uint32_t size = sg.get_local_linear_range();
         T *v = values + i * NumValues;
         v[0] = sycl::group_broadcast(sg, x);
         v[1] = sycl::group_broadcast(sg, x, size - 1);
         v[2] = sycl::select_from_group(sg, x, (lane * 3 + 1) % size);
         v[3] = sycl::shift_group_left(sg, x, 1);
         v[4] = sycl::shift_group_right(sg, x, 2);
         v[5] = sycl::permute_group_by_xor(sg, x, 1);
         v[6] = sycl::shift_group_left(sg, x, args.delta_left);
         v[7] = sycl::shift_group_right(sg, x, args.delta_right);
         v[8] = sycl::permute_group_by_xor(sg, x, args.mask);
         sycl::group<D> g = it.get_group();
         v[9] = sycl::group_broadcast(g, x, g.get_local_linear_range() - 1);
         v[10] = sycl::group_broadcast(g, x);
         bool p = i % 3 == 0;
         uint64_t *b = votes + i * NumVotes;
         b[0] = sycl::any_of_group(sg, p);
         b[1] = sycl::all_of_group(sg, x, [](T y) { return y >= T(0); });
         b[2] = sycl::none_of_group(sg, p);
         b[3] = sycl::all_of_group(sg, !p);
         b[4] = sycl::any_of_group(g, p);
         b[5] = sycl::all_of_group(g, !p);
         b[6] = sycl::none_of_group(g, i % 7 == 100);
         uint64_t bits = 0;
         sycl::ext::oneapi::group_ballot(sg, p).extract_bits(bits);
         b[7] = bits;
       })
      .wait();
  Groups G = groupItems(std::vector<ItemIds>(ids, ids + n), wg, S);
  auto V = [&](size_t i, int k) { return values[i * NumValues + k]; };
  auto B = [&](size_t i, int k) { return votes[i * NumVotes + k]; };
  for (auto &[key, lanes] : G.sub_groups) {
    uint32_t size = uint32_t(lanes.size());
    bool any = false, all_not = true;
    uint64_t ballot = 0;
    for (uint32_t l = 0; l < size; ++l) {
      bool p = lanes[l] % 3 == 0;
      any |= p;
      all_not &= !p;
      ballot |= uint64_t(p) << l;
    }
    for (uint32_t l = 0; l < size; ++l) {
      size_t i = lanes[l];
      std::string at = "S=" + std::to_string(S) + " item " + std::to_string(i);
      ASSERT_EQ(V(i, 0), valueOf<T>(lanes[0])) << at << ": broadcast";
      ASSERT_EQ(V(i, 1), valueOf<T>(lanes[size - 1])) << at;
      ASSERT_EQ(V(i, 2), valueOf<T>(lanes[(l * 3 + 1) % size])) << at;
      if (l + 1 < size)
        ASSERT_EQ(V(i, 3), valueOf<T>(lanes[l + 1])) << at << ": shift left";
      if (l >= 2)
        ASSERT_EQ(V(i, 4), valueOf<T>(lanes[l - 2])) << at << ": shift right";
      if ((l ^ 1u) < size)
        ASSERT_EQ(V(i, 5), valueOf<T>(lanes[l ^ 1u])) << at << ": xor";
      if (l + args.delta_left < size)
        ASSERT_EQ(V(i, 6), valueOf<T>(lanes[l + args.delta_left])) << at;
      if (l >= args.delta_right)
        ASSERT_EQ(V(i, 7), valueOf<T>(lanes[l - args.delta_right])) << at;
      if ((l ^ args.mask) < size)
        ASSERT_EQ(V(i, 8), valueOf<T>(lanes[l ^ args.mask])) << at;
      ASSERT_EQ(B(i, 0), uint64_t(any)) << at << ": any";
      ASSERT_EQ(B(i, 1), 1u) << at << ": all with predicate";
      ASSERT_EQ(B(i, 2), uint64_t(!any)) << at << ": none";
      ASSERT_EQ(B(i, 3), uint64_t(all_not)) << at << ": all";
      ASSERT_EQ(B(i, 7), ballot) << at << ": ballot";
    }
  }
  for (auto &[group, items] : G.work_groups) {
    bool any = false;
    for (size_t i : items)
      any |= i % 3 == 0;
    for (size_t i : items) {
      ASSERT_EQ(V(i, 9), valueOf<T>(items.back())) << "item " << i;
      ASSERT_EQ(V(i, 10), valueOf<T>(items.front())) << "item " << i;
      ASSERT_EQ(B(i, 4), uint64_t(any)) << "item " << i;
      ASSERT_EQ(B(i, 5), uint64_t(!any)) << "item " << i;
      ASSERT_EQ(B(i, 6), 1u) << "item " << i;
    }
  }
  sycl::free(values, q);
  sycl::free(votes, q);
  sycl::free(ids, q);
}

template <typename T, uint32_t S> void checkExchangeAllShapes() {
  for (size_t wg : workGroupSizes(S)) {
    checkExchange<T, S, 1>(sycl::nd_range<1>(wg * 3, wg));
    if (::testing::Test::HasFatalFailure())
      return;
  }
  // 2D and 3D, with a partial last sub-group for every size above 1.
  checkExchange<T, S, 2>(sycl::nd_range<2>({12, 10}, {6, 5}));
  checkExchange<T, S, 3>(sycl::nd_range<3>({4, 6, 10}, {2, 3, 5}));
}

#define SUBLANE_EXCHANGE_TESTS(T, Name)                                        \
  TEST(SubGroupExchange, Name##Size1) { checkExchangeAllShapes<T, 1>(); }      \
  TEST(SubGroupExchange, Name##Size8) { checkExchangeAllShapes<T, 8>(); }      \
  TEST(SubGroupExchange, Name##Size16) { checkExchangeAllShapes<T, 16>(); }    \
  TEST(SubGroupExchange, Name##Size32) { checkExchangeAllShapes<T, 32>(); }    \
  TEST(SubGroupExchange, Name##Size64) { checkExchangeAllShapes<T, 64>(); }
SUBLANE_EXCHANGE_TESTS(int32_t, Int32)
SUBLANE_EXCHANGE_TESTS(uint32_t, UInt32)
SUBLANE_EXCHANGE_TESTS(int64_t, Int64)
SUBLANE_EXCHANGE_TESTS(uint64_t, UInt64)
SUBLANE_EXCHANGE_TESTS(float, Float)
SUBLANE_EXCHANGE_TESTS(double, Double)

// Two phases exchange data through local memory, ordered by sub-group
// barriers only: each sub-group reverses its own block, twice with a
// different stride, in 1D and in 2D.
template <uint32_t S> struct SubGroupBarrierKernel;
template <uint32_t S> void checkSubGroupBarrierPhases(size_t wg) {
  sycl::queue q;
  const size_t n = wg * 4;
  int *data = sycl::malloc_shared<int>(n, q);
  for (size_t i = 0; i < n; ++i)
    data[i] = int(i * 5 + 1);
  std::vector<int> before(data, data + n);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile(sycl::range<1>(wg), h);
     h.parallel_for<SubGroupBarrierKernel<S>>(
         sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           sycl::sub_group sg = it.get_sub_group();
           size_t base = sg.get_group_linear_id() * S;
           uint32_t lane = sg.get_local_linear_id();
           uint32_t size = sg.get_local_linear_range();
           size_t l = it.get_local_id(0);
           tile[l] = data[it.get_global_id(0)];
           sycl::group_barrier(sg);
           int mirrored = tile[base + (size - 1 - lane)];
           sycl::group_barrier(sg);
           tile[l] = mirrored * 2;
           sycl::group_barrier(sg);
           data[it.get_global_id(0)] = tile[base + (lane + 1) % size];
         });
   }).wait();
  for (size_t g = 0; g < 4; ++g)
    for (size_t l = 0; l < wg; ++l) {
      size_t base = l / S * S, size = std::min<size_t>(S, wg - base);
      size_t lane = l % S, from = (lane + 1) % size;
      size_t src = g * wg + base + (size - 1 - from);
      ASSERT_EQ(data[g * wg + l], before[src] * 2)
          << "S=" << S << " wg=" << wg << " item " << g * wg + l;
    }
  sycl::free(data, q);
}

TEST(SubGroupBarrier, PhasesThroughLocalMemory) {
  checkSubGroupBarrierPhases<1>(7);
  checkSubGroupBarrierPhases<8>(64);
  checkSubGroupBarrierPhases<8>(29);
  checkSubGroupBarrierPhases<16>(48);
  checkSubGroupBarrierPhases<32>(100);
  checkSubGroupBarrierPhases<64>(200);
}

// A sub-group barrier, a work-group barrier and a sub-group collective in
// one loop: the hierarchy of sync points inside one region of the group.
template <uint32_t S> struct MixedSyncKernel;
template <uint32_t S> void checkMixedSync(size_t wg) {
  sycl::queue q;
  const size_t n = wg * 2, steps = 4;
  long *data = sycl::malloc_shared<long>(n, q);
  for (size_t i = 0; i < n; ++i)
    data[i] = long(i % 9);
  std::vector<long> ref(data, data + n);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<long, 1> tile(sycl::range<1>(wg), h);
     h.parallel_for<MixedSyncKernel<S>>(
         sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           sycl::sub_group sg = it.get_sub_group();
           size_t l = it.get_local_id(0), gid = it.get_global_id(0);
           long v = data[gid];
           for (size_t s = 0; s < steps; ++s) {
             tile[l] = v;
             sycl::group_barrier(it.get_group());
             long neighbour = tile[(l + 1) % wg];
             sycl::group_barrier(sg);
             long total =
                 sycl::reduce_over_group(sg, neighbour, sycl::plus<long>());
             it.barrier();
             v = total + long(s);
           }
           data[gid] = v;
         });
   }).wait();
  for (size_t g = 0; g < 2; ++g) {
    std::vector<long> v(ref.begin() + g * wg, ref.begin() + (g + 1) * wg);
    for (size_t s = 0; s < steps; ++s) {
      std::vector<long> next(wg);
      for (size_t l = 0; l < wg; ++l) {
        size_t base = l / S * S, size = std::min<size_t>(S, wg - base);
        long total = 0;
        for (size_t k = base; k < base + size; ++k)
          total += v[(k + 1) % wg];
        next[l] = total + long(s);
      }
      v = next;
    }
    for (size_t l = 0; l < wg; ++l)
      ASSERT_EQ(data[g * wg + l], v[l]) << "S=" << S << " item " << l;
  }
  sycl::free(data, q);
}

TEST(SubGroupBarrier, MixedWithWorkGroupBarriersInALoop) {
  checkMixedSync<1>(10);
  checkMixedSync<8>(40);
  checkMixedSync<16>(37);
  checkMixedSync<32>(96);
  checkMixedSync<64>(64);
}

} // namespace
