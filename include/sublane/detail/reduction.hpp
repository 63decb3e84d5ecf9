//===- sublane/detail/reduction.hpp - sycl::reduction -----------*- C++ -*-===//
//
// SYCL 2020 reductions with parallel_for: the kernel gets a reducer as its
// last argument. Each work-item combines into its own reducer; for SYCL's
// function objects each work-group then combines its items' values with
// reduce_over_group and stores one partial result (other operations store
// one per item); the partial results are combined on the host after the
// launch, with the variable's original value unless initialize_to_identity
// was asked for. A reduction over a span of N variables gives each
// work-item N values and combines each as above. Included by
// <sublane/sycl.hpp>.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_REDUCTION_HPP
#define SUBLANE_DETAIL_REDUCTION_HPP

#include <algorithm>
#include <limits>
#include <memory>
#include <tuple>
#include <type_traits>

namespace sycl {

/// What sycl::reduction returns: Extent variables at ptr (one, or a
/// span's elements when Dimensions is 1) combined with op.
template <typename T, typename Op, int Dimensions, size_t Extent>
struct reduction_spec {
  using value_type = T;
  using binary_operation = Op;
  static constexpr int dimensions = Dimensions;
  static constexpr size_t extent = Extent;
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
SUBLANE_KNOWN_IDENTITY(std::plus, T(0))
SUBLANE_KNOWN_IDENTITY(std::multiplies, T(1))
SUBLANE_KNOWN_IDENTITY(std::bit_or, T(0))
SUBLANE_KNOWN_IDENTITY(std::bit_xor, T(0))
SUBLANE_KNOWN_IDENTITY(std::bit_and, T(~T(0)))
SUBLANE_KNOWN_IDENTITY(std::logical_or, T(false))
SUBLANE_KNOWN_IDENTITY(std::logical_and, T(true))
#undef SUBLANE_KNOWN_IDENTITY

/// The kernel of a reduction; Basic for one over a range, whose work-group
/// size sublane chooses.
template <typename Name, typename Kernel, bool Basic = false>
struct reduction_kernel {};
template <typename Name, typename Kernel>
struct is_basic_launch<reduction_kernel<Name, Kernel, true>> : std::true_type {
};
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
template <typename T, int D, typename Op>
reduction_spec<T, Op> reduction(buffer<T, D> &b, handler &, const T &identity,
                                Op op, const property_list &p = {}) {
  return reduction(b.data(), identity, op, p);
}
template <typename T, size_t Extent, typename Op>
reduction_spec<T, Op, 1, Extent> reduction(span<T, Extent> vars,
                                           const T &identity, Op op,
                                           const property_list &p = {}) {
  static_assert(Extent != dynamic_extent,
                "sublane: a reduction over a span needs the span's size in "
                "its type: sycl::span<T, N>");
  return {vars.data(), identity, op, p.initializes_to_identity()};
}
template <typename T, size_t Extent, typename Op>
reduction_spec<T, Op, 1, Extent> reduction(span<T, Extent> vars, Op op,
                                           const property_list &p = {}) {
  static_assert(detail::known_identity<T, Op>::value,
                "sublane: give this reduction's identity: "
                "sycl::reduction(span, identity, op)");
  return reduction(vars, detail::known_identity<T, Op>::get(), op, p);
}

namespace detail {
/// The shorthand operators of a reducer, in terms of Derived::combine.
template <typename Derived, typename T> class combiner {
public:
  Derived &operator+=(const T &x) { return self().combine(x); }
  Derived &operator*=(const T &x) { return self().combine(x); }
  Derived &operator|=(const T &x) { return self().combine(x); }
  Derived &operator&=(const T &x) { return self().combine(x); }
  Derived &operator^=(const T &x) { return self().combine(x); }
  Derived &operator++() { return self().combine(T(1)); }
  Derived &operator++(int) { return self().combine(T(1)); }

private:
  Derived &self() { return static_cast<Derived &>(*this); }
};

/// One variable of a reduction over a span, as the kernel's reducer gives
/// it: what is combined into it goes to the work-item's own value.
template <typename T, typename Op>
class reducer_element : public combiner<reducer_element<T, Op>, T> {
public:
  reducer_element(T &value, T identity, Op op)
      : value_(value), identity_(identity), op_(op) {}
  reducer_element &combine(const T &x) {
    value_ = op_(value_, x);
    return *this;
  }
  T identity() const { return identity_; }

private:
  T &value_;
  T identity_;
  Op op_;
};
} // namespace detail

namespace detail {
/// What a work-item's value starts from: the identity, but -0.0 for a
/// floating-point sum. IEEE addition leaves every value unchanged by -0.0
/// (x + -0.0 is x, -0.0 and NaN included), so the first combine folds to
/// the combined value itself; SYCL's identity +0.0 turns -0.0 into +0.0 and
/// costs an add per work-item.
template <typename T, typename Op> constexpr T start_value(T identity) {
  if constexpr (std::is_floating_point_v<T> &&
                (std::is_same_v<Op, plus<T>> || std::is_same_v<Op, plus<>>))
    return T(-0.0);
  else
    return identity;
}
} // namespace detail

/// What a kernel combines its values into: one variable, or with
/// Dimensions 1 the Extent variables of a span, reached with operator[].
template <typename T, typename Op, int Dimensions = 0, size_t Extent = 1>
class reducer : public detail::combiner<reducer<T, Op, Dimensions, Extent>, T> {
  static_assert(Dimensions == 0 && Extent == 1,
                "sublane: reducers are of one variable or of a span");

public:
  static constexpr size_t extent = 1;
  reducer(T identity, Op op)
      : value_(detail::start_value<T, Op>(identity)), identity_(identity),
        op_(op) {}
  reducer &combine(const T &x) {
    value_ = op_(value_, x);
    return *this;
  }
  T identity() const { return identity_; }
  T value() const { return value_; }
  /// The work-item's value of variable \p k.
  T partial(size_t) const { return value_; }

private:
  T value_, identity_;
  Op op_;
};

template <typename T, typename Op, size_t Extent>
class reducer<T, Op, 1, Extent> {
public:
  static constexpr size_t extent = Extent;
  reducer(T identity, Op op) : identity_(identity), op_(op) {
    for (size_t k = 0; k < Extent; ++k)
      values_[k] = detail::start_value<T, Op>(identity);
  }
  detail::reducer_element<T, Op> operator[](size_t k) {
    return {values_[k], identity_, op_};
  }
  T identity() const { return identity_; }
  T partial(size_t k) const { return values_[k]; }

private:
  T values_[Extent];
  T identity_;
  Op op_;
};

namespace detail {

/// Whether the work-items' values of a reduction are combined inside the
/// kernel, one work-group at a time with reduce_over_group: SYCL's function
/// objects over integer, float and double values. Each work-group then
/// stores one partial result; the vectorizer and work-group CBS combine
/// its items into one running vector and reduce that once per work-group.
template <typename T, typename Op>
struct combines_in_kernel : std::false_type {};
#define SUBLANE_IN_KERNEL_OP(Name, Types)                                      \
  template <typename T, typename U>                                            \
  struct combines_in_kernel<T, Name<U>>                                        \
      : std::bool_constant<(Types) && (std::is_same_v<U, void> ||              \
                                       std::is_same_v<U, T>)> {};
SUBLANE_IN_KERNEL_OP(plus, std::is_arithmetic_v<T>)
SUBLANE_IN_KERNEL_OP(multiplies, std::is_arithmetic_v<T>)
SUBLANE_IN_KERNEL_OP(minimum, std::is_arithmetic_v<T>)
SUBLANE_IN_KERNEL_OP(maximum, std::is_arithmetic_v<T>)
SUBLANE_IN_KERNEL_OP(bit_and, std::is_integral_v<T>)
SUBLANE_IN_KERNEL_OP(bit_or, std::is_integral_v<T>)
SUBLANE_IN_KERNEL_OP(bit_xor, std::is_integral_v<T>)
SUBLANE_IN_KERNEL_OP(logical_and, std::is_integral_v<T>)
SUBLANE_IN_KERNEL_OP(logical_or, std::is_integral_v<T>)
#undef SUBLANE_IN_KERNEL_OP

/// The partial results of a reduction: one buffer per host thread, type and
/// place among a kernel's reductions, kept between launches so that a
/// launch does not fault its pages in again.
template <typename T, size_t Slot> T *reduction_partials(size_t n) {
  static thread_local std::unique_ptr<T[]> buffer;
  static thread_local size_t size = 0;
  if (size < n) {
    buffer.reset(new T[n]);
    size = n;
  }
  return buffer.get();
}

/// Stores the reduction's value of work-item \p it: per work-group where
/// the operation allows, otherwise per work-item.
template <typename T, typename Op, int D>
void store_partial(const nd_item<D> &it, T value, Op op, T *out) {
  if constexpr (combines_in_kernel<T, Op>::value) {
    group<D> g = it.get_group();
    T combined = reduce_over_group(g, value, op);
    if (g.get_local_linear_id() == 0)
      out[g.get_group_linear_id()] = combined;
  } else {
    (void)op;
    out[it.get_global_linear_id()] = value;
  }
}

/// How many partial results store_partial leaves for \p groups work-groups
/// of \p items work-items each.
template <typename T, typename Op>
size_t partial_count(size_t groups, size_t items) {
  return combines_in_kernel<T, Op>::value ? groups : groups * items;
}

/// Stores the values of every variable of reducer \p r, those of variable k
/// from \p out + k * \p per_variable.
template <typename T, typename Op, int D, typename Reducer>
void store_partials(const nd_item<D> &it, const Reducer &r, Op op, T *out,
                    size_t per_variable) {
  if constexpr (Reducer::extent == 1) {
    (void)per_variable;
    store_partial(it, r.partial(0), op, out);
  } else {
    for (size_t k = 0; k < Reducer::extent; ++k)
      store_partial(it, r.partial(k), op, out + k * per_variable);
  }
}

/// The work-group width of a reduction over a range, wider than a basic
/// launch's: each work-group ends in a work-group reduction and a store of
/// its partial result, a fixed cost that 128 items' sum in cache did not
/// cover (docs/performance.md).
constexpr size_t reduction_work_group_width = 1024;

/// Combines \p count partial results into reduction variable \p var.
/// Blocks of partials are combined in parallel, each in eight independent
/// chains so that the operation's latency overlaps.
template <typename Spec, typename T = typename Spec::value_type>
void finish_variable(const Spec &red, const T *partials, size_t count, T *var) {
  using Op = typename Spec::binary_operation;
  constexpr size_t chains = 8, max_blocks = 64, min_block = 4096;
  const size_t blocks =
      std::min(max_blocks, (count + min_block - 1) / min_block);
  T block_results[max_blocks];
  const T identity = red.identity;
  const Op op = red.op;
#ifdef _OPENMP // the program's own -fopenmp; the combine is serial without it
#pragma omp parallel for if (blocks > 1)
#endif
  for (size_t b = 0; b < blocks; ++b) {
    const size_t begin = count * b / blocks, end = count * (b + 1) / blocks;
    T acc[chains];
    for (size_t c = 0; c < chains; ++c)
      acc[c] = identity;
    size_t i = begin;
    for (; i + chains <= end; i += chains)
      for (size_t c = 0; c < chains; ++c)
        acc[c] = op(acc[c], partials[i + c]);
    for (; i < end; ++i)
      acc[0] = op(acc[0], partials[i]);
    for (size_t c = 1; c < chains; ++c)
      acc[0] = op(acc[0], acc[c]);
    block_results[b] = acc[0];
  }
  T acc = identity;
  for (size_t b = 0; b < blocks; ++b)
    acc = op(acc, block_results[b]);
  *var = red.init_to_identity ? acc : red.op(*var, acc);
}

/// Combines each variable's \p per_variable partial results into it.
template <typename Spec, typename T = typename Spec::value_type>
void finish_reduction(const Spec &red, const T *partials, size_t per_variable) {
  for (size_t k = 0; k < Spec::extent; ++k)
    finish_variable(red, partials + k * per_variable, per_variable,
                    red.ptr + k);
}

/// The work-items' own reducers of several reductions.
template <typename... Specs>
using reducers_t = std::tuple<
    reducer<typename Specs::value_type, typename Specs::binary_operation,
            Specs::dimensions, Specs::extent>...>;

/// Whether kernel K takes Item, then each of Reducers (a tuple) by
/// reference, then Extra.
template <typename K, typename Item, typename Reducers, typename... Extra>
struct takes_reducers;
template <typename K, typename Item, typename... R, typename... Extra>
struct takes_reducers<K, Item, std::tuple<R...>, Extra...>
    : std::is_invocable<const K &, Item, R &..., Extra...> {};

/// Runs \p k over \p r with the reductions \p specs, launched as the
/// one-reduction forms launch: each reduction stores its partial results
/// in a buffer of its own and is combined after the launch.
template <typename Name, typename... Props, typename Range, typename Kernel,
          typename... Specs, size_t... I>
void run_reductions(handler &h, Range r, const Kernel &k,
                    std::tuple<Specs...> specs, std::index_sequence<I...>,
                    kernel_handler kh) {
  using reducers = reducers_t<Specs...>;
  constexpr int D = Range::dimensions;
  // A kernel that reads specialization constants takes a kernel_handler
  // after its reducers.
  constexpr bool WithHandler =
      takes_reducers<Kernel, nd_item<D>, reducers, kernel_handler>::value ||
      takes_reducers<Kernel, item<D>, reducers, kernel_handler>::value ||
      takes_reducers<Kernel, id<D>, reducers, kernel_handler>::value;
  size_t global = 0, items = 1;
  nd_range<D> launch{range<D>(), range<D>()};
  if constexpr (std::is_same_v<Range, nd_range<D>>) {
    launch = r;
    global = r.get_global_range().size();
  } else if (r.size() != 0) {
    launch = basic_launch_range<reduction_work_group_width>(r);
    global = launch.get_global_range().size();
  }
  if (global)
    items = launch.get_local_range().size();
  const size_t counts[] = {partial_count<typename Specs::value_type,
                                         typename Specs::binary_operation>(
      global / items, items)...};
  auto outs = std::make_tuple(reduction_partials<typename Specs::value_type, I>(
      counts[I] ? counts[I] * Specs::extent : 1)...);
  if (global) {
    h.parallel_for<
        reduction_kernel<Name, Kernel, !std::is_same_v<Range, nd_range<D>>>>(
        launch, ext::oneapi::experimental::properties<Props...>(Props{}...),
        [=](nd_item<D> it) {
          reducers mine(std::tuple_element_t<I, reducers>(
              std::get<I>(specs).identity, std::get<I>(specs).op)...);
          auto call = [&](const auto &first) {
            if constexpr (WithHandler)
              k(first, std::get<I>(mine)..., kh);
            else
              k(first, std::get<I>(mine)...);
          };
          if constexpr (std::is_same_v<Range, nd_range<D>>) {
            call(it);
          } else {
            id<D> i = it.get_global_id();
            auto run = [&] {
              if constexpr (takes_reducers<Kernel, item<D>, reducers>::value ||
                            takes_reducers<Kernel, item<D>, reducers,
                                           kernel_handler>::value)
                call(item<D>(i, r));
              else
                call(i);
            };
            // As in parallel_for_basic: only the last work-group along the
            // last dimension reaches past r, so the others skip the check
            // per item. A reduction's loop over sub-groups does little per
            // sub-group; with the check in it, the check was most of it.
            if ((it.get_group(D - 1) + 1) * it.get_local_range(D - 1) <=
                r[D - 1])
              run();
            else if (i[D - 1] < r[D - 1])
              run();
          }
          (store_partials(it, std::get<I>(mine), std::get<I>(specs).op,
                          std::get<I>(outs), counts[I]),
           ...);
        });
  }
  (finish_reduction(std::get<I>(specs), std::get<I>(outs), counts[I]), ...);
}

template <typename Name, typename... Props, typename Range, typename Args,
          size_t... I>
void split_reductions(handler &h, Range r, const Args &args,
                      std::index_sequence<I...>, kernel_handler kh) {
  constexpr size_t Last = std::tuple_size_v<Args> - 1;
  run_reductions<Name, Props...>(h, r, std::get<Last>(args),
                                 std::make_tuple(std::get<I>(args)...),
                                 std::index_sequence<I...>(), kh);
}

} // namespace detail

template <typename Name, typename Range, typename T, typename Op, int Dims,
          size_t Extent, typename Second, typename... Rest>
void handler::parallel_for(Range r, reduction_spec<T, Op, Dims, Extent> red,
                           const Second &second, const Rest &...rest) {
  if constexpr (std::is_integral_v<Range>) {
    parallel_for<Name>(range<1>(r), red, second, rest...);
  } else {
    auto args = std::forward_as_tuple(red, second, rest...);
    detail::split_reductions<Name>(
        *this, r, args, std::make_index_sequence<1 + sizeof...(Rest)>(),
        make_kernel_handler());
  }
}

template <typename Name, typename Range, typename... Props, typename T,
          typename Op, int Dims, size_t Extent, typename... Rest>
void handler::parallel_for(
    Range r, ext::oneapi::experimental::properties<Props...> props,
    reduction_spec<T, Op, Dims, Extent> red, const Rest &...rest) {
  if constexpr (std::is_integral_v<Range>) {
    parallel_for<Name>(range<1>(r), props, red, rest...);
  } else {
    auto args = std::forward_as_tuple(red, rest...);
    detail::split_reductions<Name, Props...>(
        *this, r, args, std::make_index_sequence<sizeof...(Rest)>(),
        make_kernel_handler());
  }
}

template <typename Name, typename Kernel, int D, typename T, typename Op,
          int Dims, size_t Extent>
void handler::parallel_for(range<D> r, reduction_spec<T, Op, Dims, Extent> red,
                           const Kernel &k) {
  detail::run_reductions<Name>(*this, r, k, std::make_tuple(red),
                               std::index_sequence<0>(), make_kernel_handler());
}

template <typename Name, typename Kernel, int D, typename T, typename Op,
          int Dims, size_t Extent>
void handler::parallel_for(nd_range<D> r,
                           reduction_spec<T, Op, Dims, Extent> red,
                           const Kernel &k) {
  detail::run_reductions<Name>(*this, r, k, std::make_tuple(red),
                               std::index_sequence<0>(), make_kernel_handler());
}

} // namespace sycl

#endif // SUBLANE_DETAIL_REDUCTION_HPP
