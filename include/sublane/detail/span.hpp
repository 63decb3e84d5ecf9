//===- sublane/detail/span.hpp - sycl::span ---------------------*- C++ -*-===//
//
// sycl::span<T, Extent> (SYCL 2020 4.7.3): C++20's std::span for programs
// built as C++17, as SYCL requires. Under C++20 it converts from and to
// std::span. Reductions over a span are in
// detail/reduction.hpp. Included by <sublane/sycl.hpp>.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_SPAN_HPP
#define SUBLANE_DETAIL_SPAN_HPP

#include <array>
#include <cstddef>
#include <iterator>
#include <limits>
#include <type_traits>
#if __has_include(<span>) && __cplusplus >= 202002L
#include <span>
#define SUBLANE_HAS_STD_SPAN 1
#endif

namespace sycl {

inline constexpr std::size_t dynamic_extent =
    std::numeric_limits<std::size_t>::max();

template <typename T, std::size_t Extent = dynamic_extent> class span {
  template <typename U>
  static constexpr bool converts_from_v =
      std::is_convertible_v<U (*)[], T (*)[]>;
  template <typename C>
  using container_element_t =
      std::remove_pointer_t<decltype(std::data(std::declval<C &>()))>;

public:
  using element_type = T;
  using value_type = std::remove_cv_t<T>;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using pointer = T *;
  using const_pointer = const T *;
  using reference = T &;
  using const_reference = const T &;
  using iterator = T *;
  using reverse_iterator = std::reverse_iterator<iterator>;
  static constexpr size_type extent = Extent;

  template <std::size_t E = Extent,
            typename = std::enable_if_t<E == 0 || E == dynamic_extent>>
  constexpr span() noexcept {}
  constexpr span(pointer first, size_type count) : Data(first), Size(count) {}
  constexpr span(pointer first, pointer last)
      : Data(first), Size(size_type(last - first)) {}
  template <std::size_t N, typename = std::enable_if_t<
                               Extent == dynamic_extent || Extent == N>>
  constexpr span(element_type (&arr)[N]) noexcept : Data(arr), Size(N) {}
  template <
      typename U, std::size_t N,
      typename = std::enable_if_t<(Extent == dynamic_extent || Extent == N) &&
                                  converts_from_v<U>>>
  constexpr span(std::array<U, N> &arr) noexcept : Data(arr.data()), Size(N) {}
  template <
      typename U, std::size_t N,
      typename = std::enable_if_t<(Extent == dynamic_extent || Extent == N) &&
                                  converts_from_v<const U>>>
  constexpr span(const std::array<U, N> &arr) noexcept
      : Data(arr.data()), Size(N) {}
  /// From a contiguous container (std::vector and the like).
  template <typename Container,
            typename = std::enable_if_t<
                !std::is_array_v<Container> &&
                converts_from_v<container_element_t<Container>>>,
            typename = decltype(std::size(std::declval<Container &>()))>
  constexpr span(Container &c) : Data(std::data(c)), Size(std::size(c)) {}
  template <typename U, std::size_t N,
            typename = std::enable_if_t<(Extent == dynamic_extent ||
                                         N == dynamic_extent || N == Extent) &&
                                        converts_from_v<U>>>
  constexpr span(const span<U, N> &s) noexcept
      : Data(s.data()), Size(s.size()) {}
  constexpr span(const span &) noexcept = default;
  constexpr span &operator=(const span &) noexcept = default;
#ifdef SUBLANE_HAS_STD_SPAN
  // A std::span that is a temporary (one that is not converts as a
  // container; std::span converts from this one as from any range).
  template <typename U, std::size_t N,
            typename = std::enable_if_t<converts_from_v<U>>>
  constexpr span(std::span<U, N> &&s) noexcept
      : Data(s.data()), Size(s.size()) {}
#endif

  constexpr iterator begin() const noexcept { return Data; }
  constexpr iterator end() const noexcept { return Data + Size; }
  constexpr reverse_iterator rbegin() const noexcept {
    return reverse_iterator(end());
  }
  constexpr reverse_iterator rend() const noexcept {
    return reverse_iterator(begin());
  }

  constexpr reference front() const { return Data[0]; }
  constexpr reference back() const { return Data[Size - 1]; }
  constexpr reference operator[](size_type i) const { return Data[i]; }
  constexpr pointer data() const noexcept { return Data; }
  constexpr size_type size() const noexcept { return Size; }
  constexpr size_type size_bytes() const noexcept { return Size * sizeof(T); }
  [[nodiscard]] constexpr bool empty() const noexcept { return Size == 0; }

  template <std::size_t Count> constexpr span<T, Count> first() const {
    return span<T, Count>(Data, Count);
  }
  template <std::size_t Count> constexpr span<T, Count> last() const {
    return span<T, Count>(Data + Size - Count, Count);
  }
  template <std::size_t Offset, std::size_t Count = dynamic_extent>
  constexpr auto subspan() const {
    constexpr std::size_t E =
        Count != dynamic_extent
            ? Count
            : (Extent != dynamic_extent ? Extent - Offset : dynamic_extent);
    return span<T, E>(Data + Offset,
                      Count == dynamic_extent ? Size - Offset : Count);
  }
  constexpr span<T> first(size_type count) const {
    return span<T>(Data, count);
  }
  constexpr span<T> last(size_type count) const {
    return span<T>(Data + Size - count, count);
  }
  constexpr span<T> subspan(size_type offset,
                            size_type count = dynamic_extent) const {
    return span<T>(Data + offset,
                   count == dynamic_extent ? Size - offset : count);
  }

private:
  pointer Data = nullptr;
  size_type Size = Extent == dynamic_extent ? 0 : Extent;
};

template <typename T, std::size_t N> span(T (&)[N]) -> span<T, N>;
template <typename T, std::size_t N> span(std::array<T, N> &) -> span<T, N>;
template <typename T, std::size_t N>
span(const std::array<T, N> &) -> span<const T, N>;
template <typename Container>
span(Container &) -> span<
    std::remove_pointer_t<decltype(std::data(std::declval<Container &>()))>>;
template <typename T> span(T *, std::size_t) -> span<T>;
template <typename T> span(T *, T *) -> span<T>;

template <typename T, std::size_t Extent>
span<const std::byte,
     Extent == dynamic_extent ? dynamic_extent : Extent * sizeof(T)>
as_bytes(span<T, Extent> s) noexcept {
  return {reinterpret_cast<const std::byte *>(s.data()), s.size_bytes()};
}
template <typename T, std::size_t Extent,
          typename = std::enable_if_t<!std::is_const_v<T>>>
span<std::byte, Extent == dynamic_extent ? dynamic_extent : Extent * sizeof(T)>
as_writable_bytes(span<T, Extent> s) noexcept {
  return {reinterpret_cast<std::byte *>(s.data()), s.size_bytes()};
}

} // namespace sycl

#endif // SUBLANE_DETAIL_SPAN_HPP
