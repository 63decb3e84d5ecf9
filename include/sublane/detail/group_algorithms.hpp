//===- sublane/detail/group_algorithms.hpp - SYCL group algorithms -*- C++ -*-//
//
// SYCL 2020 group functions and algorithms over sub_group and group<D>, and
// the function objects they take. Included by <sublane/sycl.hpp>; each
// algorithm calls one collective builtin of <sublane/abi.h>, which the plugin
// lowers.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_GROUP_ALGORITHMS_HPP
#define SUBLANE_DETAIL_GROUP_ALGORITHMS_HPP

#include <cstdint>
#include <functional>
#include <limits>
#include <type_traits>

namespace sycl {

template <typename T, int N> class vec;
template <typename T, size_t N> class marray;

// Function objects (SYCL 2020 4.17.2). T = void deduces from the arguments.
#define SUBLANE_FUNCTION_OBJECT(Name, Expr)                                    \
  template <typename T = void> struct Name {                                   \
    T operator()(const T &x, const T &y) const { return Expr; }                \
  };                                                                           \
  template <> struct Name<void> {                                              \
    template <typename T, typename U>                                          \
    auto operator()(T &&x, U &&y) const -> decltype(Expr) {                    \
      return Expr;                                                             \
    }                                                                          \
  };
SUBLANE_FUNCTION_OBJECT(plus, x + y)
SUBLANE_FUNCTION_OBJECT(multiplies, x *y)
SUBLANE_FUNCTION_OBJECT(bit_and, x &y)
SUBLANE_FUNCTION_OBJECT(bit_or, x | y)
SUBLANE_FUNCTION_OBJECT(bit_xor, x ^ y)
SUBLANE_FUNCTION_OBJECT(logical_and, x &&y)
SUBLANE_FUNCTION_OBJECT(logical_or, x || y)
SUBLANE_FUNCTION_OBJECT(minimum, (y < x) ? y : x)
SUBLANE_FUNCTION_OBJECT(maximum, (x < y) ? y : x)
#undef SUBLANE_FUNCTION_OBJECT

namespace detail {

enum class op_kind { add, mul, min, max, band, bor, bxor, land, lor };

template <typename Op> struct op_kind_of {
  static_assert(sizeof(Op) == 0,
                "sublane: group algorithms take sycl::plus, multiplies, "
                "minimum, maximum, bit_and, bit_or, bit_xor, logical_and or "
                "logical_or");
};
#define SUBLANE_OP_KIND(Name, Kind)                                            \
  template <typename T> struct op_kind_of<Name<T>> {                           \
    static constexpr op_kind value = op_kind::Kind;                            \
  };
SUBLANE_OP_KIND(plus, add)
SUBLANE_OP_KIND(multiplies, mul)
SUBLANE_OP_KIND(minimum, min)
SUBLANE_OP_KIND(maximum, max)
SUBLANE_OP_KIND(bit_and, band)
SUBLANE_OP_KIND(bit_or, bor)
SUBLANE_OP_KIND(bit_xor, bxor)
SUBLANE_OP_KIND(logical_and, land)
SUBLANE_OP_KIND(logical_or, lor)
// The standard library's function objects are the same operations: DPC++'s
// sycl::plus is std::plus, and programs written for it pass either.
SUBLANE_OP_KIND(std::plus, add)
SUBLANE_OP_KIND(std::multiplies, mul)
SUBLANE_OP_KIND(std::bit_and, band)
SUBLANE_OP_KIND(std::bit_or, bor)
SUBLANE_OP_KIND(std::bit_xor, bxor)
SUBLANE_OP_KIND(std::logical_and, land)
SUBLANE_OP_KIND(std::logical_or, lor)
#undef SUBLANE_OP_KIND

// The builtin element type a T travels as: 32- or 64-bit integers of T's
// signedness (narrower integers and bool widen to 32 bits), float, double.
template <typename T, typename = void> struct canonical {
  static_assert(sizeof(T) == 0, "sublane: group algorithms support integer, "
                                "float and double values");
};
template <typename T>
struct canonical<T, std::enable_if_t<std::is_integral_v<T>>> {
  using type = std::conditional_t<
      (sizeof(T) > 4),
      std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>,
      std::conditional_t<std::is_signed_v<T>, int32_t, uint32_t>>;
};
template <> struct canonical<float> { using type = float; };
template <> struct canonical<double> { using type = double; };
/// half travels as float: exchanges are exact, and a reduction or scan
/// rounds to half once, at the end.
template <> struct canonical<half> { using type = float; };
template <typename T> using canonical_t = typename canonical<T>::type;

template <op_kind K, typename C> struct collective {
  static_assert(sizeof(C) == 0, "sublane: bitwise and logical operations "
                                "need integer values");
};

#define SUBLANE_COLLECTIVE(Kind, Op, C, Sfx)                                   \
  template <> struct collective<op_kind::Kind, C> {                            \
    static C reduce(sub_group, C x) {                                          \
      return __sublane_sg_reduce_##Op##_##Sfx(x);                              \
    }                                                                          \
    static C inclusive(sub_group, C x) {                                       \
      return __sublane_sg_inscan_##Op##_##Sfx(x);                              \
    }                                                                          \
    static C exclusive(sub_group, C x) {                                       \
      return __sublane_sg_exscan_##Op##_##Sfx(x);                              \
    }                                                                          \
    template <int D> static C reduce(group<D>, C x) {                          \
      return __sublane_wg_reduce_##Op##_##Sfx(x);                              \
    }                                                                          \
    template <int D> static C inclusive(group<D>, C x) {                       \
      return __sublane_wg_inscan_##Op##_##Sfx(x);                              \
    }                                                                          \
    template <int D> static C exclusive(group<D>, C x) {                       \
      return __sublane_wg_exscan_##Op##_##Sfx(x);                              \
    }                                                                          \
  };
#define SUBLANE_ARITH_COLLECTIVES(C, Sfx)                                      \
  SUBLANE_COLLECTIVE(add, add, C, Sfx)                                         \
  SUBLANE_COLLECTIVE(mul, mul, C, Sfx)                                         \
  SUBLANE_COLLECTIVE(min, min, C, Sfx)                                         \
  SUBLANE_COLLECTIVE(max, max, C, Sfx)
#define SUBLANE_BITWISE_COLLECTIVES(C, Sfx)                                    \
  SUBLANE_COLLECTIVE(band, and, C, Sfx)                                        \
  SUBLANE_COLLECTIVE(bor, or, C, Sfx)                                          \
  SUBLANE_COLLECTIVE(bxor, xor, C, Sfx)                                        \
  SUBLANE_COLLECTIVE(land, land, C, Sfx)                                       \
  SUBLANE_COLLECTIVE(lor, lor, C, Sfx)
SUBLANE_FOR_EACH_TYPE(SUBLANE_ARITH_COLLECTIVES)
SUBLANE_FOR_EACH_INT_TYPE(SUBLANE_BITWISE_COLLECTIVES)
#undef SUBLANE_ARITH_COLLECTIVES
#undef SUBLANE_BITWISE_COLLECTIVES
#undef SUBLANE_COLLECTIVE

template <typename C> struct exchange;
#define SUBLANE_EXCHANGE(C, Sfx)                                               \
  template <> struct exchange<C> {                                             \
    static C broadcast(sub_group, C x, uint32_t lane) {                        \
      return __sublane_sg_broadcast_##Sfx(x, lane);                            \
    }                                                                          \
    template <int D> static C broadcast(group<D>, C x, uint64_t id) {          \
      return __sublane_wg_broadcast_##Sfx(x, id);                              \
    }                                                                          \
    static C select(C x, uint32_t lane) {                                      \
      return __sublane_sg_select_##Sfx(x, lane);                               \
    }                                                                          \
    static C shift_left(C x, uint32_t delta) {                                 \
      return __sublane_sg_shift_left_##Sfx(x, delta);                          \
    }                                                                          \
    static C shift_right(C x, uint32_t delta) {                                \
      return __sublane_sg_shift_right_##Sfx(x, delta);                         \
    }                                                                          \
    static C permute_xor(C x, uint32_t mask) {                                 \
      return __sublane_sg_permute_xor_##Sfx(x, mask);                          \
    }                                                                          \
  };
SUBLANE_FOR_EACH_TYPE(SUBLANE_EXCHANGE)
#undef SUBLANE_EXCHANGE

template <typename G> struct is_group : std::false_type {};
template <> struct is_group<sub_group> : std::true_type {};
template <int D> struct is_group<group<D>> : std::true_type {};
template <typename G> struct is_work_group : std::false_type {};
template <int D> struct is_work_group<group<D>> : std::true_type {};
template <typename G>
inline constexpr bool is_work_group_v = is_work_group<std::decay_t<G>>::value;

inline uint32_t any_builtin(sub_group, uint32_t p) {
  return __sublane_sg_any(p);
}
template <int D> uint32_t any_builtin(group<D>, uint32_t p) {
  return __sublane_wg_any(p);
}
inline uint32_t all_builtin(sub_group, uint32_t p) {
  return __sublane_sg_all(p);
}
template <int D> uint32_t all_builtin(group<D>, uint32_t p) {
  return __sublane_wg_all(p);
}

template <typename T> uint64_t uniform_bits(T value) {
  static_assert(sizeof(T) <= 8, "sublane: init values of at most 64 bits");
  uint64_t bits = 0;
  __builtin_memcpy(&bits, &value, sizeof(T));
  return bits;
}
template <typename T> void assert_uniform(sub_group, T value) {
  __sublane_sg_uniform(uniform_bits(value));
}
template <int D, typename T> void assert_uniform(group<D>, T value) {
  __sublane_wg_uniform(uniform_bits(value));
}

/// Applies exchange \p F to \p x: a scalar travels as one builtin value of
/// its canonical type; any other trivially copyable value (vec, marray, a
/// struct) as its 32-bit words, each exchanged with the same lane.
template <typename T, typename F> T exchange_value(T x, F f) {
  static_assert(std::is_trivially_copyable_v<T>,
                "sublane: group functions exchange trivially copyable values");
  if constexpr (std::is_arithmetic_v<T>) {
    using C = canonical_t<T>;
    return T(f(C(x)));
  } else {
    constexpr size_t Words = (sizeof(T) + 3) / 4;
    uint32_t words[Words] = {};
    __builtin_memcpy(words, &x, sizeof(T));
    for (size_t i = 0; i < Words; ++i)
      words[i] = f(words[i]);
    T r = x;
    __builtin_memcpy(&r, words, sizeof(T));
    return r;
  }
}

/// vec and marray: group algorithms combine them element by element.
template <typename T> struct element_wise : std::false_type {};
template <typename T, int N> struct element_wise<vec<T, N>> : std::true_type {
  static constexpr size_t size = size_t(N);
};
template <typename T, size_t N>
struct element_wise<marray<T, N>> : std::true_type {
  static constexpr size_t size = N;
};

/// Runs scalar algorithm \p f on each element of a vec or marray, or once
/// on a scalar.
template <typename T, typename F> T per_element(const T &x, F f) {
  if constexpr (element_wise<T>::value) {
    T r = x;
    for (size_t i = 0; i < element_wise<T>::size; ++i)
      r[i] = f(x[i]);
    return r;
  } else {
    return f(x);
  }
}

enum class algorithm { reduce, inclusive_scan, exclusive_scan };

/// Group algorithm \p A with \p BinaryOperation's builtin, per element.
template <algorithm A, typename BinaryOperation, typename Group, typename T>
T run_algorithm(Group g, const T &x) {
  constexpr op_kind K = op_kind_of<BinaryOperation>::value;
  return per_element(x, [&](auto e) {
    using E = decltype(e);
    using C = canonical_t<E>;
    if constexpr (A == algorithm::reduce)
      return E(collective<K, C>::reduce(g, C(e)));
    else if constexpr (A == algorithm::inclusive_scan)
      return E(collective<K, C>::inclusive(g, C(e)));
    else
      return E(collective<K, C>::exclusive(g, C(e)));
  });
}

/// Declares an algorithm's init value the same across the group.
template <typename Group, typename T>
void assert_uniform_init(Group g, const T &init) {
  per_element(init, [&](auto e) {
    assert_uniform(g, e);
    return e;
  });
}

template <int D> size_t linear_local_id(const group<D> &g, id<D> local) {
  size_t linear = 0;
  for (int d = 0; d < D; ++d)
    linear = linear * g.get_local_range(d) + local[d];
  return linear;
}

} // namespace detail

template <typename G>
inline constexpr bool is_group_v = detail::is_group<std::decay_t<G>>::value;

// Group functions (SYCL 2020 4.17.3), over any trivially copyable T.
template <typename T>
T group_broadcast(sub_group g, T x, sub_group::linear_id_type lane) {
  return detail::exchange_value(x, [&](auto c) {
    return detail::exchange<decltype(c)>::broadcast(g, c, lane);
  });
}
template <typename T> T group_broadcast(sub_group g, T x) {
  return group_broadcast(g, x, sub_group::linear_id_type(0));
}
template <typename T> T group_broadcast(sub_group g, T x, id<1> lane) {
  return group_broadcast(g, x, sub_group::linear_id_type(lane[0]));
}
template <int D, typename T>
T group_broadcast(group<D> g, T x, size_t linear_local_id) {
  return detail::exchange_value(x, [&](auto c) {
    return detail::exchange<decltype(c)>::broadcast(g, c, linear_local_id);
  });
}
template <int D, typename T> T group_broadcast(group<D> g, T x) {
  return group_broadcast(g, x, size_t(0));
}
template <int D, typename T> T group_broadcast(group<D> g, T x, id<D> local) {
  return group_broadcast(g, x, detail::linear_local_id(g, local));
}

template <typename T>
T select_from_group(sub_group, T x, sub_group::linear_id_type remote) {
  return detail::exchange_value(x, [&](auto c) {
    return detail::exchange<decltype(c)>::select(c, remote);
  });
}
template <typename T> T select_from_group(sub_group g, T x, id<1> remote) {
  return select_from_group(g, x, sub_group::linear_id_type(remote[0]));
}
template <typename T>
T shift_group_left(sub_group, T x, sub_group::linear_id_type delta = 1) {
  return detail::exchange_value(x, [&](auto c) {
    return detail::exchange<decltype(c)>::shift_left(c, delta);
  });
}
template <typename T>
T shift_group_right(sub_group, T x, sub_group::linear_id_type delta = 1) {
  return detail::exchange_value(x, [&](auto c) {
    return detail::exchange<decltype(c)>::shift_right(c, delta);
  });
}
template <typename T>
T permute_group_by_xor(sub_group, T x, sub_group::linear_id_type mask) {
  return detail::exchange_value(x, [&](auto c) {
    return detail::exchange<decltype(c)>::permute_xor(c, mask);
  });
}

template <typename T> T sub_group::broadcast(T x, id<1> lane) const {
  return group_broadcast(*this, x, lane);
}
template <typename T> T sub_group::shuffle(T x, id<1> lane) const {
  return select_from_group(*this, x, lane);
}
template <typename T> T sub_group::shuffle_down(T x, uint32_t delta) const {
  return shift_group_left(*this, x, delta);
}
template <typename T> T sub_group::shuffle_up(T x, uint32_t delta) const {
  return shift_group_right(*this, x, delta);
}
template <typename T> T sub_group::shuffle_xor(T x, id<1> mask) const {
  return permute_group_by_xor(*this, x, uint32_t(mask[0]));
}

// Group algorithms (SYCL 2020 4.17.4), over scalars, and over vec and
// marray element by element.
template <typename Group, typename T, typename BinaryOperation,
          typename = std::enable_if_t<is_group_v<Group>>>
T reduce_over_group(Group g, T x, BinaryOperation) {
  return detail::run_algorithm<detail::algorithm::reduce, BinaryOperation>(g,
                                                                           x);
}
template <typename Group, typename V, typename T, typename BinaryOperation,
          typename = std::enable_if_t<is_group_v<Group>>>
T reduce_over_group(Group g, V x, T init, BinaryOperation op) {
  detail::assert_uniform_init(g, init);
  return op(init, T(reduce_over_group(g, T(x), op)));
}
template <typename Group, typename T, typename BinaryOperation,
          typename = std::enable_if_t<is_group_v<Group>>>
T inclusive_scan_over_group(Group g, T x, BinaryOperation) {
  return detail::run_algorithm<detail::algorithm::inclusive_scan,
                               BinaryOperation>(g, x);
}
template <typename Group, typename V, typename BinaryOperation, typename T,
          typename = std::enable_if_t<is_group_v<Group>>>
T inclusive_scan_over_group(Group g, V x, BinaryOperation op, T init) {
  detail::assert_uniform_init(g, init);
  return op(init, T(inclusive_scan_over_group(g, T(x), op)));
}
template <typename Group, typename T, typename BinaryOperation,
          typename = std::enable_if_t<is_group_v<Group>>>
T exclusive_scan_over_group(Group g, T x, BinaryOperation) {
  return detail::run_algorithm<detail::algorithm::exclusive_scan,
                               BinaryOperation>(g, x);
}
template <typename Group, typename V, typename T, typename BinaryOperation,
          typename = std::enable_if_t<is_group_v<Group>>>
T exclusive_scan_over_group(Group g, V x, T init, BinaryOperation op) {
  // The identity comes first, so op(init, .) gives init on the first item.
  detail::assert_uniform_init(g, init);
  return op(init, T(exclusive_scan_over_group(g, T(x), op)));
}

template <typename Group, typename = std::enable_if_t<is_group_v<Group>>>
bool any_of_group(Group g, bool pred) {
  return detail::any_builtin(g, pred) != 0;
}
template <typename Group, typename T, typename Predicate,
          typename = std::enable_if_t<is_group_v<Group>>>
bool any_of_group(Group g, T x, Predicate pred) {
  return any_of_group(g, bool(pred(x)));
}
template <typename Group, typename = std::enable_if_t<is_group_v<Group>>>
bool all_of_group(Group g, bool pred) {
  return detail::all_builtin(g, pred) != 0;
}
template <typename Group, typename T, typename Predicate,
          typename = std::enable_if_t<is_group_v<Group>>>
bool all_of_group(Group g, T x, Predicate pred) {
  return all_of_group(g, bool(pred(x)));
}
template <typename Group, typename = std::enable_if_t<is_group_v<Group>>>
bool none_of_group(Group g, bool pred) {
  return !any_of_group(g, pred);
}
template <typename Group, typename T, typename Predicate,
          typename = std::enable_if_t<is_group_v<Group>>>
bool none_of_group(Group g, T x, Predicate pred) {
  return none_of_group(g, bool(pred(x)));
}

namespace ext::oneapi {

/// The sub-group's name in the oneAPI extension that preceded SYCL 2020.
using sub_group = sycl::sub_group;

/// The lanes of a sub-group for which a ballot's predicate held
/// (sycl_ext_oneapi_sub_group_mask).
class sub_group_mask {
public:
  sub_group_mask(uint64_t bits, uint32_t size) : bits_(bits), size_(size) {}
  bool test(id<1> lane) const { return (bits_ >> lane[0]) & 1; }
  bool operator[](id<1> lane) const { return test(lane); }
  bool any() const { return bits_ != 0; }
  bool none() const { return bits_ == 0; }
  bool all() const {
    return size_ >= 64 ? bits_ == ~uint64_t(0)
                       : bits_ == ((uint64_t(1) << size_) - 1);
  }
  uint32_t count() const { return uint32_t(__builtin_popcountll(bits_)); }
  uint32_t size() const { return size_; }
  id<1> find_low() const {
    return id<1>(bits_ ? uint32_t(__builtin_ctzll(bits_)) : size_);
  }
  id<1> find_high() const {
    return id<1>(bits_ ? uint32_t(63 - __builtin_clzll(bits_)) : size_);
  }
  template <typename T> void extract_bits(T &out, id<1> pos = 0) const {
    out = T(bits_ >> pos[0]);
  }
  bool operator==(const sub_group_mask &o) const {
    return bits_ == o.bits_ && size_ == o.size_;
  }
  bool operator!=(const sub_group_mask &o) const { return !(*this == o); }

private:
  uint64_t bits_;
  uint32_t size_;
};

inline sub_group_mask group_ballot(sub_group g, bool pred = true) {
  return sub_group_mask(__sublane_sg_ballot(pred), g.get_max_local_range()[0]);
}

/// Local memory for a work-group, allocated by the kernel itself
/// (sycl_ext_oneapi_local_memory): every work-item of the group gets the
/// same block, one block per call site, uninitialised. Call it from every
/// work-item, in code all of them reach, like any group function.
template <typename T, typename Group>
[[gnu::always_inline]] inline std::enable_if_t<
    std::is_trivially_destructible_v<T> && detail::is_work_group_v<Group>,
    multi_ptr<T, access::address_space::local_space, access::decorated::legacy>>
group_local_memory_for_overwrite(Group g) {
  (void)g;
  return static_cast<T *>(__sublane_group_local_alloc(sizeof(T), alignof(T)));
}

/// As group_local_memory_for_overwrite, with the object built from \p args
/// by the group's leader before any work-item returns from the call.
template <typename T, typename Group, typename... Args>
[[gnu::always_inline]] inline std::enable_if_t<
    std::is_trivially_destructible_v<T> && detail::is_work_group_v<Group>,
    multi_ptr<T, access::address_space::local_space, access::decorated::legacy>>
group_local_memory(Group g, Args &&...args) {
  T *p = static_cast<T *>(__sublane_group_local_alloc(sizeof(T), alignof(T)));
  if (g.leader())
    new (p) T(std::forward<Args>(args)...);
  group_barrier(g);
  return p;
}

} // namespace ext::oneapi

// The names the extension had before it moved to ext::oneapi.
using ext::oneapi::group_local_memory;
using ext::oneapi::group_local_memory_for_overwrite;
} // namespace sycl

#endif // SUBLANE_DETAIL_GROUP_ALGORITHMS_HPP
