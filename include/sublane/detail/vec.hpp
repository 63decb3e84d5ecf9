//===- sublane/detail/vec.hpp - SYCL 2020 vec and its functions -*- C++ -*-===//
//
// sycl::vec<T, N> (SYCL 2020 4.14.2) for N = 1, 2, 3, 4, 8, 16: element
// access (x() ... w(), s0() ... sF(), operator[]), swizzles (swizzle<I...>(),
// lo(), hi(), even(), odd(), and with SYCL_SIMPLE_SWIZZLES every xyzw and
// rgba name) that are views when the vec can be written, the arithmetic,
// bitwise, logical and comparison operators (comparisons give -1 for true
// in a signed integer vec, as SYCL says), convert and as, load and store,
// the type aliases (float4, int2, ...), and element-wise math, common,
// geometric and relational functions. A vec is a plain aggregate of its
// elements, so kernels using it lower like any other private value. Also
// marray, bit_cast and atomic_fence.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_VEC_HPP
#define SUBLANE_DETAIL_VEC_HPP

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace sycl {

enum class rounding_mode { automatic, rte, rtz, rtp, rtn };

template <typename T, int N> class vec;

namespace detail {
template <typename T, int N, int... Indices> class swizzled_vec;

template <typename T> struct is_vec : std::false_type {};
template <typename T, int N> struct is_vec<vec<T, N>> : std::true_type {};
template <typename T, int N, int... Indices>
struct is_vec<swizzled_vec<T, N, Indices...>> : std::true_type {};

template <typename... Ints> constexpr int max_index(Ints... Indices) {
  int Max = 0;
  ((Max = Indices > Max ? Indices : Max), ...);
  return Max;
}

/// The element names of a vec, as M(name, index).
#define SUBLANE_VEC_ELEMENT_NAMES(M)                                           \
  M(x, 0)                                                                      \
  M(y, 1)                                                                      \
  M(z, 2)                                                                      \
  M(w, 3)                                                                      \
  M(r, 0)                                                                      \
  M(g, 1)                                                                      \
  M(b, 2)                                                                      \
  M(a, 3)                                                                      \
  M(s0, 0)                                                                     \
  M(s1, 1)                                                                     \
  M(s2, 2)                                                                     \
  M(s3, 3)                                                                     \
  M(s4, 4)                                                                     \
  M(s5, 5)                                                                     \
  M(s6, 6)                                                                     \
  M(s7, 7)                                                                     \
  M(s8, 8)                                                                     \
  M(s9, 9)                                                                     \
  M(sA, 10)                                                                    \
  M(sB, 11)                                                                    \
  M(sC, 12)                                                                    \
  M(sD, 13)                                                                    \
  M(sE, 14)                                                                    \
  M(sF, 15)

/// The named swizzles of a vec and of a swizzle view, each returning
/// pick<indices...>() of the class it is expanded in, once for objects that
/// can be written (qualifier Mutable) and once for const ones. Without
/// SYCL_SIMPLE_SWIZZLES only xy, xyz, yz, zw and wzyx are named, as before.
#define SUBLANE_VEC_NAMED_SWIZZLE(Name, Cond, Mutable, ...)                    \
  template <int M = NumElements, typename = std::enable_if_t<(Cond)>>          \
  decltype(auto) Name() Mutable {                                              \
    return pick<__VA_ARGS__>();                                                \
  }                                                                            \
  template <int M = NumElements, typename = std::enable_if_t<(Cond)>>          \
  decltype(auto) Name() const Mutable {                                        \
    return pick<__VA_ARGS__>();                                                \
  }
#define SUBLANE_VEC_HALF(Name, First, Step, Mutable)                           \
  template <int M = NumElements, typename = std::enable_if_t<(M >= 2)>>        \
  decltype(auto) Name() Mutable {                                              \
    return pick_strided<First, Step>(                                          \
        std::make_integer_sequence<int, NumStored / 2>());                     \
  }                                                                            \
  template <int M = NumElements, typename = std::enable_if_t<(M >= 2)>>        \
  decltype(auto) Name() const Mutable {                                        \
    return pick_strided<First, Step>(                                          \
        std::make_integer_sequence<int, NumStored / 2>());                     \
  }
#define SUBLANE_SWIZZLE_XYZW(Name, ...)                                        \
  SUBLANE_VEC_NAMED_SWIZZLE(Name,                                              \
                            M <= 4 && detail::max_index(__VA_ARGS__) < M,      \
                            SUBLANE_VEC_SWIZZLE_QUALIFIER, __VA_ARGS__)
#define SUBLANE_SWIZZLE_RGBA(Name, ...)                                        \
  SUBLANE_VEC_NAMED_SWIZZLE(Name, M == 4, SUBLANE_VEC_SWIZZLE_QUALIFIER,       \
                            __VA_ARGS__)

/// The signed integer of T's size: the element type of a comparison.
template <typename T> struct rel_elem {
  using type = std::conditional_t<
      sizeof(T) == 1, int8_t,
      std::conditional_t<sizeof(T) == 2, int16_t,
                         std::conditional_t<sizeof(T) == 4, int32_t, int64_t>>>;
};
template <typename T> using rel_elem_t = typename rel_elem<T>::type;

/// float, double and sycl::half: the element types of the floating-point
/// math functions.
template <typename T>
inline constexpr bool is_genfloat_v =
    std::is_floating_point_v<T> || std::is_same_v<std::remove_cv_t<T>, half>;

/// The element types of a vec: the arithmetic types, sycl::half and
/// sycl::ext::oneapi::bfloat16.
template <typename T>
inline constexpr bool is_vec_scalar_v =
    std::is_arithmetic_v<T> || std::is_same_v<std::remove_cv_t<T>, half> ||
    std::is_same_v<std::remove_cv_t<T>, ext::oneapi::bfloat16>;

/// \p X as a U, rounded as \p R asks. Conversions to integers round
/// toward zero unless asked otherwise (SYCL's default, like C++'s); those
/// to floating point round to nearest unless asked otherwise, and the other
/// modes correct the nearest value by one step where it went past \p X.
template <typename U, rounding_mode R, typename T> U convert_rounded(T X) {
  if constexpr (std::is_integral_v<U> && !std::is_integral_v<T>) {
    using F = std::conditional_t<std::is_same_v<T, double>, double, float>;
    const F V = F(X);
    if constexpr (R == rounding_mode::rte)
      return U(std::nearbyint(V));
    else if constexpr (R == rounding_mode::rtp)
      return U(std::ceil(V));
    else if constexpr (R == rounding_mode::rtn)
      return U(std::floor(V));
    else
      return U(V);
  } else if constexpr (std::is_floating_point_v<U> &&
                       (R == rounding_mode::rtz || R == rounding_mode::rtp ||
                        R == rounding_mode::rtn)) {
    U Nearest = U(X);
    using Wide = long double;
    const Wide Exact = Wide(X), Got = Wide(Nearest);
    if (!std::isfinite(Nearest) || Got == Exact)
      return Nearest;
    if constexpr (R == rounding_mode::rtp)
      return Got < Exact ? std::nextafter(Nearest, U(INFINITY)) : Nearest;
    else if constexpr (R == rounding_mode::rtn)
      return Got > Exact ? std::nextafter(Nearest, U(-INFINITY)) : Nearest;
    else
      return (Got > Exact) == (Exact > 0) ? std::nextafter(Nearest, U(0))
                                          : Nearest;
  } else {
    return U(X);
  }
}

template <typename T> constexpr int vec_elems() {
  if constexpr (is_vec<T>::value)
    return T::size();
  else
    return 1;
}
} // namespace detail

template <typename T, int N> class vec {
  static_assert(N == 1 || N == 2 || N == 3 || N == 4 || N == 8 || N == 16,
                "sycl::vec has 1, 2, 3, 4, 8 or 16 elements");
  static_assert(detail::is_vec_scalar_v<T>,
                "sycl::vec holds arithmetic types and half");
  static constexpr int Stored = N == 3 ? 4 : N;
  alignas(sizeof(T) * Stored) T Elems[Stored];

  template <int I> void fill() {}
  template <int I, typename A, typename... Rest>
  void fill(const A &First, const Rest &...Others) {
    if constexpr (detail::is_vec<A>::value) {
      for (int K = 0; K < A::size(); ++K)
        Elems[I + K] = T(First[K]);
      fill<I + A::size()>(Others...);
    } else {
      Elems[I] = T(First);
      fill<I + 1>(Others...);
    }
  }

public:
  using element_type = T;
  using value_type = T;

  vec() : Elems{} {}
  explicit vec(const T &X) {
    for (int K = 0; K < Stored; ++K)
      Elems[K] = X;
  }
  /// One scalar of another type for every element, converted as by a cast:
  /// vec<float, 1>{d} with a double d is not a narrowing error (DPC++
  /// accepts it and programs rely on that).
  template <typename U,
            typename = std::enable_if_t<detail::is_vec_scalar_v<U> &&
                                        !std::is_same_v<U, T>>>
  explicit vec(const U &X) : vec(static_cast<T>(X)) {}
  /// From N elements given as scalars and vecs, in order.
  template <typename A, typename B, typename... Rest,
            typename = std::enable_if_t<(detail::vec_elems<A>() +
                                         (detail::vec_elems<B>() + ... +
                                          detail::vec_elems<Rest>())) == N>>
  vec(const A &First, const B &Second, const Rest &...Others) : Elems{} {
    fill<0>(First, Second, Others...);
  }
  vec(const vec &) = default;
  vec &operator=(const vec &) = default;
  /// A template, so that `v = {}` (a class element type makes both
  /// conversions user-defined) picks the copy assignment, as under DPC++.
  template <typename U = T, typename = std::enable_if_t<std::is_same_v<U, T>>>
  vec &operator=(const T &X) {
    return *this = vec(X);
  }

  static constexpr size_t size() noexcept { return N; }
  static constexpr size_t get_count() noexcept { return N; }
  static constexpr size_t byte_size() noexcept { return sizeof(T) * Stored; }
  static constexpr size_t get_size() noexcept { return byte_size(); }

  T &operator[](int I) { return Elems[I]; }
  const T &operator[](int I) const { return Elems[I]; }

  // A vec of one element converts to it.
  template <int M = N, typename = std::enable_if_t<M == 1>> operator T() const {
    return Elems[0];
  }

#define SUBLANE_VEC_ELEMENT(Name, Index)                                       \
  template <int M = N, typename = std::enable_if_t<(Index < M)>> T &Name() {   \
    return Elems[Index];                                                       \
  }                                                                            \
  template <int M = N, typename = std::enable_if_t<(Index < M)>>               \
  const T &Name() const {                                                      \
    return Elems[Index];                                                       \
  }
  SUBLANE_VEC_ELEMENT_NAMES(SUBLANE_VEC_ELEMENT)
#undef SUBLANE_VEC_ELEMENT

  static constexpr int NumElements = N;
  static constexpr int NumStored = Stored;

  /// The elements at the given indices: on a vec that can be written, a
  /// view whose assignment writes them (SYCL's __swizzled_vec__); on a const
  /// or temporary vec, a const copy, so that assigning to it is an error
  /// rather than a write that goes nowhere.
  template <int... Indices> decltype(auto) swizzle() & {
    static_assert(((Indices >= 0 && Indices < N) && ...),
                  "swizzle index out of range");
    return pick<Indices...>();
  }
  template <int... Indices> decltype(auto) swizzle() const & {
    static_assert(((Indices >= 0 && Indices < N) && ...),
                  "swizzle index out of range");
    return pick<Indices...>();
  }
#define SUBLANE_VEC_SWIZZLE_QUALIFIER &
#ifdef SYCL_SIMPLE_SWIZZLES
#include "vec_swizzles.def"
#else
  SUBLANE_VEC_NAMED_SWIZZLE(xy, M >= 2, &, 0, 1)
  SUBLANE_VEC_NAMED_SWIZZLE(xyz, M >= 3, &, 0, 1, 2)
  SUBLANE_VEC_NAMED_SWIZZLE(yz, M >= 3, &, 1, 2)
  SUBLANE_VEC_NAMED_SWIZZLE(zw, M == 4, &, 2, 3)
  SUBLANE_VEC_NAMED_SWIZZLE(wzyx, M == 4, &, 3, 2, 1, 0)
#endif
  /// The lower and upper halves, even and odd elements (a vec of 3 counts
  /// as 4 with an undefined fourth element).
  SUBLANE_VEC_HALF(lo, 0, 1, &)
  SUBLANE_VEC_HALF(hi, NumStored / 2, 1, &)
  SUBLANE_VEC_HALF(even, 0, 2, &)
  SUBLANE_VEC_HALF(odd, 1, 2, &)
#undef SUBLANE_VEC_SWIZZLE_QUALIFIER

  template <typename U, rounding_mode R = rounding_mode::automatic>
  vec<U, N> convert() const {
    vec<U, N> Out;
    for (int K = 0; K < N; ++K)
      Out[K] = detail::convert_rounded<U, R>(Elems[K]);
    return Out;
  }
  /// The same bytes as another vec type of the same size.
  template <typename AsT> AsT as() const {
    static_assert(sizeof(AsT) == sizeof(vec),
                  "sycl::vec::as needs equal sizes");
    AsT Out;
    std::memcpy(static_cast<void *>(&Out), this, sizeof(vec));
    return Out;
  }

  template <typename Ptr> void load(size_t Offset, Ptr P) {
    for (int K = 0; K < N; ++K)
      Elems[K] = T(P[Offset * N + K]);
  }
  template <typename Ptr> void store(size_t Offset, Ptr P) const {
    for (int K = 0; K < N; ++K)
      P[Offset * N + K] = Elems[K];
  }

  // Compound assignment through the binary operators below (found by
  // argument-dependent lookup when these are instantiated).
#define SUBLANE_VEC_COMPOUND(Op, Constraint)                                   \
  template <typename U = T, typename = std::enable_if_t<Constraint>>           \
  vec &operator Op##=(const vec &Rhs) {                                        \
    return *this = *this Op Rhs;                                               \
  }                                                                            \
  template <typename U = T, typename = std::enable_if_t<Constraint>>           \
  vec &operator Op##=(const T &Rhs) {                                          \
    return *this = *this Op vec(Rhs);                                          \
  }
  SUBLANE_VEC_COMPOUND(+, detail::is_vec_scalar_v<U>)
  SUBLANE_VEC_COMPOUND(-, detail::is_vec_scalar_v<U>)
  SUBLANE_VEC_COMPOUND(*, detail::is_vec_scalar_v<U>)
  SUBLANE_VEC_COMPOUND(/, detail::is_vec_scalar_v<U>)
  SUBLANE_VEC_COMPOUND(%, std::is_integral_v<U>)
  SUBLANE_VEC_COMPOUND(&, std::is_integral_v<U>)
  SUBLANE_VEC_COMPOUND(|, std::is_integral_v<U>)
  SUBLANE_VEC_COMPOUND(^, std::is_integral_v<U>)
  SUBLANE_VEC_COMPOUND(<<, std::is_integral_v<U>)
  SUBLANE_VEC_COMPOUND(>>, std::is_integral_v<U>)
