//===- sublane/detail/reduction.hpp - sycl::reduction -----------*- C++ -*-===//
//
// SYCL 2020 reductions with parallel_for: the kernel gets a reducer as its
// last argument. Each work-item combines into its own reducer; the items'
// values are combined on the host after the launch, with the variable's
// original value unless initialize_to_identity was asked for. Included by
// <sublane/sycl.hpp>.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_REDUCTION_HPP
#define SUBLANE_DETAIL_REDUCTION_HPP

#include <limits>
#include <memory>
#include <type_traits>

namespace sycl {

template <typename T, typename Op> struct reduction_spec {
  T *ptr;
  T identity;
  Op op;
  bool init_to_identity;
};

namespace detail {
template <typename T, typename Op> struct known_identity {
  static constexpr bool value = false;
};
#define SUBLANE_KNOWN_IDENTITY(Name, Expr)                                     \
  template <typename T, typename U> struct known_identity<T, Name<U>> {        \
    static constexpr bool value = true;                                        \
    static constexpr T get() { return Expr; }                                  \
  };
SUBLANE_KNOWN_IDENTITY(plus, T(0))
SUBLANE_KNOWN_IDENTITY(multiplies, T(1))
SUBLANE_KNOWN_IDENTITY(bit_or, T(0))
SUBLANE_KNOWN_IDENTITY(bit_xor, T(0))
SUBLANE_KNOWN_IDENTITY(bit_and, T(~T(0)))
SUBLANE_KNOWN_IDENTITY(logical_or, T(false))
SUBLANE_KNOWN_IDENTITY(logical_and, T(true))
SUBLANE_KNOWN_IDENTITY(minimum, std::numeric_limits<T>::has_infinity
                                    ? std::numeric_limits<T>::infinity()
                                    : std::numeric_limits<T>::max())
SUBLANE_KNOWN_IDENTITY(maximum, std::numeric_limits<T>::has_infinity
                                    ? -std::numeric_limits<T>::infinity()
                                    : std::numeric_limits<T>::lowest())
#undef SUBLANE_KNOWN_IDENTITY

template <typename Name, typename Kernel> struct reduction_kernel {};
} // namespace detail

template <typename T, typename Op>
reduction_spec<T, Op> reduction(T *ptr, Op op, const property_list &p = {}) {
  static_assert(detail::known_identity<T, Op>::value,
                "sublane: give this reduction's identity: "
                "sycl::reduction(ptr, identity, op)");
  return {ptr, detail::known_identity<T, Op>::get(), op,
          p.initializes_to_identity()};
}
template <typename T, typename Op>
reduction_spec<T, Op> reduction(T *ptr, T identity, Op op,
                                const property_list &p = {}) {
  return {ptr, identity, op, p.initializes_to_identity()};
}
template <typename T, int D, typename Op>
reduction_spec<T, Op> reduction(buffer<T, D> &b, handler &, Op op,
                                const property_list &p = {}) {
  return reduction(b.data(), op, p);
}

/// What a kernel combines its values into.
template <typename T, typename Op> class reducer {
public:
  reducer(T identity, Op op) : value_(identity), identity_(identity), op_(op) {}
  reducer &combine(const T &x) {
    value_ = op_(value_, x);
    return *this;
  }
  T identity() const { return identity_; }
  reducer &operator+=(const T &x) { return combine(x); }
  reducer &operator*=(const T &x) { return combine(x); }
  reducer &operator|=(const T &x) { return combine(x); }
  reducer &operator&=(const T &x) { return combine(x); }
  reducer &operator^=(const T &x) { return combine(x); }
  reducer &operator++() { return combine(T(1)); }
  T value() const { return value_; }

private:
  T value_, identity_;
  Op op_;
};

namespace detail {
template <typename T, typename Op>
void finish_reduction(const reduction_spec<T, Op> &red, const T *partials,
                      size_t count) {
  T acc = red.identity;
  for (size_t i = 0; i < count; ++i)
    acc = red.op(acc, partials[i]);
  *red.ptr = red.init_to_identity ? acc : red.op(*red.ptr, acc);
}
} // namespace detail

template <typename Name, typename Kernel, int D, typename T, typename Op>
void handler::parallel_for(range<D> r, reduction_spec<T, Op> red,
                           const Kernel &k) {
  const size_t n = r.size();
  std::unique_ptr<T[]> partials(new T[n ? n : 1]);
  T *out = partials.get();
  T identity = red.identity;
  Op op = red.op;
  parallel_for<detail::reduction_kernel<Name, Kernel>>(r, [=](item<D> it) {
    reducer<T, Op> mine(identity, op);
    if constexpr (std::is_invocable_v<const Kernel &, item<D>,
                                      reducer<T, Op> &>)
      k(it, mine);
    else
      k(it.get_id(), mine);
    out[it.get_linear_id()] = mine.value();
  });
  detail::finish_reduction(red, out, n);
}

template <typename Name, typename Kernel, int D, typename T, typename Op>
void handler::parallel_for(nd_range<D> r, reduction_spec<T, Op> red,
                           const Kernel &k) {
  const size_t n = r.get_global_range().size();
  std::unique_ptr<T[]> partials(new T[n ? n : 1]);
  T *out = partials.get();
  T identity = red.identity;
  Op op = red.op;
  parallel_for<detail::reduction_kernel<Name, Kernel>>(r, [=](nd_item<D> it) {
    reducer<T, Op> mine(identity, op);
    k(it, mine);
    out[it.get_global_linear_id()] = mine.value();
  });
  detail::finish_reduction(red, out, n);
}

} // namespace sycl

#endif // SUBLANE_DETAIL_REDUCTION_HPP
