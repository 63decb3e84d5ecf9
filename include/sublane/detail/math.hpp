//===- sublane/detail/math.hpp - SYCL 2020 math functions -------*- C++ -*-===//
//
// The scalar math, common and integer functions of SYCL 2020 (sections
// 4.17.5-4.17.7) for float and double (and half, computed in float and
// rounded once), and the integer ones for every
// integer type. They
// forward to the C++ library, so a kernel's `sycl::exp` is the same call as
// the host's `std::exp` and both compute the same results; the `native`
// versions make the same calls (SYCL leaves their precision to the
// implementation).
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_MATH_HPP
#define SUBLANE_DETAIL_MATH_HPP

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
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
SUBLANE_MATH_UNARY(acosh, std::acosh)
SUBLANE_MATH_UNARY(asin, std::asin)
SUBLANE_MATH_UNARY(asinh, std::asinh)
SUBLANE_MATH_UNARY(atan, std::atan)
SUBLANE_MATH_UNARY(atanh, std::atanh)
SUBLANE_MATH_UNARY(cbrt, std::cbrt)
SUBLANE_MATH_UNARY(ceil, std::ceil)
SUBLANE_MATH_UNARY(cos, std::cos)
SUBLANE_MATH_UNARY(cosh, std::cosh)
SUBLANE_MATH_UNARY(erf, std::erf)
SUBLANE_MATH_UNARY(erfc, std::erfc)
SUBLANE_MATH_UNARY(exp, std::exp)
SUBLANE_MATH_UNARY(exp2, std::exp2)
SUBLANE_MATH_UNARY(expm1, std::expm1)
SUBLANE_MATH_UNARY(fabs, std::fabs)
SUBLANE_MATH_UNARY(floor, std::floor)
SUBLANE_MATH_UNARY(lgamma, std::lgamma)
SUBLANE_MATH_UNARY(log, std::log)
SUBLANE_MATH_UNARY(log10, std::log10)
SUBLANE_MATH_UNARY(log1p, std::log1p)
SUBLANE_MATH_UNARY(log2, std::log2)
SUBLANE_MATH_UNARY(logb, std::logb)
SUBLANE_MATH_UNARY(rint, std::rint)
SUBLANE_MATH_UNARY(round, std::round)
SUBLANE_MATH_UNARY(sin, std::sin)
SUBLANE_MATH_UNARY(sinh, std::sinh)
SUBLANE_MATH_UNARY(sqrt, std::sqrt)
SUBLANE_MATH_UNARY(tan, std::tan)
SUBLANE_MATH_UNARY(tanh, std::tanh)
SUBLANE_MATH_UNARY(tgamma, std::tgamma)
SUBLANE_MATH_UNARY(trunc, std::trunc)
SUBLANE_MATH_BINARY(atan2, std::atan2)
SUBLANE_MATH_BINARY(copysign, std::copysign)
SUBLANE_MATH_BINARY(fdim, std::fdim)
SUBLANE_MATH_BINARY(fmax, std::fmax)
SUBLANE_MATH_BINARY(fmin, std::fmin)
SUBLANE_MATH_BINARY(fmod, std::fmod)
SUBLANE_MATH_BINARY(hypot, std::hypot)
SUBLANE_MATH_BINARY(nextafter, std::nextafter)
SUBLANE_MATH_BINARY(pow, std::pow)
SUBLANE_MATH_BINARY(remainder, std::remainder)
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
template <typename T> detail::if_floating<T> exp10(T x) {
  return std::pow(T(10), x);
}
/// pow for x >= 0; NaN for x < 0 (SYCL 2020 powr).
template <typename T> detail::if_floating<T> powr(T x, T y) {
  return x < T(0) ? std::numeric_limits<T>::quiet_NaN() : std::pow(x, y);
}
/// The n-th root, negative for a negative x and odd n.
template <typename T> detail::if_floating<T> rootn(T x, int n) {
  if (x < T(0) && n % 2 != 0)
    return -std::pow(-x, T(1) / T(n));
  return std::pow(x, T(1) / T(n));
}
template <typename T>
std::enable_if_t<std::is_floating_point_v<T>, int> ilogb(T x) {
  return std::ilogb(x);
}
template <typename T> detail::if_floating<T> ldexp(T x, int k) {
  return std::ldexp(x, k);
}
/// The argument of larger (smaller) magnitude; fmax (fmin) on a tie.
template <typename T> detail::if_floating<T> maxmag(T x, T y) {
  T X = std::fabs(x), Y = std::fabs(y);
  return X > Y ? x : Y > X ? y : std::fmax(x, y);
}
template <typename T> detail::if_floating<T> minmag(T x, T y) {
  T X = std::fabs(x), Y = std::fabs(y);
  return X < Y ? x : Y < X ? y : std::fmin(x, y);
}
namespace detail {
template <typename T> constexpr T pi = T(3.141592653589793238462643383279503);
} // namespace detail
template <typename T> detail::if_floating<T> acospi(T x) {
  return std::acos(x) / detail::pi<T>;
}
template <typename T> detail::if_floating<T> asinpi(T x) {
  return std::asin(x) / detail::pi<T>;
}
template <typename T> detail::if_floating<T> atanpi(T x) {
  return std::atan(x) / detail::pi<T>;
}
template <typename T> detail::if_floating<T> atan2pi(T y, T x) {
  return std::atan2(y, x) / detail::pi<T>;
}

