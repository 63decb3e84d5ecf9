//===- sublane/sycl.hpp - SYCL 2020-named kernel API ------------*- C++ -*-===//
//
// A subset of SYCL 2020 with its names and semantics, provided as namespace
// `sycl`, so that SYCL code using the subset compiles unchanged once it
// includes this header. Kernels must be compiled with the sublane plugin
// (tools/sublane-clang++ adds it); a kernel built without it is refused at
// launch with a message naming it.
//
// Device code reads its ids through the builtins of <sublane/abi.h>; the
// plugin replaces them when it lowers the kernel entry that this header
// generates for each kernel type and dimensionality.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_SYCL_HPP
#define SUBLANE_SYCL_HPP

#include "sublane/abi.h"
#include "sublane/runtime.h"

// The macros of SYCL 2020 5.6. Device functions are ordinary functions
// here, so SYCL_EXTERNAL needs no attribute; __SYCL_DEVICE_ONLY__ is never
// defined, since one compilation serves host and device.
#ifndef SYCL_LANGUAGE_VERSION
#define SYCL_LANGUAGE_VERSION 202012
#endif
#ifndef SYCL_EXTERNAL
#define SYCL_EXTERNAL
#endif
#define SYCL_FEATURE_SET_FULL 1
#define SYCL_IMPLEMENTATION_SUBLANE 1

#include <algorithm>
#include <chrono>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <iterator>
#include <memory>
#include <new>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace sycl {

using exception = sublane::runtime_error;
using errc = sublane::errc;
using sublane::make_error_code;
inline const std::error_category &sycl_category() noexcept {
  return sublane::sycl_category();
}
/// Errors are thrown where they happen (every launch completes before it
/// returns), so an asynchronous handler is accepted and never called.
class exception_list {
public:
  using value_type = std::exception_ptr;
  using const_iterator = std::vector<std::exception_ptr>::const_iterator;
  size_t size() const { return List.size(); }
  const_iterator begin() const { return List.begin(); }
  const_iterator end() const { return List.end(); }

private:
  std::vector<std::exception_ptr> List;
};
using async_handler = std::function<void(exception_list)>;

namespace detail {
/// id<1> and item<1> convert to size_t, as SYCL says; other dimensions not.
template <typename Derived, int D> struct scalar_conversion {};
template <typename Derived> struct scalar_conversion<Derived, 1> {
  operator size_t() const { return static_cast<const Derived *>(this)->get(0); }
};

template <int D> struct array_base {
  static_assert(D >= 1 && D <= 3, "SYCL ranges have 1, 2 or 3 dimensions");
  size_t v[D] = {};
  constexpr size_t get(int d) const { return v[d]; }
  constexpr size_t &operator[](int d) { return v[d]; }
  constexpr size_t operator[](int d) const { return v[d]; }
};
} // namespace detail

template <int D = 1> class range : public detail::array_base<D> {
public:
  static constexpr int dimensions = D;

  constexpr range() = default;
  template <int N = D, typename = std::enable_if_t<N == 1>>
  constexpr range(size_t r0) {
    this->v[0] = r0;
  }
  template <int N = D, typename = std::enable_if_t<N == 2>>
  constexpr range(size_t r0, size_t r1) {
    this->v[0] = r0;
    this->v[1] = r1;
  }
  template <int N = D, typename = std::enable_if_t<N == 3>>
  constexpr range(size_t r0, size_t r1, size_t r2) {
    this->v[0] = r0;
    this->v[1] = r1;
    this->v[2] = r2;
  }
  constexpr size_t size() const {
    size_t s = 1;
    for (int d = 0; d < D; ++d)
      s *= this->v[d];
    return s;
  }
  friend constexpr bool operator==(const range &a, const range &b) {
    for (int d = 0; d < D; ++d)
      if (a.v[d] != b.v[d])
        return false;
    return true;
  }
  friend constexpr bool operator!=(const range &a, const range &b) {
    return !(a == b);
  }
};
range(size_t)->range<1>;