#undef SUBLANE_VEC_COMPOUND

  vec &operator++() { return *this += T(1); }
  vec &operator--() { return *this -= T(1); }
  vec operator++(int) {
    vec Old = *this;
    ++*this;
    return Old;
  }
  vec operator--(int) {
    vec Old = *this;
    --*this;
    return Old;
  }
  vec operator+() const { return *this; }
  vec operator-() const {
    vec Out;
    for (int K = 0; K < N; ++K)
      Out[K] = T(-Elems[K]);
    return Out;
  }
  template <typename U = T, typename = std::enable_if_t<std::is_integral_v<U>>>
  vec operator~() const {
    vec Out;
    for (int K = 0; K < N; ++K)
      Out[K] = T(~Elems[K]);
    return Out;
  }
  vec<detail::rel_elem_t<T>, N> operator!() const {
    vec<detail::rel_elem_t<T>, N> Out;
    for (int K = 0; K < N; ++K)
      Out[K] = Elems[K] == T(0) ? -1 : 0;
    return Out;
  }

private:
  template <typename, int, int...> friend class detail::swizzled_vec;

  // Indices may name the fourth, undefined element of a vec of 3.
  template <int... Indices> detail::swizzled_vec<T, N, Indices...> pick() & {
    return detail::swizzled_vec<T, N, Indices...>(*this);
  }
  template <int... Indices>
  const vec<T, int(sizeof...(Indices))> pick() const & {
    return vec<T, int(sizeof...(Indices))>(Elems[Indices]...);
  }
  template <int First, int Step, int... K>
  decltype(auto) pick_strided(std::integer_sequence<int, K...>) & {
    return pick<(First + K * Step)...>();
  }
  template <int First, int Step, int... K>
  decltype(auto) pick_strided(std::integer_sequence<int, K...>) const & {
    return pick<(First + K * Step)...>();
  }
};