namespace detail {
/// sin(pi x) and cos(pi x), reduced exactly to |r| <= 1/4 first so that
/// whole and half-integers give exact zeros and ones.
template <typename T> void sinCosPi(T x, T &Sin, T &Cos) {
  if (!std::isfinite(x)) {
    Sin = Cos = std::numeric_limits<T>::quiet_NaN();
    return;
  }
  T Y = std::fmod(std::fabs(x), T(2)); // exact
  T Half = std::nearbyint(Y * T(2));   // 0 ... 4
  T R = Y - Half * T(0.5);             // exact, in [-1/4, 1/4]
  T S = std::sin(detail::pi<T> * R), C = std::cos(detail::pi<T> * R);
  switch (int(Half) % 4) {
  case 0:
    Sin = S, Cos = C;
    break;
  case 1:
    Sin = C, Cos = -S;
    break;
  case 2:
    Sin = -S, Cos = -C;
    break;
  default:
    Sin = -C, Cos = S;
    break;
  }
  Sin = Sin == T(0) ? T(0) : Sin;
  Cos = Cos == T(0) ? T(0) : Cos;
  if (x < T(0))
    Sin = -Sin;
}
} // namespace detail
template <typename T> detail::if_floating<T> sinpi(T x) {
  T S, C;
  detail::sinCosPi(x, S, C);
  return S;
}
template <typename T> detail::if_floating<T> cospi(T x) {
  T S, C;
  detail::sinCosPi(x, S, C);
  return C;
}
template <typename T> detail::if_floating<T> tanpi(T x) {
  T S, C;
  detail::sinCosPi(x, S, C);
  return S / C;
}

