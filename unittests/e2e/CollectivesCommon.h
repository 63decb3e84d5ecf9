//===- CollectivesCommon.h - Shared parts of the group algorithm tests ----===//
//
// Inputs that keep every result exact (small integers, products of a few
// twos), the host reference of each operation, and the per-item record of
// ids that the reference groups work-items by.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_UNITTESTS_COLLECTIVESCOMMON_H
#define SUBLANE_UNITTESTS_COLLECTIVESCOMMON_H

#include <sublane/sycl.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace collectives {

namespace xo = sycl::ext::oneapi::experimental;

template <typename T>
using ops_for = std::conditional_t<
    std::is_floating_point_v<T>,
    std::tuple<sycl::plus<T>, sycl::multiplies<T>, sycl::minimum<T>,
               sycl::maximum<T>>,
    std::tuple<sycl::plus<T>, sycl::multiplies<T>, sycl::minimum<T>,
               sycl::maximum<T>, sycl::bit_and<T>, sycl::bit_or<T>,
               sycl::bit_xor<T>, sycl::logical_and<T>, sycl::logical_or<T>>>;

template <typename T> constexpr size_t num_ops = std::tuple_size_v<ops_for<T>>;

/// The input of item \p i for operation \p Op: values whose combination is
/// exact in every type and never overflows.
template <typename T, typename Op> T input(size_t i) {
  constexpr bool Signed = std::is_signed_v<T>;
  if constexpr (std::is_same_v<Op, sycl::plus<T>>)
    return Signed ? T(long(i * 7 % 11) - 5) : T(i * 7 % 11);
  else if constexpr (std::is_same_v<Op, sycl::multiplies<T>>)
    return i % 13 == 5 ? T(2) : (Signed && i % 29 == 3) ? T(-1) : T(1);
  else if constexpr (std::is_same_v<Op, sycl::minimum<T>> ||
                     std::is_same_v<Op, sycl::maximum<T>>)
    return Signed ? T(long(i * 37 % 101) - 50) : T(i * 37 % 101);
  else if constexpr (std::is_same_v<Op, sycl::bit_and<T>>)
    return T(~(T(1) << (i % 5)));
  else if constexpr (std::is_same_v<Op, sycl::bit_or<T>>)
    return T(T(1) << (i % 7));
  else if constexpr (std::is_same_v<Op, sycl::bit_xor<T>>)
    return T(i * 2654435761u);
  else if constexpr (std::is_same_v<Op, sycl::logical_and<T>>)
    return T(i % 17 != 3);
  else
    return T(i % 19 == 4);
}

/// A second value, used as the init of the algorithms that take one.
template <typename T, typename Op> T initial() { return input<T, Op>(1000003); }

/// The host reference of \p Op on T, with SYCL's semantics.
template <typename T, typename Op> T apply(T a, T b) {
  if constexpr (std::is_same_v<Op, sycl::logical_and<T>>)
    return T(a && b);
  else if constexpr (std::is_same_v<Op, sycl::logical_or<T>>)
    return T(a || b);
  else if constexpr (std::is_integral_v<T> &&
                     (std::is_same_v<Op, sycl::plus<T>> ||
                      std::is_same_v<Op, sycl::multiplies<T>>)) {
    using U = std::make_unsigned_t<T>; // wrap like the hardware does
    return T(Op()(U(a), U(b)));
  } else
    return Op()(a, b);
}

/// What each work-item reports about itself.
struct ItemIds {
  uint64_t group;    ///< linear group id
  uint64_t local;    ///< linear local id
  uint32_t sg, lane; ///< sub-group id, lane in it
  uint32_t sg_size;  ///< its sub-group's size
  uint32_t sg_max;   ///< max sub-group size
  uint32_t sg_count; ///< sub-groups in the work-group
};

/// Checks the reported ids against SYCL's mapping for size \p S, and
/// returns, per (group, sub-group) and per group, the items in lane order.
struct Groups {
  std::map<std::pair<uint64_t, uint32_t>, std::vector<size_t>> sub_groups;
  std::map<uint64_t, std::vector<size_t>> work_groups;
};

inline Groups groupItems(const std::vector<ItemIds> &ids, size_t wg_size,
                         uint32_t S) {
  Groups G;
  for (size_t i = 0; i < ids.size(); ++i) {
    const ItemIds &r = ids[i];
    uint32_t count = uint32_t((wg_size + S - 1) / S);
    uint32_t sg = uint32_t(r.local / S);
    uint32_t size = uint32_t(std::min<size_t>(S, wg_size - size_t(sg) * S));
    EXPECT_EQ(r.sg, sg) << "item " << i;
    EXPECT_EQ(r.lane, uint32_t(r.local % S)) << "item " << i;
    EXPECT_EQ(r.sg_size, size) << "item " << i;
    EXPECT_EQ(r.sg_max, S) << "item " << i;
    EXPECT_EQ(r.sg_count, count) << "item " << i;
    auto &lanes = G.sub_groups[{r.group, r.sg}];
    if (lanes.size() <= r.lane)
      lanes.resize(r.lane + 1, SIZE_MAX);
    lanes[r.lane] = i;
    auto &items = G.work_groups[r.group];
    if (items.size() <= r.local)
      items.resize(r.local + 1, SIZE_MAX);
    items[r.local] = i;
  }
  return G;
}

template <int D> sycl::nd_range<D> rangeFor(size_t wg, size_t groups);
template <> inline sycl::nd_range<1> rangeFor<1>(size_t wg, size_t groups) {
  return sycl::nd_range<1>(wg * groups, wg);
}

template <int D> ItemIds reportIds(const sycl::nd_item<D> &it) {
  sycl::sub_group sg = it.get_sub_group();
  return ItemIds{
      it.get_group_linear_id(),    it.get_local_linear_id(),
      sg.get_group_linear_id(),    sg.get_local_linear_id(),
      sg.get_local_linear_range(), uint32_t(sg.get_max_local_range()[0]),
      sg.get_group_linear_range()};
}

/// Calls \p Check with each sub-group size sublane offers, as a constant:
/// `forEachSubGroupSize([](auto S) { check<S()>(); });`.
template <typename F> void forEachSubGroupSize(F Check) {
  Check(std::integral_constant<uint32_t, 1>{});
  Check(std::integral_constant<uint32_t, 4>{});
  Check(std::integral_constant<uint32_t, 8>{});
  Check(std::integral_constant<uint32_t, 16>{});
  Check(std::integral_constant<uint32_t, 32>{});
  Check(std::integral_constant<uint32_t, 64>{});
}

/// Work-group sizes per sub-group size: whole sub-groups, and a partial
/// last one (where the size allows).
inline std::vector<size_t> workGroupSizes(uint32_t S) {
  if (S == 1)
    return {7, 64};
  return {4 * size_t(S), 3 * size_t(S) + S / 2 + 1};
}

} // namespace collectives

#endif // SUBLANE_UNITTESTS_COLLECTIVESCOMMON_H
