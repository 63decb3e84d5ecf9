//===- sublane/detail/joint_algorithms.hpp - SYCL joint algorithms -*- C++ -*-//
//
// The group algorithms over a range of memory (SYCL 2020 4.17.4:
// joint_any_of, joint_all_of, joint_none_of, joint_reduce,
// joint_exclusive_scan, joint_inclusive_scan). Every work-item of the group
// calls them with the same range; each takes every group-size-th element,
// and the group's collectives combine the parts. Scans walk the range in
// chunks of the group's size, carrying the total of the chunks before.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_JOINT_ALGORITHMS_HPP
#define SUBLANE_DETAIL_JOINT_ALGORITHMS_HPP

#include <iterator>
#include <type_traits>

namespace sycl {
namespace detail {
template <typename Ptr>
using joint_value_t =
    std::remove_cv_t<std::remove_reference_t<decltype(*std::declval<Ptr>())>>;

template <typename T, typename Op> T joint_identity() {
  static_assert(known_identity<T, Op>::value,
                "sublane: joint algorithms need an operation with a known "
                "identity (sycl::plus, multiplies, minimum, maximum, bit_and, "
                "bit_or, bit_xor, logical_and, logical_or)");
  return known_identity<T, Op>::get();
}

/// This work-item's share of [first, last): every group-size-th element
/// from its own, folded with op starting from Init.
template <typename Group, typename Ptr, typename T, typename BinaryOperation>
T joint_share(Group g, Ptr first, Ptr last, T Init, BinaryOperation op) {
  const size_t N = size_t(last - first), Step = g.get_local_linear_range();
  // The rounds every work-item runs first, then the one only some do: a
  // loop with the same trip count in every work-item vectorizes without a
  // mask.
  const size_t Rounds = N / Step;
  size_t K = g.get_local_linear_id();
  for (size_t R = 0; R < Rounds; ++R, K += Step)
    Init = op(Init, first[K]);
  if (K < N)
    Init = op(Init, first[K]);
  return Init;
}
} // namespace detail

template <typename Group, typename Ptr, typename Predicate,
          typename = std::enable_if_t<is_group_v<Group>>>
bool joint_any_of(Group g, Ptr first, Ptr last, Predicate pred) {
  return any_of_group(g, detail::joint_share(g, first, last, false,
                                             [&](bool Acc, const auto &X) {
                                               return Acc || bool(pred(X));
                                             }));
}
template <typename Group, typename Ptr, typename Predicate,
          typename = std::enable_if_t<is_group_v<Group>>>
bool joint_all_of(Group g, Ptr first, Ptr last, Predicate pred) {
  return all_of_group(g, detail::joint_share(g, first, last, true,
                                             [&](bool Acc, const auto &X) {
                                               return Acc && bool(pred(X));
                                             }));
}
template <typename Group, typename Ptr, typename Predicate,
          typename = std::enable_if_t<is_group_v<Group>>>
bool joint_none_of(Group g, Ptr first, Ptr last, Predicate pred) {
  return !joint_any_of(g, first, last, pred);
}

template <typename Group, typename Ptr, typename BinaryOperation,
          typename = std::enable_if_t<is_group_v<Group>>>
detail::joint_value_t<Ptr> joint_reduce(Group g, Ptr first, Ptr last,
                                        BinaryOperation op) {
  using T = detail::joint_value_t<Ptr>;
  return reduce_over_group(
      g,
      detail::joint_share(g, first, last,
                          detail::joint_identity<T, BinaryOperation>(), op),
      op);
}
template <typename Group, typename Ptr, typename T, typename BinaryOperation,
          typename = std::enable_if_t<is_group_v<Group>>>
T joint_reduce(Group g, Ptr first, Ptr last, T init, BinaryOperation op) {
  detail::assert_uniform(g, init);
  // Accumulated in init's type, as SYCL says.
  T Mine = detail::joint_share(
      g, first, last, detail::joint_identity<T, BinaryOperation>(),
      [&](T Acc, const auto &X) { return op(Acc, T(X)); });
  return op(init, reduce_over_group(g, Mine, op));
}

namespace detail {
/// Scans [first, last) into result in chunks of the group's size, starting
/// from Carry; Inclusive picks the scan.
template <bool Inclusive, typename Group, typename InPtr, typename OutPtr,
          typename T, typename BinaryOperation>
OutPtr joint_scan(Group g, InPtr first, InPtr last, OutPtr result, T Carry,
                  BinaryOperation op) {
  const T Identity = joint_identity<T, BinaryOperation>();
  const size_t N = size_t(last - first), Step = g.get_local_linear_range();
  const size_t Mine = g.get_local_linear_id();
  for (size_t Base = 0; Base < N; Base += Step) {
    const size_t K = Base + Mine;
    T X = K < N ? T(first[K]) : Identity;
    T Scanned = Inclusive ? inclusive_scan_over_group(g, X, op)
                          : exclusive_scan_over_group(g, X, op);
    T Total = reduce_over_group(g, X, op);
    if (K < N)
      result[K] = op(Carry, Scanned);
    Carry = op(Carry, Total);
  }
  return result + N;
}
} // namespace detail

template <typename Group, typename InPtr, typename OutPtr,
          typename BinaryOperation,
          typename = std::enable_if_t<is_group_v<Group>>>
OutPtr joint_inclusive_scan(Group g, InPtr first, InPtr last, OutPtr result,
                            BinaryOperation op) {
  using T = detail::joint_value_t<InPtr>;
  return detail::joint_scan<true>(
      g, first, last, result, detail::joint_identity<T, BinaryOperation>(), op);
}
template <typename Group, typename InPtr, typename OutPtr,
          typename BinaryOperation, typename T,
          typename = std::enable_if_t<is_group_v<Group>>>
OutPtr joint_inclusive_scan(Group g, InPtr first, InPtr last, OutPtr result,
                            BinaryOperation op, T init) {
  detail::assert_uniform(g, init);
  return detail::joint_scan<true>(g, first, last, result, init, op);
}
template <typename Group, typename InPtr, typename OutPtr,
          typename BinaryOperation,
          typename = std::enable_if_t<is_group_v<Group>>>
OutPtr joint_exclusive_scan(Group g, InPtr first, InPtr last, OutPtr result,
                            BinaryOperation op) {
  using T = detail::joint_value_t<InPtr>;
  return detail::joint_scan<false>(
      g, first, last, result, detail::joint_identity<T, BinaryOperation>(), op);
}
template <typename Group, typename InPtr, typename OutPtr, typename T,
          typename BinaryOperation,
          typename = std::enable_if_t<is_group_v<Group>>>
OutPtr joint_exclusive_scan(Group g, InPtr first, InPtr last, OutPtr result,
                            T init, BinaryOperation op) {
  detail::assert_uniform(g, init);
  return detail::joint_scan<false>(g, first, last, result, init, op);
}

/// known_identity and has_known_identity (SYCL 2020 4.17.2).
template <typename BinaryOperation, typename AccumulatorT>
struct has_known_identity
    : std::bool_constant<
          detail::known_identity<AccumulatorT, BinaryOperation>::value> {};
template <typename BinaryOperation, typename AccumulatorT>
inline constexpr bool has_known_identity_v =
    has_known_identity<BinaryOperation, AccumulatorT>::value;
template <typename BinaryOperation, typename AccumulatorT>
struct known_identity {
  static constexpr AccumulatorT value =
      detail::known_identity<AccumulatorT, BinaryOperation>::get();
};
template <typename BinaryOperation, typename AccumulatorT>
inline constexpr AccumulatorT known_identity_v =
    known_identity<BinaryOperation, AccumulatorT>::value;

} // namespace sycl

#endif // SUBLANE_DETAIL_JOINT_ALGORITHMS_HPP
