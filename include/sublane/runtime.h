//===- sublane/runtime.h - Host-side runtime API ----------------*- C++ -*-===//
//
// The runtime launches lowered kernels over an ND-range with OpenMP. The
// SYCL-named API in <sublane/sycl.hpp> is a thin layer over this.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_RUNTIME_H
#define SUBLANE_RUNTIME_H

#include "sublane/abi.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

namespace sublane {

/// The error codes of SYCL 2020 (section 4.13.2), which sycl::errc names.
enum class errc {
  success = 0,
  runtime,
  kernel,
  accessor,
  nd_range,
  event,
  kernel_argument,
  build,
  invalid,
  memory_allocation,
  platform,
  profiling,
  feature_not_supported,
  kernel_not_supported,
  backend_mismatch
};

/// The "sycl" error category of those codes.
const std::error_category &sycl_category() noexcept;
inline std::error_code make_error_code(errc E) noexcept {
  return {int(E), sycl_category()};
}

/// Thrown for every launch the runtime refuses, and for errors found while
/// a kernel runs; what() names the kernel, code() says which kind of error
/// it is (sycl::exception is this class).
class runtime_error : public std::runtime_error {
public:
  explicit runtime_error(const std::string &What, errc Code = errc::runtime)
      : std::runtime_error(What), Code(make_error_code(Code)) {}
  runtime_error(std::error_code Code, const std::string &What)
      : std::runtime_error(What), Code(Code) {}
  const std::error_code &code() const noexcept { return Code; }
  std::error_category const &category() const noexcept {
    return Code.category();
  }

private:
  std::error_code Code;
};

/// Everything a launch needs besides the kernel itself.
struct launch_config {
  uint32_t dims = 1;
  uint64_t global[3] = {1, 1, 1};
  uint64_t local[3] = {1, 1, 1};
  uint64_t local_mem_bytes = 0;
  /// The implementation chose the work-group size (a basic range kernel):
  /// a kernel's reqd_work_group_size is not checked against it.
  bool chosen_local = false;
};

/// Runs one kernel over the ND-range in \p cfg, blocking until it is done.
/// Throws runtime_error when the kernel was not lowered by the plugin, when
/// the work-group size does not divide the global size or differs from the
/// one the kernel requires, or when the local memory exceeds the device
/// limit.
void launch(const sublane_kernel_desc &desc, const void *closure,
            const launch_config &cfg);

/// Device facts for queries.
struct device_info {
  /// What info::device::sub_group_sizes lists: 1, 4, 8, 16 and 32. The
  /// largest is default_sub_group_size, because GPU code that uses
  /// sub-groups without requesting a size reads the size it gets from the
  /// largest entry. 64 is lowered too when a kernel requests it.
  std::vector<uint32_t> sub_group_sizes;
  /// The size of a kernel that uses its sub-group and requests none.
  uint32_t default_sub_group_size;
  uint32_t preferred_sub_group_size; ///< one vector register of 32-bit lanes
  uint64_t local_mem_size;               ///< per work-group, in bytes
  uint64_t max_work_group_size;
  unsigned max_threads;
  std::string name;
  uint64_t global_mem_size;       ///< the host's physical memory, in bytes
  uint64_t global_mem_cache_size; ///< the last-level cache, in bytes
  std::string version;            ///< sublane's, "major.minor"
  uint32_t max_clock_frequency;   ///< in MHz, 0 where the host does not say
  /// SUBLANE_DEVICE_TYPE=gpu: the device answers as a GPU (device_type,
  /// is_gpu, aspect::gpu, gpu_selector_v, get_devices(gpu)), for programs
  /// written for a GPU that ask for one by type; by default it is a CPU.
  bool answers_as_gpu;
};
const device_info &get_device_info();
/// Bytes of memory the host has free now (sycl::ext::intel's free_memory).
uint64_t available_memory();

/// How kernels run: compiled (the plugin's lowered work-group functions, on
/// OpenMP threads) or fibers (each work-item a fiber running the kernel as
/// written: no plugin needed, one thread, steppable in gdb, the reference
/// for testing the compiler). The default comes from SUBLANE_ENGINE
/// (`fibers` or `compiled`) until set_engine is called.
enum class engine { compiled, fibers };
void set_engine(engine E);
engine get_engine();

/// Runs \p desc on the fiber engine (launch() calls it).
void launch_fibers(const sublane_kernel_desc &desc, const void *closure,
                   const launch_config &cfg, const std::string &name);

/// Runs \p body once per work-group of \p cfg (global / local groups), on
/// the OpenMP threads, for SYCL's hierarchical parallelism: the body is
/// host code, and while it runs the builtins that ask for the work-group's
/// id and ranges answer for the group it was called for. The first
/// exception a body throws is rethrown once every group has run.
void run_work_groups(const launch_config &cfg,
                     void (*body)(const void *closure), const void *closure);

/// Threads used by later launches; 0 restores the OpenMP default
/// (OMP_NUM_THREADS or the number of cores).
void set_num_threads(unsigned n);
unsigned get_num_threads();

} // namespace sublane

template <> struct std::is_error_code_enum<sublane::errc> : std::true_type {};

#endif // SUBLANE_RUNTIME_H