// Element-wise arithmetic of SYCL's id and range, with each other and with
// integral scalars, as SYCL 2020 defines it for both classes.
#define SUBLANE_ARITH_OPS(Class)                                               \
  template <int D> Class<D> operator+(Class<D> a, const Class<D> &b) {         \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] + b[d];                                                      \
    return a;                                                                  \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> operator+(Class<D> a, T s) {                                        \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] + size_t(s);                                                 \
    return a;                                                                  \
  }                                                                            \
  template <int D> Class<D> &operator+=(Class<D> &a, const Class<D> &b) {      \
    return a = a + b;                                                          \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> &operator+=(Class<D> &a, T s) {                                     \
    return a = a + s;                                                          \
  }                                                                            \
  template <int D> Class<D> operator-(Class<D> a, const Class<D> &b) {         \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] - b[d];                                                      \
    return a;                                                                  \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> operator-(Class<D> a, T s) {                                        \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] - size_t(s);                                                 \
    return a;                                                                  \
  }                                                                            \
  template <int D> Class<D> &operator-=(Class<D> &a, const Class<D> &b) {      \
    return a = a - b;                                                          \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> &operator-=(Class<D> &a, T s) {                                     \
    return a = a - s;                                                          \
  }                                                                            \
  template <int D> Class<D> operator*(Class<D> a, const Class<D> &b) {         \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] * b[d];                                                      \
    return a;                                                                  \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> operator*(Class<D> a, T s) {                                        \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] * size_t(s);                                                 \
    return a;                                                                  \
  }                                                                            \
  template <int D> Class<D> &operator*=(Class<D> &a, const Class<D> &b) {      \
    return a = a * b;                                                          \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> &operator*=(Class<D> &a, T s) {                                     \
    return a = a * s;                                                          \
  }                                                                            \
  template <int D> Class<D> operator/(Class<D> a, const Class<D> &b) {         \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] / b[d];                                                      \
    return a;                                                                  \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> operator/(Class<D> a, T s) {                                        \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] / size_t(s);                                                 \
    return a;                                                                  \
  }                                                                            \
  template <int D> Class<D> &operator/=(Class<D> &a, const Class<D> &b) {      \
    return a = a / b;                                                          \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> &operator/=(Class<D> &a, T s) {                                     \
    return a = a / s;                                                          \
  }                                                                            \
  template <int D> Class<D> operator%(Class<D> a, const Class<D> &b) {         \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] % b[d];                                                      \
    return a;                                                                  \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> operator%(Class<D> a, T s) {                                        \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] % size_t(s);                                                 \
    return a;                                                                  \
  }                                                                            \
  template <int D> Class<D> &operator%=(Class<D> &a, const Class<D> &b) {      \
    return a = a % b;                                                          \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> &operator%=(Class<D> &a, T s) {                                     \
    return a = a % s;                                                          \
  }
range(size_t, size_t)->range<2>;
range(size_t, size_t, size_t)->range<3>;

template <int D = 1>
class id : public detail::array_base<D>,
           public detail::scalar_conversion<id<D>, D> {
public:
  static constexpr int dimensions = D;

  constexpr id() = default;
  template <int N = D, typename = std::enable_if_t<N == 1>>
  constexpr id(size_t i0) {
    this->v[0] = i0;
  }
  template <int N = D, typename = std::enable_if_t<N == 2>>
  constexpr id(size_t i0, size_t i1) {
    this->v[0] = i0;
    this->v[1] = i1;
  }
  template <int N = D, typename = std::enable_if_t<N == 3>>
  constexpr id(size_t i0, size_t i1, size_t i2) {
    this->v[0] = i0;
    this->v[1] = i1;
    this->v[2] = i2;
  }
  constexpr id(const range<D> &r) {
    for (int d = 0; d < D; ++d)
      this->v[d] = r[d];
  }
  friend constexpr bool operator==(const id &a, const id &b) {
    for (int d = 0; d < D; ++d)
      if (a.v[d] != b.v[d])
        return false;
    return true;
  }
  friend constexpr bool operator!=(const id &a, const id &b) {
    return !(a == b);
  }
  // `sg.get_local_id() == 0`: an id<1> converts to size_t and an integer to
  // id<1>, so without an exact match the comparison would be ambiguous.
  template <typename T, int N = D,
            typename = std::enable_if_t<N == 1 && std::is_integral_v<T>>>
  friend constexpr bool operator==(const id &a, T b) {
    return a.v[0] == size_t(b);
  }
  template <typename T, int N = D,
            typename = std::enable_if_t<N == 1 && std::is_integral_v<T>>>
  friend constexpr bool operator==(T a, const id &b) {
    return b == a;
  }
  template <typename T, int N = D,
            typename = std::enable_if_t<N == 1 && std::is_integral_v<T>>>
  friend constexpr bool operator!=(const id &a, T b) {
    return !(a == b);
  }
  template <typename T, int N = D,
            typename = std::enable_if_t<N == 1 && std::is_integral_v<T>>>
  friend constexpr bool operator!=(T a, const id &b) {
    return !(b == a);
  }
};
id(size_t)->id<1>;
id(size_t, size_t)->id<2>;
id(size_t, size_t, size_t)->id<3>;
template <int D> id(range<D>) -> id<D>;

SUBLANE_ARITH_OPS(range)
SUBLANE_ARITH_OPS(id)
#undef SUBLANE_ARITH_OPS

template <int D = 1> class nd_range {
public:
  static constexpr int dimensions = D;

  nd_range(range<D> global, range<D> local) : global_(global), local_(local) {}
  range<D> get_global_range() const { return global_; }
  range<D> get_local_range() const { return local_; }
  range<D> get_group_range() const {
    range<D> r;
    for (int d = 0; d < D; ++d)
      r[d] = local_[d] ? global_[d] / local_[d] : 0;
    return r;
  }

private:
  range<D> global_, local_;
};

enum class access_mode {
  read,
  write,
  read_write,
  discard_write,
  discard_read_write,
  atomic
};
enum class target {
  device,
  host_task,
  constant_buffer,
  local,
  host_buffer,
  global_buffer = device
};

namespace access {
using mode = access_mode;
using target = sycl::target;
enum class fence_space { local_space, global_space, global_and_local };
enum class address_space {
  global_space,
  local_space,
  constant_space,
  private_space,
  generic_space
};
enum class decorated { no, yes, legacy };
} // namespace access

/// A pointer into one address space (SYCL 2020 multi_ptr). Every address
/// space is host memory here, so it is a plain pointer with the interface:
/// it converts to T * both ways.
template <typename T, access::address_space Space,
          access::decorated Decorated = access::decorated::legacy>
class multi_ptr {
public:
  using element_type = T;
  using value_type = std::remove_cv_t<T>;
  using pointer = T *;
  using reference = T &;
  using difference_type = std::ptrdiff_t;
  static constexpr access::address_space address_space = Space;

  multi_ptr() = default;
  multi_ptr(T *p) : ptr_(p) {}
  multi_ptr(std::nullptr_t) {}
  T *get() const { return ptr_; }
  T *get_raw() const { return ptr_; }
  T *get_decorated() const { return ptr_; }
  operator T *() const { return ptr_; }
  T &operator*() const { return *ptr_; }
  T *operator->() const { return ptr_; }
  T &operator[](std::ptrdiff_t i) const { return ptr_[i]; }
  multi_ptr &operator++() {
    ++ptr_;
    return *this;
  }
  multi_ptr &operator--() {
    --ptr_;
    return *this;
  }
  multi_ptr &operator+=(std::ptrdiff_t n) {
    ptr_ += n;
    return *this;
  }
  multi_ptr &operator-=(std::ptrdiff_t n) {
    ptr_ -= n;
    return *this;
  }
  friend multi_ptr operator+(multi_ptr p, std::ptrdiff_t n) { return p += n; }
  friend multi_ptr operator-(multi_ptr p, std::ptrdiff_t n) { return p -= n; }

private:
  T *ptr_ = nullptr;
};
template <typename T, access::decorated D = access::decorated::no>
using global_ptr = multi_ptr<T, access::address_space::global_space, D>;
template <typename T, access::decorated D = access::decorated::no>
using local_ptr = multi_ptr<T, access::address_space::local_space, D>;
template <typename T, access::decorated D = access::decorated::no>
using private_ptr = multi_ptr<T, access::address_space::private_space, D>;

/// Wraps a pointer whatever its space (SYCL 2020 address_space_cast).
template <access::address_space Space, access::decorated D, typename T>
multi_ptr<T, Space, D> address_space_cast(T *p) {
  return multi_ptr<T, Space, D>(p);
}
enum class memory_scope { work_item, sub_group, work_group, device, system };
enum class memory_order { relaxed, acquire, release, acq_rel, seq_cst };
inline constexpr memory_order memory_order_relaxed = memory_order::relaxed;
inline constexpr memory_order memory_order_acquire = memory_order::acquire;
inline constexpr memory_order memory_order_release = memory_order::release;
inline constexpr memory_order memory_order_acq_rel = memory_order::acq_rel;
inline constexpr memory_order memory_order_seq_cst = memory_order::seq_cst;
inline constexpr memory_scope memory_scope_work_item = memory_scope::work_item;
inline constexpr memory_scope memory_scope_sub_group = memory_scope::sub_group;
inline constexpr memory_scope memory_scope_work_group =
    memory_scope::work_group;
inline constexpr memory_scope memory_scope_device = memory_scope::device;
inline constexpr memory_scope memory_scope_system = memory_scope::system;

/// Atomic operations on a referenced object (SYCL 2020 atomic_ref), on the
/// CPU's atomics. Work-items of a group run one after another on one thread,
/// and groups run on several threads, so every order is kept as asked.
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          access::address_space Space = access::address_space::generic_space>
class atomic_ref {
  static constexpr int order(memory_order o) {
    switch (o) {
    case memory_order::relaxed:
      return __ATOMIC_RELAXED;
    case memory_order::acquire:
      return __ATOMIC_ACQUIRE;
    case memory_order::release:
      return __ATOMIC_RELEASE;
    case memory_order::acq_rel:
      return __ATOMIC_ACQ_REL;
    default:
      return __ATOMIC_SEQ_CST;
    }
  }
  /// A compare-exchange's failure order may not release.
  static constexpr int failureOrder(memory_order o) {
    return o == memory_order::release   ? __ATOMIC_RELAXED
           : o == memory_order::acq_rel ? __ATOMIC_ACQUIRE
                                        : order(o);
  }

public:
  using value_type = T;
  static constexpr size_t required_alignment = alignof(T);
  static constexpr bool is_always_lock_free =
      __atomic_always_lock_free(sizeof(T), 0);
  static constexpr memory_order default_read_order =
      DefaultOrder == memory_order::acq_rel ||
              DefaultOrder == memory_order::release
          ? memory_order::acquire
          : DefaultOrder;
  static constexpr memory_order default_write_order =
      DefaultOrder == memory_order::acq_rel ||
              DefaultOrder == memory_order::acquire
          ? memory_order::release
          : DefaultOrder;
  static constexpr memory_order default_read_modify_write_order = DefaultOrder;
  static constexpr memory_scope default_scope = DefaultScope;

  // Every scope is kept by the CPU's atomics, so the scope arguments only
  // need to be accepted.
  explicit atomic_ref(T &ref) : ptr_(&ref) {}
  atomic_ref(const atomic_ref &) = default;
  bool is_lock_free() const noexcept { return is_always_lock_free; }
  T load(memory_order o = default_read_order,
         memory_scope = DefaultScope) const {
    T r;
    __atomic_load(ptr_, &r, order(o));
    return r;
  }
  void store(T v, memory_order o = default_write_order,
             memory_scope = DefaultScope) const {
    __atomic_store(ptr_, &v, order(o));
  }
  operator T() const { return load(); }
  T operator=(T v) const {
    store(v);
    return v;
  }
  T exchange(T v, memory_order o = DefaultOrder,
             memory_scope = DefaultScope) const {
    T r;
    __atomic_exchange(ptr_, &v, &r, order(o));
    return r;
  }
  bool compare_exchange_strong(T &expected, T desired, memory_order success,
                               memory_order failure,
                               memory_scope = DefaultScope) const {
    return __atomic_compare_exchange(ptr_, &expected, &desired, false,
                                     order(success), failureOrder(failure));
  }
  bool compare_exchange_strong(T &expected, T desired,
                               memory_order o = DefaultOrder,
                               memory_scope s = DefaultScope) const {
    return compare_exchange_strong(expected, desired, o, o, s);
  }
  bool compare_exchange_weak(T &expected, T desired, memory_order success,
                             memory_order failure,
                             memory_scope s = DefaultScope) const {
    return compare_exchange_strong(expected, desired, success, failure, s);
  }
  bool compare_exchange_weak(T &expected, T desired,
                             memory_order o = DefaultOrder,
                             memory_scope s = DefaultScope) const {
    return compare_exchange_strong(expected, desired, o, o, s);
  }
  // clang's builtins take floating-point values and integer minimum and
  // maximum (atomicrmw fadd, min, umax, ...); a compare-exchange loop does
  // the rest. NaN operands of a floating-point minimum or maximum keep the
  // comparison's semantics, which atomicrmw fmin/fmax do not.
  T fetch_add(T v, memory_order o = DefaultOrder,
              memory_scope = DefaultScope) const {
#ifdef __clang__
    return __atomic_fetch_add(ptr_, v, order(o));
#else
    if constexpr (std::is_floating_point_v<T>) {
      T old = load(memory_order::relaxed);
      while (!compare_exchange_strong(old, old + v, o))
        ;
      return old;
    } else {
      return __atomic_fetch_add(ptr_, v, order(o));
    }
#endif
  }
  T fetch_sub(T v, memory_order o = DefaultOrder,
              memory_scope = DefaultScope) const {
#ifdef __clang__
    return __atomic_fetch_sub(ptr_, v, order(o));
#else
    return fetch_add(-v, o);
#endif
  }
  T fetch_and(T v, memory_order o = DefaultOrder,
              memory_scope = DefaultScope) const {
    return __atomic_fetch_and(ptr_, v, order(o));
  }
  T fetch_or(T v, memory_order o = DefaultOrder,
             memory_scope = DefaultScope) const {
    return __atomic_fetch_or(ptr_, v, order(o));
  }
  T fetch_xor(T v, memory_order o = DefaultOrder,
              memory_scope = DefaultScope) const {
    return __atomic_fetch_xor(ptr_, v, order(o));
  }
  T fetch_min(T v, memory_order o = DefaultOrder,
              memory_scope = DefaultScope) const {
#ifdef __clang__
    if constexpr (std::is_integral_v<T>)
      return __atomic_fetch_min(ptr_, v, order(o));
#endif
    T old = load(memory_order::relaxed);
    while (v < old && !compare_exchange_strong(old, v, o))
      ;
    return old;
  }
  T fetch_max(T v, memory_order o = DefaultOrder,
              memory_scope = DefaultScope) const {
#ifdef __clang__
    if constexpr (std::is_integral_v<T>)
      return __atomic_fetch_max(ptr_, v, order(o));
#endif
    T old = load(memory_order::relaxed);
    while (old < v && !compare_exchange_strong(old, v, o))
      ;
    return old;
  }
  T operator+=(T v) const { return fetch_add(v) + v; }
  T operator-=(T v) const { return fetch_sub(v) - v; }
  T operator&=(T v) const { return fetch_and(v) & v; }
  T operator|=(T v) const { return fetch_or(v) | v; }
  T operator^=(T v) const { return fetch_xor(v) ^ v; }
  T operator++() const { return fetch_add(T(1)) + T(1); }
  T operator++(int) const { return fetch_add(T(1)); }
  T operator--() const { return fetch_sub(T(1)) - T(1); }
  T operator--(int) const { return fetch_sub(T(1)); }

private:
  T *ptr_;
};

/// SYCL 1.2.1's atomic type (deprecated in SYCL 2020, which has
/// atomic_ref): what an accessor with access::mode::atomic gives, and the
/// atomic_* functions on it. Every operation is relaxed, as there.
template <typename T,
          access::address_space Space = access::address_space::global_space>
class atomic {
  using ref = atomic_ref<T, memory_order::relaxed, memory_scope::device>;

public:
  explicit atomic(T *ptr) : ptr_(ptr) {}
  explicit atomic(T &value) : ptr_(&value) {}
  template <access::decorated Decorated>
  explicit atomic(multi_ptr<T, Space, Decorated> ptr) : ptr_(ptr) {}
  void store(T v, memory_order = memory_order::relaxed) const {
    ref(*ptr_).store(v);
  }
  T load(memory_order = memory_order::relaxed) const {
    return ref(*ptr_).load();
  }
  T exchange(T v, memory_order = memory_order::relaxed) const {
    return ref(*ptr_).exchange(v);
  }
  bool compare_exchange_strong(T &expected, T desired,
                               memory_order = memory_order::relaxed,
                               memory_order = memory_order::relaxed) const {
    return ref(*ptr_).compare_exchange_strong(expected, desired);
  }
  T fetch_add(T v, memory_order = memory_order::relaxed) const {
    return ref(*ptr_).fetch_add(v);
  }
  T fetch_sub(T v, memory_order = memory_order::relaxed) const {
    return ref(*ptr_).fetch_sub(v);
  }
  T fetch_and(T v, memory_order = memory_order::relaxed) const {
    return ref(*ptr_).fetch_and(v);
  }
  T fetch_or(T v, memory_order = memory_order::relaxed) const {
    return ref(*ptr_).fetch_or(v);
  }
  T fetch_xor(T v, memory_order = memory_order::relaxed) const {
    return ref(*ptr_).fetch_xor(v);
  }
  T fetch_min(T v, memory_order = memory_order::relaxed) const {
    return ref(*ptr_).fetch_min(v);
  }
  T fetch_max(T v, memory_order = memory_order::relaxed) const {
    return ref(*ptr_).fetch_max(v);
  }

private:
  T *ptr_;
};
#define SUBLANE_ATOMIC_FUNCTION(Name)                                          \
  template <typename T, access::address_space Space>                           \
  T atomic_##Name(atomic<T, Space> a, T v,                                     \
                  memory_order o = memory_order::relaxed) {                    \
    return a.Name(v, o);                                                       \
  }
SUBLANE_ATOMIC_FUNCTION(exchange)
SUBLANE_ATOMIC_FUNCTION(fetch_add)
SUBLANE_ATOMIC_FUNCTION(fetch_sub)
SUBLANE_ATOMIC_FUNCTION(fetch_and)
SUBLANE_ATOMIC_FUNCTION(fetch_or)
SUBLANE_ATOMIC_FUNCTION(fetch_xor)
SUBLANE_ATOMIC_FUNCTION(fetch_min)
SUBLANE_ATOMIC_FUNCTION(fetch_max)
#undef SUBLANE_ATOMIC_FUNCTION
template <typename T, access::address_space Space>
void atomic_store(atomic<T, Space> a, T v,
                  memory_order o = memory_order::relaxed) {
  a.store(v, o);
}
template <typename T, access::address_space Space>
T atomic_load(atomic<T, Space> a, memory_order o = memory_order::relaxed) {
  return a.load(o);
}
template <typename T, access::address_space Space>
bool atomic_compare_exchange_strong(atomic<T, Space> a, T &expected, T desired,
                                    memory_order s = memory_order::relaxed,
                                    memory_order f = memory_order::relaxed) {
  return a.compare_exchange_strong(expected, desired, s, f);
}

namespace detail {
// Row-major linearisation: the last dimension varies fastest, as SYCL says.
template <int D, typename F> inline size_t linearize(F &&component) {
  size_t linear = 0;
  for (int d = 0; d < D; ++d)
    linear = linear * component(d, /*range=*/true) + component(d, false);
  return linear;
}
} // namespace detail

template <typename T, int N> class vec;

class sub_group {
public:
  using id_type = id<1>;
  using range_type = range<1>;
  using linear_id_type = uint32_t;
  static constexpr int dimensions = 1;
  static constexpr memory_scope fence_scope = memory_scope::sub_group;

  id<1> get_local_id() const { return id<1>(__sublane_sg_local_id()); }
  uint32_t get_local_linear_id() const { return __sublane_sg_local_id(); }
  range<1> get_local_range() const { return range<1>(__sublane_sg_size()); }
  uint32_t get_local_linear_range() const { return __sublane_sg_size(); }
  range<1> get_max_local_range() const {
    return range<1>(__sublane_sg_max_size());
  }
  id<1> get_group_id() const { return id<1>(__sublane_sg_id()); }
  uint32_t get_group_linear_id() const { return __sublane_sg_id(); }
  range<1> get_group_range() const { return range<1>(__sublane_sg_count()); }
  uint32_t get_group_linear_range() const { return __sublane_sg_count(); }
  bool leader() const { return __sublane_sg_local_id() == 0; }

  // The pre-2020 member functions (SYCL 1.2.1's sub-group extension), for
  // code that still uses them; the free functions are the standard ones.
  void barrier() const { __sublane_sg_barrier(); }
  template <typename T> T broadcast(T x, id<1> lane) const;
  template <typename T> T shuffle(T x, id<1> lane) const;
  template <typename T> T shuffle_down(T x, uint32_t delta) const;
  template <typename T> T shuffle_up(T x, uint32_t delta) const;
  template <typename T> T shuffle_xor(T x, id<1> mask) const;

