//===- sublane/detail/device.hpp - Platform, device, context ----*- C++ -*-===//
//
// SYCL 2020's platform, device and context classes, the selectors, aspects
// and the information descriptors they answer. Sublane has one platform with
// one device, the host CPU, whose memory every allocation and buffer lives
// in. Included by <sublane/sycl.hpp> before the queue.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_DEVICE_HPP
#define SUBLANE_DETAIL_DEVICE_HPP

#include <cstdint>
#include <string>
#include <vector>

namespace sycl {

/// The back end a platform, device or queue belongs to. Only `sublane` is
/// ever returned; the others exist so that code comparing with them builds.
enum class backend {
  sublane,
  opencl,
  ext_oneapi_level_zero,
  ext_oneapi_cuda,
  ext_oneapi_hip,
  ext_oneapi_native_cpu
};

enum class aspect {
  cpu,
  gpu,
  accelerator,
  custom,
  emulated,
  host_debuggable,
  fp16,
  fp64,
  atomic64,
  image,
  online_compiler,
  online_linker,
  queue_profiling,
  usm_device_allocations,
  usm_host_allocations,
  usm_atomic_host_allocations,
  usm_shared_allocations,
  usm_atomic_shared_allocations,
  usm_system_allocations
};

namespace detail {
/// What the CPU device has: every USM kind is host memory (so is any
/// pointer from malloc), atomics of 64 bits are native, timestamps are
/// taken around each command, the fiber engine runs kernels in gdb, and
/// sycl::half computes in float.
inline bool device_has(aspect a) {
  switch (a) {
  case aspect::cpu:
    return !sublane::get_device_info().answers_as_gpu;
  case aspect::gpu:
    return sublane::get_device_info().answers_as_gpu;
  case aspect::fp16:
  case aspect::host_debuggable:
  case aspect::fp64:
  case aspect::atomic64:
  case aspect::queue_profiling:
  case aspect::usm_device_allocations:
  case aspect::usm_host_allocations:
  case aspect::usm_atomic_host_allocations:
  case aspect::usm_shared_allocations:
  case aspect::usm_atomic_shared_allocations:
  case aspect::usm_system_allocations:
    return true;
  default:
    return false;
  }
}
inline std::vector<aspect> device_aspects() {
  std::vector<aspect> all;
  for (int a = int(aspect::cpu); a <= int(aspect::usm_system_allocations); ++a)
    if (device_has(aspect(a)))
      all.push_back(aspect(a));
  return all;
}
/// Bytes of the widest vector register the runtime's ISA has.
inline uint32_t vector_bytes() {
  return sublane::get_device_info().preferred_sub_group_size * 4;
}
/// The CPU's atomics keep every order and every scope.
inline std::vector<memory_order> all_memory_orders() {
  return {memory_order::relaxed, memory_order::acquire, memory_order::release,
          memory_order::acq_rel, memory_order::seq_cst};
}
inline std::vector<memory_scope> all_memory_scopes() {
  return {memory_scope::work_item, memory_scope::sub_group,
          memory_scope::work_group, memory_scope::device, memory_scope::system};
}
inline std::string sublane_version() {
  return sublane::get_device_info().version;
}
} // namespace detail

class platform;
class device;

namespace info {
enum class device_type { cpu, gpu, accelerator, custom, automatic, host, all };
enum class local_mem_type { none, local, global };
enum class global_mem_cache_type { none, read_only, read_write };
enum class fp_config {
  denorm,
  inf_nan,
  round_to_nearest,
  round_to_zero,
  round_to_inf,
  fma,
  correctly_rounded_divide_sqrt,
  soft_float
};
enum class execution_capability { exec_kernel, exec_native_kernel };
enum class event_command_status { submitted, running, complete };

// Each descriptor knows its return type and how to answer it, so that
// get_info<Param>() is one line and an unknown descriptor does not compile.
#define SUBLANE_DEVICE_INFO(Name, Type, ...)                                   \
  struct Name {                                                                \
    using return_type = Type;                                                  \
    static return_type get(const sublane::device_info &i) {                    \
      (void)i;                                                                 \
      return __VA_ARGS__;                                                      \
    }                                                                          \
  };
namespace device {
SUBLANE_DEVICE_INFO(device_type, info::device_type,
                    i.answers_as_gpu ? info::device_type::gpu
                                     : info::device_type::cpu)
SUBLANE_DEVICE_INFO(vendor_id, uint32_t, 0)
SUBLANE_DEVICE_INFO(max_compute_units, uint32_t, i.max_threads)
SUBLANE_DEVICE_INFO(max_work_item_dimensions, uint32_t, 3)
SUBLANE_DEVICE_INFO(max_work_group_size, size_t, i.max_work_group_size)
SUBLANE_DEVICE_INFO(max_num_sub_groups, uint32_t,
                    uint32_t(i.max_work_group_size))
SUBLANE_DEVICE_INFO(sub_group_independent_forward_progress, bool, false)
SUBLANE_DEVICE_INFO(sub_group_sizes, std::vector<size_t>,
                    {i.sub_group_sizes.begin(), i.sub_group_sizes.end()})
SUBLANE_DEVICE_INFO(preferred_vector_width_char, uint32_t,
                    detail::vector_bytes())
SUBLANE_DEVICE_INFO(preferred_vector_width_short, uint32_t,
                    detail::vector_bytes() / 2)
SUBLANE_DEVICE_INFO(preferred_vector_width_int, uint32_t,
                    detail::vector_bytes() / 4)
SUBLANE_DEVICE_INFO(preferred_vector_width_long, uint32_t,
                    detail::vector_bytes() / 8)
SUBLANE_DEVICE_INFO(preferred_vector_width_float, uint32_t,
                    detail::vector_bytes() / 4)
SUBLANE_DEVICE_INFO(preferred_vector_width_double, uint32_t,
                    detail::vector_bytes() / 8)
SUBLANE_DEVICE_INFO(preferred_vector_width_half, uint32_t,
                    detail::vector_bytes() / 2)
SUBLANE_DEVICE_INFO(native_vector_width_char, uint32_t, detail::vector_bytes())
SUBLANE_DEVICE_INFO(native_vector_width_short, uint32_t,
                    detail::vector_bytes() / 2)
SUBLANE_DEVICE_INFO(native_vector_width_int, uint32_t,
                    detail::vector_bytes() / 4)
SUBLANE_DEVICE_INFO(native_vector_width_long, uint32_t,
                    detail::vector_bytes() / 8)
SUBLANE_DEVICE_INFO(native_vector_width_float, uint32_t,
                    detail::vector_bytes() / 4)
SUBLANE_DEVICE_INFO(native_vector_width_double, uint32_t,
                    detail::vector_bytes() / 8)
SUBLANE_DEVICE_INFO(native_vector_width_half, uint32_t,
                    detail::vector_bytes() / 4)
SUBLANE_DEVICE_INFO(max_clock_frequency, uint32_t, i.max_clock_frequency)
SUBLANE_DEVICE_INFO(address_bits, uint32_t, 64)
SUBLANE_DEVICE_INFO(max_mem_alloc_size, uint64_t, i.global_mem_size)
SUBLANE_DEVICE_INFO(image_support, bool, false)
SUBLANE_DEVICE_INFO(max_parameter_size, size_t, size_t(1) << 20)
SUBLANE_DEVICE_INFO(mem_base_addr_align, uint32_t, SUBLANE_SCRATCH_ALIGN * 8)
SUBLANE_DEVICE_INFO(half_fp_config, std::vector<info::fp_config>,
                    {info::fp_config::denorm, info::fp_config::inf_nan,
                     info::fp_config::round_to_nearest})
SUBLANE_DEVICE_INFO(single_fp_config, std::vector<info::fp_config>,
                    {info::fp_config::denorm, info::fp_config::inf_nan,
                     info::fp_config::round_to_nearest,
                     info::fp_config::round_to_zero,
                     info::fp_config::round_to_inf, info::fp_config::fma,
                     info::fp_config::correctly_rounded_divide_sqrt})
SUBLANE_DEVICE_INFO(double_fp_config, std::vector<info::fp_config>,
                    {info::fp_config::denorm, info::fp_config::inf_nan,
                     info::fp_config::round_to_nearest,
                     info::fp_config::round_to_zero,
                     info::fp_config::round_to_inf, info::fp_config::fma})
SUBLANE_DEVICE_INFO(global_mem_cache_type, info::global_mem_cache_type,
                    info::global_mem_cache_type::read_write)
SUBLANE_DEVICE_INFO(global_mem_cache_line_size, uint32_t, 64)
SUBLANE_DEVICE_INFO(global_mem_cache_size, uint64_t, i.global_mem_cache_size)
SUBLANE_DEVICE_INFO(global_mem_size, uint64_t, i.global_mem_size)
SUBLANE_DEVICE_INFO(local_mem_type, info::local_mem_type,
                    info::local_mem_type::global)
SUBLANE_DEVICE_INFO(local_mem_size, uint64_t, i.local_mem_size)
SUBLANE_DEVICE_INFO(error_correction_support, bool, false)
SUBLANE_DEVICE_INFO(host_unified_memory, bool, true)
SUBLANE_DEVICE_INFO(atomic_memory_order_capabilities, std::vector<memory_order>,
                    detail::all_memory_orders())
SUBLANE_DEVICE_INFO(atomic_fence_order_capabilities, std::vector<memory_order>,
                    detail::all_memory_orders())
SUBLANE_DEVICE_INFO(atomic_memory_scope_capabilities, std::vector<memory_scope>,
                    detail::all_memory_scopes())
SUBLANE_DEVICE_INFO(atomic_fence_scope_capabilities, std::vector<memory_scope>,
                    detail::all_memory_scopes())
SUBLANE_DEVICE_INFO(profiling_timer_resolution, size_t, 1)
SUBLANE_DEVICE_INFO(is_endian_little, bool, true)
SUBLANE_DEVICE_INFO(is_available, bool, true)
SUBLANE_DEVICE_INFO(is_compiler_available, bool, false)
SUBLANE_DEVICE_INFO(is_linker_available, bool, false)
SUBLANE_DEVICE_INFO(execution_capabilities,
                    std::vector<info::execution_capability>,
                    {info::execution_capability::exec_kernel})
SUBLANE_DEVICE_INFO(queue_profiling, bool, true)
SUBLANE_DEVICE_INFO(name, std::string, i.name)
SUBLANE_DEVICE_INFO(vendor, std::string, "sublane")
SUBLANE_DEVICE_INFO(driver_version, std::string, detail::sublane_version())
SUBLANE_DEVICE_INFO(profile, std::string, "FULL_PROFILE")
SUBLANE_DEVICE_INFO(version, std::string, detail::sublane_version())
SUBLANE_DEVICE_INFO(backend_version, std::string, detail::sublane_version())
SUBLANE_DEVICE_INFO(aspects, std::vector<aspect>, detail::device_aspects())
SUBLANE_DEVICE_INFO(extensions, std::vector<std::string>, {})
SUBLANE_DEVICE_INFO(printf_buffer_size, size_t, size_t(1) << 20)
SUBLANE_DEVICE_INFO(partition_max_sub_devices, uint32_t, 0)
template <int D> struct max_work_item_sizes {
  using return_type = range<D>;
  static return_type get(const sublane::device_info &i) {
    range<D> r;
    for (int d = 0; d < D; ++d)
      r[d] = i.max_work_group_size;
    return r;
  }
};
/// The device's platform; answered by device::get_info.
struct platform {
  using return_type = sycl::platform;
};
} // namespace device

namespace platform {
struct name {
  using return_type = std::string;
  static return_type get() { return "sublane"; }
};
struct vendor {
  using return_type = std::string;
  static return_type get() { return "sublane"; }
};
struct version {
  using return_type = std::string;
  static return_type get() { return detail::sublane_version(); }
};
struct profile {
  using return_type = std::string;
  static return_type get() { return "FULL_PROFILE"; }
};
struct extensions {
  using return_type = std::vector<std::string>;
  static return_type get() { return {}; }
};
} // namespace platform

namespace context {
struct platform {
  using return_type = sycl::platform;
};
struct devices {
  using return_type = std::vector<sycl::device>;
};
} // namespace context

namespace queue {
struct context;
struct device {
  using return_type = sycl::device;
};
} // namespace queue

namespace event {
struct command_execution_status {
  using return_type = info::event_command_status;
};
} // namespace event

/// Nanoseconds on the host's steady clock, taken when the command was
/// submitted, started and ended.
namespace event_profiling {
struct command_submit {
  using return_type = uint64_t;
};
struct command_start {
  using return_type = uint64_t;
};
struct command_end {
  using return_type = uint64_t;
};
} // namespace event_profiling
} // namespace info

// Device queries of extensions that programs written for DPC++ ask.
namespace ext::oneapi::experimental::info::device {
/// Work-groups per dimension a launch may have: no limit but size_t's.
template <int D> struct max_work_groups {
  using return_type = id<D>;
  static return_type get(const sublane::device_info &) {
    id<D> r;
    for (int d = 0; d < D; ++d)
      r[d] = size_t(std::numeric_limits<int>::max());
    return r;
  }
};
SUBLANE_DEVICE_INFO(max_global_work_groups, size_t,
                    size_t(std::numeric_limits<int>::max()))
} // namespace ext::oneapi::experimental::info::device
namespace ext::intel::info::device {
SUBLANE_DEVICE_INFO(device_id, uint32_t, 0)
SUBLANE_DEVICE_INFO(pci_address, std::string, "0000:00:00.0")
SUBLANE_DEVICE_INFO(gpu_eu_count, uint32_t, i.max_threads)
SUBLANE_DEVICE_INFO(gpu_eu_simd_width, uint32_t, i.preferred_sub_group_size)
SUBLANE_DEVICE_INFO(gpu_slices, uint32_t, 1)
SUBLANE_DEVICE_INFO(gpu_subslices_per_slice, uint32_t, 1)
SUBLANE_DEVICE_INFO(gpu_eu_count_per_subslice, uint32_t, i.max_threads)
SUBLANE_DEVICE_INFO(gpu_hw_threads_per_eu, uint32_t, 1)
SUBLANE_DEVICE_INFO(max_mem_bandwidth, uint64_t, 0)
SUBLANE_DEVICE_INFO(free_memory, uint64_t, sublane::available_memory())
SUBLANE_DEVICE_INFO(memory_clock_rate, uint32_t, 0)
SUBLANE_DEVICE_INFO(memory_bus_width, uint32_t, 0)
SUBLANE_DEVICE_INFO(max_compute_queue_indices, int32_t, 1)
} // namespace ext::intel::info::device
#undef SUBLANE_DEVICE_INFO

namespace ext::oneapi {
enum class peer_access { access_supported, atomics_supported };
} // namespace ext::oneapi

class device {
public:
  device() = default;
  /// The device a selector scores highest; sublane's one device unless the
  /// selector rejects it (a negative score), as a GPU selector does.
  template <typename Selector,
            typename = std::enable_if_t<
                std::is_invocable_r_v<int, const Selector &, const device &>>>
  explicit device(const Selector &selector) {
    if (selector(device()) < 0)
      throw exception(make_error_code(errc::runtime),
                      "sublane: no device matches the selector (sublane has "
                      "one device, the host CPU; SUBLANE_DEVICE_TYPE=gpu makes "
                      "it answer as a GPU)");
  }

