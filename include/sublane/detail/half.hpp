//===- sublane/detail/half.hpp - sycl::half ---------------------*- C++ -*-===//
//
// SYCL's 16-bit floating-point type, stored as IEEE binary16 (_Float16).
// Arithmetic is done in float and rounded once to half, which gives the
// correctly rounded half result for + - * /. As in other implementations,
// half with a float or double computes in that type, and half with an
// integer stays half. Included by <sublane/sycl.hpp>.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_HALF_HPP
#define SUBLANE_DETAIL_HALF_HPP

#include <limits>
#include <type_traits>

namespace sycl {

class half {
public:
  half() = default;
  constexpr half(float f) : Value(static_cast<_Float16>(f)) {}
  template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
  constexpr half(T x) : Value(static_cast<_Float16>(x)) {}
  constexpr operator float() const { return static_cast<float>(Value); }

  half &operator+=(half o) { return *this = half(float(*this) + float(o)); }
  half &operator-=(half o) { return *this = half(float(*this) - float(o)); }
  half &operator*=(half o) { return *this = half(float(*this) * float(o)); }
  half &operator/=(half o) { return *this = half(float(*this) / float(o)); }
  half &operator++() { return *this += half(1.0f); }
  half &operator--() { return *this -= half(1.0f); }
  half operator++(int) {
    half old = *this;
    ++*this;
    return old;
  }
  half operator--(int) {
    half old = *this;
    --*this;
    return old;
  }
  friend half operator-(half a) { return half(-float(a)); }
  friend half operator+(half a) { return a; }

private:
  _Float16 Value;
};

namespace detail {
/// The type half with \p T computes in: T for floating point, else half.
template <typename T>
using half_with_t = std::conditional_t<std::is_floating_point_v<T>, T, half>;
template <typename T>
inline constexpr bool is_half_operand =
    std::is_arithmetic_v<T> && !std::is_same_v<T, bool>;
} // namespace detail

#define SUBLANE_HALF_ARITHMETIC(Op)                                            \
  inline half operator Op(half a, half b) {                                    \
    return half(float(a) Op float(b));                                         \
  }                                                                            \
  template <typename T,                                                        \
            typename = std::enable_if_t<detail::is_half_operand<T>>>           \
  detail::half_with_t<T> operator Op(half a, T b) {                            \
    using R = detail::half_with_t<T>;                                          \
    if constexpr (std::is_floating_point_v<T>)                                 \
      return R(a) Op b;                                                        \
    else                                                                       \
      return half(float(a) Op float(b));                                       \
  }                                                                            \
  template <typename T,                                                        \
            typename = std::enable_if_t<detail::is_half_operand<T>>>           \
  detail::half_with_t<T> operator Op(T a, half b) {                            \
    using R = detail::half_with_t<T>;                                          \
    if constexpr (std::is_floating_point_v<T>)                                 \
      return a Op R(b);                                                        \
    else                                                                       \
      return half(float(a) Op float(b));                                       \
  }
SUBLANE_HALF_ARITHMETIC(+)
SUBLANE_HALF_ARITHMETIC(-)
SUBLANE_HALF_ARITHMETIC(*)
SUBLANE_HALF_ARITHMETIC(/)
#undef SUBLANE_HALF_ARITHMETIC

#define SUBLANE_HALF_COMPARISON(Op)                                            \
  inline bool operator Op(half a, half b) { return float(a) Op float(b); }     \
  template <typename T,                                                        \
            typename = std::enable_if_t<detail::is_half_operand<T>>>           \
  bool operator Op(half a, T b) {                                              \
    return detail::half_with_t<T>(a) Op b;                                     \
  }                                                                            \
  template <typename T,                                                        \
            typename = std::enable_if_t<detail::is_half_operand<T>>>           \
  bool operator Op(T a, half b) {                                              \
    return a Op detail::half_with_t<T>(b);                                     \
  }
SUBLANE_HALF_COMPARISON(==)
SUBLANE_HALF_COMPARISON(!=)
SUBLANE_HALF_COMPARISON(<)
SUBLANE_HALF_COMPARISON(>)
SUBLANE_HALF_COMPARISON(<=)
SUBLANE_HALF_COMPARISON(>=)
#undef SUBLANE_HALF_COMPARISON

} // namespace sycl

template <> class std::numeric_limits<sycl::half> {
public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr int digits = 11;
  static constexpr int digits10 = 3;
  static constexpr int max_digits10 = 5;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -13;
  static constexpr int max_exponent = 16;
  static constexpr sycl::half min() noexcept { return 6.103515625e-05f; }
  static constexpr sycl::half lowest() noexcept { return -65504.0f; }
  static constexpr sycl::half max() noexcept { return 65504.0f; }
  static constexpr sycl::half epsilon() noexcept { return 0.0009765625f; }
  static constexpr sycl::half denorm_min() noexcept {
    return 5.9604644775390625e-08f;
  }
  static constexpr sycl::half infinity() noexcept {
    return std::numeric_limits<float>::infinity();
  }
  static constexpr sycl::half quiet_NaN() noexcept {
    return std::numeric_limits<float>::quiet_NaN();
  }
};

#endif // SUBLANE_DETAIL_HALF_HPP
