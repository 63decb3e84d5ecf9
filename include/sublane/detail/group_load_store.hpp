//===- sublane/detail/group_load_store.hpp - group_load/store ---*- C++ -*-===//
//
// sycl_ext_oneapi_group_load_store: a group's work-items load or store a
// block of elements together. Blocked placement (the default) gives
// work-item i the elements i*N to i*N+N-1, striped placement (the property
// data_placement_striped) the elements i, i+S, ... for a group of S
// work-items. Each work-item moves its own elements: the vectorizer turns
// the blocked pattern into strided and the striped one into contiguous
// vector accesses. The other properties are hints and have no effect.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_GROUP_LOAD_STORE_HPP
#define SUBLANE_DETAIL_GROUP_LOAD_STORE_HPP

#include <cstddef>
#include <type_traits>

namespace sycl {
namespace detail {
template <typename T> struct is_span : std::false_type {};
template <typename T, size_t E> struct is_span<span<T, E>> : std::true_type {};
} // namespace detail

namespace ext::oneapi::experimental {

struct data_placement_blocked_key {};
struct data_placement_striped_key {};
struct contiguous_memory_key {};
struct full_group_key {};
inline constexpr data_placement_blocked_key data_placement_blocked{};
inline constexpr data_placement_striped_key data_placement_striped{};
inline constexpr contiguous_memory_key contiguous_memory{};
inline constexpr full_group_key full_group{};

namespace detail {
template <typename Properties> struct is_striped : std::false_type {};
template <typename... Props>
struct is_striped<properties<Props...>>
    : std::bool_constant<(std::is_same_v<Props, data_placement_striped_key> ||
                          ...)> {};
/// Where work-item \p Id of \p Size keeps its element \p K of \p N.
template <typename Properties>
size_t element_index(size_t Id, size_t Size, size_t K, size_t N) {
  return is_striped<Properties>::value ? Id + K * Size : Id * N + K;
}
} // namespace detail

template <typename Group, typename InputIteratorT, typename OutputT, size_t N,
          typename Properties = properties<>>
std::enable_if_t<sycl::is_group_v<Group>>
group_load(Group g, InputIteratorT in, span<OutputT, N> out, Properties = {}) {
  const size_t Id = g.get_local_linear_id(), Size = g.get_local_linear_range();
  for (size_t K = 0; K < N; ++K)
    out[K] = in[detail::element_index<Properties>(Id, Size, K, N)];
}
template <typename Group, typename InputIteratorT, typename OutputT,
          typename Properties = properties<>>
std::enable_if_t<sycl::is_group_v<Group>>
group_load(Group g, InputIteratorT in, OutputT &out, Properties = {}) {
  out = in[g.get_local_linear_id()];
}
template <typename Group, typename InputT, size_t N, typename OutputIteratorT,
          typename Properties = properties<>>
std::enable_if_t<sycl::is_group_v<Group>>
group_store(Group g, const span<InputT, N> in, OutputIteratorT out,
            Properties = {}) {
  const size_t Id = g.get_local_linear_id(), Size = g.get_local_linear_range();
  for (size_t K = 0; K < N; ++K)
    out[detail::element_index<Properties>(Id, Size, K, N)] = in[K];
}
template <typename Group, typename InputT, typename OutputIteratorT,
          typename Properties = properties<>>
std::enable_if_t<sycl::is_group_v<Group> &&
                 !sycl::detail::is_span<std::decay_t<InputT>>::value>
group_store(Group g, const InputT &in, OutputIteratorT out, Properties = {}) {
  out[g.get_local_linear_id()] = in;
}

} // namespace ext::oneapi::experimental
} // namespace sycl

#endif // SUBLANE_DETAIL_GROUP_LOAD_STORE_HPP
