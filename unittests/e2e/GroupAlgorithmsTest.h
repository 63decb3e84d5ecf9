//===- GroupAlgorithmsTest.h - Reduce and scan, every type, op, size ------===//
//
// One kernel per element type, sub-group size and scope computes every
// reduction and scan (with and without init) of every operation SYCL allows
// for the type; the host recomputes each from the ids the items report.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_UNITTESTS_GROUPALGORITHMSTEST_H
#define SUBLANE_UNITTESTS_GROUPALGORITHMSTEST_H

#include "CollectivesCommon.h"

#include <limits>

namespace collectives {

template <typename T, typename Op> T identity() {
  if constexpr (std::is_same_v<Op, sycl::plus<T>> ||
                std::is_same_v<Op, sycl::bit_or<T>> ||
                std::is_same_v<Op, sycl::bit_xor<T>> ||
                std::is_same_v<Op, sycl::logical_or<T>>)
    return T(0);
  else if constexpr (std::is_same_v<Op, sycl::multiplies<T>> ||
                     std::is_same_v<Op, sycl::logical_and<T>>)
    return T(1);
  else if constexpr (std::is_same_v<Op, sycl::minimum<T>>)
    return std::numeric_limits<T>::has_infinity
               ? std::numeric_limits<T>::infinity()
               : std::numeric_limits<T>::max();
  else if constexpr (std::is_same_v<Op, sycl::maximum<T>>)
    return std::numeric_limits<T>::has_infinity
               ? -std::numeric_limits<T>::infinity()
               : std::numeric_limits<T>::lowest();
  else
    return T(~T(0)); // bit_and
}

constexpr size_t ResultsPerOp = 6;

template <typename T, typename G, typename Op>
void runOp(G g, T *r, size_t &k, size_t gid) {
  Op op;
  T x = input<T, Op>(gid), init = initial<T, Op>();
  r[k++] = sycl::reduce_over_group(g, x, op);
  r[k++] = sycl::reduce_over_group(g, x, init, op);
  r[k++] = sycl::inclusive_scan_over_group(g, x, op);
  r[k++] = sycl::inclusive_scan_over_group(g, x, op, init);
  r[k++] = sycl::exclusive_scan_over_group(g, x, op);
  r[k++] = sycl::exclusive_scan_over_group(g, x, init, op);
}

template <typename T, typename Op>
void checkOp(const std::vector<std::vector<size_t>> &sets, const T *out,
             size_t op_index, const std::string &what) {
  constexpr size_t Stride = num_ops<T> * ResultsPerOp;
  T init = initial<T, Op>();
  for (const auto &items : sets) {
    T total = identity<T, Op>();
    for (size_t i : items)
      total = apply<T, Op>(total, input<T, Op>(i));
    T prefix = identity<T, Op>();
    for (size_t pos = 0; pos < items.size(); ++pos) {
      size_t i = items[pos];
      ASSERT_NE(i, SIZE_MAX) << what << ": a lane reported no item";
      T exclusive = prefix;
      prefix = apply<T, Op>(prefix, input<T, Op>(i));
      const T *r = out + i * Stride + op_index * ResultsPerOp;
      std::string where = what + ", op " + std::to_string(op_index) +
                          ", item " + std::to_string(i);
      ASSERT_EQ(r[0], total) << where << ": reduce";
      ASSERT_EQ(r[1], (apply<T, Op>(init, total))) << where << ": reduce+init";
      ASSERT_EQ(r[2], prefix) << where << ": inclusive scan";
      ASSERT_EQ(r[3], (apply<T, Op>(init, prefix)))
          << where << ": inclusive scan+init";
      ASSERT_EQ(r[4], exclusive) << where << ": exclusive scan";
      ASSERT_EQ(r[5], (apply<T, Op>(init, exclusive)))
          << where << ": exclusive scan+init";
    }
  }
}

template <typename T, uint32_t S, bool WorkGroupScope, int D>
struct AlgorithmsKernel;

template <typename T, uint32_t S, bool WorkGroupScope, int D = 1>
void checkAlgorithms(sycl::nd_range<D> range) {
  sycl::queue q;
  const size_t n = range.get_global_range().size();
  const size_t wg = range.get_local_range().size();
  constexpr size_t Stride = num_ops<T> * ResultsPerOp;
  T *out = sycl::malloc_shared<T>(n * Stride, q);
  ItemIds *ids = sycl::malloc_shared<ItemIds>(n, q);
  q.parallel_for<AlgorithmsKernel<T, S, WorkGroupScope, D>>(
       range, xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<D> it) {
         size_t gid = it.get_global_linear_id();
         ids[gid] = reportIds(it);
         T *r = out + gid * Stride;
         size_t k = 0;
         auto run = [&](auto op) {
           using Op = decltype(op);
           if constexpr (WorkGroupScope)
             runOp<T, sycl::group<D>, Op>(it.get_group(), r, k, gid);
           else
             runOp<T, sycl::sub_group, Op>(it.get_sub_group(), r, k, gid);
         };
         std::apply([&](auto... op) { (run(op), ...); }, ops_for<T>{});
       })
      .wait();
  Groups G = groupItems(std::vector<ItemIds>(ids, ids + n), wg, S);
  std::vector<std::vector<size_t>> sets;
  if (WorkGroupScope)
    for (auto &[key, items] : G.work_groups)
      sets.push_back(items);
  else
    for (auto &[key, items] : G.sub_groups)
      sets.push_back(items);
  std::string what = std::string(WorkGroupScope ? "work-group" : "sub-group") +
                     " scope, sub-group size " + std::to_string(S) +
                     ", work-group size " + std::to_string(wg);
  size_t op_index = 0;
  auto check = [&](auto op) {
    checkOp<T, decltype(op)>(sets, out, op_index++, what);
  };
  std::apply([&](auto... op) { (check(op), ...); }, ops_for<T>{});
  sycl::free(out, q);
  sycl::free(ids, q);
}