  // Block loads and stores (DPC++'s sub-group extension): work-item i of
  // the sub-group reads or writes src[i]; the vec forms read element j of
  // work-item i at src[j * max_local_range + i].
  template <typename T> T load(const T *src) const {
    return src[__sublane_sg_local_id()];
  }
  template <int N, typename T> vec<T, N> load(const T *src) const;
  template <typename T> void store(T *dst, const T &x) const {
    dst[__sublane_sg_local_id()] = x;
  }
  template <int N, typename T> void store(T *dst, const vec<T, N> &x) const;
  template <typename T, access::address_space S, access::decorated Dec>
  T load(multi_ptr<T, S, Dec> src) const {
    return load(src.get_raw());
  }
  template <int N, typename T, access::address_space S, access::decorated Dec>
  vec<T, N> load(multi_ptr<T, S, Dec> src) const {
    return load<N>(src.get_raw());
  }
  template <typename T, access::address_space S, access::decorated Dec>
  void store(multi_ptr<T, S, Dec> dst, const T &x) const {
    store(dst.get_raw(), x);
  }
  template <int N, typename T, access::address_space S, access::decorated Dec>
  void store(multi_ptr<T, S, Dec> dst, const vec<T, N> &x) const {
    store<N>(dst.get_raw(), x);
  }

  // A kernel can only name its own sub-group, group and item, so two such
  // objects always denote the same one (SYCL's common by-value semantics).
  friend bool operator==(const sub_group &, const sub_group &) { return true; }
  friend bool operator!=(const sub_group &, const sub_group &) { return false; }
};

namespace detail {
/// Calls \p f with every id of \p r in row-major order.
/// One loop per dimension: no division per id, and an innermost loop LLVM
/// can vectorize.
template <int D, typename F> void for_each_id(const range<D> &r, F &&f) {
  if constexpr (D == 1) {
    for (size_t x = 0; x < r[0]; ++x)
      f(id<1>(x));
  } else if constexpr (D == 2) {
    for (size_t y = 0; y < r[0]; ++y)
      for (size_t x = 0; x < r[1]; ++x)
        f(id<2>(y, x));
  } else {
    for (size_t z = 0; z < r[0]; ++z)
      for (size_t y = 0; y < r[1]; ++y)
        for (size_t x = 0; x < r[2]; ++x)
          f(id<3>(z, y, x));
  }
}
} // namespace detail

template <int D> class item;

/// A work-item in hierarchical parallelism (SYCL 2020 4.9.1.6): its global
/// id, and its local id in the logical range of parallel_for_work_item and
/// in the work-group's physical range.
template <int D = 1> class h_item {
public:
  static constexpr int dimensions = D;

  h_item(id<D> global, range<D> global_range, id<D> logical,
         range<D> logical_range, id<D> physical, range<D> physical_range)
      : global_(global), global_range_(global_range), logical_(logical),
        logical_range_(logical_range), physical_(physical),
        physical_range_(physical_range) {}
  inline item<D> get_global() const;
  inline item<D> get_local() const;
  inline item<D> get_logical_local() const;
  inline item<D> get_physical_local() const;
  range<D> get_global_range() const { return global_range_; }
  size_t get_global_range(int d) const { return global_range_[d]; }
  id<D> get_global_id() const { return global_; }
  size_t get_global_id(int d) const { return global_[d]; }
  range<D> get_local_range() const { return logical_range_; }
  size_t get_local_range(int d) const { return logical_range_[d]; }
  id<D> get_local_id() const { return logical_; }
  size_t get_local_id(int d) const { return logical_[d]; }
  range<D> get_logical_local_range() const { return logical_range_; }
  size_t get_logical_local_range(int d) const { return logical_range_[d]; }
  id<D> get_logical_local_id() const { return logical_; }
  size_t get_logical_local_id(int d) const { return logical_[d]; }
  range<D> get_physical_local_range() const { return physical_range_; }
  size_t get_physical_local_range(int d) const { return physical_range_[d]; }
  id<D> get_physical_local_id() const { return physical_; }
  size_t get_physical_local_id(int d) const { return physical_[d]; }

private:
  id<D> global_;
  range<D> global_range_;
  id<D> logical_;
  range<D> logical_range_;
  id<D> physical_;
  range<D> physical_range_;
};

class device_event;
namespace detail {
template <typename Dest, typename Src>
device_event copy_across_group(Dest dest, Src src, size_t n, size_t dest_stride,
                               size_t src_stride, bool whole_group);
} // namespace detail

/// The completion of an async_work_group_copy: the copy is done once every
/// work-item of the group has waited for it (wait, or the group's and
/// nd_item's wait_for), which is a work-group barrier; in
/// parallel_for_work_group's work-group scope it is done already.
class device_event {
public:
  device_event() = default;
  void wait() const {
    if (!done_)
      __sublane_wg_barrier();
  }

private:
  explicit device_event(bool done) : done_(done) {}
  template <typename Dest, typename Src>
  friend device_event detail::copy_across_group(Dest, Src, size_t, size_t,
                                                size_t, bool);
  bool done_ = false;
};

namespace detail {
/// Makes the group of parallel_for_work_group's work-group scope.
struct work_group_scope_tag {};

template <typename P> struct copy_pointer {
  using element = std::remove_pointer_t<P>;
  static constexpr bool known_space = false;
  static constexpr bool local = false;
  static element *get(P p) { return p; }
};
template <typename T, access::address_space S, access::decorated Dec>
struct copy_pointer<multi_ptr<T, S, Dec>> {
  using element = T;
  static constexpr bool known_space = S != access::address_space::generic_space;
  static constexpr bool local = S == access::address_space::local_space;
  static T *get(multi_ptr<T, S, Dec> p) { return p.get(); }
};

/// async_work_group_copy of \p n elements: work-item k of the group copies
/// elements k, k + size, k + 2 size ... (each element once, the group's
/// work-items in step), element i from src[i * src_stride] to
/// dest[i * dest_stride]. In parallel_for_work_group's work-group scope,
/// where one thread runs for the whole group, that thread copies them all.
template <typename Dest, typename Src>
device_event copy_across_group(Dest dest, Src src, size_t n, size_t dest_stride,
                               size_t src_stride, bool whole_group) {
  using DestP = copy_pointer<Dest>;
  using SrcP = copy_pointer<Src>;
  static_assert(
      std::is_same_v<std::remove_const_t<typename DestP::element>,
                     std::remove_const_t<typename SrcP::element>> &&
          !std::is_const_v<typename DestP::element>,
      "async_work_group_copy copies between pointers to one element type");
  auto *to = DestP::get(dest);
  const auto *from = SrcP::get(src);
  if (whole_group) {
    for (size_t i = 0; i < n; ++i)
      to[i * dest_stride] = from[i * src_stride];
    return device_event(true);
  }
  size_t items = __sublane_local_range(0) * __sublane_local_range(1) *
                 __sublane_local_range(2);
  for (size_t i = __sublane_local_linear_id(); i < n; i += items)
    to[i * dest_stride] = from[i * src_stride];
  return device_event();
}

/// The strided form: the stride steps through the global side, the source
/// when the copy goes into local memory and the destination when it comes
/// out of it.
template <typename Dest, typename Src>
device_event copy_across_group(Dest dest, Src src, size_t n, size_t stride,
                               bool whole_group) {
  using DestP = copy_pointer<Dest>;
  using SrcP = copy_pointer<Src>;
  static_assert(DestP::known_space || SrcP::known_space,
                "async_work_group_copy with a stride needs a local_ptr or a "
                "global_ptr (get_multi_ptr) to tell the local side");
  constexpr bool into_local = DestP::known_space ? DestP::local : !SrcP::local;
  return copy_across_group(dest, src, n, into_local ? 1 : stride,
                           into_local ? stride : 1, whole_group);
}
} // namespace detail

/// async_work_group_copy and wait_for, shared by group and nd_item.
class work_group_copies {
public:
  template <typename Dest, typename Src>
  device_event async_work_group_copy(Dest dest, Src src,
                                     size_t num_elements) const {
    return detail::copy_across_group(dest, src, num_elements, 1, 1,
                                     in_work_group_scope);
  }
  template <typename Dest, typename Src>
  device_event async_work_group_copy(Dest dest, Src src, size_t num_elements,
                                     size_t stride) const {
    return detail::copy_across_group(dest, src, num_elements, stride,
                                     in_work_group_scope);
  }
  template <typename... Events> void wait_for(Events...) const {
    static_assert((std::is_same_v<Events, device_event> && ...),
                  "wait_for takes the device_events of copies");
    if (!in_work_group_scope)
      __sublane_wg_barrier();
  }

protected:
  work_group_copies() = default;
  explicit work_group_copies(detail::work_group_scope_tag)
      : in_work_group_scope(true) {}

private:
  /// Whether this is the group parallel_for_work_group's kernel gets, run
  /// by one thread for all of its work-items.
  bool in_work_group_scope = false;
};

template <int D = 1> class group : public work_group_copies {
public:
  group() = default;
  explicit group(detail::work_group_scope_tag tag) : work_group_copies(tag) {}

  using id_type = id<D>;
  using range_type = range<D>;
  using linear_id_type = size_t;
  static constexpr int dimensions = D;
  static constexpr memory_scope fence_scope = memory_scope::work_group;

  id<D> get_group_id() const {
    id<D> r;
    for (int d = 0; d < D; ++d)
      r[d] = __sublane_group_id(d);
    return r;
  }
  size_t get_group_id(int d) const { return __sublane_group_id(d); }
  id<D> get_local_id() const {
    id<D> r;
    for (int d = 0; d < D; ++d)
      r[d] = __sublane_local_id(d);
    return r;
  }
  size_t get_local_id(int d) const { return __sublane_local_id(d); }
  range<D> get_local_range() const {
    range<D> r;
    for (int d = 0; d < D; ++d)
      r[d] = __sublane_local_range(d);
    return r;
  }
  size_t get_local_range(int d) const { return __sublane_local_range(d); }
  range<D> get_group_range() const {
    range<D> r;
    for (int d = 0; d < D; ++d)
      r[d] = __sublane_group_range(d);
    return r;
  }
  size_t get_group_range(int d) const { return __sublane_group_range(d); }
  range<D> get_max_local_range() const { return get_local_range(); }
  size_t operator[](int d) const { return __sublane_group_id(d); }
  size_t get_group_linear_id() const {
    return detail::linearize<D>([](int d, bool r) {
      return r ? __sublane_group_range(d) : __sublane_group_id(d);
    });
  }
  size_t get_group_linear_range() const { return get_group_range().size(); }
  size_t get_local_linear_id() const {
    return detail::linearize<D>([](int d, bool r) {
      return r ? __sublane_local_range(d) : __sublane_local_id(d);
    });
  }
  size_t get_local_linear_range() const { return get_local_range().size(); }
  bool leader() const { return get_local_linear_id() == 0; }

  /// Hierarchical parallelism: runs \p f for each work-item of the group,
  /// one after another (a work-group runs on one thread), which gives the
  /// barrier SYCL puts after the call.
  template <typename F> void parallel_for_work_item(const F &f) const {
    parallel_for_work_item(get_local_range(), f);
  }
  /// ... over a logical range of \p logical items, each mapped to the
  /// physical work-item of its id modulo the work-group's range.
  template <typename F>
  void parallel_for_work_item(range<D> logical, const F &f) const {
    range<D> local = get_local_range(), groups = get_group_range();
    id<D> group_id = get_group_id();
    range<D> global_range;
    for (int d = 0; d < D; ++d)
      global_range[d] = groups[d] * local[d];
    bool one_to_one = true;
    for (int d = 0; d < D; ++d)
      one_to_one &= logical[d] == local[d];
    if (one_to_one) {
      // The common case, without a remainder per id and dimension.
      detail::for_each_id(logical, [&](id<D> l) {
        id<D> global;
        for (int d = 0; d < D; ++d)
          global[d] = group_id[d] * local[d] + l[d];
        f(h_item<D>(global, global_range, l, logical, l, local));
      });
      return;
    }
    detail::for_each_id(logical, [&](id<D> l) {
      id<D> physical, global;
      for (int d = 0; d < D; ++d) {
        physical[d] = l[d] % local[d];
        global[d] = group_id[d] * local[d] + physical[d];
      }
      f(h_item<D>(global, global_range, l, logical, physical, local));
    });
  }
  template <typename F>
  void parallel_for_work_item(size_t logical, const F &f) const {
    static_assert(D == 1, "a size_t range is one-dimensional");
    parallel_for_work_item(range<1>(logical), f);
  }
  friend bool operator==(const group &, const group &) { return true; }
  friend bool operator!=(const group &, const group &) { return false; }
};