// The functions that also return a value through a pointer: any pointer-
// like argument (a raw pointer or a multi_ptr) will do.
template <typename T, typename Ptr>
detail::if_floating<T> fract(T x, Ptr iptr) {
  T Floor = std::floor(x);
  *iptr = Floor;
  if (std::isnan(x))
    return x;
  if (std::isinf(x))
    return std::copysign(T(0), x);
  return std::fmin(x - Floor, std::nextafter(T(1), T(0)));
}
template <typename T, typename Ptr> detail::if_floating<T> frexp(T x, Ptr exp) {
  int E;
  T R = std::frexp(x, &E);
  *exp = E;
  return R;
}
template <typename T, typename Ptr> detail::if_floating<T> modf(T x, Ptr iptr) {
  T Whole;
  T R = std::modf(x, &Whole);
  *iptr = Whole;
  return R;
}
template <typename T, typename Ptr>
detail::if_floating<T> remquo(T x, T y, Ptr quo) {
  int Q;
  T R = std::remquo(x, y, &Q);
  *quo = Q;
  return R;
}
template <typename T, typename Ptr>
detail::if_floating<T> lgamma_r(T x, Ptr signp) {
  // Gamma is negative between a negative odd and the even integer above.
  bool Negative =
      x < T(0) && x != std::floor(x) && std::fmod(std::floor(x), T(2)) != T(0);
  *signp = Negative ? -1 : 1;
  return std::lgamma(x);
}
/// A quiet NaN; the code is not kept (SYCL leaves its use to the
/// implementation).
inline float nan(uint32_t) { return std::numeric_limits<float>::quiet_NaN(); }
inline double nan(uint64_t) { return std::numeric_limits<double>::quiet_NaN(); }

