//===- sublane/detail/atomics.hpp - multi_ptr, atomic_ref -------*- C++ -*-===//
//
// Pointers into address spaces (multi_ptr), the memory orders and scopes,
// atomic_ref on the CPU's atomics, and SYCL 1.2.1's atomic type with its
// atomic_* functions. Included by <sublane/sycl.hpp> after the ranges.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_ATOMICS_HPP
#define SUBLANE_DETAIL_ATOMICS_HPP

namespace sycl {

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
  /// From a multi_ptr to a type that converts (to const T, or another
  /// decoration) in the same space.
  template <
      typename U, access::decorated E,
      typename = std::enable_if_t<std::is_convertible_v<U *, T *> &&
                                  (!std::is_same_v<U, T> || E != Decorated)>>
  multi_ptr(const multi_ptr<U, Space, E> &p) : ptr_(p.get()) {}
  /// From an accessor of that space (a buffer's accessor for global_ptr, a
  /// local_accessor for local_ptr): its first element.
  template <typename Acc,
            typename P = decltype(std::declval<const Acc &>().get_pointer()),
            typename = std::enable_if_t<
                std::is_class_v<Acc> && std::is_convertible_v<P, T *> &&
                !std::is_convertible_v<const Acc &, T *>>>
  multi_ptr(const Acc &a) : ptr_(a.get_pointer()) {}
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

} // namespace sycl

#endif // SUBLANE_DETAIL_ATOMICS_HPP