namespace detail {
template <int... Indices> constexpr bool all_distinct() {
  constexpr int List[] = {Indices...};
  for (size_t I = 0; I < sizeof...(Indices); ++I)
    for (size_t J = I + 1; J < sizeof...(Indices); ++J)
      if (List[I] == List[J])
        return false;
  return true;
}

/// One element of a swizzle view: what is written to it goes to the viewed
/// vec and to the view's own values.
template <typename T> class swizzle_element {
public:
  swizzle_element(T &Target, T &Copy) : Target(Target), Copy(Copy) {}
  operator T() const { return Copy; }
  swizzle_element &operator=(const T &X) {
    Target = Copy = X;
    return *this;
  }
  swizzle_element &operator=(const swizzle_element &Other) {
    return *this = T(Other);
  }
#define SUBLANE_SWIZZLE_ELEMENT_COMPOUND(Op)                                   \
  swizzle_element &operator Op##=(const T &X) { return *this = T(Copy Op X); }
  SUBLANE_SWIZZLE_ELEMENT_COMPOUND(+)
  SUBLANE_SWIZZLE_ELEMENT_COMPOUND(-)
  SUBLANE_SWIZZLE_ELEMENT_COMPOUND(*)
  SUBLANE_SWIZZLE_ELEMENT_COMPOUND(/)
  SUBLANE_SWIZZLE_ELEMENT_COMPOUND(%)
  SUBLANE_SWIZZLE_ELEMENT_COMPOUND(&)
  SUBLANE_SWIZZLE_ELEMENT_COMPOUND(|)
  SUBLANE_SWIZZLE_ELEMENT_COMPOUND(^)
  SUBLANE_SWIZZLE_ELEMENT_COMPOUND(<<)
  SUBLANE_SWIZZLE_ELEMENT_COMPOUND(>>)
#undef SUBLANE_SWIZZLE_ELEMENT_COMPOUND
  swizzle_element &operator++() { return *this += T(1); }
  swizzle_element &operator--() { return *this -= T(1); }
  T operator++(int) {
    T Old = Copy;
    ++*this;
    return Old;
  }
  T operator--(int) {
    T Old = Copy;
    --*this;
    return Old;
  }

private:
  T &Target;
  T &Copy;
};

/// A view of elements Indices... of a vec<T, N> (SYCL's __swizzled_vec__).
/// It is a vec<T, sizeof...(Indices)> of their values when it was made, so
/// every operator and function on vecs takes it, and everything that
/// writes it (assignment, compound assignment, increments, elements,
/// load, swizzles of it) also writes the viewed vec.
template <typename T, int N, int... Indices>
class swizzled_vec : public vec<T, int(sizeof...(Indices))> {
  static constexpr int Count = int(sizeof...(Indices));
  using base = vec<T, Count>;
  static constexpr int Map[Count] = {Indices...};
  vec<T, N> *Target;

  template <typename, int> friend class sycl::vec;
  template <typename, int, int...> friend class swizzled_vec;

  const base &values() const { return *this; }

  // Indices past the view's own (the undefined fourth element of a view of
  // 3) give a const copy.
  template <int... J> decltype(auto) pick() {
    if constexpr (((J < Count) && ...))
      return swizzled_vec<T, N, Map[J]...>(*Target);
    else
      return values().template pick<J...>();
  }
  template <int... J> decltype(auto) pick() const {
    return values().template pick<J...>();
  }
  template <int First, int Step, int... K>
  decltype(auto) pick_strided(std::integer_sequence<int, K...>) {
    return pick<(First + K * Step)...>();
  }
  template <int First, int Step, int... K>
  decltype(auto) pick_strided(std::integer_sequence<int, K...>) const {
    return pick<(First + K * Step)...>();
  }

public:
  static constexpr int NumElements = Count;
  static constexpr int NumStored = Count == 3 ? 4 : Count;

  explicit swizzled_vec(vec<T, N> &Viewed) : Target(&Viewed) {
    for (int K = 0; K < Count; ++K)
      base::operator[](K) = Viewed[Map[K]];
  }
  swizzled_vec(const swizzled_vec &) = default;

  swizzled_vec &operator=(const base &Value) {
    static_assert(all_distinct<Indices...>(),
                  "a swizzle that names an element twice cannot be assigned");
    const base Copy = Value;
    for (int K = 0; K < Count; ++K)
      base::operator[](K) = (*Target)[Map[K]] = Copy[K];
    return *this;
  }
  swizzled_vec &operator=(const swizzled_vec &Other) {
    return *this = Other.values();
  }
  swizzled_vec &operator=(const T &X) { return *this = base(X); }

#define SUBLANE_SWIZZLE_COMPOUND(Op)                                           \
  template <typename R> swizzled_vec &operator Op##=(const R &Rhs) {           \
    return *this = base(values() Op Rhs);                                      \
  }
  SUBLANE_SWIZZLE_COMPOUND(+)
  SUBLANE_SWIZZLE_COMPOUND(-)
  SUBLANE_SWIZZLE_COMPOUND(*)
  SUBLANE_SWIZZLE_COMPOUND(/)
  SUBLANE_SWIZZLE_COMPOUND(%)
  SUBLANE_SWIZZLE_COMPOUND(&)
  SUBLANE_SWIZZLE_COMPOUND(|)
  SUBLANE_SWIZZLE_COMPOUND(^)
  SUBLANE_SWIZZLE_COMPOUND(<<)
  SUBLANE_SWIZZLE_COMPOUND(>>)
#undef SUBLANE_SWIZZLE_COMPOUND
  swizzled_vec &operator++() { return *this += T(1); }
  swizzled_vec &operator--() { return *this -= T(1); }
  base operator++(int) {
    base Old = values();
    ++*this;
    return Old;
  }
  base operator--(int) {
    base Old = values();
    --*this;
    return Old;
  }

