//===- sublane/detail/math.hpp - SYCL 2020 math functions -------*- C++ -*-===//
//
// The scalar math, common and integer functions of SYCL 2020 (section 4.17)
// for float and double, and the integer ones for every integer type. They
// forward to the C++ library, so a kernel's `sycl::exp` is the same call as
// the host's `std::exp` and both compute the same results; the `native`
// versions make the same calls (SYCL leaves their precision to the
// implementation).
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_MATH_HPP
#define SUBLANE_DETAIL_MATH_HPP

#include <cmath>
#include <cstdlib>
#include <type_traits>

namespace sycl {
namespace detail {
template <typename T>
using if_floating = std::enable_if_t<std::is_floating_point_v<T>, T>;
template <typename T>
using if_integral = std::enable_if_t<std::is_integral_v<T>, T>;
template <typename T>
using if_arithmetic = std::enable_if_t<std::is_arithmetic_v<T>, T>;
} // namespace detail

#define SUBLANE_MATH_UNARY(Name, Std)                                          \
  template <typename T> detail::if_floating<T> Name(T x) { return Std(x); }
#define SUBLANE_MATH_BINARY(Name, Std)                                         \
  template <typename T> detail::if_floating<T> Name(T x, T y) {                \
    return Std(x, y);                                                          \
  }

SUBLANE_MATH_UNARY(acos, std::acos)
SUBLANE_MATH_UNARY(asin, std::asin)
SUBLANE_MATH_UNARY(atan, std::atan)
SUBLANE_MATH_UNARY(cbrt, std::cbrt)
SUBLANE_MATH_UNARY(ceil, std::ceil)
SUBLANE_MATH_UNARY(cos, std::cos)
SUBLANE_MATH_UNARY(cosh, std::cosh)
SUBLANE_MATH_UNARY(erf, std::erf)
SUBLANE_MATH_UNARY(exp, std::exp)
SUBLANE_MATH_UNARY(exp2, std::exp2)
SUBLANE_MATH_UNARY(expm1, std::expm1)
SUBLANE_MATH_UNARY(fabs, std::fabs)
SUBLANE_MATH_UNARY(floor, std::floor)
SUBLANE_MATH_UNARY(log, std::log)
SUBLANE_MATH_UNARY(log10, std::log10)
SUBLANE_MATH_UNARY(log1p, std::log1p)
SUBLANE_MATH_UNARY(log2, std::log2)
SUBLANE_MATH_UNARY(rint, std::rint)
SUBLANE_MATH_UNARY(round, std::round)
SUBLANE_MATH_UNARY(sin, std::sin)
SUBLANE_MATH_UNARY(sinh, std::sinh)
SUBLANE_MATH_UNARY(sqrt, std::sqrt)
SUBLANE_MATH_UNARY(tan, std::tan)
SUBLANE_MATH_UNARY(tanh, std::tanh)
SUBLANE_MATH_UNARY(trunc, std::trunc)
SUBLANE_MATH_BINARY(atan2, std::atan2)
SUBLANE_MATH_BINARY(copysign, std::copysign)
SUBLANE_MATH_BINARY(fdim, std::fdim)
SUBLANE_MATH_BINARY(fmax, std::fmax)
SUBLANE_MATH_BINARY(fmin, std::fmin)
SUBLANE_MATH_BINARY(fmod, std::fmod)
SUBLANE_MATH_BINARY(hypot, std::hypot)
SUBLANE_MATH_BINARY(pow, std::pow)
#undef SUBLANE_MATH_UNARY
#undef SUBLANE_MATH_BINARY

template <typename T> detail::if_floating<T> rsqrt(T x) {
  return T(1) / std::sqrt(x);
}
template <typename T> detail::if_floating<T> fma(T a, T b, T c) {
  return std::fma(a, b, c);
}
/// mad may be computed with or without rounding the product (SYCL 2020).
template <typename T> detail::if_floating<T> mad(T a, T b, T c) {
  return a * b + c;
}
template <typename T> detail::if_floating<T> sincos(T x, T *cosval) {
  *cosval = std::cos(x);
  return std::sin(x);
}
template <typename T> detail::if_floating<T> pown(T x, int n) {
  return std::pow(x, T(n));
}

// Common functions (min, max, clamp for floating point follow fmin/fmax on
// ordinary values) and the integer min, max, clamp and abs.
template <typename T> detail::if_arithmetic<T> min(T x, T y) {
  return y < x ? y : x;
}
template <typename T> detail::if_arithmetic<T> max(T x, T y) {
  return x < y ? y : x;
}
template <typename T> detail::if_arithmetic<T> clamp(T x, T lo, T hi) {
  return min(max(x, lo), hi);
}
template <typename T> detail::if_floating<T> mix(T x, T y, T a) {
  return x + (y - x) * a;
}
template <typename T> detail::if_floating<T> step(T edge, T x) {
  return x < edge ? T(0) : T(1);
}
template <typename T> detail::if_floating<T> sign(T x) {
  return x > T(0) ? T(1) : x < T(0) ? T(-1) : x;
}
template <typename T> detail::if_floating<T> degrees(T r) {
  return r * T(57.295779513082320876798154814105);
}
template <typename T> detail::if_floating<T> radians(T d) {
  return d * T(0.017453292519943295769236907684886);
}
/// Integer abs returns the unsigned type of its argument (SYCL 2020).
template <typename T> std::make_unsigned_t<detail::if_integral<T>> abs(T x) {
  using U = std::make_unsigned_t<T>;
  return x < T(0) ? U(0) - U(x) : U(x);
}
template <typename T> detail::if_integral<T> mul_hi(T x, T y) {
  using Wide =
      std::conditional_t<std::is_signed_v<T>, __int128, unsigned __int128>;
  return T((Wide(x) * Wide(y)) >> (8 * sizeof(T)));
}
template <typename T> detail::if_integral<T> popcount(T x) {
  return T(__builtin_popcountll(std::make_unsigned_t<T>(x)));
}

namespace native {
template <typename T> detail::if_floating<T> exp(T x) { return std::exp(x); }
template <typename T> detail::if_floating<T> log(T x) { return std::log(x); }
template <typename T> detail::if_floating<T> sqrt(T x) { return std::sqrt(x); }
template <typename T> detail::if_floating<T> rsqrt(T x) {
  return T(1) / std::sqrt(x);
}
template <typename T> detail::if_floating<T> recip(T x) { return T(1) / x; }
template <typename T> detail::if_floating<T> divide(T x, T y) { return x / y; }
template <typename T> detail::if_floating<T> sin(T x) { return std::sin(x); }
template <typename T> detail::if_floating<T> cos(T x) { return std::cos(x); }
} // namespace native
} // namespace sycl

#endif // SUBLANE_DETAIL_MATH_HPP
