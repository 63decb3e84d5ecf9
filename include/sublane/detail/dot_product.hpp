//===- sublane/detail/dot_product.hpp - oneAPI dot_acc ---------*- C++ -*-===//
//
// sycl_ext_oneapi_dot_accumulate: the sum of four byte products plus an
// accumulator (CUDA's __dp4a), from vec<int8_t/uint8_t, 4> or four bytes
// packed into a 32-bit integer, low byte first. Plain integer arithmetic,
// which the vectorizer widens like any other. Included by <sublane/sycl.hpp>
// and by <sycl/ext/oneapi/dot_product.hpp>.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_DOT_PRODUCT_HPP
#define SUBLANE_DETAIL_DOT_PRODUCT_HPP

#include "sublane/detail/vec.hpp"

#include <cstdint>

namespace sycl {
namespace detail {
template <typename A, typename B>
int32_t dot_acc_bytes(const A *a, const B *b, int32_t c) {
  int32_t sum = c;
  for (int k = 0; k < 4; ++k)
    sum += int32_t(a[k]) * int32_t(b[k]);
  return sum;
}
template <typename Byte> void unpack_bytes(uint32_t packed, Byte *out) {
  for (int k = 0; k < 4; ++k)
    out[k] = Byte(uint8_t(packed >> (8 * k)));
}
} // namespace detail

namespace ext::oneapi {

template <typename A, typename B,
          typename = std::enable_if_t<
              (std::is_same_v<A, int8_t> || std::is_same_v<A, uint8_t>)&&(
                  std::is_same_v<B, int8_t> || std::is_same_v<B, uint8_t>)>>
int32_t dot_acc(vec<A, 4> a, vec<B, 4> b, int32_t c) {
  A av[4] = {a[0], a[1], a[2], a[3]};
  B bv[4] = {b[0], b[1], b[2], b[3]};
  return sycl::detail::dot_acc_bytes(av, bv, c);
}

/// Four bytes packed in each of \p a and \p b: signed in an int32_t,
/// unsigned in a uint32_t.
template <typename A, typename B,
          typename = std::enable_if_t<
              (std::is_same_v<A, int32_t> || std::is_same_v<A, uint32_t>)&&(
                  std::is_same_v<B, int32_t> || std::is_same_v<B, uint32_t>)>>
int32_t dot_acc(A a, B b, int32_t c) {
  using ByteA = std::conditional_t<std::is_signed_v<A>, int8_t, uint8_t>;
  using ByteB = std::conditional_t<std::is_signed_v<B>, int8_t, uint8_t>;
  ByteA av[4];
  ByteB bv[4];
  sycl::detail::unpack_bytes(uint32_t(a), av);
  sycl::detail::unpack_bytes(uint32_t(b), bv);
  return sycl::detail::dot_acc_bytes(av, bv, c);
}

} // namespace ext::oneapi
} // namespace sycl

#endif // SUBLANE_DETAIL_DOT_PRODUCT_HPP