  swizzle_element<T> operator[](int I) {
    return {(*Target)[Map[I]], base::operator[](I)};
  }
  const T &operator[](int I) const { return base::operator[](I); }
#define SUBLANE_SWIZZLE_ELEMENT(Name, Index)                                   \
  template <int M = Count, typename = std::enable_if_t<(Index < M)>>           \
  swizzle_element<T> Name() {                                                  \
    return (*this)[Index];                                                     \
  }                                                                            \
  template <int M = Count, typename = std::enable_if_t<(Index < M)>>           \
  const T &Name() const {                                                      \
    return base::operator[](Index);                                            \
  }
  SUBLANE_VEC_ELEMENT_NAMES(SUBLANE_SWIZZLE_ELEMENT)
#undef SUBLANE_SWIZZLE_ELEMENT

  template <typename Ptr> void load(size_t Offset, Ptr P) {
    base Loaded;
    Loaded.load(Offset, P);
    *this = Loaded;
  }

  template <int... J> decltype(auto) swizzle() {
    static_assert(((J >= 0 && J < Count) && ...), "swizzle index out of range");
    return pick<J...>();
  }
  template <int... J> decltype(auto) swizzle() const {
    static_assert(((J >= 0 && J < Count) && ...), "swizzle index out of range");
    return pick<J...>();
  }
#define SUBLANE_VEC_SWIZZLE_QUALIFIER
#ifdef SYCL_SIMPLE_SWIZZLES
#include "vec_swizzles.def"
#else
  SUBLANE_VEC_NAMED_SWIZZLE(xy, M >= 2, , 0, 1)
  SUBLANE_VEC_NAMED_SWIZZLE(xyz, M >= 3, , 0, 1, 2)
  SUBLANE_VEC_NAMED_SWIZZLE(yz, M >= 3, , 1, 2)
  SUBLANE_VEC_NAMED_SWIZZLE(zw, M == 4, , 2, 3)
  SUBLANE_VEC_NAMED_SWIZZLE(wzyx, M == 4, , 3, 2, 1, 0)
#endif
  SUBLANE_VEC_HALF(lo, 0, 1, )
  SUBLANE_VEC_HALF(hi, NumStored / 2, 1, )
  SUBLANE_VEC_HALF(even, 0, 2, )
  SUBLANE_VEC_HALF(odd, 1, 2, )
#undef SUBLANE_VEC_SWIZZLE_QUALIFIER
};
} // namespace detail
#undef SUBLANE_VEC_NAMED_SWIZZLE
#undef SUBLANE_VEC_HALF
#undef SUBLANE_SWIZZLE_XYZW
#undef SUBLANE_SWIZZLE_RGBA
#undef SUBLANE_VEC_ELEMENT_NAMES

// Binary operators: vec with vec, vec with scalar, scalar with vec.
#define SUBLANE_VEC_BINARY(Op, Constraint)                                     \
  template <typename T, int N, typename = std::enable_if_t<Constraint>>        \
  vec<T, N> operator Op(const vec<T, N> &L, const vec<T, N> &R) {              \
    vec<T, N> Out;                                                             \
    for (int K = 0; K < N; ++K)                                                \
      Out[K] = T(L[K] Op R[K]);                                                \
    return Out;                                                                \
  }                                                                            \
  template <typename T, int N, typename S,                                     \
            typename =                                                         \
                std::enable_if_t<Constraint && detail::is_vec_scalar_v<S>>>    \
  vec<T, N> operator Op(const vec<T, N> &L, const S &R) {                      \
    return L Op vec<T, N>(T(R));                                               \
  }                                                                            \
  template <typename T, int N, typename S,                                     \
            typename =                                                         \
                std::enable_if_t<Constraint && detail::is_vec_scalar_v<S>>>    \
  vec<T, N> operator Op(const S &L, const vec<T, N> &R) {                      \
    return vec<T, N>(T(L)) Op R;                                               \
  }
SUBLANE_VEC_BINARY(+, true)
SUBLANE_VEC_BINARY(-, true)
SUBLANE_VEC_BINARY(*, true)
SUBLANE_VEC_BINARY(/, true)
SUBLANE_VEC_BINARY(%, std::is_integral_v<T>)
SUBLANE_VEC_BINARY(&, std::is_integral_v<T>)
SUBLANE_VEC_BINARY(|, std::is_integral_v<T>)
SUBLANE_VEC_BINARY(^, std::is_integral_v<T>)
SUBLANE_VEC_BINARY(<<, std::is_integral_v<T>)
SUBLANE_VEC_BINARY(>>, std::is_integral_v<T>)
#undef SUBLANE_VEC_BINARY

// Comparisons and logical operators: -1 (all bits set) for true, 0 for false.
#define SUBLANE_VEC_RELATION(Op)                                               \
  template <typename T, int N>                                                 \
  vec<detail::rel_elem_t<T>, N> operator Op(const vec<T, N> &L,                \
                                            const vec<T, N> &R) {              \
    vec<detail::rel_elem_t<T>, N> Out;                                         \
    for (int K = 0; K < N; ++K)                                                \
      Out[K] = (L[K] Op R[K]) ? -1 : 0;                                        \
    return Out;                                                                \
  }                                                                            \
  template <typename T, int N, typename S,                                     \
            typename = std::enable_if_t<detail::is_vec_scalar_v<S>>>           \
  vec<detail::rel_elem_t<T>, N> operator Op(const vec<T, N> &L, const S &R) {  \
    return L Op vec<T, N>(T(R));                                               \
  }                                                                            \
  template <typename T, int N, typename S,                                     \
            typename = std::enable_if_t<detail::is_vec_scalar_v<S>>>           \
  vec<detail::rel_elem_t<T>, N> operator Op(const S &L, const vec<T, N> &R) {  \
    return vec<T, N>(T(L)) Op R;                                               \
  }
SUBLANE_VEC_RELATION(==)
SUBLANE_VEC_RELATION(!=)
SUBLANE_VEC_RELATION(<)
SUBLANE_VEC_RELATION(<=)
SUBLANE_VEC_RELATION(>)
SUBLANE_VEC_RELATION(>=)
SUBLANE_VEC_RELATION(&&)
SUBLANE_VEC_RELATION(||)
#undef SUBLANE_VEC_RELATION

// Element-wise math, common and integer functions on vec (and marray,
// below): each takes the element types its scalar form takes and returns a
// container of what that returns. A function with a second argument of the
// element type (or int, for ldexp, pown and rootn) also takes it as one
// scalar for every element.
// Scope is the namespace of the scalar function (sycl, or sycl::native).
#define SUBLANE_ELEMENTWISE_UNARY_FN_IN(Scope, Container, SizeT, Name)         \
  template <typename T, SizeT N>                                               \
  auto Name(const Container<T, N> &X)                                          \
      ->Container<decltype(Scope::Name(X[0])), N> {                            \
    Container<decltype(Scope::Name(X[0])), N> Out;                             \
    for (SizeT K = 0; K < N; ++K)                                              \
      Out[K] = Scope::Name(X[K]);                                              \
    return Out;                                                                \
  }
