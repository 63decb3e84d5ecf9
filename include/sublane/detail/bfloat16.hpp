//===- sublane/detail/bfloat16.hpp - oneAPI bfloat16 -----------*- C++ -*-===//
//
// The bfloat16 type of sycl_ext_oneapi_bfloat16: the upper 16 bits of a
// float. Conversions from float round to nearest even and keep NaNs quiet;
// arithmetic is done in float and rounded once. The conversions are integer
// operations, so kernels over bfloat16 arrays vectorize on every x86 target
// (no AVX512-BF16 needed). Included by <sublane/sycl.hpp> and by
// <sycl/ext/oneapi/bfloat16.hpp>.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_BFLOAT16_HPP
#define SUBLANE_DETAIL_BFLOAT16_HPP

#include "sublane/detail/half.hpp"

#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

namespace sycl {
namespace ext::oneapi {
class bfloat16;
} // namespace ext::oneapi

namespace detail {
inline uint16_t floatToBfloat16Bits(float F) {
  uint32_t U;
  std::memcpy(&U, &F, sizeof(U));
  if ((U & 0x7fffffffu) > 0x7f800000u) // NaN: keep the sign, make it quiet
    return uint16_t((U >> 16) | 0x40u);
  // Round to nearest, ties to even: add just under half an ulp of the
  // result, plus one when the kept part is odd.
  U += 0x7fffu + ((U >> 16) & 1u);
  return uint16_t(U >> 16);
}
inline float bfloat16BitsToFloat(uint16_t Bits) {
  const uint32_t U = uint32_t(Bits) << 16;
  float F;
  std::memcpy(&F, &U, sizeof(F));
  return F;
}
inline uint16_t bfloat16ToBits(const ext::oneapi::bfloat16 &Value);
inline ext::oneapi::bfloat16 bitsToBfloat16(uint16_t Bits);
} // namespace detail

namespace ext::oneapi {

class bfloat16 {
public:
  bfloat16() = default;
  bfloat16(const bfloat16 &) = default;
  bfloat16 &operator=(const bfloat16 &) = default;
  bfloat16(const float &F) : Bits(sycl::detail::floatToBfloat16Bits(F)) {}
  bfloat16(const sycl::half &H) : bfloat16(float(H)) {}
  /// Other arithmetic types convert through float, as in DPC++.
  template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T> &&
                                                    !std::is_same_v<T, float>>>
  bfloat16(const T &X) : bfloat16(static_cast<float>(X)) {}
  bfloat16 &operator=(const float &F) { return *this = bfloat16(F); }
  bfloat16 &operator=(const sycl::half &H) { return *this = bfloat16(H); }

  operator float() const { return sycl::detail::bfloat16BitsToFloat(Bits); }
  operator sycl::half() const { return sycl::half(float(*this)); }
  explicit operator bool() const { return (Bits & 0x7fffu) != 0; }

  friend bfloat16 operator-(const bfloat16 &X) {
    bfloat16 R;
    R.Bits = X.Bits ^ 0x8000u;
    return R;
  }
  friend bfloat16 operator+(const bfloat16 &X) { return X; }
  friend bfloat16 &operator++(bfloat16 &X) { return X += 1.0f; }
  friend bfloat16 &operator--(bfloat16 &X) { return X -= 1.0f; }
  friend bfloat16 operator++(bfloat16 &X, int) {
    bfloat16 Old = X;
    ++X;
    return Old;
  }
  friend bfloat16 operator--(bfloat16 &X, int) {
    bfloat16 Old = X;
    --X;
    return Old;
  }

#define SUBLANE_BF16_ARITHMETIC(Op)                                            \
  friend bfloat16 &operator Op##=(bfloat16 &L, const bfloat16 &R) {            \
    return L = bfloat16(float(L) Op float(R));                                 \
  }                                                                            \
  friend bfloat16 operator Op(const bfloat16 &L, const bfloat16 &R) {          \
    return bfloat16(float(L) Op float(R));                                     \
  }                                                                            \
  template <typename T,                                                        \
            typename = std::enable_if_t<std::is_arithmetic_v<T> ||             \
                                        std::is_same_v<T, sycl::half>>>        \
  friend bfloat16 operator Op(const bfloat16 &L, const T &R) {                 \
    return bfloat16(float(L) Op static_cast<float>(R));                        \
  }                                                                            \
  template <typename T,                                                        \
            typename = std::enable_if_t<std::is_arithmetic_v<T> ||             \
                                        std::is_same_v<T, sycl::half>>>        \
  friend bfloat16 operator Op(const T &L, const bfloat16 &R) {                 \
    return bfloat16(static_cast<float>(L) Op float(R));                        \
  }
  SUBLANE_BF16_ARITHMETIC(+)
  SUBLANE_BF16_ARITHMETIC(-)
  SUBLANE_BF16_ARITHMETIC(*)
  SUBLANE_BF16_ARITHMETIC(/)
#undef SUBLANE_BF16_ARITHMETIC

#define SUBLANE_BF16_COMPARISON(Op)                                            \
  friend bool operator Op(const bfloat16 &L, const bfloat16 &R) {              \
    return float(L) Op float(R);                                               \
  }                                                                            \
  template <typename T,                                                        \
            typename = std::enable_if_t<std::is_arithmetic_v<T> ||             \
                                        std::is_same_v<T, sycl::half>>>        \
  friend bool operator Op(const bfloat16 &L, const T &R) {                     \
    return float(L) Op static_cast<float>(R);                                  \
  }                                                                            \
  template <typename T,                                                        \
            typename = std::enable_if_t<std::is_arithmetic_v<T> ||             \
                                        std::is_same_v<T, sycl::half>>>        \
  friend bool operator Op(const T &L, const bfloat16 &R) {                     \
    return static_cast<float>(L) Op float(R);                                  \
  }
  SUBLANE_BF16_COMPARISON(==)
  SUBLANE_BF16_COMPARISON(!=)
  SUBLANE_BF16_COMPARISON(<)
  SUBLANE_BF16_COMPARISON(>)
  SUBLANE_BF16_COMPARISON(<=)
  SUBLANE_BF16_COMPARISON(>=)
#undef SUBLANE_BF16_COMPARISON

private:
  friend uint16_t sycl::detail::bfloat16ToBits(const bfloat16 &);
  friend bfloat16 sycl::detail::bitsToBfloat16(uint16_t);
  uint16_t Bits;
};

} // namespace ext::oneapi