template <int D = 1> class nd_item : public work_group_copies {
public:
  static constexpr int dimensions = D;

  id<D> get_global_id() const {
    id<D> r;
    for (int d = 0; d < D; ++d)
      r[d] = __sublane_global_id(d);
    return r;
  }
  size_t get_global_id(int d) const { return __sublane_global_id(d); }
  size_t get_global_linear_id() const {
    return detail::linearize<D>([](int d, bool r) {
      return r ? __sublane_global_range(d) : __sublane_global_id(d);
    });
  }
  id<D> get_local_id() const { return group<D>().get_local_id(); }
  size_t get_local_id(int d) const { return __sublane_local_id(d); }
  size_t get_local_linear_id() const {
    return group<D>().get_local_linear_id();
  }
  group<D> get_group() const { return group<D>(); }
  size_t get_group(int d) const { return __sublane_group_id(d); }
  size_t get_group_linear_id() const {
    return group<D>().get_group_linear_id();
  }
  sub_group get_sub_group() const { return sub_group(); }
  range<D> get_global_range() const {
    range<D> r;
    for (int d = 0; d < D; ++d)
      r[d] = __sublane_global_range(d);
    return r;
  }
  size_t get_global_range(int d) const { return __sublane_global_range(d); }
  range<D> get_local_range() const { return group<D>().get_local_range(); }
  size_t get_local_range(int d) const { return __sublane_local_range(d); }
  range<D> get_group_range() const { return group<D>().get_group_range(); }
  size_t get_group_range(int d) const { return __sublane_group_range(d); }
  nd_range<D> get_nd_range() const {
    return nd_range<D>(get_global_range(), get_local_range());
  }
  void
  barrier(access::fence_space = access::fence_space::global_and_local) const {
    __sublane_wg_barrier();
  }
  /// Orders this work-item's memory operations (SYCL 1.2.1; SYCL 2020 has
  /// atomic_fence).
  void
  mem_fence(access::mode = access::mode::read_write,
            access::fence_space = access::fence_space::global_and_local) const {
    __atomic_thread_fence(__ATOMIC_ACQ_REL);
  }
  friend bool operator==(const nd_item &, const nd_item &) { return true; }
  friend bool operator!=(const nd_item &, const nd_item &) { return false; }
};

/// A work-item of a basic parallel_for over a range (no work-groups).
template <int D = 1> class item : public detail::scalar_conversion<item<D>, D> {
public:
  static constexpr int dimensions = D;

  item(id<D> i, range<D> r, id<D> offset = id<D>())
      : id_(i), range_(r), offset_(offset) {}
  id<D> get_id() const { return id_; }
  size_t get_id(int d) const { return id_[d]; }
  size_t operator[](int d) const { return id_[d]; }
  range<D> get_range() const { return range_; }
  size_t get_range(int d) const { return range_[d]; }
  /// The offset of a parallel_for with one (deprecated in SYCL 2020).
  id<D> get_offset() const { return offset_; }
  size_t get_linear_id() const {
    size_t linear = 0;
    for (int d = 0; d < D; ++d)
      linear = linear * range_[d] + (id_[d] - offset_[d]);
    return linear;
  }
  operator id<D>() const { return id_; }
  size_t get(int d) const { return id_[d]; }

private:
  id<D> id_;
  range<D> range_;
  id<D> offset_;
};

template <int D> item<D> h_item<D>::get_global() const {
  return item<D>(global_, global_range_);
}
template <int D> item<D> h_item<D>::get_local() const {
  return item<D>(logical_, logical_range_);
}
template <int D> item<D> h_item<D>::get_logical_local() const {
  return item<D>(logical_, logical_range_);
}
template <int D> item<D> h_item<D>::get_physical_local() const {
  return item<D>(physical_, physical_range_);
}

/// A variable per work-item of a work-group in hierarchical parallelism,
/// kept from one parallel_for_work_item to the next.
template <typename T, int D = 1> class private_memory {
public:
  explicit private_memory(const group<D> &g)
      : values_(g.get_local_linear_range()) {}
  T &operator()(const h_item<D> &it) {
    size_t linear = 0;
    range<D> r = it.get_physical_local_range();
    id<D> i = it.get_physical_local_id();
    for (int d = 0; d < D; ++d)
      linear = linear * r[d] + i[d];
    return values_[linear];
  }

private:
  std::vector<T> values_;
};

template <int D> inline void group_barrier(group<D>, memory_scope = {}) {
  __sublane_wg_barrier();
}
inline void group_barrier(sub_group, memory_scope = {}) {
  __sublane_sg_barrier();
}

class handler;
template <typename T, typename Op, int Dimensions = 0, size_t Extent = 1>
struct reduction_spec;

/// Per-work-group local memory, allocated by the runtime for each work-group.
namespace detail {
/// acc[i][j]...: a row of a multi-dimensional accessor, holding the extents
/// of the dimensions left.
template <typename Ref, int Rest> class accessor_row {
  using Ptr = std::remove_reference_t<Ref> *;
  Ptr Base;
  size_t Extents[Rest];

public:
  accessor_row(Ptr Base, const size_t *From) : Base(Base) {
    for (int d = 0; d < Rest; ++d)
      Extents[d] = From[d];
  }
  decltype(auto) operator[](size_t i) const {
    if constexpr (Rest == 1) {
      return static_cast<Ref>(Base[i]);
    } else {
      size_t Stride = 1;
      for (int d = 1; d < Rest; ++d)
        Stride *= Extents[d];
      return accessor_row<Ref, Rest - 1>(Base + i * Stride, Extents + 1);
    }
  }
};

template <typename Ref, int D, typename Ptr>
accessor_row<Ref, D - 1> first_row(Ptr Data, const range<D> &R, size_t i) {
  size_t Extents[D - 1], Stride = 1;
  for (int d = 1; d < D; ++d) {
    Extents[d - 1] = R[d];
    Stride *= R[d];
  }
  return accessor_row<Ref, D - 1>(Data + i * Stride, Extents);
}
} // namespace detail

template <typename T, int D = 1> class local_accessor {
public:
  using value_type = T;
  using reference = T &;

  local_accessor(range<D> r, handler &h);

  T &operator[](id<D> i) const {
    size_t linear = 0;
    for (int d = 0; d < D; ++d)
      linear = linear * range_[d] + i[d];
    return get_pointer()[linear];
  }
  template <int N = D, typename = std::enable_if_t<N == 1>>
  T &operator[](size_t i) const {
    return get_pointer()[i];
  }
  template <int N = D, typename = std::enable_if_t<(N > 1)>>
  detail::accessor_row<T &, D - 1> operator[](size_t i) const {
    return detail::first_row<T &>(get_pointer(), range_, i);
  }
  T *get_pointer() const {
    return reinterpret_cast<T *>(static_cast<char *>(__sublane_local_mem()) +
                                 offset_);
  }
  template <access::decorated Decorated = access::decorated::no>
  multi_ptr<T, access::address_space::local_space, Decorated>
  get_multi_ptr() const {
    return get_pointer();
  }
  range<D> get_range() const { return range_; }
  size_t size() const { return range_.size(); }

private:
  range<D> range_;
  size_t offset_ = 0;
};

namespace detail {
template <typename T> constexpr const char *type_name() {
  return __PRETTY_FUNCTION__;
}

template <typename Name, typename Kernel> struct range_kernel {};
template <typename Name, typename Kernel> struct single_task_kernel {};
/// The descriptor flags a kernel of this name starts with: a basic range
/// kernel's sub-group size is ours to choose (SUBLANE_DESC_BASIC_RANGE).
template <typename Name> inline constexpr uint32_t initial_desc_flags = 0;
template <typename Name, typename Kernel>
inline constexpr uint32_t initial_desc_flags<range_kernel<Name, Kernel>> =
    SUBLANE_DESC_BASIC_RANGE;

// One entry per kernel type and dimensionality: the work-item function the
// plugin lowers, and the descriptor that carries the lowered form to the
// runtime. docs/ir-contract.md describes both.
template <typename Name, typename Kernel, int D, uint32_t SubGroupSize = 0,
          uint32_t Variant = SUBLANE_VARIANT_DEFAULT>
struct kernel_instance {
  [[clang::annotate("sublane.kernel")]] __attribute__((noinline)) static void
  entry(const void *closure) noexcept {
    (*static_cast<const Kernel *>(closure))(nd_item<D>());
  }
  // Field order: see sublane_kernel_desc.
  static inline sublane_kernel_desc desc = {SUBLANE_DESC_MAGIC,
                                            initial_desc_flags<Name>,
                                            D,
                                            SubGroupSize,
                                            Variant,
                                            0,
                                            0,
                                            0,
                                            0,
                                            0,
                                            type_name<Name>(),
                                            &entry,
                                            nullptr};
};

struct unnamed_kernel {};
/// Whether a kernel of this name runs with a work-group size of sublane's
/// choice (a basic range kernel, a single task), which its
/// reqd_work_group_size need not match.
template <typename Name> struct is_basic_launch : std::false_type {};
template <typename Name, typename Kernel>
struct is_basic_launch<range_kernel<Name, Kernel>> : std::true_type {};
template <typename Name, typename Kernel>
struct is_basic_launch<single_task_kernel<Name, Kernel>> : std::true_type {};

/// The nd-range a basic kernel over a non-empty \p r runs as: work-groups
/// of up to \p Width items along the last dimension, that dimension rounded
/// up to whole work-groups (the kernel skips ids past \p r). Rows shorter
/// than that share a work-group, as many as divide the range's other
/// dimensions, so that a range of short rows (range<2>(n, 4)) still fills
/// whole sub-groups.
template <size_t Width = 128, int D>
nd_range<D> basic_launch_range(range<D> r) {
  range<D> global = r, local;
  for (int d = 0; d < D; ++d)
    local[d] = 1;
  local[D - 1] = r[D - 1] < Width ? r[D - 1] : Width;
  global[D - 1] = (r[D - 1] + local[D - 1] - 1) / local[D - 1] * local[D - 1];
  size_t items = local[D - 1];
  for (int d = D - 2; d >= 0; --d) {
    size_t rows = Width / items;
    while (r[d] % rows != 0)
      --rows;
    local[d] = rows;
    items *= rows;
  }
  return nd_range<D>(global, local);
}
} // namespace detail

namespace ext::oneapi::experimental {
/// Kernel properties (sycl_ext_oneapi_kernel_properties): pass
/// `properties{sub_group_size<16>}` to parallel_for to fix a kernel's
/// sub-group size at compile time, with no compiler flag.
template <uint32_t N> struct sub_group_size_key {
  static constexpr uint32_t value = N;
};
template <uint32_t N> inline constexpr sub_group_size_key<N> sub_group_size{};
template <typename... Props> struct properties {
  constexpr properties(Props...) {}
};
template <typename... Props> properties(Props...) -> properties<Props...>;
} // namespace ext::oneapi::experimental

namespace detail {
template <typename... Props> struct kernel_requests {
  static constexpr uint32_t sub_group_size = 0;
  static constexpr uint32_t variant = SUBLANE_VARIANT_DEFAULT;
};
template <typename P, typename... Rest> struct kernel_requests<P, Rest...> {
  static constexpr uint32_t sub_group_size =
      kernel_requests<Rest...>::sub_group_size;
  static constexpr uint32_t variant = kernel_requests<Rest...>::variant;
};
template <uint32_t N, typename... Rest>
struct kernel_requests<ext::oneapi::experimental::sub_group_size_key<N>,
                       Rest...> {
  static_assert(N == 1 || N == 4 || N == 8 || N == 16 || N == 32 || N == 64,
                "sublane: sub-group sizes are 1, 4, 8, 16, 32 or 64");
  static constexpr uint32_t sub_group_size = N;
  static constexpr uint32_t variant = kernel_requests<Rest...>::variant;
};
} // namespace detail

namespace detail {
/// One address per property type, to tell them apart at run time.
template <typename P> const void *property_kind() {
  static const char Tag = 0;
  return &Tag;
}

} // namespace detail

struct no_init_t {};
inline constexpr no_init_t no_init{};

namespace property::reduction {
struct initialize_to_identity {};
} // namespace property::reduction
namespace property::queue {
struct in_order {};
struct enable_profiling {};
} // namespace property::queue
namespace property {
/// Asks for no initial contents (the accessor's no_init as a property).
using no_init = no_init_t;
} // namespace property

