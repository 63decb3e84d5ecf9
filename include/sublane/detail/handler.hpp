//===- sublane/detail/handler.hpp - event, handler --------------*- C++ -*-===//
//
// Events with their profiling times, interop_handle, and the handler a
// command group receives, which launches kernels and copies. Included by
// <sublane/sycl.hpp> after the device and the specialization constants.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_HANDLER_HPP
#define SUBLANE_DETAIL_HANDLER_HPP

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
  template <typename T, typename P>
  void memcpy(ext::oneapi::experimental::device_global<T, P> &dest,
              const void *src, size_t bytes = sizeof(T), size_t offset = 0) {
    memcpy(static_cast<char *>(detail::device_global_bytes(dest)) + offset, src,
           bytes);
  }
  template <typename T, typename P>
  void memcpy(void *dest,
              const ext::oneapi::experimental::device_global<T, P> &src,
              size_t bytes = sizeof(T), size_t offset = 0) {
    memcpy(dest,
           static_cast<const char *>(detail::device_global_bytes(src)) + offset,
           bytes);
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

template <typename T>
local_accessor<T, 0>::local_accessor(handler &h)
    : offset_(h.allocate_local(sizeof(T), alignof(T))), Allocated(true) {}

} // namespace sycl

#endif // SUBLANE_DETAIL_HANDLER_HPP