namespace detail {
inline uint16_t bfloat16ToBits(const ext::oneapi::bfloat16 &Value) {
  return Value.Bits;
}
inline ext::oneapi::bfloat16 bitsToBfloat16(uint16_t Bits) {
  ext::oneapi::bfloat16 R;
  R.Bits = Bits;
  return R;
}
} // namespace detail

namespace ext::oneapi {
namespace experimental {
using sycl::ext::oneapi::bfloat16;

// The math functions of sycl_ext_oneapi_bfloat16_math_functions, computed
// in float and rounded once.
inline bool isnan(bfloat16 X) { return X != X; }
inline bfloat16 fabs(bfloat16 X) {
  return sycl::detail::bitsToBfloat16(sycl::detail::bfloat16ToBits(X) &
                                      0x7fffu);
}
inline bfloat16 fmin(bfloat16 X, bfloat16 Y) {
  return isnan(X) ? Y : isnan(Y) ? X : (Y < X ? Y : X);
}
inline bfloat16 fmax(bfloat16 X, bfloat16 Y) {
  return isnan(X) ? Y : isnan(Y) ? X : (X < Y ? Y : X);
}
inline bfloat16 fma(bfloat16 X, bfloat16 Y, bfloat16 Z) {
  return bfloat16(__builtin_fmaf(float(X), float(Y), float(Z)));
}
#define SUBLANE_BF16_UNARY(Name, Builtin)                                      \
  inline bfloat16 Name(bfloat16 X) { return bfloat16(Builtin(float(X))); }
SUBLANE_BF16_UNARY(sqrt, __builtin_sqrtf)
SUBLANE_BF16_UNARY(rsqrt, 1.0f / __builtin_sqrtf)
SUBLANE_BF16_UNARY(ceil, __builtin_ceilf)
SUBLANE_BF16_UNARY(floor, __builtin_floorf)
SUBLANE_BF16_UNARY(trunc, __builtin_truncf)
SUBLANE_BF16_UNARY(rint, __builtin_rintf)
SUBLANE_BF16_UNARY(exp, __builtin_expf)
SUBLANE_BF16_UNARY(exp2, __builtin_exp2f)
SUBLANE_BF16_UNARY(log, __builtin_logf)
SUBLANE_BF16_UNARY(log2, __builtin_log2f)
SUBLANE_BF16_UNARY(log10, __builtin_log10f)
SUBLANE_BF16_UNARY(sin, __builtin_sinf)
SUBLANE_BF16_UNARY(cos, __builtin_cosf)
#undef SUBLANE_BF16_UNARY
} // namespace experimental

} // namespace ext::oneapi
} // namespace sycl

template <> class std::numeric_limits<sycl::ext::oneapi::bfloat16> {
  using bf16 = sycl::ext::oneapi::bfloat16;
  static bf16 bits(uint16_t B) { return sycl::detail::bitsToBfloat16(B); }

public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr bool has_denorm_loss = false;
  static constexpr bool is_iec559 = false;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr std::float_round_style round_style = std::round_to_nearest;
  static constexpr int digits = 8;
  static constexpr int digits10 = 2;
  static constexpr int max_digits10 = 4;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -125;
  static constexpr int min_exponent10 = -37;
  static constexpr int max_exponent = 128;
  static constexpr int max_exponent10 = 38;
  static bf16 min() noexcept { return bits(0x0080); }
  static bf16 lowest() noexcept { return bits(0xff7f); }
  static bf16 max() noexcept { return bits(0x7f7f); }
  static bf16 epsilon() noexcept { return bits(0x3c00); }
  static bf16 round_error() noexcept { return bits(0x3f00); }
  static bf16 infinity() noexcept { return bits(0x7f80); }
  static bf16 quiet_NaN() noexcept { return bits(0x7fc0); }
  static bf16 signaling_NaN() noexcept { return bits(0x7fa0); }
  static bf16 denorm_min() noexcept { return bits(0x0001); }
};

#endif // SUBLANE_DETAIL_BFLOAT16_HPP