// Common functions (min, max, clamp for floating point follow fmin/fmax on
// ordinary values) and the integer min, max, clamp and abs.
// The empty pack NoArgs lets std::min, std::max and std::clamp, the same
// operations, win where a program's using-directives make both visible.
namespace detail {
template <typename T, typename... NoArgs>
using if_arithmetic_only =
    std::enable_if_t<std::is_arithmetic_v<T> && sizeof...(NoArgs) == 0, T>;
} // namespace detail
template <typename T, typename... NoArgs>
detail::if_arithmetic_only<T, NoArgs...> min(T x, T y, NoArgs...) {
  return y < x ? y : x;
}
template <typename T, typename... NoArgs>
detail::if_arithmetic_only<T, NoArgs...> max(T x, T y, NoArgs...) {
  return x < y ? y : x;
}
template <typename T, typename... NoArgs>
detail::if_arithmetic_only<T, NoArgs...> clamp(T x, T lo, T hi, NoArgs...) {
  return min(max(x, lo), hi);
}
// Arguments of different arithmetic types (`sycl::min(gid + 4u, n - 1)`,
// an unsigned and a size_t) are compared in their common type, as C++'s
// operators would. Without these, the only viable overloads were half's,
// which converted both to half.
namespace detail {
template <typename... Ts>
using if_mixed_arithmetic =
    std::enable_if_t<(std::is_arithmetic_v<Ts> && ...) &&
                         !(std::is_same_v<Ts, std::common_type_t<Ts...>> &&
                           ...),
                     std::common_type_t<Ts...>>;
} // namespace detail
template <typename T, typename U>
detail::if_mixed_arithmetic<T, U> min(T x, U y) {
  using C = std::common_type_t<T, U>;
  return min(C(x), C(y));
}
template <typename T, typename U>
detail::if_mixed_arithmetic<T, U> max(T x, U y) {
  using C = std::common_type_t<T, U>;
  return max(C(x), C(y));
}
template <typename T, typename U, typename V>
detail::if_mixed_arithmetic<T, U, V> clamp(T x, U lo, V hi) {
  using C = std::common_type_t<T, U, V>;
  return clamp(C(x), C(lo), C(hi));
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
template <typename T> detail::if_floating<T> smoothstep(T edge0, T edge1, T x) {
  T t = clamp((x - edge0) / (edge1 - edge0), T(0), T(1));
  return t * t * (T(3) - T(2) * t);
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
template <typename T> detail::if_integral<T> clz(T x) {
  using U = std::make_unsigned_t<T>;
  constexpr int Bits = 8 * sizeof(T);
  U u = U(x);
  return u == 0 ? T(Bits)
                : T(__builtin_clzll(static_cast<unsigned long long>(u)) -
                    (64 - Bits));
}
template <typename T> detail::if_integral<T> ctz(T x) {
  using U = std::make_unsigned_t<T>;
  U u = U(x);
  return u == 0 ? T(8 * sizeof(T))
                : T(__builtin_ctzll(static_cast<unsigned long long>(u)));
}
/// x rotated left by y bits (y taken modulo the width).
template <typename T> detail::if_integral<T> rotate(T x, T y) {
  using U = std::make_unsigned_t<T>;
  constexpr unsigned Bits = 8 * sizeof(T);
  unsigned K = unsigned(U(y) % Bits);
  U u = U(x);
  return T(K == 0 ? u : U(u << K) | U(u >> (Bits - K)));
}
template <typename T>
std::make_unsigned_t<detail::if_integral<T>> abs_diff(T x, T y) {
  using U = std::make_unsigned_t<T>;
  return x > y ? U(U(x) - U(y)) : U(U(y) - U(x));
}
/// (x + y) >> 1 and (x + y + 1) >> 1 without overflow.
template <typename T> detail::if_integral<T> hadd(T x, T y) {
  return T((x >> 1) + (y >> 1) + (x & y & 1));
}
template <typename T> detail::if_integral<T> rhadd(T x, T y) {
  return T((x >> 1) + (y >> 1) + ((x | y) & 1));
}
template <typename T> detail::if_integral<T> add_sat(T x, T y) {
  T R;
  if (!__builtin_add_overflow(x, y, &R))
    return R;
  if constexpr (std::is_signed_v<T>)
    return y > 0 ? std::numeric_limits<T>::max()
                 : std::numeric_limits<T>::min();
  else
    return std::numeric_limits<T>::max();
}
template <typename T> detail::if_integral<T> sub_sat(T x, T y) {
  T R;
  if (!__builtin_sub_overflow(x, y, &R))
    return R;
  if constexpr (std::is_signed_v<T>)
    return y < 0 ? std::numeric_limits<T>::max()
                 : std::numeric_limits<T>::min();
  else
    return T(0);
}
template <typename T> detail::if_integral<T> mad_hi(T a, T b, T c) {
  return T(mul_hi(a, b) + c);
}
template <typename T> detail::if_integral<T> mad_sat(T a, T b, T c) {
  T P;
  if (!__builtin_mul_overflow(a, b, &P))
    return add_sat(P, c);
  if constexpr (std::is_signed_v<T>)
    return (a < 0) != (b < 0) ? std::numeric_limits<T>::min()
                              : std::numeric_limits<T>::max();
  else
    return std::numeric_limits<T>::max();
}
/// 24-bit multiplies: exact for operands of 24 bits, as SYCL requires.
template <typename T>
std::enable_if_t<std::is_integral_v<T> && sizeof(T) == 4, T> mul24(T x, T y) {
  return T(x * y);
}
template <typename T>
std::enable_if_t<std::is_integral_v<T> && sizeof(T) == 4, T> mad24(T x, T y,
                                                                   T z) {
  return T(x * y + z);
}
namespace detail {
template <typename T> struct upsampled;
template <> struct upsampled<int8_t> { using type = int16_t; };
template <> struct upsampled<uint8_t> { using type = uint16_t; };
template <> struct upsampled<int16_t> { using type = int32_t; };
template <> struct upsampled<uint16_t> { using type = uint32_t; };
template <> struct upsampled<int32_t> { using type = int64_t; };
template <> struct upsampled<uint32_t> { using type = uint64_t; };
} // namespace detail
/// hi in the upper half and lo in the lower half of the type twice as wide;
/// lo is unsigned, hi signed or not as the result.
template <typename T>
typename detail::upsampled<T>::type upsample(T hi, std::make_unsigned_t<T> lo) {
  using W = typename detail::upsampled<T>::type;
  using UW = std::make_unsigned_t<W>;
  return W((UW(std::make_unsigned_t<T>(hi)) << (8 * sizeof(T))) | UW(lo));
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
template <typename T> detail::if_floating<T> tan(T x) { return std::tan(x); }
template <typename T> detail::if_floating<T> exp2(T x) { return std::exp2(x); }
template <typename T> detail::if_floating<T> exp10(T x) {
  return std::pow(T(10), x);
}
template <typename T> detail::if_floating<T> log2(T x) { return std::log2(x); }
template <typename T> detail::if_floating<T> log10(T x) {
  return std::log10(x);
}
template <typename T> detail::if_floating<T> powr(T x, T y) {
  return sycl::powr(x, y);
}
} // namespace native

// sycl::half: computed in float and rounded once to half, as half's own
// arithmetic is. (Non-template overloads: the templates above take only
// the built-in floating types.)
//
// An integer argument is no half: as in <cmath>, it is computed in double
// (the floating functions take only floating types), where the half
// overload would have converted it to half. These templates have the
// signatures of <cmath>'s integer and mixed-type overloads, so a program
// that says `using namespace std; using namespace sycl;` and calls
// pow(i, 2) would find both equally good; an empty trailing parameter pack
// (NoArgs) makes <cmath>'s the more specialized ([temp.deduct.partial]/11),
// and the same value comes back either way.
namespace detail {
template <typename T, typename... NoArgs>
using if_integral_double =
    std::enable_if_t<std::is_integral_v<T> && sizeof...(NoArgs) == 0, double>;
template <typename T, typename U, typename... NoArgs>
using if_mixed_floating = std::enable_if_t<
    std::is_arithmetic_v<T> && std::is_arithmetic_v<U> &&
        !(std::is_same_v<T, U> && std::is_floating_point_v<T>) &&
        sizeof...(NoArgs) == 0,
    std::conditional_t<std::is_integral_v<std::common_type_t<T, U>>, double,
                       std::common_type_t<T, U>>>;
} // namespace detail
#define SUBLANE_HALF_UNARY(Name)                                               \
  inline half Name(half x) { return half(Name(float(x))); }                    \
  template <typename T, typename... NoArgs>                                    \
  detail::if_integral_double<T, NoArgs...> Name(T x, NoArgs...) {              \
    return Name(double(x));                                                    \
  }
#define SUBLANE_HALF_BINARY(Name)                                              \
  inline half Name(half x, half y) { return half(Name(float(x), float(y))); }  \
  template <typename T, typename U, typename... NoArgs>                        \
  detail::if_mixed_floating<T, U, NoArgs...> Name(T x, U y, NoArgs...) {       \
    using C = detail::if_mixed_floating<T, U>;                                 \
    return Name(C(x), C(y));                                                   \
  }
#define SUBLANE_HALF_BINARY_ONLY(Name)                                         \
  inline half Name(half x, half y) { return half(Name(float(x), float(y))); }
#define SUBLANE_HALF_TERNARY(Name)                                             \
  inline half Name(half x, half y, half z) {                                   \
    return half(Name(float(x), float(y), float(z)));                           \
  }
namespace native {
SUBLANE_HALF_UNARY(exp)
SUBLANE_HALF_UNARY(log)
SUBLANE_HALF_UNARY(sqrt)
SUBLANE_HALF_UNARY(rsqrt)
SUBLANE_HALF_UNARY(recip)
SUBLANE_HALF_BINARY(divide)
SUBLANE_HALF_UNARY(sin)
SUBLANE_HALF_UNARY(cos)
SUBLANE_HALF_UNARY(tan)
SUBLANE_HALF_UNARY(exp2)
SUBLANE_HALF_UNARY(exp10)
SUBLANE_HALF_UNARY(log2)
SUBLANE_HALF_UNARY(log10)
SUBLANE_HALF_BINARY(powr)
} // namespace native
SUBLANE_HALF_UNARY(acos)
SUBLANE_HALF_UNARY(acosh)
SUBLANE_HALF_UNARY(acospi)
SUBLANE_HALF_UNARY(asin)
SUBLANE_HALF_UNARY(asinh)
SUBLANE_HALF_UNARY(asinpi)
SUBLANE_HALF_UNARY(atan)
SUBLANE_HALF_UNARY(atanh)
SUBLANE_HALF_UNARY(atanpi)
SUBLANE_HALF_UNARY(cbrt)
SUBLANE_HALF_UNARY(ceil)
SUBLANE_HALF_UNARY(cos)
SUBLANE_HALF_UNARY(cosh)
SUBLANE_HALF_UNARY(cospi)
SUBLANE_HALF_UNARY(erf)
SUBLANE_HALF_UNARY(erfc)
SUBLANE_HALF_UNARY(exp)
SUBLANE_HALF_UNARY(exp2)
SUBLANE_HALF_UNARY(exp10)
SUBLANE_HALF_UNARY(expm1)
SUBLANE_HALF_UNARY(fabs)
SUBLANE_HALF_UNARY(floor)
SUBLANE_HALF_UNARY(lgamma)
SUBLANE_HALF_UNARY(log)
SUBLANE_HALF_UNARY(log10)
SUBLANE_HALF_UNARY(log1p)
SUBLANE_HALF_UNARY(log2)
SUBLANE_HALF_UNARY(logb)
SUBLANE_HALF_UNARY(rint)
SUBLANE_HALF_UNARY(round)
SUBLANE_HALF_UNARY(rsqrt)
SUBLANE_HALF_UNARY(sin)
SUBLANE_HALF_UNARY(sinh)
SUBLANE_HALF_UNARY(sinpi)
SUBLANE_HALF_UNARY(sqrt)
SUBLANE_HALF_UNARY(tan)
SUBLANE_HALF_UNARY(tanh)
SUBLANE_HALF_UNARY(tanpi)
SUBLANE_HALF_UNARY(tgamma)
SUBLANE_HALF_UNARY(trunc)
SUBLANE_HALF_UNARY(degrees)
SUBLANE_HALF_UNARY(radians)
SUBLANE_HALF_UNARY(sign)
SUBLANE_HALF_BINARY(atan2)
SUBLANE_HALF_BINARY(atan2pi)
SUBLANE_HALF_BINARY(copysign)
SUBLANE_HALF_BINARY(fdim)
SUBLANE_HALF_BINARY(fmax)
SUBLANE_HALF_BINARY(fmin)
SUBLANE_HALF_BINARY(fmod)
SUBLANE_HALF_BINARY(hypot)
SUBLANE_HALF_BINARY(maxmag)
SUBLANE_HALF_BINARY(minmag)
SUBLANE_HALF_BINARY(pow)
SUBLANE_HALF_BINARY(powr)
SUBLANE_HALF_BINARY(remainder)
SUBLANE_HALF_BINARY(step)
SUBLANE_HALF_BINARY_ONLY(min)
SUBLANE_HALF_BINARY_ONLY(max)
SUBLANE_HALF_TERNARY(fma)
SUBLANE_HALF_TERNARY(mad)
SUBLANE_HALF_TERNARY(clamp)
SUBLANE_HALF_TERNARY(mix)
SUBLANE_HALF_TERNARY(smoothstep)
inline half pown(half x, int n) { return half(pown(float(x), n)); }
inline half rootn(half x, int n) { return half(rootn(float(x), n)); }
inline half ldexp(half x, int k) { return half(ldexp(float(x), k)); }
inline int ilogb(half x) { return ilogb(float(x)); }
#undef SUBLANE_HALF_UNARY
#undef SUBLANE_HALF_BINARY
#undef SUBLANE_HALF_BINARY_ONLY
#undef SUBLANE_HALF_TERNARY

// half_precision (SYCL 2020 4.17.6), the same calls as native, is declared
// in vec.hpp once the vec and marray overloads exist.
} // namespace sycl

#endif // SUBLANE_DETAIL_MATH_HPP
