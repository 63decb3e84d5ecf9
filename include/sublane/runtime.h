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
#include <vector>

namespace sublane {

/// Thrown for every launch the runtime refuses. what() names the kernel.
class runtime_error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Everything a launch needs besides the kernel itself.
struct launch_config {
  uint32_t dims = 1;
  uint64_t global[3] = {1, 1, 1};
  uint64_t local[3] = {1, 1, 1};
  uint64_t local_mem_bytes = 0;
};

/// Runs one kernel over the ND-range in \p cfg, blocking until it is done.
/// Throws runtime_error when the kernel was not lowered by the plugin, when
/// the work-group size does not divide the global size, or when the local
/// memory exceeds the device limit.
void launch(const sublane_kernel_desc &desc, const void *closure,
            const launch_config &cfg);

/// Device facts for queries.
struct device_info {
  std::vector<uint32_t> sub_group_sizes; ///< sizes the plugin can lower
  uint32_t preferred_sub_group_size;     ///< best size for the host ISA
  uint64_t local_mem_size;               ///< per work-group, in bytes
  uint64_t max_work_group_size;
  unsigned max_threads;
  std::string name;
};
const device_info &get_device_info();

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

/// Threads used by later launches; 0 restores the OpenMP default
/// (OMP_NUM_THREADS or the number of cores).
void set_num_threads(unsigned n);
unsigned get_num_threads();

} // namespace sublane

#endif // SUBLANE_RUNTIME_H