/// Whether kernels may take a copy of a T (SYCL 2020 3.13.1): the trivially
/// copyable types, and those a program declares so by specializing this.
template <typename T>
struct is_device_copyable : std::is_trivially_copyable<T> {};
template <typename T>
inline constexpr bool is_device_copyable_v = is_device_copyable<T>::value;

/// The properties given to a constructor; it remembers which kinds it holds.
class property_list {
public:
  // Not from an async handler, which the constructors that take both
  // would otherwise find ambiguous.
  template <typename... Ps,
            typename = std::enable_if_t<
                (!std::is_invocable_v<const Ps &, exception_list> && ...)>>
  property_list(Ps...) : kinds_{detail::property_kind<Ps>()...} {}
  template <typename P> bool has_property() const noexcept {
    return std::find(kinds_.begin(), kinds_.end(),
                     detail::property_kind<P>()) != kinds_.end();
  }
  bool initializes_to_identity() const {
    return has_property<property::reduction::initialize_to_identity>();
  }

private:
  std::vector<const void *> kinds_;
};

} // namespace sycl

#include "sublane/detail/device.hpp"
#include "sublane/detail/specialization.hpp"

namespace sycl {

namespace detail {
inline uint64_t steady_ns() {
  return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count());
}
/// When a command group was submitted and when its commands ran.
struct command_times {
  uint64_t submit = 0, start = 0, end = 0;
};
} // namespace detail

/// Kernels run to completion before parallel_for returns (errors are thrown
/// there), so an event is always complete. A queue made with
/// property::queue::enable_profiling gives its events the times of their
/// command group.
class event {
public:
  event() = default;
  event(detail::command_times times, bool profiled)
      : times_(times), profiled_(profiled) {}
  void wait() {}
  void wait_and_throw() {}
  static void wait(const std::vector<event> &) {}
  static void wait_and_throw(const std::vector<event> &) {}
  std::vector<event> get_wait_list() const { return {}; }
  backend get_backend() const noexcept { return backend::sublane; }

  template <typename Param> typename Param::return_type get_info() const {
    static_assert(std::is_same_v<Param, info::event::command_execution_status>,
                  "sublane: unknown event information descriptor");
    return info::event_command_status::complete;
  }
  template <typename Param>
  typename Param::return_type get_profiling_info() const {
    if (!profiled_)
      throw exception(make_error_code(errc::invalid),
                      "sublane: event::get_profiling_info needs a queue made "
                      "with sycl::property::queue::enable_profiling");
    if constexpr (std::is_same_v<Param, info::event_profiling::command_submit>)
      return times_.submit;
    else if constexpr (std::is_same_v<Param,
                                      info::event_profiling::command_start>)
      return times_.start;
    else {
      static_assert(std::is_same_v<Param, info::event_profiling::command_end>,
                    "sublane: unknown event profiling descriptor");
      return times_.end;
    }
  }
  friend bool operator==(const event &a, const event &b) {
    return a.times_.submit == b.times_.submit && a.times_.end == b.times_.end;
  }
  friend bool operator!=(const event &a, const event &b) { return !(a == b); }

private:
  detail::command_times times_;
  bool profiled_ = false;
};

namespace detail {
template <typename T> inline constexpr bool is_dependency = false;
template <> inline constexpr bool is_dependency<event> = true;
template <> inline constexpr bool is_dependency<std::vector<event>> = true;
} // namespace detail

/// What a host_task may take: nothing of a native back end exists here.
class interop_handle {
public:
  backend get_backend() const noexcept { return backend::sublane; }
};

namespace access {
/// Accessors made without a handler and bound with handler::require
/// (deprecated in SYCL 2020; every accessor works on host memory here).
enum class placeholder { false_t, true_t };
} // namespace access

template <typename T, int D = 1, access_mode M = access_mode::read_write,
          target Tgt = target::device,
          access::placeholder P = access::placeholder::false_t>
class accessor;

/// The states of a kernel bundle (detail/kernel_bundle.hpp).
enum class bundle_state { input, object, executable };
template <bundle_state State> class kernel_bundle;

class handler {
public:
  /// Every command completes before submit returns, so dependences hold.
  void depends_on(const event &) {}
  void depends_on(const std::vector<event> &) {}
  /// Every kernel is in every bundle (detail/kernel_bundle.hpp).
  void use_kernel_bundle(const kernel_bundle<bundle_state::executable> &) {}
  template <typename T, int D, access_mode M, target Tgt, access::placeholder P>
  void require(const accessor<T, D, M, Tgt, P> &) {}

  template <typename Name = detail::unnamed_kernel, typename Kernel, int D>
  void parallel_for(nd_range<D> r, const Kernel &k) {
    parallel_for<Name>(r, ext::oneapi::experimental::properties<>(), k);
  }

  /// A basic data-parallel kernel over \p r, taking an item<D> or an id<D>
  /// (and a kernel_handler if it reads specialization constants).
  template <typename Name = detail::unnamed_kernel, typename Kernel, int D>
  void parallel_for(range<D> r, const Kernel &k) {
    parallel_for<Name>(r, ext::oneapi::experimental::properties<>(), k);
  }
  /// ... with kernel properties (a sub-group size).
  template <typename Name = detail::unnamed_kernel, typename Kernel, int D,
            typename... Props>
  void parallel_for(range<D> r, ext::oneapi::experimental::properties<Props...>,
                    const Kernel &k) {
    if (r.size() == 0)
      return;
    if constexpr (std::is_invocable_v<const Kernel &, item<D>, kernel_handler>)
      parallel_for_basic<Name, Props...>(r, bind_kernel_handler<item<D>>(k));
    else if constexpr (std::is_invocable_v<const Kernel &, id<D>,
                                           kernel_handler>)
      parallel_for_basic<Name, Props...>(r, bind_kernel_handler<id<D>>(k));
    else
      parallel_for_basic<Name, Props...>(r, k);
  }
  template <typename Name = detail::unnamed_kernel, typename Kernel>
  void parallel_for(size_t n, const Kernel &k) {
    parallel_for<Name>(range<1>(n), k);
  }

  /// A basic data-parallel kernel over the non-empty \p r, taking an
  /// item<D> or an id<D>: run as an nd-range with work-groups along the
  /// last dimension, rounded up and guarded so that every id in \p r runs
  /// exactly once.
  template <typename Name, typename... Props, typename Kernel, int D>
  void parallel_for_basic(range<D> r, const Kernel &k) {
    parallel_for<detail::range_kernel<Name, Kernel>>(
        detail::basic_launch_range(r),
        ext::oneapi::experimental::properties<Props...>(Props{}...),
        [=](nd_item<D> it) {
          id<D> i = it.get_global_id();
          auto run = [&] {
            if constexpr (std::is_invocable_v<const Kernel &, item<D>>)
              k(item<D>(i, r));
            else
              k(i);
          };
          // Every work-group but the last along the last dimension lies
          // within r: a check that is the same for all its items, so that
          // the vectorizer keeps the kernel's own control flow there (one
          // copy of it), where a check per item would put all of it under a
          // mask (masked stores are slow without AVX-512).
          if ((it.get_group(D - 1) + 1) * it.get_local_range(D - 1) <=
              r[D - 1]) {
            run();
            return;
          }
          if (i[D - 1] < r[D - 1])
            run();
        });
  }

  /// parallel_for with one sycl::reduction: the kernel gets a reducer as
  /// its last argument (detail/reduction.hpp).
  template <typename Name = detail::unnamed_kernel, typename Kernel, int D,
            typename T, typename Op, int Dims, size_t Extent>
  void parallel_for(range<D> r, reduction_spec<T, Op, Dims, Extent> red,
                    const Kernel &k);
  template <typename Name = detail::unnamed_kernel, typename Kernel, int D,
            typename T, typename Op, int Dims, size_t Extent>
  void parallel_for(nd_range<D> r, reduction_spec<T, Op, Dims, Extent> red,
                    const Kernel &k);
  /// parallel_for with several reductions: the kernel gets one reducer per
  /// reduction, in order, after its item.
  template <typename Name = detail::unnamed_kernel, typename Range, typename T,
            typename Op, int Dims, size_t Extent, typename Second,
            typename... Rest>
  void parallel_for(Range r, reduction_spec<T, Op, Dims, Extent> red,
                    const Second &second, const Rest &...rest);
  /// ... with kernel properties (a sub-group size) before the reductions.
  template <typename Name = detail::unnamed_kernel, typename Range,
            typename... Props, typename T, typename Op, int Dims, size_t Extent,
            typename... Rest>
  void
  parallel_for(Range r, ext::oneapi::experimental::properties<Props...> props,
               reduction_spec<T, Op, Dims, Extent> red, const Rest &...rest);

  template <typename Name = detail::unnamed_kernel, typename Kernel>
  void single_task(const Kernel &k) {
    if constexpr (std::is_invocable_v<const Kernel &, kernel_handler>) {
      parallel_for<detail::single_task_kernel<Name, Kernel>>(
          nd_range<1>(1, 1),
          [bound = bind_kernel_handler<>(k)](nd_item<1>) { bound(); });
    } else {
      parallel_for<detail::single_task_kernel<Name, Kernel>>(
          nd_range<1>(1, 1), [=](nd_item<1>) { k(); });
    }
  }

  template <typename Name = detail::unnamed_kernel, typename Kernel, int D,
            typename... Props>
  void parallel_for(nd_range<D> r,
                    ext::oneapi::experimental::properties<Props...> props,
                    const Kernel &k) {
    if constexpr (std::is_invocable_v<const Kernel &, nd_item<D>,
                                      kernel_handler>)
      launch_nd_range<Name, Props...>(r, bind_kernel_handler<nd_item<D>>(k));
    else
      launch_nd_range<Name, Props...>(r, k);
  }

  /// Specialization constants (SYCL 2020 4.9.4.2.5): the values kernels of
  /// this command group read through their kernel_handler.
  template <auto &SpecName>
  void set_specialization_constant(detail::spec_value_t<SpecName> value) {
    const void *key = &SpecName;
    std::vector<unsigned char> bytes(sizeof(value));
    std::memcpy(bytes.data(), &value, sizeof(value));
    for (auto &[k, v] : spec_values_)
      if (k == key) {
        v = std::move(bytes);
        return;
      }
    spec_values_.emplace_back(key, std::move(bytes));
  }
  template <auto &SpecName>
  detail::spec_value_t<SpecName> get_specialization_constant() {
    kernel_handler kh = make_kernel_handler();
    return kh.get_specialization_constant<SpecName>();
  }

private:
  template <typename Name, typename... Props, typename Kernel, int D>
  void launch_nd_range(nd_range<D> r, const Kernel &k) {
    using Key = std::conditional_t<std::is_same_v<Name, detail::unnamed_kernel>,
                                   Kernel, Name>;
    using Requests = detail::kernel_requests<Props...>;
    using Instance =
        detail::kernel_instance<Key, Kernel, D, Requests::sub_group_size,
                                Requests::variant>;
    sublane::launch_config cfg;
    cfg.dims = D;
    for (int d = 0; d < D; ++d) {
      cfg.global[d] = r.get_global_range()[d];
      cfg.local[d] = r.get_local_range()[d];
    }
    cfg.local_mem_bytes = local_mem_bytes_;
    cfg.chosen_local = detail::is_basic_launch<Name>::value;
    run_command([&] { sublane::launch(Instance::desc, &k, cfg); });
  }

  /// A view of the specialization constants set so far, valid until the
  /// next one is set (values keep their storage when the list grows).
  kernel_handler make_kernel_handler() {
    spec_entries_.clear();
    for (auto &[key, bytes] : spec_values_)
      spec_entries_.push_back({key, bytes.data()});
    return kernel_handler(spec_entries_.data(), spec_entries_.size());
  }

  /// \p k, which takes a kernel_handler after \p Args, as a kernel taking
  /// \p Args alone: the command group's kernel_handler goes last.
  template <typename... Args, typename Kernel>
  auto bind_kernel_handler(const Kernel &k) {
    return [k, kh = make_kernel_handler()](Args... args) { k(args..., kh); };
  }

public:
  /// A basic kernel over \p r whose ids start at \p offset (deprecated in
  /// SYCL 2020).
  template <typename Name = detail::unnamed_kernel, typename Kernel, int D>
  void parallel_for(range<D> r, id<D> offset, const Kernel &k) {
    parallel_for<detail::range_kernel<Name, Kernel>>(r, [=](item<D> it) {
      id<D> i = it.get_id() + offset;
      if constexpr (std::is_invocable_v<const Kernel &, item<D>>)
        k(item<D>(i, r, offset));
      else
        k(i);
    });
  }