#define SUBLANE_ELEMENTWISE_BINARY_FN_IN(Scope, Container, SizeT, Name,        \
                                         SecondT)                              \
  template <typename T, SizeT N>                                               \
  auto Name(const Container<T, N> &X, const Container<SecondT, N> &Y)          \
      ->Container<decltype(Scope::Name(X[0], Y[0])), N> {                      \
    Container<decltype(Scope::Name(X[0], Y[0])), N> Out;                       \
    for (SizeT K = 0; K < N; ++K)                                              \
      Out[K] = Scope::Name(X[K], Y[K]);                                        \
    return Out;                                                                \
  }                                                                            \
  template <typename T, SizeT N>                                               \
  auto Name(const Container<T, N> &X, const SecondT &Y)                        \
      ->decltype(Name(X, Container<SecondT, N>(Y))) {                          \
    return Name(X, Container<SecondT, N>(Y));                                  \
  }
#define SUBLANE_ELEMENTWISE_UNARY_FN(Container, SizeT, Name)                   \
  SUBLANE_ELEMENTWISE_UNARY_FN_IN(sycl, Container, SizeT, Name)
#define SUBLANE_ELEMENTWISE_BINARY_FN(Container, SizeT, Name, SecondT)         \
  SUBLANE_ELEMENTWISE_BINARY_FN_IN(sycl, Container, SizeT, Name, SecondT)
#define SUBLANE_ELEMENTWISE_TERNARY_FN(Container, SizeT, Name)                 \
  template <typename T, SizeT N>                                               \
  auto Name(const Container<T, N> &X, const Container<T, N> &Y,                \
            const Container<T, N> &Z)                                          \
      ->Container<decltype(sycl::Name(X[0], Y[0], Z[0])), N> {                 \
    Container<decltype(sycl::Name(X[0], Y[0], Z[0])), N> Out;                  \
    for (SizeT K = 0; K < N; ++K)                                              \
      Out[K] = sycl::Name(X[K], Y[K], Z[K]);                                   \
    return Out;                                                                \
  }
#define SUBLANE_VEC_UNARY_FN(Name) SUBLANE_ELEMENTWISE_UNARY_FN(vec, int, Name)
#define SUBLANE_VEC_BINARY_FN(Name)                                            \
  SUBLANE_ELEMENTWISE_BINARY_FN(vec, int, Name, T)
#define SUBLANE_VEC_TERNARY_FN(Name)                                           \
  SUBLANE_ELEMENTWISE_TERNARY_FN(vec, int, Name)
#define SUBLANE_VEC_INT_ARG_FN(Name)                                           \
  SUBLANE_ELEMENTWISE_BINARY_FN(vec, int, Name, int)
#define SUBLANE_ELEMENTWISE_UNARY_FNS(M)                                       \
  M(acos)                                                                      \
  M(acosh)                                                                     \
  M(acospi)                                                                    \
  M(asin)                                                                      \
  M(asinh)                                                                     \
  M(asinpi)                                                                    \
  M(atan)                                                                      \
  M(atanh)                                                                     \
  M(atanpi)                                                                    \
  M(cbrt)                                                                      \
  M(ceil)                                                                      \
  M(cos)                                                                       \
  M(cosh)                                                                      \
  M(cospi)                                                                     \
  M(erf)                                                                       \
  M(erfc)                                                                      \
  M(exp)                                                                       \
  M(exp2)                                                                      \
  M(exp10)                                                                     \
  M(expm1)                                                                     \
  M(fabs)                                                                      \
  M(floor)                                                                     \
  M(ilogb)                                                                     \
  M(lgamma)                                                                    \
  M(log)                                                                       \
  M(log2)                                                                      \
  M(log10)                                                                     \
  M(log1p)                                                                     \
  M(logb)                                                                      \
  M(rint)                                                                      \
  M(round)                                                                     \
  M(rsqrt)                                                                     \
  M(sin)                                                                       \
  M(sinh)                                                                      \
  M(sinpi)                                                                     \
  M(sqrt)                                                                      \
  M(tan)                                                                       \
  M(tanh)                                                                      \
  M(tanpi)                                                                     \
  M(tgamma)                                                                    \
  M(trunc)                                                                     \
  M(sign)                                                                      \
  M(degrees)                                                                   \
  M(radians)                                                                   \
  M(abs)                                                                       \
  M(clz)                                                                       \
  M(ctz)                                                                       \
  M(popcount)
#define SUBLANE_ELEMENTWISE_BINARY_FNS(M)                                      \
  M(atan2)                                                                     \
  M(atan2pi)                                                                   \
  M(copysign)                                                                  \
  M(fdim)                                                                      \
  M(fmax)                                                                      \
  M(fmin)                                                                      \
  M(fmod)                                                                      \
  M(hypot)                                                                     \
  M(maxmag)                                                                    \
  M(minmag)                                                                    \
  M(nextafter)                                                                 \
  M(pow)                                                                       \
  M(powr)                                                                      \
  M(remainder)                                                                 \
  M(step)                                                                      \
  M(min)                                                                       \
  M(max)                                                                       \
  M(abs_diff)                                                                  \
  M(add_sat)                                                                   \
  M(sub_sat)                                                                   \
  M(hadd)                                                                      \
  M(rhadd)                                                                     \
  M(mul_hi)                                                                    \
  M(rotate)                                                                    \
  M(mul24)
#define SUBLANE_ELEMENTWISE_TERNARY_FNS(M)                                     \
  M(fma)                                                                       \
  M(mad)                                                                       \
  M(mix)                                                                       \
  M(mad_hi)                                                                    \
  M(mad_sat)                                                                   \
  M(mad24)                                                                     \
  M(smoothstep)
#define SUBLANE_ELEMENTWISE_INT_ARG_FNS(M)                                     \
  M(ldexp)                                                                     \
  M(pown)                                                                      \
  M(rootn)
SUBLANE_ELEMENTWISE_UNARY_FNS(SUBLANE_VEC_UNARY_FN)
SUBLANE_ELEMENTWISE_BINARY_FNS(SUBLANE_VEC_BINARY_FN)
SUBLANE_ELEMENTWISE_TERNARY_FNS(SUBLANE_VEC_TERNARY_FN)
SUBLANE_ELEMENTWISE_INT_ARG_FNS(SUBLANE_VEC_INT_ARG_FN)
#undef SUBLANE_VEC_UNARY_FN
#undef SUBLANE_VEC_BINARY_FN
#undef SUBLANE_VEC_TERNARY_FN
#undef SUBLANE_VEC_INT_ARG_FN

template <typename T, int N>
vec<T, N> clamp(const vec<T, N> &X, const vec<T, N> &Lo, const vec<T, N> &Hi) {
  return min(max(X, Lo), Hi);
}
template <typename T, int N>
vec<T, N> clamp(const vec<T, N> &X, const T &Lo, const T &Hi) {
  return min(max(X, Lo), Hi);
}
template <typename T, int N>
std::enable_if_t<detail::is_genfloat_v<T>, vec<T, N>>
mix(const vec<T, N> &X, const vec<T, N> &Y, const T &A) {
  return mix(X, Y, vec<T, N>(A));
}

