//===- sublane/detail/oneapi_group_algorithms.hpp - pre-2020 names -*- C++ -*-//
//
// The group algorithms under the names of the oneAPI extension that
// preceded SYCL 2020 (sycl::ext::oneapi::reduce, broadcast, any_of, all_of,
// none_of, exclusive_scan, inclusive_scan and the function objects), which
// kernels written for older DPC++ releases still call. One name covers a
// value form (over the group's work-items) and a joint form (over a range
// of memory, told apart by a pointer-like first argument); each forwards to
// the SYCL 2020 function. Included by <sublane/sycl.hpp>.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_ONEAPI_GROUP_ALGORITHMS_HPP
#define SUBLANE_DETAIL_ONEAPI_GROUP_ALGORITHMS_HPP

#include <iterator>
#include <type_traits>

namespace sycl::ext::oneapi {
using sycl::bit_and;
using sycl::bit_or;
using sycl::bit_xor;
using sycl::logical_and;
using sycl::logical_or;
using sycl::maximum;
using sycl::minimum;
using sycl::multiplies;
using sycl::plus;

namespace detail {
/// Whether a group algorithm's first argument after the group starts a
/// range of memory (a pointer, multi_ptr or random-access iterator) rather
/// than being the work-item's value.
template <typename T, typename = void>
struct is_range_start : std::is_pointer<T> {};
template <typename T>
struct is_range_start<
    T, std::void_t<typename std::iterator_traits<T>::iterator_category>>
    : std::is_base_of<std::random_access_iterator_tag,
                      typename std::iterator_traits<T>::iterator_category> {};
template <typename T, access::address_space Space, access::decorated D>
struct is_range_start<multi_ptr<T, Space, D>> : std::true_type {};

template <typename Group, typename First>
using if_value_t =
    std::enable_if_t<is_group_v<Group> &&
                     !is_range_start<std::decay_t<First>>::value>;
template <typename Group, typename First>
using if_range_t = std::enable_if_t<is_group_v<Group> &&
                                    is_range_start<std::decay_t<First>>::value>;
} // namespace detail

#define SUBLANE_ONEAPI_GROUP_ALGORITHM(Name, ValueForm, JointForm)             \
  template <typename Group, typename First, typename... Rest,                  \
            typename = detail::if_value_t<Group, First>>                       \
  auto Name(Group g, First x, Rest... rest)                                    \
      ->decltype(sycl::ValueForm(g, x, rest...)) {                             \
    return sycl::ValueForm(g, x, rest...);                                     \
  }                                                                            \
  template <typename Group, typename Ptr, typename... Rest,                    \
            typename = detail::if_range_t<Group, Ptr>, typename = void>        \
  auto Name(Group g, Ptr first, Rest... rest)                                  \
      ->decltype(sycl::JointForm(g, first, rest...)) {                         \
    return sycl::JointForm(g, first, rest...);                                 \
  }
SUBLANE_ONEAPI_GROUP_ALGORITHM(reduce, reduce_over_group, joint_reduce)
SUBLANE_ONEAPI_GROUP_ALGORITHM(exclusive_scan, exclusive_scan_over_group,
                               joint_exclusive_scan)
SUBLANE_ONEAPI_GROUP_ALGORITHM(inclusive_scan, inclusive_scan_over_group,
                               joint_inclusive_scan)
SUBLANE_ONEAPI_GROUP_ALGORITHM(any_of, any_of_group, joint_any_of)
SUBLANE_ONEAPI_GROUP_ALGORITHM(all_of, all_of_group, joint_all_of)
SUBLANE_ONEAPI_GROUP_ALGORITHM(none_of, none_of_group, joint_none_of)
#undef SUBLANE_ONEAPI_GROUP_ALGORITHM

template <typename Group, typename T, typename... Index,
          typename = std::enable_if_t<is_group_v<Group>>>
auto broadcast(Group g, T x, Index... local)
    -> decltype(sycl::group_broadcast(g, x, local...)) {
  return sycl::group_broadcast(g, x, local...);
}
} // namespace sycl::ext::oneapi

#endif // SUBLANE_DETAIL_ONEAPI_GROUP_ALGORITHMS_HPP