  /// Hierarchical parallelism (SYCL 2020 4.9.4.2.3): \p k runs once per
  /// work-group, as host code on the runtime's threads; its
  /// parallel_for_work_item calls run the work-items one after another.
  template <typename Name = detail::unnamed_kernel, typename Kernel, int D>
  void parallel_for_work_group(range<D> groups, range<D> group_size,
                               const Kernel &k) {
    sublane::launch_config cfg;
    cfg.dims = D;
    for (int d = 0; d < D; ++d) {
      cfg.global[d] = groups[d] * group_size[d];
      cfg.local[d] = group_size[d];
    }
    if (groups.size() == 0)
      return;
    run_command([&] {
      sublane::run_work_groups(
          cfg,
          [](const void *closure) {
            (*static_cast<const Kernel *>(closure))(
                group<D>(detail::work_group_scope_tag()));
          },
          &k);
    });
  }
  /// ... with a work-group size of sublane's choice: 64 items along the
  /// last dimension.
  template <typename Name = detail::unnamed_kernel, typename Kernel, int D>
  void parallel_for_work_group(range<D> groups, const Kernel &k) {
    range<D> size;
    for (int d = 0; d < D; ++d)
      size[d] = d == D - 1 ? 64 : 1;
    parallel_for_work_group<Name>(groups, size, k);
  }

  /// Host code in the command group's place in the queue: here, now.
  template <typename F> void host_task(const F &f) {
    run_command([&] {
      if constexpr (std::is_invocable_v<const F &, interop_handle>)
        f(interop_handle());
      else
        f();
    });
  }

  void memcpy(void *dst, const void *src, size_t bytes) {
    run_command([&] { std::memcpy(dst, src, bytes); });
  }
  void memset(void *dst, int value, size_t bytes) {
    run_command([&] { std::memset(dst, value, bytes); });
  }
  template <typename T> void fill(void *ptr, const T &value, size_t count) {
    run_command([&] { std::fill_n(static_cast<T *>(ptr), count, value); });
  }
  template <typename T> void copy(const T *src, T *dst, size_t count) {
    run_command([&] { std::copy_n(src, count, dst); });
  }
  void prefetch(const void *, size_t) {}
  void mem_advise(const void *, size_t, int) {}

  // Copies between accessors and host memory, over the accessor's range.
  template <typename T, int D, access_mode M, target Tgt, access::placeholder P,
            typename U>
  void copy(const accessor<T, D, M, Tgt, P> &src, U *dst) {
    run_command([&] {
      size_t n = 0;
      detail::for_each_id(src.get_range(), [&](id<D> i) { dst[n++] = src[i]; });
    });
  }
  template <typename T, int D, access_mode M, target Tgt, access::placeholder P,
            typename U>
  void copy(const accessor<T, D, M, Tgt, P> &src, std::shared_ptr<U> dst) {
    copy(src, dst.get());
  }
  template <typename U, typename T, int D, access_mode M, target Tgt,
            access::placeholder P>
  void copy(const U *src, const accessor<T, D, M, Tgt, P> &dst) {
    run_command([&] {
      size_t n = 0;
      detail::for_each_id(dst.get_range(), [&](id<D> i) { dst[i] = src[n++]; });
    });
  }
  template <typename U, typename T, int D, access_mode M, target Tgt,
            access::placeholder P>
  void copy(std::shared_ptr<U> src, const accessor<T, D, M, Tgt, P> &dst) {
    copy(static_cast<const U *>(src.get()), dst);
  }
  template <typename T, int D, access_mode M, target Tgt, access::placeholder P,
            typename U, int E, access_mode N, target UTgt,
            access::placeholder Q>
  void copy(const accessor<T, D, M, Tgt, P> &src,
            const accessor<U, E, N, UTgt, Q> &dst) {
    run_command([&] {
      std::vector<T> staged;
      staged.reserve(src.size());
      detail::for_each_id(src.get_range(),
                          [&](id<D> i) { staged.push_back(src[i]); });
      size_t n = 0;
      detail::for_each_id(dst.get_range(),
                          [&](id<E> i) { dst[i] = staged[n++]; });
    });
  }
  template <typename T, int D, access_mode M, target Tgt, access::placeholder P>
  void fill(const accessor<T, D, M, Tgt, P> &dst, const T &value) {
    run_command([&] {
      detail::for_each_id(dst.get_range(), [&](id<D> i) { dst[i] = value; });
    });
  }
  /// Buffers work on host memory, so the host already sees the data.
  template <typename T, int D, access_mode M, target Tgt, access::placeholder P>
  void update_host(const accessor<T, D, M, Tgt, P> &) {}

  /// Reserves \p bytes of local memory; returns its offset.
  size_t allocate_local(size_t bytes, size_t align) {
    if (align < SUBLANE_SCRATCH_ALIGN)
      align = SUBLANE_SCRATCH_ALIGN;
    size_t offset = (local_mem_bytes_ + align - 1) / align * align;
    local_mem_bytes_ = offset + bytes;
    return offset;
  }

  /// The event of the command group, which was submitted at \p submit.
  event finish(uint64_t submit, bool profiled) const {
    detail::command_times t;
    t.submit = submit;
    t.start = ran_ ? start_ : detail::steady_ns();
    t.end = ran_ ? end_ : t.start;
    return event(t, profiled);
  }

private:
  template <typename F> void run_command(F &&f) {
    uint64_t t = detail::steady_ns();
    f();
    if (!ran_)
      start_ = t;
    ran_ = true;
    end_ = detail::steady_ns();
  }

  size_t local_mem_bytes_ = 0;
  std::vector<std::pair<const void *, std::vector<unsigned char>>> spec_values_;
  std::vector<detail::spec_entry> spec_entries_;
  bool ran_ = false;
  uint64_t start_ = 0, end_ = 0;
};

template <typename T, int D>
local_accessor<T, D>::local_accessor(range<D> r, handler &h)
    : range_(r), offset_(h.allocate_local(r.size() * sizeof(T), alignof(T))) {}

// Buffers and accessors. On this device all memory is host memory: a buffer
// made from a host pointer works on it directly (what the program observes
// once the buffer is destroyed is the same), otherwise it owns its data.
template <access_mode M> struct mode_tag_t { explicit mode_tag_t() = default; };
inline constexpr mode_tag_t<access_mode::read> read_only{};
inline constexpr mode_tag_t<access_mode::write> write_only{};
inline constexpr mode_tag_t<access_mode::read_write> read_write{};

namespace detail {
template <typename C, typename T, typename = void>
inline constexpr bool is_contiguous_container_of = false;
template <typename C, typename T>
inline constexpr bool is_contiguous_container_of<
    C, T,
    std::void_t<decltype(std::data(std::declval<C &>())),
                decltype(std::size(std::declval<C &>()))>> =
    std::is_convertible_v<decltype(std::data(std::declval<C &>())), T *>;
} // namespace detail

namespace detail {
/// The storage buffers made from one another share: owned elements or the
/// host's, and where they go when the last buffer using them is destroyed.
struct buffer_storage {
  std::shared_ptr<void> owned;
  void *data = nullptr;
  void *final_data = nullptr;
  size_t bytes = 0;
  bool write_back = true;
  ~buffer_storage() {
    if (write_back && final_data && final_data != data)
      std::memcpy(final_data, data, bytes);
  }
};
} // namespace detail

namespace property::buffer {
struct use_host_ptr {};
struct use_mutex {};
struct context_bound {};
} // namespace property::buffer

template <typename T, int D = 1> class buffer {
public:
  using value_type = T;
  using reference = T &;
  using const_reference = const T &;

  explicit buffer(range<D> r) : range_(r) {
    std::shared_ptr<T[]> owned(new T[r.size()]());
    storage_ = std::make_shared<detail::buffer_storage>();
    storage_->data = data_ = owned.get();
    storage_->owned = std::move(owned);
    storage_->bytes = byte_size();
  }
  template <typename... Ps> buffer(range<D> r, const Ps &...) : buffer(r) {}
  /// Works on the host's elements in place; they are the final data.
  buffer(T *host, range<D> r) : range_(r) {
    storage_ = std::make_shared<detail::buffer_storage>();
    storage_->data = storage_->final_data = data_ = host;
    storage_->bytes = byte_size();
  }
  /// A copy of the host's elements, with no write-back.
  buffer(const T *host, range<D> r) : buffer(r) {
    std::copy_n(host, r.size(), data_);
  }
  template <typename... Ps>
  buffer(const T *host, range<D> r, const Ps &...) : buffer(host, r) {}
  /// A contiguous container (std::vector, std::array, ...): the buffer
  /// works on its elements.
  template <typename Container, typename... Ps, int N = D,
            typename = std::enable_if_t<
                N == 1 && detail::is_contiguous_container_of<Container, T>>>
  buffer(Container &c, const Ps &...)
      : buffer(static_cast<T *>(std::data(c)), range<1>(std::size(c))) {}
  /// A const container: a copy of its elements.
  template <typename Container, typename... Ps, int N = D,
            typename = std::enable_if_t<
                N == 1 &&
                detail::is_contiguous_container_of<const Container, const T>>,
            typename = void>
  buffer(const Container &c, const Ps &...)
      : buffer(static_cast<const T *>(std::data(c)), range<1>(std::size(c))) {}
  /// A copy of [first, last).
  template <typename InputIt, int N = D,
            typename = std::enable_if_t<
                N == 1 && !std::is_integral_v<InputIt> &&
                std::is_convertible_v<
                    typename std::iterator_traits<InputIt>::value_type, T>>>
  buffer(InputIt first, InputIt last)
      : buffer(range<1>(size_t(std::distance(first, last)))) {
    std::copy(first, last, data_);
  }
  template <typename... Ps>
  buffer(T *host, range<D> r, const Ps &...) : buffer(host, r) {}
  // The same with the properties as a braced list ({use_host_ptr()}), which
  // the forms above cannot deduce; no property changes what a buffer does.
  buffer(range<D> r, const property_list &) : buffer(r) {}
  buffer(T *host, range<D> r, const property_list &) : buffer(host, r) {}
  buffer(const T *host, range<D> r, const property_list &) : buffer(host, r) {}
  template <typename Container, int N = D,
            typename = std::enable_if_t<
                N == 1 && detail::is_contiguous_container_of<Container, T>>>
  buffer(Container &c, const property_list &) : buffer(c) {}
  template <typename Container, int N = D,
            typename = std::enable_if_t<
                N == 1 &&
                detail::is_contiguous_container_of<const Container, const T>>,
            typename = void>
  buffer(const Container &c, const property_list &) : buffer(c) {}
  /// A sub-buffer: the elements of \p parent from \p base over \p r, which
  /// must be contiguous (whole rows but in the first dimension).
  buffer(buffer &parent, const id<D> &base, const range<D> &r)
      : range_(r), storage_(parent.storage_) {
    size_t linear = 0;
    for (int d = 0; d < D; ++d)
      linear = linear * parent.range_[d] + base[d];
    for (int d = 1; d < D; ++d)
      if (r[d] != parent.range_[d])
        throw exception(make_error_code(errc::invalid),
                        "sublane: a sub-buffer must be contiguous in its "
                        "parent (whole rows in every dimension but the first)");
    if (linear + r.size() > parent.size())
      throw exception(make_error_code(errc::invalid),
                      "sublane: a sub-buffer exceeds its parent buffer");
    data_ = parent.data_ + linear;
  }

  range<D> get_range() const { return range_; }
  size_t size() const noexcept { return range_.size(); }
  size_t get_count() const { return size(); }
  size_t byte_size() const noexcept { return size() * sizeof(T); }
  size_t get_size() const { return byte_size(); }
  T *data() const { return data_; }
  bool is_sub_buffer() const { return data_ != storage_->data; }
  /// Where the elements go when the last buffer on them is destroyed (a
  /// buffer on host elements already works on them in place).
  void set_final_data(T *final_data) { storage_->final_data = final_data; }
  void set_final_data(std::nullptr_t) { storage_->final_data = nullptr; }
  void set_write_back(bool flag = true) { storage_->write_back = flag; }
  template <typename Property> bool has_property() const noexcept {
    return false;
  }
  /// The same elements seen as \p U over \p r (same byte size).
  template <typename U, int E = D> buffer<U, E> reinterpret(range<E> r) const {
    if (r.size() * sizeof(U) != byte_size())
      throw exception(make_error_code(errc::invalid),
                      "sublane: buffer::reinterpret must keep the byte size");
    buffer<U, E> view;
    view.range_ = r;
    view.data_ = reinterpret_cast<U *>(data_);
    view.storage_ = storage_;
    return view;
  }
  template <typename U, int E = D,
            typename = std::enable_if_t<E == 1 && D == 1>>
  buffer<U, 1> reinterpret() const {
    return reinterpret<U, 1>(range<1>(byte_size() / sizeof(U)));
  }

  template <access_mode M = access_mode::read_write>
  auto get_access(class handler &h);
  template <access_mode M = access_mode::read_write>
  auto get_access(class handler &h, range<D> r, id<D> offset = id<D>());
  template <access_mode M = access_mode::read_write> auto get_access();
  template <access_mode M = access_mode::read_write>
  auto get_access(range<D> r, id<D> offset = id<D>());
  auto get_host_access();
  template <access_mode Tag> auto get_host_access(mode_tag_t<Tag>);

private:
  template <typename, int> friend class buffer;
  buffer() = default;

  range<D> range_;
  T *data_ = nullptr;
  std::shared_ptr<detail::buffer_storage> storage_;
};
template <typename T, int D, typename... Ps>
buffer(T *, range<D>, const Ps &...) -> buffer<T, D>;
template <typename T, int D> buffer(const T *, range<D>) -> buffer<T, D>;
template <typename Container, typename... Ps,
          typename = std::enable_if_t<detail::is_contiguous_container_of<
              Container, typename Container::value_type>>>
