//===- sublane/detail/queue.hpp - queue, USM --------------------*- C++ -*-===//
//
// The queue, which runs each command group as it is submitted, and the
// unified shared memory functions and allocator. Included by
// <sublane/sycl.hpp> after the buffers.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_QUEUE_HPP
#define SUBLANE_DETAIL_QUEUE_HPP

namespace sycl {

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
  // Copies into and out of a device_global: bytes from an offset, or
  // elements from an index.
  template <typename T, typename P>
  event memcpy(ext::oneapi::experimental::device_global<T, P> &dest,
               const void *src, size_t bytes = sizeof(T), size_t offset = 0) {
    return memcpy(static_cast<char *>(detail::device_global_bytes(dest)) +
                      offset,
                  src, bytes);
  }
  template <typename T, typename P>
  event memcpy(void *dest,
               const ext::oneapi::experimental::device_global<T, P> &src,
               size_t bytes = sizeof(T), size_t offset = 0) {
    return memcpy(dest,
                  static_cast<const char *>(detail::device_global_bytes(src)) +
                      offset,
                  bytes);
  }
  template <typename T, typename P>
  event copy(const std::remove_all_extents_t<T> *src,
             ext::oneapi::experimental::device_global<T, P> &dest,
             size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>),
             size_t start = 0) {
    using E = std::remove_all_extents_t<T>;
    return memcpy(dest, src, count * sizeof(E), start * sizeof(E));
  }
  template <typename T, typename P>
  event copy(const ext::oneapi::experimental::device_global<T, P> &src,
             std::remove_const_t<std::remove_all_extents_t<T>> *dest,
             size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>),
             size_t start = 0) {
    using E = std::remove_all_extents_t<T>;
    return memcpy(dest, src, count * sizeof(E), start * sizeof(E));
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
// No one-argument sycl::free: SYCL 2020 has none, and with it a program's
// free(p) under `using namespace std; using namespace sycl;` is ambiguous.
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

} // namespace sycl

#endif // SUBLANE_DETAIL_QUEUE_HPP