// Geometric functions (SYCL 2020 4.17.8) for float and double vecs of up
// to four elements, and for scalars.
template <typename T, int N>
std::enable_if_t<std::is_floating_point_v<T> && (N <= 4), T>
dot(const vec<T, N> &X, const vec<T, N> &Y) {
  T Sum = X[0] * Y[0];
  for (int K = 1; K < N; ++K)
    Sum += X[K] * Y[K];
  return Sum;
}
template <typename T>
std::enable_if_t<std::is_floating_point_v<T>, T> dot(T X, T Y) {
  return X * Y;
}
template <typename T, int N>
std::enable_if_t<std::is_floating_point_v<T> && (N == 3 || N == 4), vec<T, N>>
cross(const vec<T, N> &X, const vec<T, N> &Y) {
  vec<T, N> Out;
  Out[0] = X[1] * Y[2] - X[2] * Y[1];
  Out[1] = X[2] * Y[0] - X[0] * Y[2];
  Out[2] = X[0] * Y[1] - X[1] * Y[0];
  return Out;
}
template <typename V>
auto length(const V &X) -> decltype(std::sqrt(dot(X, X))) {
  return std::sqrt(dot(X, X));
}
template <typename V>
auto distance(const V &X, const V &Y) -> decltype(length(X - Y)) {
  return length(X - Y);
}
template <typename V> auto normalize(const V &X) -> decltype(X / length(X)) {
  return X / length(X);
}
template <typename V> auto fast_length(const V &X) -> decltype(length(X)) {
  return length(X);
}
template <typename V>
auto fast_distance(const V &X, const V &Y) -> decltype(distance(X, Y)) {
  return distance(X, Y);
}
template <typename V>
auto fast_normalize(const V &X) -> decltype(normalize(X)) {
  return normalize(X);
}

// Relational functions: scalars give bool (int for isnan and the like in
// SYCL 2020 is bool on scalars), vecs a signed integer vec of -1 / 0.
template <typename T>
std::enable_if_t<std::is_floating_point_v<T>, bool> isnan(T X) {
  return std::isnan(X);
}
template <typename T>
std::enable_if_t<std::is_floating_point_v<T>, bool> isinf(T X) {
  return std::isinf(X);
}
template <typename T>
std::enable_if_t<std::is_floating_point_v<T>, bool> isfinite(T X) {
  return std::isfinite(X);
}
template <typename T>
std::enable_if_t<std::is_floating_point_v<T>, bool> signbit(T X) {
  return std::signbit(X);
}
#define SUBLANE_VEC_TEST_FN(Name)                                              \
  template <typename T, int N>                                                 \
  std::enable_if_t<std::is_floating_point_v<T>, vec<detail::rel_elem_t<T>, N>> \
  Name(const vec<T, N> &X) {                                                   \
    vec<detail::rel_elem_t<T>, N> Out;                                         \
    for (int K = 0; K < N; ++K)                                                \
      Out[K] = std::Name(X[K]) ? -1 : 0;                                       \
    return Out;                                                                \
  }
SUBLANE_VEC_TEST_FN(isnan)
SUBLANE_VEC_TEST_FN(isinf)
SUBLANE_VEC_TEST_FN(isfinite)
SUBLANE_VEC_TEST_FN(isnormal)
SUBLANE_VEC_TEST_FN(signbit)
#undef SUBLANE_VEC_TEST_FN
template <typename T>
std::enable_if_t<std::is_floating_point_v<T>, bool> isnormal(T X) {
  return std::isnormal(X);
}

// Comparisons as functions; false where either argument is NaN, except
// isnotequal and isunordered.
#define SUBLANE_RELATIONAL_FN(Name, Expr)                                      \
  template <typename T>                                                        \
  std::enable_if_t<std::is_floating_point_v<T>, bool> Name(T X, T Y) {         \
    return Expr;                                                               \
  }                                                                            \
  template <typename T, int N>                                                 \
  std::enable_if_t<std::is_floating_point_v<T>, vec<detail::rel_elem_t<T>, N>> \
  Name(const vec<T, N> &VX, const vec<T, N> &VY) {                             \
    vec<detail::rel_elem_t<T>, N> Out;                                         \
    for (int K = 0; K < N; ++K)                                                \
      Out[K] = Name(VX[K], VY[K]) ? -1 : 0;                                    \
    return Out;                                                                \
  }
SUBLANE_RELATIONAL_FN(isequal, X == Y)
SUBLANE_RELATIONAL_FN(isnotequal, X != Y)
SUBLANE_RELATIONAL_FN(isgreater, std::isgreater(X, Y))
SUBLANE_RELATIONAL_FN(isgreaterequal, std::isgreaterequal(X, Y))
SUBLANE_RELATIONAL_FN(isless, std::isless(X, Y))
SUBLANE_RELATIONAL_FN(islessequal, std::islessequal(X, Y))
SUBLANE_RELATIONAL_FN(islessgreater, std::islessgreater(X, Y))
SUBLANE_RELATIONAL_FN(isordered, !std::isunordered(X, Y))
SUBLANE_RELATIONAL_FN(isunordered, std::isunordered(X, Y))
#undef SUBLANE_RELATIONAL_FN

/// Each bit from b where c's bit is set, else from a.
template <typename T>
std::enable_if_t<std::is_arithmetic_v<T>, T> bitselect(T a, T b, T c) {
  using U = std::conditional_t<
      sizeof(T) == 8, uint64_t,
      std::conditional_t<
          sizeof(T) == 4, uint32_t,
          std::conditional_t<sizeof(T) == 2, uint16_t, uint8_t>>>;
  U A = __builtin_bit_cast(U, a), B = __builtin_bit_cast(U, b),
    C = __builtin_bit_cast(U, c);
  return __builtin_bit_cast(T, U((A & ~C) | (B & C)));
}
template <typename T, int N>
vec<T, N> bitselect(const vec<T, N> &A, const vec<T, N> &B,
                    const vec<T, N> &C) {
  vec<T, N> Out;
  for (int K = 0; K < N; ++K)
    Out[K] = bitselect(A[K], B[K], C[K]);
  return Out;
}

/// Whether the most significant bit of any (all) elements is set.
template <typename T, int N>
std::enable_if_t<std::is_integral_v<T> && std::is_signed_v<T>, bool>
any(const vec<T, N> &X) {
  for (int K = 0; K < N; ++K)
    if (X[K] < 0)
      return true;
  return false;
}
template <typename T, int N>
std::enable_if_t<std::is_integral_v<T> && std::is_signed_v<T>, bool>
all(const vec<T, N> &X) {
  for (int K = 0; K < N; ++K)
    if (!(X[K] < 0))
      return false;
  return true;
}
/// Each element from B where C's most significant bit is set, else from A.
template <typename T, int N, typename I>
std::enable_if_t<std::is_integral_v<I>, vec<T, N>>
select(const vec<T, N> &A, const vec<T, N> &B, const vec<I, N> &C) {
  static_assert(sizeof(I) == sizeof(T), "select needs elements of one size");
  vec<T, N> Out;
  for (int K = 0; K < N; ++K)
    Out[K] = std::is_signed_v<I>
                 ? (C[K] < 0 ? B[K] : A[K])
                 : ((C[K] >> (8 * sizeof(I) - 1)) ? B[K] : A[K]);
  return Out;
}
template <typename T>
std::enable_if_t<std::is_arithmetic_v<T>, T> select(T A, T B, bool C) {
  return C ? B : A;
}

#define SUBLANE_VEC_ALIASES(Prefix, T)                                         \
  using Prefix##2 = vec<T, 2>;                                                 \
  using Prefix##3 = vec<T, 3>;                                                 \
  using Prefix##4 = vec<T, 4>;                                                 \
  using Prefix##8 = vec<T, 8>;                                                 \
  using Prefix##16 = vec<T, 16>;
SUBLANE_VEC_ALIASES(float, float)
SUBLANE_VEC_ALIASES(double, double)
SUBLANE_VEC_ALIASES(half, half)
SUBLANE_VEC_ALIASES(char, int8_t)
SUBLANE_VEC_ALIASES(uchar, uint8_t)
SUBLANE_VEC_ALIASES(short, int16_t)
SUBLANE_VEC_ALIASES(ushort, uint16_t)
SUBLANE_VEC_ALIASES(int, int32_t)
SUBLANE_VEC_ALIASES(uint, uint32_t)
SUBLANE_VEC_ALIASES(long, int64_t)
SUBLANE_VEC_ALIASES(ulong, uint64_t)
#undef SUBLANE_VEC_ALIASES