  template <typename Param> typename Param::return_type get_info() const;
  const sublane::device_info &info() const {
    return sublane::get_device_info();
  }
  std::vector<uint32_t> get_sub_group_sizes() const {
    return info().sub_group_sizes;
  }
  bool is_cpu() const { return !info().answers_as_gpu; }
  bool is_gpu() const { return info().answers_as_gpu; }
  bool is_accelerator() const { return false; }
  bool has(aspect a) const { return detail::device_has(a); }
  bool has_extension(const std::string &) const { return false; }
  backend get_backend() const noexcept { return backend::sublane; }
  inline sycl::platform get_platform() const;
  static std::vector<device>
  get_devices(info::device_type type = info::device_type::all) {
    if (type == info::device_type::all ||
        type == info::device_type::automatic ||
        type == device().get_info<info::device::device_type>())
      return {device()};
    return {};
  }
  /// sycl_ext_oneapi_peer_access: every allocation is host memory, so any
  /// device reaches any other's, atomics included.
  bool ext_oneapi_can_access_peer(
      const device &, ext::oneapi::peer_access =
                          ext::oneapi::peer_access::access_supported) const {
    return true;
  }
  void ext_oneapi_enable_peer_access(const device &) const {}
  void ext_oneapi_disable_peer_access(const device &) const {}
  friend bool operator==(const device &, const device &) { return true; }
  friend bool operator!=(const device &, const device &) { return false; }
};

class platform {
public:
  platform() = default;
  explicit platform(const device &) {}
  template <typename Selector,
            typename = std::enable_if_t<
                std::is_invocable_r_v<int, const Selector &, const device &>>>
  explicit platform(const Selector &selector) {
    (void)device(selector);
  }
  template <typename Param> typename Param::return_type get_info() const {
    return Param::get();
  }
  std::vector<device>
  get_devices(info::device_type type = info::device_type::all) const {
    return device::get_devices(type);
  }
  bool has(aspect a) const { return detail::device_has(a); }
  bool has_extension(const std::string &) const { return false; }
  backend get_backend() const noexcept { return backend::sublane; }
  static std::vector<platform> get_platforms() { return {platform()}; }
  friend bool operator==(const platform &, const platform &) { return true; }
  friend bool operator!=(const platform &, const platform &) { return false; }
};
inline platform device::get_platform() const { return platform(); }
template <typename Param> typename Param::return_type device::get_info() const {
  if constexpr (std::is_same_v<Param, info::device::platform>)
    return get_platform();
  else
    return Param::get(info());
}

class context {
public:
  context() = default;
  explicit context(const device &) {}
  explicit context(const std::vector<device> &) {}
  explicit context(const platform &) {}
  template <typename Param> typename Param::return_type get_info() const {
    if constexpr (std::is_same_v<Param, info::context::platform>)
      return get_platform();
    else
      return get_devices();
  }
  platform get_platform() const { return platform(); }
  std::vector<device> get_devices() const { return {device()}; }
  backend get_backend() const noexcept { return backend::sublane; }
  friend bool operator==(const context &, const context &) { return true; }
  friend bool operator!=(const context &, const context &) { return false; }
};

// Device selectors (SYCL 2020 4.6.1.1): callables scoring a device, where a
// negative score rejects it.
inline int default_selector_v(const device &) { return 1; }
inline int cpu_selector_v(const device &d) { return d.is_cpu() ? 1 : -1; }
inline int gpu_selector_v(const device &d) { return d.is_gpu() ? 1 : -1; }
inline int accelerator_selector_v(const device &d) {
  return d.is_accelerator() ? 1 : -1;
}
/// Accepts a device that has every aspect in \p required and none in
/// \p denied.
inline auto aspect_selector(const std::vector<aspect> &required,
                            const std::vector<aspect> &denied = {}) {
  return [=](const device &d) {
    for (aspect a : required)
      if (!d.has(a))
        return -1;
    for (aspect a : denied)
      if (d.has(a))
        return -1;
    return 1;
  };
}
template <typename... Aspects> auto aspect_selector(Aspects... required) {
  return aspect_selector(std::vector<aspect>{required...});
}
template <aspect... Required> inline int aspect_selector_v(const device &d) {
  return (d.has(Required) && ...) ? 1 : -1;
}

// The SYCL 1.2.1 selector classes, deprecated in SYCL 2020 but common in
// existing code.
class device_selector {
public:
  virtual ~device_selector() = default;
  virtual int operator()(const device &d) const = 0;
  device select_device() const { return device(*this); }
};
class default_selector : public device_selector {
public:
  int operator()(const device &d) const override {
    return default_selector_v(d);
  }
};
class cpu_selector : public device_selector {
public:
  int operator()(const device &d) const override { return cpu_selector_v(d); }
};
class gpu_selector : public device_selector {
public:
  int operator()(const device &d) const override { return gpu_selector_v(d); }
};
class accelerator_selector : public device_selector {
public:
  int operator()(const device &d) const override {
    return accelerator_selector_v(d);
  }
};
using host_selector = cpu_selector;

} // namespace sycl

#endif // SUBLANE_DETAIL_DEVICE_HPP