template <typename T, uint32_t S, bool WorkGroupScope> void checkAllSizes() {
  for (size_t wg : workGroupSizes(S)) {
    checkAlgorithms<T, S, WorkGroupScope>(sycl::nd_range<1>(wg * 3, wg));
    if (::testing::Test::HasFatalFailure())
      return;
  }
  // 2D and 3D work-groups of 30 items: a partial last sub-group above 1.
  if constexpr (std::is_same_v<T, int32_t> || std::is_same_v<T, double>) {
    checkAlgorithms<T, S, WorkGroupScope, 2>(
        sycl::nd_range<2>({12, 10}, {6, 5}));
    checkAlgorithms<T, S, WorkGroupScope, 3>(
        sycl::nd_range<3>({4, 6, 10}, {2, 3, 5}));
  }
}

} // namespace collectives

#define SUBLANE_ALGORITHM_TESTS(T, Name)                                      \
  TEST(SUITE, Name##SubGroupSize1) {                                 \
    collectives::checkAllSizes<T, 1, SCOPE>();                                 \
  }                                                                            \
  TEST(SUITE, Name##SubGroupSize8) {                                 \
    collectives::checkAllSizes<T, 8, SCOPE>();                                 \
  }                                                                            \
  TEST(SUITE, Name##SubGroupSize16) {                                \
    collectives::checkAllSizes<T, 16, SCOPE>();                                \
  }                                                                            \
  TEST(SUITE, Name##SubGroupSize32) {                                \
    collectives::checkAllSizes<T, 32, SCOPE>();                                \
  }                                                                            \
  TEST(SUITE, Name##SubGroupSize64) {                                \
    collectives::checkAllSizes<T, 64, SCOPE>();                                \
  }

#endif // SUBLANE_UNITTESTS_GROUPALGORITHMSTEST_H