// SYCL 1.2.1's scalar aliases, which DPC++ still provides.
using schar = signed char;
using uchar = unsigned char;
using ushort = unsigned short;
using uint = unsigned int;
using ulong = unsigned long;
using longlong = long long;
using ulonglong = unsigned long long;

/// sycl::marray<T, N> (SYCL 2020 4.14.3): N elements of any arithmetic
/// type, with element-wise operators.
template <typename T, size_t N> class marray {
  T Elems[N];

  template <size_t I> void fill() {}
  template <size_t I, typename A, typename... Rest>
  void fill(const A &First, const Rest &...Others) {
    Elems[I] = T(First);
    fill<I + 1>(Others...);
  }

public:
  using value_type = T;
  using reference = T &;
  using const_reference = const T &;
  using iterator = T *;
  using const_iterator = const T *;

  marray() : Elems{} {}
  explicit marray(const T &X) {
    for (size_t K = 0; K < N; ++K)
      Elems[K] = X;
  }
  template <typename A, typename B, typename... Rest,
            typename = std::enable_if_t<2 + sizeof...(Rest) == N>>
  marray(const A &First, const B &Second, const Rest &...Others) {
    fill<0>(First, Second, Others...);
  }
  marray(const marray &) = default;
  marray &operator=(const marray &) = default;

  static constexpr size_t size() noexcept { return N; }
  T &operator[](size_t I) { return Elems[I]; }
  const T &operator[](size_t I) const { return Elems[I]; }
  iterator begin() { return Elems; }
  iterator end() { return Elems + N; }
  const_iterator begin() const { return Elems; }
  const_iterator end() const { return Elems + N; }

#define SUBLANE_MARRAY_COMPOUND(Op)                                            \
  marray &operator Op##=(const marray &Rhs) {                                  \
    for (size_t K = 0; K < N; ++K)                                             \
      Elems[K] Op## = Rhs.Elems[K];                                            \
    return *this;                                                              \
  }                                                                            \
  marray &operator Op##=(const T &Rhs) { return *this Op## = marray(Rhs); }
  SUBLANE_MARRAY_COMPOUND(+)
  SUBLANE_MARRAY_COMPOUND(-)
  SUBLANE_MARRAY_COMPOUND(*)
  SUBLANE_MARRAY_COMPOUND(/)
  SUBLANE_MARRAY_COMPOUND(%)
  SUBLANE_MARRAY_COMPOUND(&)
  SUBLANE_MARRAY_COMPOUND(|)
  SUBLANE_MARRAY_COMPOUND(^)
  SUBLANE_MARRAY_COMPOUND(<<)
  SUBLANE_MARRAY_COMPOUND(>>)
#undef SUBLANE_MARRAY_COMPOUND
  marray operator+() const { return *this; }
  marray operator-() const {
    marray Out;
    for (size_t K = 0; K < N; ++K)
      Out[K] = T(-Elems[K]);
    return Out;
  }
  marray operator~() const {
    marray Out;
    for (size_t K = 0; K < N; ++K)
      Out[K] = T(~Elems[K]);
    return Out;
  }
  marray<bool, N> operator!() const {
    marray<bool, N> Out;
    for (size_t K = 0; K < N; ++K)
      Out[K] = !Elems[K];
    return Out;
  }
  marray &operator++() { return *this += T(1); }
  marray &operator--() { return *this -= T(1); }
  marray operator++(int) {
    marray Old = *this;
    ++*this;
    return Old;
  }
  marray operator--(int) {
    marray Old = *this;
    --*this;
    return Old;
  }
};

#define SUBLANE_MARRAY_BINARY(Op, Result)                                      \
  template <typename T, size_t N>                                              \
  marray<Result, N> operator Op(const marray<T, N> &L,                         \
                                const marray<T, N> &R) {                       \
    marray<Result, N> Out;                                                     \
    for (size_t K = 0; K < N; ++K)                                             \
      Out[K] = Result(L[K] Op R[K]);                                           \
    return Out;                                                                \
  }                                                                            \
  template <typename T, size_t N, typename S,                                  \
            typename = std::enable_if_t<detail::is_vec_scalar_v<S>>>           \
  marray<Result, N> operator Op(const marray<T, N> &L, const S &R) {           \
    return L Op marray<T, N>(T(R));                                            \
  }                                                                            \
  template <typename T, size_t N, typename S,                                  \
            typename = std::enable_if_t<detail::is_vec_scalar_v<S>>>           \
  marray<Result, N> operator Op(const S &L, const marray<T, N> &R) {           \
    return marray<T, N>(T(L)) Op R;                                            \
  }
SUBLANE_MARRAY_BINARY(+, T)
SUBLANE_MARRAY_BINARY(-, T)
SUBLANE_MARRAY_BINARY(*, T)
SUBLANE_MARRAY_BINARY(/, T)
SUBLANE_MARRAY_BINARY(%, T)
SUBLANE_MARRAY_BINARY(&, T)
SUBLANE_MARRAY_BINARY(|, T)
SUBLANE_MARRAY_BINARY(^, T)
SUBLANE_MARRAY_BINARY(<<, T)
SUBLANE_MARRAY_BINARY(>>, T)
SUBLANE_MARRAY_BINARY(&&, bool)
SUBLANE_MARRAY_BINARY(||, bool)
SUBLANE_MARRAY_BINARY(==, bool)
SUBLANE_MARRAY_BINARY(!=, bool)
SUBLANE_MARRAY_BINARY(<, bool)
SUBLANE_MARRAY_BINARY(<=, bool)
SUBLANE_MARRAY_BINARY(>, bool)
SUBLANE_MARRAY_BINARY(>=, bool)
#undef SUBLANE_MARRAY_BINARY

// Math, common, integer, geometric and relational functions on marray,
// element by element (SYCL 2020 4.17: every function taking a generic
// scalar also takes an marray of it). Relational tests give marray<bool, N>.
#define SUBLANE_MARRAY_UNARY_FN(Name)                                          \
  SUBLANE_ELEMENTWISE_UNARY_FN(marray, size_t, Name)
#define SUBLANE_MARRAY_BINARY_FN(Name)                                         \
  SUBLANE_ELEMENTWISE_BINARY_FN(marray, size_t, Name, T)
#define SUBLANE_MARRAY_TERNARY_FN(Name)                                        \
  SUBLANE_ELEMENTWISE_TERNARY_FN(marray, size_t, Name)
#define SUBLANE_MARRAY_INT_ARG_FN(Name)                                        \
  SUBLANE_ELEMENTWISE_BINARY_FN(marray, size_t, Name, int)
