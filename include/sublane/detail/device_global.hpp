//===- sublane/detail/device_global.hpp - device_global ---------*- C++ -*-===//
//
// sycl_ext_oneapi_device_global: a global variable that kernels read and
// write and that the host fills or reads with queue::memcpy and copy. On
// the CPU the kernels and the host share the one object. It is an
// aggregate, so that `device_global<const float[16]> table{...}` is
// initialized at compile time from its list, as under DPC++ with C++20; its
// properties are accepted and have no effect here.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_DEVICE_GLOBAL_HPP
#define SUBLANE_DETAIL_DEVICE_GLOBAL_HPP

#include <cstddef>
#include <cstring>
#include <type_traits>

namespace sycl {
namespace ext::oneapi::experimental {

template <typename T, typename PropertyListT = void> struct device_global {
  using element_type = std::remove_extent_t<T>;

  T &get() noexcept { return sublane_value_; }
  const T &get() const noexcept { return sublane_value_; }
  operator T &() noexcept { return sublane_value_; }
  operator const T &() const noexcept { return sublane_value_; }

  template <typename U = T,
            typename = std::enable_if_t<std::is_copy_assignable_v<U>>>
  device_global &operator=(const U &value) noexcept {
    sublane_value_ = value;
    return *this;
  }
  template <typename U = T, typename = std::enable_if_t<std::is_array_v<U>>>
  std::remove_extent_t<U> &operator[](std::ptrdiff_t i) noexcept {
    return sublane_value_[i];
  }
  template <typename U = T, typename = std::enable_if_t<std::is_array_v<U>>>
  const std::remove_extent_t<U> &operator[](std::ptrdiff_t i) const noexcept {
    return sublane_value_[i];
  }
  template <typename U = T, typename = std::enable_if_t<std::is_class_v<U>>>
  U *operator->() noexcept {
    return &sublane_value_;
  }
  template <typename U = T, typename = std::enable_if_t<std::is_class_v<U>>>
  const U *operator->() const noexcept {
    return &sublane_value_;
  }
  template <typename Property> static constexpr bool has_property() {
    return false;
  }

  /// The value; public only so that the type stays an aggregate.
  T sublane_value_{};
};

} // namespace ext::oneapi::experimental

namespace detail {
template <typename T> struct is_device_global : std::false_type {};
template <typename T, typename P>
struct is_device_global<ext::oneapi::experimental::device_global<T, P>>
    : std::true_type {};
/// The bytes of a device_global, for the copies into it (its value may be
/// const: kernels see it as a constant, the host fills it).
template <typename T, typename P>
void *
device_global_bytes(ext::oneapi::experimental::device_global<T, P> &global) {
  return const_cast<void *>(static_cast<const void *>(&global.sublane_value_));
}
template <typename T, typename P>
const void *device_global_bytes(
    const ext::oneapi::experimental::device_global<T, P> &global) {
  return &global.sublane_value_;
}
} // namespace detail
} // namespace sycl

#endif // SUBLANE_DETAIL_DEVICE_GLOBAL_HPP