buffer(Container &, const Ps &...) -> buffer<typename Container::value_type, 1>;
template <typename InputIt,
          typename = std::enable_if_t<!std::is_integral_v<InputIt>>>
buffer(InputIt, InputIt)
    -> buffer<typename std::iterator_traits<InputIt>::value_type, 1>;

/// A buffer's elements, or a ranged part of them (SYCL 2020 4.7.6.9): a
/// ranged accessor's ids start at its offset, and its elements keep the
/// buffer's strides.
template <typename T, int D, access_mode M, target Tgt, access::placeholder P>
class accessor {
public:
  using value_type = std::conditional_t<M == access_mode::read, const T, T>;
  using reference =
      std::conditional_t<M == access_mode::atomic, atomic<T>, value_type &>;
  using const_reference = const T &;
  using pointer = value_type *;
  using iterator = pointer;
  using const_iterator = const T *;
  using size_type = size_t;

  accessor() = default;
  accessor(buffer<T, D> &b) : accessor(b, b.get_range(), id<D>()) {}
  accessor(buffer<T, D> &b, class handler &) : accessor(b) {}
  template <access_mode Tag>
  accessor(buffer<T, D> &b, class handler &, mode_tag_t<Tag>) : accessor(b) {}
  template <access_mode Tag>
  accessor(buffer<T, D> &b, class handler &, mode_tag_t<Tag>, no_init_t)
      : accessor(b) {}
  template <access_mode Tag>
  accessor(buffer<T, D> &b, mode_tag_t<Tag>) : accessor(b) {}
  template <access_mode Tag>
  accessor(buffer<T, D> &b, mode_tag_t<Tag>, no_init_t) : accessor(b) {}
  accessor(buffer<T, D> &b, class handler &, const property_list &)
      : accessor(b) {}
  template <access_mode Tag>
  accessor(buffer<T, D> &b, class handler &, mode_tag_t<Tag>,
           const property_list &)
      : accessor(b) {}
  accessor(buffer<T, D> &b, range<D> r, id<D> offset = id<D>())
      : range_(r), offset_(offset), strides_(b.get_range()) {
    data_ = b.data() + linear_in_buffer(offset);
  }
  accessor(buffer<T, D> &b, class handler &, range<D> r, id<D> offset = id<D>())
      : accessor(b, r, offset) {}
  template <access_mode Tag>
  accessor(buffer<T, D> &b, class handler &, range<D> r, mode_tag_t<Tag>)
      : accessor(b, r) {}
  template <access_mode Tag>
  accessor(buffer<T, D> &b, class handler &, range<D> r, id<D> offset,
           mode_tag_t<Tag>)
      : accessor(b, r, offset) {}
  template <access_mode Tag>
  accessor(buffer<T, D> &b, class handler &, range<D> r, mode_tag_t<Tag>,
           no_init_t)
      : accessor(b, r) {}
  template <access_mode Tag>
  accessor(buffer<T, D> &b, class handler &, range<D> r, id<D> offset,
           mode_tag_t<Tag>, no_init_t)
      : accessor(b, r, offset) {}

  reference operator[](id<D> i) const {
    return reference(data_[linear_in_buffer(i)]);
  }
  template <int N = D, typename = std::enable_if_t<N == 1>>
  reference operator[](size_t i) const {
    return reference(data_[i]);
  }
  template <int N = D, typename = std::enable_if_t<(N > 1)>>
  detail::accessor_row<reference, D - 1> operator[](size_t i) const {
    return detail::first_row<reference>(data_, strides_, i);
  }
  pointer get_pointer() const { return data_; }
  template <access::decorated Decorated = access::decorated::no>
  multi_ptr<value_type, access::address_space::global_space, Decorated>
  get_multi_ptr() const {
    return data_;
  }
  range<D> get_range() const { return range_; }
  id<D> get_offset() const { return offset_; }
  size_t size() const { return range_.size(); }
  size_t get_count() const { return size(); }
  size_t get_size() const { return byte_size(); }
  size_t byte_size() const { return size() * sizeof(T); }
  size_t max_size() const noexcept { return size(); }
  bool empty() const noexcept { return size() == 0; }
  bool is_placeholder() const { return P == access::placeholder::true_t; }
  /// Iterators over a whole buffer or a one-dimensional range: where the
  /// elements are contiguous.
  iterator begin() const { return data_; }
  iterator end() const { return data_ + size(); }
  const_iterator cbegin() const { return data_; }
  const_iterator cend() const { return data_ + size(); }

private:
  size_t linear_in_buffer(const id<D> &i) const {
    size_t linear = 0;
    for (int d = 0; d < D; ++d)
      linear = linear * strides_[d] + i[d];
    return linear;
  }

  pointer data_ = nullptr;
  range<D> range_;
  id<D> offset_;
  range<D> strides_;
};

/// The SYCL 1.2.1 spelling of local_accessor (target::local, deprecated in
/// SYCL 2020).
template <typename T, int D, access_mode M, access::placeholder P>
class accessor<T, D, M, target::local, P> : public local_accessor<T, D> {
public:
  using local_accessor<T, D>::local_accessor;
};

template <typename T, int D, access_mode Tag>
accessor(buffer<T, D> &, class handler &, mode_tag_t<Tag>)
    -> accessor<T, D, Tag>;
template <typename T, int D, access_mode Tag>
accessor(buffer<T, D> &, class handler &, mode_tag_t<Tag>, no_init_t)
    -> accessor<T, D, Tag>;
template <typename T, int D>
accessor(buffer<T, D> &, class handler &) -> accessor<T, D>;
template <typename T, int D> accessor(buffer<T, D> &) -> accessor<T, D>;

template <typename T, int D = 1, access_mode M = access_mode::read_write>
class host_accessor : public accessor<T, D, M, target::host_task> {
public:
  using accessor<T, D, M, target::host_task>::accessor;
};
template <typename T, int D, access_mode Tag>
host_accessor(buffer<T, D> &, mode_tag_t<Tag>) -> host_accessor<T, D, Tag>;
template <typename T, int D>
host_accessor(buffer<T, D> &) -> host_accessor<T, D>;

template <typename T, int D>
template <access_mode M>
auto buffer<T, D>::get_access(class handler &) {
  return accessor<T, D, M>(*this);
}
template <typename T, int D>
template <access_mode M>
auto buffer<T, D>::get_access(class handler &, range<D> r, id<D> offset) {
  return accessor<T, D, M>(*this, r, offset);
}
template <typename T, int D>
template <access_mode M>
auto buffer<T, D>::get_access() {
  return accessor<T, D, M, target::host_task>(*this);
}
template <typename T, int D>
template <access_mode M>
auto buffer<T, D>::get_access(range<D> r, id<D> offset) {
  return accessor<T, D, M, target::host_task>(*this, r, offset);
}
template <typename T, int D> auto buffer<T, D>::get_host_access() {
  return host_accessor<T, D>(*this);
}
template <typename T, int D>
template <access_mode Tag>
auto buffer<T, D>::get_host_access(mode_tag_t<Tag>) {
  return host_accessor<T, D, Tag>(*this);
}

/// Runs each command group when it is submitted, in submission order: an
/// in-order and an out-of-order queue behave the same, and every event is
/// complete when the call returns.
class queue {
public:
  queue() = default;
  explicit queue(const property_list &props) { apply(props); }
  explicit queue(const async_handler &, const property_list &props = {}) {
    apply(props);
  }
  template <typename Selector,
            typename = std::enable_if_t<
                std::is_invocable_r_v<int, const Selector &, const device &>>>
  explicit queue(const Selector &selector, const property_list &props = {})
      : queue(device(selector), props) {}
  template <typename Selector,
            typename = std::enable_if_t<
                std::is_invocable_r_v<int, const Selector &, const device &>>>
  queue(const Selector &selector, const async_handler &,
        const property_list &props = {})
      : queue(device(selector), props) {}
  explicit queue(const device &, const property_list &props = {}) {
    apply(props);
  }
  queue(const device &, const async_handler &,
        const property_list &props = {}) {
    apply(props);
  }
  queue(const context &, const device &, const property_list &props = {}) {
    apply(props);
  }
  queue(const context &, const device &, const async_handler &,
        const property_list &props = {}) {
    apply(props);
  }
  void throw_asynchronous() {}

  template <typename CGF> event submit(CGF &&cgf) {
    uint64_t submitted = detail::steady_ns();
    handler h;
    cgf(h);
    return h.finish(submitted, profiling_);
  }
  /// No command fails over to another queue: each runs where submitted.
  template <typename CGF> event submit(CGF &&cgf, queue &) {
    return submit(std::forward<CGF>(cgf));
  }