SUBLANE_ELEMENTWISE_UNARY_FNS(SUBLANE_MARRAY_UNARY_FN)
SUBLANE_ELEMENTWISE_BINARY_FNS(SUBLANE_MARRAY_BINARY_FN)
SUBLANE_ELEMENTWISE_TERNARY_FNS(SUBLANE_MARRAY_TERNARY_FN)
SUBLANE_ELEMENTWISE_INT_ARG_FNS(SUBLANE_MARRAY_INT_ARG_FN)
SUBLANE_MARRAY_UNARY_FN(isnan)
SUBLANE_MARRAY_UNARY_FN(isinf)
SUBLANE_MARRAY_UNARY_FN(isfinite)
SUBLANE_MARRAY_UNARY_FN(isnormal)
SUBLANE_MARRAY_UNARY_FN(signbit)
SUBLANE_MARRAY_BINARY_FN(isequal)
SUBLANE_MARRAY_BINARY_FN(isnotequal)
SUBLANE_MARRAY_BINARY_FN(isgreater)
SUBLANE_MARRAY_BINARY_FN(isgreaterequal)
SUBLANE_MARRAY_BINARY_FN(isless)
SUBLANE_MARRAY_BINARY_FN(islessequal)
SUBLANE_MARRAY_BINARY_FN(islessgreater)
SUBLANE_MARRAY_BINARY_FN(isordered)
SUBLANE_MARRAY_BINARY_FN(isunordered)
SUBLANE_MARRAY_TERNARY_FN(clamp)
SUBLANE_MARRAY_TERNARY_FN(bitselect)
#undef SUBLANE_MARRAY_UNARY_FN
#undef SUBLANE_MARRAY_BINARY_FN
#undef SUBLANE_MARRAY_TERNARY_FN
#undef SUBLANE_MARRAY_INT_ARG_FN
#undef SUBLANE_ELEMENTWISE_UNARY_FNS
#undef SUBLANE_ELEMENTWISE_BINARY_FNS
#undef SUBLANE_ELEMENTWISE_TERNARY_FNS
#undef SUBLANE_ELEMENTWISE_INT_ARG_FNS

// The native and half_precision functions (SYCL 2020 4.17.5-6) take vecs
// and marrays of float too (float4 distances in molecular dynamics codes).
namespace native {
#define SUBLANE_NATIVE_UNARY_FN(Name)                                          \
  SUBLANE_ELEMENTWISE_UNARY_FN_IN(sycl::native, vec, int, Name)                \
  SUBLANE_ELEMENTWISE_UNARY_FN_IN(sycl::native, marray, size_t, Name)
#define SUBLANE_NATIVE_BINARY_FN(Name)                                         \
  SUBLANE_ELEMENTWISE_BINARY_FN_IN(sycl::native, vec, int, Name, T)            \
  SUBLANE_ELEMENTWISE_BINARY_FN_IN(sycl::native, marray, size_t, Name, T)
SUBLANE_NATIVE_UNARY_FN(exp)
SUBLANE_NATIVE_UNARY_FN(log)
SUBLANE_NATIVE_UNARY_FN(sqrt)
SUBLANE_NATIVE_UNARY_FN(rsqrt)
SUBLANE_NATIVE_UNARY_FN(recip)
SUBLANE_NATIVE_UNARY_FN(sin)
SUBLANE_NATIVE_UNARY_FN(cos)
SUBLANE_NATIVE_UNARY_FN(tan)
SUBLANE_NATIVE_UNARY_FN(exp2)
SUBLANE_NATIVE_UNARY_FN(exp10)
SUBLANE_NATIVE_UNARY_FN(log2)
SUBLANE_NATIVE_UNARY_FN(log10)
SUBLANE_NATIVE_BINARY_FN(divide)
SUBLANE_NATIVE_BINARY_FN(powr)
#undef SUBLANE_NATIVE_UNARY_FN
#undef SUBLANE_NATIVE_BINARY_FN
} // namespace native
/// half_precision (SYCL 2020 4.17.6): the same calls as native. Declared
/// here, after every overload, since a using-declaration names only the
/// overloads declared before it.
namespace half_precision {
using native::cos;
using native::divide;
using native::exp;
using native::exp10;
using native::exp2;
using native::log;
using native::log10;
using native::log2;
using native::powr;
using native::recip;
using native::rsqrt;
using native::sin;
using native::sqrt;
using native::tan;
} // namespace half_precision

#undef SUBLANE_ELEMENTWISE_UNARY_FN
#undef SUBLANE_ELEMENTWISE_BINARY_FN
#undef SUBLANE_ELEMENTWISE_UNARY_FN_IN
#undef SUBLANE_ELEMENTWISE_BINARY_FN_IN
#undef SUBLANE_ELEMENTWISE_TERNARY_FN

template <typename T, size_t N>
marray<T, N> clamp(const marray<T, N> &X, const T &Lo, const T &Hi) {
  return clamp(X, marray<T, N>(Lo), marray<T, N>(Hi));
}
template <typename T, size_t N>
std::enable_if_t<std::is_floating_point_v<T>, marray<T, N>>
mix(const marray<T, N> &X, const marray<T, N> &Y, const T &A) {
  return mix(X, Y, marray<T, N>(A));
}
template <typename T, size_t N>
std::enable_if_t<std::is_floating_point_v<T> && (N <= 4), T>
dot(const marray<T, N> &X, const marray<T, N> &Y) {
  T Sum = X[0] * Y[0];
  for (size_t K = 1; K < N; ++K)
    Sum += X[K] * Y[K];
  return Sum;
}
template <typename T, size_t N>
std::enable_if_t<std::is_floating_point_v<T> && (N == 3 || N == 4),
                 marray<T, N>>
cross(const marray<T, N> &X, const marray<T, N> &Y) {
  marray<T, N> Out;
  Out[0] = X[1] * Y[2] - X[2] * Y[1];
  Out[1] = X[2] * Y[0] - X[0] * Y[2];
  Out[2] = X[0] * Y[1] - X[1] * Y[0];
  return Out;
}
/// Each element from B where C is true, else from A.
template <typename T, size_t N>
marray<T, N> select(const marray<T, N> &A, const marray<T, N> &B,
                    const marray<bool, N> &C) {
  marray<T, N> Out;
  for (size_t K = 0; K < N; ++K)
    Out[K] = C[K] ? B[K] : A[K];
  return Out;
}
/// Whether any (all, none) of the elements is true.
template <size_t N> bool any(const marray<bool, N> &X) {
  for (size_t K = 0; K < N; ++K)
    if (X[K])
      return true;
  return false;
}
template <size_t N> bool all(const marray<bool, N> &X) {
  for (size_t K = 0; K < N; ++K)
    if (!X[K])
      return false;
  return true;
}
template <size_t N> bool none(const marray<bool, N> &X) { return !any(X); }

/// The bits of From read as To (SYCL 2020 4.17.1).
template <typename To, typename From> To bit_cast(const From &X) noexcept {
  static_assert(sizeof(To) == sizeof(From), "bit_cast needs equal sizes");
  return __builtin_bit_cast(To, X);
}

template <int N, typename T> vec<T, N> sub_group::load(const T *src) const {
  vec<T, N> v;
  uint32_t lane = __sublane_sg_local_id(), width = __sublane_sg_max_size();
  for (int j = 0; j < N; ++j)
    v[j] = src[j * width + lane];
  return v;
}
template <int N, typename T>
void sub_group::store(T *dst, const vec<T, N> &x) const {
  uint32_t lane = __sublane_sg_local_id(), width = __sublane_sg_max_size();
  for (int j = 0; j < N; ++j)
    dst[j * width + lane] = x[j];
}

/// A fence for this work-item's memory operations. Work-items of a group
/// run in turn on one thread, and groups on several: a thread fence orders
/// what every scope needs.
inline void atomic_fence(memory_order Order, memory_scope) {
  switch (Order) {
  case memory_order::relaxed:
    break;
  case memory_order::acquire:
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    break;
  case memory_order::release:
    __atomic_thread_fence(__ATOMIC_RELEASE);
    break;
  case memory_order::acq_rel:
    __atomic_thread_fence(__ATOMIC_ACQ_REL);
    break;
  default:
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    break;
  }
}

} // namespace sycl

#endif // SUBLANE_DETAIL_VEC_HPP