  // The shortcuts (SYCL 2020 4.6.5.2), each a command group of one command.
  // Every command has finished before the next is submitted, so the events
  // they may wait for need nothing more.
  template <typename Name = detail::unnamed_kernel, typename Kernel, int D>
  event parallel_for(nd_range<D> r, const Kernel &k) {
    return submit([&](handler &h) { h.parallel_for<Name>(r, k); });
  }
  template <typename Name = detail::unnamed_kernel, typename Kernel, int D>
  event parallel_for(range<D> r, const Kernel &k) {
    return submit([&](handler &h) { h.parallel_for<Name>(r, k); });
  }
  template <typename Name = detail::unnamed_kernel, typename Kernel>
  event parallel_for(size_t n, const Kernel &k) {
    return parallel_for<Name>(range<1>(n), k);
  }
  template <typename Name = detail::unnamed_kernel, typename Range, typename T,
            typename Op, int Dims, size_t Extent, typename... Rest>
  event parallel_for(Range r, reduction_spec<T, Op, Dims, Extent> red,
                     const Rest &...rest) {
    return submit([&](handler &h) { h.parallel_for<Name>(r, red, rest...); });
  }
  template <typename Name = detail::unnamed_kernel, typename Kernel, int D,
            typename... Props>
  event parallel_for(nd_range<D> r,
                     ext::oneapi::experimental::properties<Props...> props,
                     const Kernel &k) {
    return submit([&](handler &h) { h.parallel_for<Name>(r, props, k); });
  }
  template <typename Name = detail::unnamed_kernel, typename Kernel, int D,
            typename... Props>
  event parallel_for(range<D> r,
                     ext::oneapi::experimental::properties<Props...> props,
                     const Kernel &k) {
    return submit([&](handler &h) { h.parallel_for<Name>(r, props, k); });
  }
  template <typename Name = detail::unnamed_kernel, typename Range,
            typename... Props, typename T, typename Op, int Dims, size_t Extent,
            typename... Rest>
  event
  parallel_for(Range r, ext::oneapi::experimental::properties<Props...> props,
               reduction_spec<T, Op, Dims, Extent> red, const Rest &...rest) {
    return submit(
        [&](handler &h) { h.parallel_for<Name>(r, props, red, rest...); });
  }
  template <typename Name = detail::unnamed_kernel, typename Kernel, int D>
  event parallel_for(range<D> r, id<D> offset, const Kernel &k) {
    return submit([&](handler &h) { h.parallel_for<Name>(r, offset, k); });
  }
  template <typename Name = detail::unnamed_kernel, typename Range,
            typename Deps, typename... Rest,
            typename = std::enable_if_t<detail::is_dependency<Deps>>>
  event parallel_for(Range r, const Deps &, const Rest &...rest) {
    return parallel_for<Name>(r, rest...);
  }
  template <typename Name = detail::unnamed_kernel, typename Range,
            typename... Rest>
  event parallel_for(Range r, const std::vector<event> &, const Rest &...rest) {
    return parallel_for<Name>(r, rest...);
  }
  template <typename Name = detail::unnamed_kernel, typename Kernel>
  event single_task(const Kernel &k) {
    return submit([&](handler &h) { h.single_task<Name>(k); });
  }
  template <typename Name = detail::unnamed_kernel, typename Kernel>
  event single_task(const event &, const Kernel &k) {
    return single_task<Name>(k);
  }
  template <typename Name = detail::unnamed_kernel, typename Kernel>
  event single_task(const std::vector<event> &, const Kernel &k) {
    return single_task<Name>(k);
  }
  event memcpy(void *dst, const void *src, size_t bytes) {
    return submit([&](handler &h) { h.memcpy(dst, src, bytes); });
  }
  template <typename Deps,
            typename = std::enable_if_t<detail::is_dependency<Deps>>>
  event memcpy(void *dst, const void *src, size_t bytes, const Deps &) {
    return memcpy(dst, src, bytes);
  }
  event memcpy(void *dst, const void *src, size_t bytes,
               const std::vector<event> &) {
    return memcpy(dst, src, bytes);
  }
  template <typename T> event copy(const T *src, T *dst, size_t count) {
    return submit([&](handler &h) { h.copy(src, dst, count); });
  }
  template <typename T, typename Deps,
            typename = std::enable_if_t<detail::is_dependency<Deps>>>
  event copy(const T *src, T *dst, size_t count, const Deps &) {
    return copy(src, dst, count);
  }
  template <typename T>
  event copy(const T *src, T *dst, size_t count, const std::vector<event> &) {
    return copy(src, dst, count);
  }
  event memset(void *dst, int value, size_t bytes) {
    return submit([&](handler &h) { h.memset(dst, value, bytes); });
  }
  template <typename Deps,
            typename = std::enable_if_t<detail::is_dependency<Deps>>>
  event memset(void *dst, int value, size_t bytes, const Deps &) {
    return memset(dst, value, bytes);
  }
  event memset(void *dst, int value, size_t bytes, const std::vector<event> &) {
    return memset(dst, value, bytes);
  }
  template <typename T> event fill(void *ptr, const T &value, size_t count) {
    return submit([&](handler &h) { h.fill(ptr, value, count); });
  }
  template <typename T, typename Deps,
            typename = std::enable_if_t<detail::is_dependency<Deps>>>
  event fill(void *ptr, const T &value, size_t count, const Deps &) {
    return fill(ptr, value, count);
  }
  template <typename T>
  event fill(void *ptr, const T &value, size_t count,
             const std::vector<event> &) {
    return fill(ptr, value, count);
  }
  event prefetch(const void *, size_t) {
    return submit([](handler &) {});
  }
  event mem_advise(const void *, size_t, int) {
    return submit([](handler &) {});
  }
  event ext_oneapi_submit_barrier() {
    return submit([](handler &) {});
  }
  event ext_oneapi_submit_barrier(const std::vector<event> &) {
    return submit([](handler &) {});
  }

  void wait() {}
  void wait_and_throw() {}
  device get_device() const { return device(); }
  context get_context() const { return context(); }
  backend get_backend() const noexcept { return backend::sublane; }
  bool is_in_order() const { return in_order_; }
  template <typename Property> bool has_property() const noexcept {
    if constexpr (std::is_same_v<Property, property::queue::in_order>)
      return in_order_;
    else if constexpr (std::is_same_v<Property,
                                      property::queue::enable_profiling>)
      return profiling_;
    else
      return false;
  }
  template <typename Param> typename Param::return_type get_info() const {
    static_assert(std::is_same_v<Param, info::queue::device>,
                  "sublane: unknown queue information descriptor");
    return device();
  }
  friend bool operator==(const queue &, const queue &) { return true; }
  friend bool operator!=(const queue &, const queue &) { return false; }

private:
  void apply(const property_list &props) {
    in_order_ = props.has_property<property::queue::in_order>();
    profiling_ = props.has_property<property::queue::enable_profiling>();
  }

  bool in_order_ = false;
  bool profiling_ = false;
};

namespace detail {
inline void *usm_alloc(size_t bytes) {
  size_t rounded = (bytes + SUBLANE_SCRATCH_ALIGN - 1) / SUBLANE_SCRATCH_ALIGN *
                   SUBLANE_SCRATCH_ALIGN;
  return std::aligned_alloc(SUBLANE_SCRATCH_ALIGN,
                            rounded ? rounded : SUBLANE_SCRATCH_ALIGN);
}
} // namespace detail

// All USM kinds are host memory on a CPU device.
inline void *malloc_shared(size_t bytes) { return detail::usm_alloc(bytes); }
inline void *malloc_shared(size_t bytes, const queue &) {
  return detail::usm_alloc(bytes);
}
inline void *malloc_device(size_t bytes) { return detail::usm_alloc(bytes); }
inline void *malloc_device(size_t bytes, const queue &) {
  return detail::usm_alloc(bytes);
}
inline void *malloc_host(size_t bytes) { return detail::usm_alloc(bytes); }
inline void *malloc_host(size_t bytes, const queue &) {
  return detail::usm_alloc(bytes);
}
template <typename T> T *malloc_shared(size_t count) {
  return static_cast<T *>(detail::usm_alloc(count * sizeof(T)));
}
template <typename T> T *malloc_shared(size_t count, const queue &) {
  return malloc_shared<T>(count);
}
template <typename T> T *malloc_device(size_t count) {
  return malloc_shared<T>(count);
}
template <typename T> T *malloc_device(size_t count, const queue &) {
  return malloc_shared<T>(count);
}
template <typename T> T *malloc_host(size_t count) {
  return malloc_shared<T>(count);
}
template <typename T> T *malloc_host(size_t count, const queue &) {
  return malloc_shared<T>(count);
}
inline void free(void *ptr) { std::free(ptr); }
inline void free(void *ptr, const queue &) { std::free(ptr); }
inline void free(void *ptr, const context &) { std::free(ptr); }

// The forms that name a device and context instead of a queue.
inline void *malloc_shared(size_t bytes, const device &, const context &) {
  return detail::usm_alloc(bytes);
}
inline void *malloc_device(size_t bytes, const device &, const context &) {
  return detail::usm_alloc(bytes);
}
inline void *malloc_host(size_t bytes, const context &) {
  return detail::usm_alloc(bytes);
}
template <typename T>
T *malloc_shared(size_t count, const device &, const context &) {
  return malloc_shared<T>(count);
}
template <typename T>
T *malloc_device(size_t count, const device &, const context &) {
  return malloc_shared<T>(count);
}
template <typename T> T *malloc_host(size_t count, const context &) {
  return malloc_shared<T>(count);
}

namespace usm {
enum class alloc { host, device, shared, unknown };
} // namespace usm
inline void *malloc(size_t bytes, const queue &, usm::alloc) {
  return detail::usm_alloc(bytes);
}
template <typename T> T *malloc(size_t count, const queue &, usm::alloc) {
  return malloc_shared<T>(count);
}
inline void *malloc(size_t bytes, const device &, const context &, usm::alloc) {
  return detail::usm_alloc(bytes);
}
template <typename T>
T *malloc(size_t count, const device &, const context &, usm::alloc) {
  return malloc_shared<T>(count);
}
/// Every allocation is host memory that kernels can reach; which USM call
/// made it is not recorded, so a pointer from sublane reports `shared`.
inline usm::alloc get_pointer_type(const void *ptr, const context &) {
  return ptr ? usm::alloc::shared : usm::alloc::unknown;
}
inline device get_pointer_device(const void *, const context &) {
  return device();
}

/// A standard allocator over USM (SYCL 2020 4.8.4), for containers whose
/// elements kernels use.
template <typename T, usm::alloc Kind, size_t Alignment = 0>
class usm_allocator {
public:
  using value_type = T;
  using propagate_on_container_copy_assignment = std::true_type;
  using propagate_on_container_move_assignment = std::true_type;
  using propagate_on_container_swap = std::true_type;
  template <typename U> struct rebind {
    using other = usm_allocator<U, Kind, Alignment>;
  };
  static_assert(Kind != usm::alloc::device,
                "SYCL 2020: usm_allocator cannot allocate device memory");

  usm_allocator() = delete;
  usm_allocator(const context &, const device &, const property_list & = {}) {}
  usm_allocator(const queue &, const property_list & = {}) {}
  template <typename U>
  usm_allocator(const usm_allocator<U, Kind, Alignment> &) noexcept {}

  T *allocate(size_t count) {
    size_t align = Alignment > alignof(T) ? Alignment : alignof(T);
    void *p = align <= SUBLANE_SCRATCH_ALIGN
                  ? detail::usm_alloc(count * sizeof(T))
                  : std::aligned_alloc(align, (count * sizeof(T) + align - 1) /
                                                  align * align);
    if (!p)
      throw exception(make_error_code(errc::memory_allocation),
                      "sublane: usm_allocator could not allocate");
    return static_cast<T *>(p);
  }
  void deallocate(T *p, size_t) noexcept { std::free(p); }
  template <typename U, usm::alloc K2, size_t A2>
  friend bool operator==(const usm_allocator &,
                         const usm_allocator<U, K2, A2> &) {
    return Kind == K2 && Alignment == A2;
  }
  template <typename U, usm::alloc K2, size_t A2>
  friend bool operator!=(const usm_allocator &a,
                         const usm_allocator<U, K2, A2> &b) {
    return !(a == b);
  }
};
/// Every USM allocation is 64-byte aligned already; larger alignments are
/// given as asked.
inline void *aligned_alloc_shared(size_t alignment, size_t bytes,
                                  const queue &) {
  if (alignment <= SUBLANE_SCRATCH_ALIGN)
    return detail::usm_alloc(bytes);
  return std::aligned_alloc(alignment,
                            (bytes + alignment - 1) / alignment * alignment);
}
inline void *aligned_alloc_device(size_t alignment, size_t bytes,
                                  const queue &q) {
  return aligned_alloc_shared(alignment, bytes, q);
}
inline void *aligned_alloc_host(size_t alignment, size_t bytes,
                                const queue &q) {
  return aligned_alloc_shared(alignment, bytes, q);
}
template <typename T>
T *aligned_alloc_shared(size_t alignment, size_t count, const queue &q) {
  return static_cast<T *>(
      aligned_alloc_shared(alignment, count * sizeof(T), q));
}
template <typename T>
T *aligned_alloc_device(size_t alignment, size_t count, const queue &q) {
  return aligned_alloc_shared<T>(alignment, count, q);
}
template <typename T>
T *aligned_alloc_host(size_t alignment, size_t count, const queue &q) {
  return aligned_alloc_shared<T>(alignment, count, q);
}

namespace ext::oneapi::this_work_item {
/// The calling work-item's nd_item, group and sub-group, from anywhere in
/// kernel code (sycl_ext_oneapi_free_function_queries).
template <int D> nd_item<D> get_nd_item() { return nd_item<D>(); }
template <int D> group<D> get_work_group() { return group<D>(); }
inline sub_group get_sub_group() { return sub_group(); }
} // namespace ext::oneapi::this_work_item
namespace ext::oneapi::experimental {
/// printf from kernels (sycl_ext_oneapi_printf): the C library's, called
/// by each work-item in turn, lane by lane within a sub-group.
__attribute__((format(printf, 1, 2))) inline int printf(const char *format,
                                                        ...) {
  va_list args;
  va_start(args, format);
  int written = std::vprintf(format, args);
  va_end(args);
  return written;
}
template <int D> nd_item<D> this_nd_item() { return nd_item<D>(); }
template <int D> group<D> this_group() { return group<D>(); }
inline sub_group this_sub_group() { return sub_group(); }
} // namespace ext::oneapi::experimental

} // namespace sycl

// In this order: each builds on the ones before it.
#include "sublane/detail/half.hpp"

#include "sublane/detail/span.hpp"

#include "sublane/detail/group_algorithms.hpp"

#include "sublane/detail/math.hpp"

#include "sublane/detail/vec.hpp"

#include "sublane/detail/stream.hpp"

#include "sublane/detail/reduction.hpp"

#include "sublane/detail/joint_algorithms.hpp"

#include "sublane/detail/oneapi_group_algorithms.hpp"

#include "sublane/detail/kernel_bundle.hpp"

#endif // SUBLANE_SYCL_HPP
