//===- runtime.cpp - OpenMP launch of lowered kernels ---------------------===//

#include "sublane/runtime.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <sstream>
#include <string_view>
#include <thread>
#include <unistd.h>

namespace sublane {
namespace {

constexpr uint64_t LocalMemLimit = 1ull << 20; // 1 MiB per work-group
constexpr uint64_t MaxWorkGroupSize = SUBLANE_MAX_WORK_GROUP_SIZE;
/// What info::device::max_work_group_size reports: a GPU's 1024, not the
/// 65536 launches may use. Programs size their launches by it: a range
/// rounded to a multiple of it, or max_compute_units times it work-items
/// of a persistent kernel, which at 65536 per core is a grid sized for no
/// CPU.
constexpr uint64_t ReportedMaxWorkGroupSize = 1024;

struct AlignedDeleter {
  void operator()(void *P) const { std::free(P); }
};

constexpr uint64_t GuardBytes = SUBLANE_MEMORY_GUARD_BYTES;
static_assert(GuardBytes % SUBLANE_SCRATCH_ALIGN == 0,
              "the guard keeps the buffers aligned");

/// Per-thread memory reused across launches: one launch on many threads
/// would otherwise allocate on every call. Each buffer has GuardBytes of
/// its own before and after it, which lowered code may read and write back.
struct ThreadBuffers {
  std::unique_ptr<char, AlignedDeleter> Local, Scratch;
  uint64_t LocalBytes = 0, ScratchBytes = 0;

  static char *grow(std::unique_ptr<char, AlignedDeleter> &Buf, uint64_t &Cap,
                    uint64_t Need) {
    if (Need > Cap || !Buf) {
      uint64_t Bytes = std::max<uint64_t>(Need, 64) + SUBLANE_SCRATCH_ALIGN - 1;
      Bytes -= Bytes % SUBLANE_SCRATCH_ALIGN;
      Buf.reset(static_cast<char *>(
          std::aligned_alloc(SUBLANE_SCRATCH_ALIGN, Bytes + 2 * GuardBytes)));
      if (!Buf) {
        std::fprintf(stderr,
                     "sublane: out of memory for %llu bytes of local "
                     "memory or scratch\n",
                     static_cast<unsigned long long>(Bytes));
        std::abort();
      }
      Cap = Bytes;
    }
    return Buf.get() + GuardBytes;
  }
};
thread_local ThreadBuffers Buffers;

std::atomic<unsigned> RequestedThreads{0};

std::string kernelName(const sublane_kernel_desc &Desc) {
  std::string Name = Desc.name ? Desc.name : "<unnamed>";
  // The header records __PRETTY_FUNCTION__ of type_name<Name>().
  size_t Start = Name.find("[T = ");
  if (Start != std::string::npos && Name.back() == ']')
    Name = Name.substr(Start + 5, Name.size() - Start - 6);
  return Name;
}

[[noreturn]] void refuse(const sublane_kernel_desc &Desc,
                         const std::string &Why, errc Code = errc::nd_range) {
  throw runtime_error(
      "sublane: cannot launch kernel '" + kernelName(Desc) + "': " + Why, Code);
}

std::string formatRange(const uint64_t *R, uint32_t Dims) {
  std::ostringstream OS;
  OS << '{';
  for (uint32_t D = 0; D < Dims; ++D)
    OS << (D ? ", " : "") << R[D];
  OS << '}';
  return OS.str();
}

/// SYCL 2020 5.8.1: a kernel with reqd_work_group_size runs only with that
/// work-group size; the device refuses a size it cannot run.
void checkRequiredWorkGroupSize(const sublane_kernel_desc &Desc,
                                const launch_config &Cfg) {
  const uint64_t *Reqd = Desc.reqd_local_range;
  if (Reqd[0] == 0)
    return;
  uint64_t ReqdSize = 1;
  for (uint32_t D = 0; D < Desc.dims; ++D)
    ReqdSize *= std::min<uint64_t>(Reqd[D], MaxWorkGroupSize + 1);
  if (ReqdSize > MaxWorkGroupSize)
    refuse(Desc,
           "its reqd_work_group_size " + formatRange(Reqd, Desc.dims) +
               " exceeds the device maximum of " +
               std::to_string(MaxWorkGroupSize) + " work-items",
           errc::kernel_not_supported);
  if (Cfg.chosen_local)
    return;
  for (uint32_t D = 0; D < Cfg.dims; ++D)
    if (Cfg.local[D] != Reqd[D])
      refuse(Desc, "work-group size " + formatRange(Cfg.local, Cfg.dims) +
                       " differs from its reqd_work_group_size " +
                       formatRange(Reqd, Desc.dims));
}

void validate(const sublane_kernel_desc &Desc, const launch_config &Cfg,
              bool NeedLowered) {
  if (Desc.magic != SUBLANE_DESC_MAGIC)
    throw runtime_error("sublane: launch of a corrupt kernel descriptor",
                        errc::invalid);
  if (NeedLowered && (!(Desc.flags & SUBLANE_DESC_LOWERED) || !Desc.wg_fn))
    refuse(Desc,
           "it was not compiled with the sublane plugin; compile it "
           "with sublane-clang++, or pass -fpass-plugin=<path to "
           "SublanePasses.so> to clang++ (or run it without the "
           "plugin on the fiber engine: SUBLANE_ENGINE=fibers)",
           errc::kernel_not_supported);
  if (Cfg.dims != Desc.dims)
    refuse(Desc, "it was compiled for " + std::to_string(Desc.dims) +
                     " dimensions but launched with " +
                     std::to_string(Cfg.dims));
  uint64_t WGSize = 1;
  for (uint32_t D = 0; D < Cfg.dims; ++D) {
    if (Cfg.local[D] == 0)
      refuse(Desc, "work-group size " + formatRange(Cfg.local, Cfg.dims) +
                       " has a zero dimension");
    if (Cfg.global[D] % Cfg.local[D] != 0)
      refuse(Desc, "work-group size " + formatRange(Cfg.local, Cfg.dims) +
                       " does not divide the global size " +
                       formatRange(Cfg.global, Cfg.dims) + " in dimension " +
                       std::to_string(D));
    WGSize *= Cfg.local[D];
  }
  if (WGSize > MaxWorkGroupSize)
    refuse(Desc, "work-group size " + std::to_string(WGSize) +
                     " exceeds the device maximum of " +
                     std::to_string(MaxWorkGroupSize));
  checkRequiredWorkGroupSize(Desc, Cfg);
  if (Cfg.local_mem_bytes > LocalMemLimit)
    refuse(Desc,
           "it needs " + std::to_string(Cfg.local_mem_bytes) +
               " bytes of local memory; the device has " +
               std::to_string(LocalMemLimit),
           errc::memory_allocation);
}

} // namespace

namespace {
std::mutex PendingMutex;
std::string PendingError; ///< the first report of a launch in throw mode
} // namespace

void launch(const sublane_kernel_desc &Desc, const void *Closure,
            const launch_config &Cfg) {
  bool Fibers = get_engine() == engine::fibers;
  validate(Desc, Cfg, /*NeedLowered=*/!Fibers);
  if (Fibers) {
    launch_fibers(Desc, Closure, Cfg, kernelName(Desc));
    return;
  }
  uint64_t Groups[3] = {1, 1, 1}, Local[3] = {1, 1, 1};
  uint64_t TotalGroups = 1, WGSize = 1;
  for (uint32_t D = 0; D < Cfg.dims; ++D) {
    Groups[D] = Cfg.global[D] / Cfg.local[D];
    Local[D] = Cfg.local[D];
    TotalGroups *= Groups[D];
    WGSize *= Local[D];
  }
  if (TotalGroups == 0)
    return;
  const uint64_t ScratchBytes = sublane_scratch_bytes(&Desc, WGSize);
  const uint64_t LocalBytes = Cfg.local_mem_bytes;
  const sublane_wg_fn Fn = Desc.wg_fn;

  auto RunGroups = [&](uint64_t Begin, uint64_t End) {
    sublane_wg_context Ctx;
    std::memset(&Ctx, 0, sizeof(Ctx));
    Ctx.local_mem =
        ThreadBuffers::grow(Buffers.Local, Buffers.LocalBytes, LocalBytes);
    Ctx.scratch = ThreadBuffers::grow(Buffers.Scratch, Buffers.ScratchBytes,
                                      ScratchBytes);
    for (uint32_t D = 0; D < 3; ++D) {
      Ctx.group_range[D] = Groups[D];
      Ctx.local_range[D] = Local[D];
    }
    if (Begin == End)
      return;
    // Row-major: the last dimension's group id varies fastest. The
    // work-group function runs the groups that follow the first itself.
    uint64_t Rest = Begin;
    for (int D = int(Cfg.dims) - 1; D >= 0; --D) {
      Ctx.group_id[D] = Rest % Groups[D];
      Rest /= Groups[D];
    }
    Ctx.group_count = End - Begin;
    Fn(Closure, &Ctx);
  };

  unsigned Threads = get_num_threads();
  if (TotalGroups == 1 || Threads == 1) {
    RunGroups(0, TotalGroups);
  } else {
#pragma omp parallel num_threads(Threads)
    {
      // A static schedule without OpenMP's loop machinery: contiguous
      // blocks of groups, one per thread.
      uint64_t T = omp_get_thread_num(), N = omp_get_num_threads();
      uint64_t Begin = TotalGroups * T / N, End = TotalGroups * (T + 1) / N;
      RunGroups(Begin, End);
    }
  }
  std::string Error;
  {
    std::lock_guard<std::mutex> Lock(PendingMutex);
    Error.swap(PendingError);
  }
  if (!Error.empty())
    throw runtime_error(Error);
}

const std::error_category &sycl_category() noexcept {
  class SyclCategory : public std::error_category {
    const char *name() const noexcept override { return "sycl"; }
    std::string message(int Code) const override {
      static const char *const Names[] = {"success",
                                          "runtime",
                                          "kernel",
                                          "accessor",
                                          "nd_range",
                                          "event",
                                          "kernel_argument",
                                          "build",
                                          "invalid",
                                          "memory_allocation",
                                          "platform",
                                          "profiling",
                                          "feature_not_supported",
                                          "kernel_not_supported",
                                          "backend_mismatch"};
      return Code >= 0 && Code < int(std::size(Names)) ? Names[Code]
                                                       : "unknown";
    }
  };
  static const SyclCategory Category;
  return Category;
}

void set_num_threads(unsigned N) { RequestedThreads = N; }

unsigned get_num_threads() {
  unsigned N = RequestedThreads;
  return N ? N : unsigned(omp_get_max_threads());
}

/// The CPUs' highest clock in MHz: cpufreq's limit where the kernel has
/// one, else the fastest core's current clock in /proc/cpuinfo (virtual
/// machines often have no cpufreq), else 0.
static uint32_t readMaxClockMHz() {
  if (FILE *F = std::fopen(
          "/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", "r")) {
    unsigned long KHz = 0;
    bool Read = std::fscanf(F, "%lu", &KHz) == 1;
    std::fclose(F);
    if (Read && KHz)
      return uint32_t(KHz / 1000);
  }
  double Max = 0;
  if (FILE *F = std::fopen("/proc/cpuinfo", "r")) {
    char Line[256];
    while (std::fgets(Line, sizeof(Line), F)) {
      double MHz;
      if (std::strncmp(Line, "cpu MHz", 7) == 0 &&
          std::sscanf(std::strchr(Line, ':') ? std::strchr(Line, ':') + 1
                                             : Line,
                      "%lf", &MHz) == 1)
        Max = std::max(Max, MHz);
    }
    std::fclose(F);
  }
  return uint32_t(Max + 0.5);
}

uint64_t available_memory() {
  long Pages = sysconf(_SC_AVPHYS_PAGES), PageSize = sysconf(_SC_PAGESIZE);
  return Pages > 0 && PageSize > 0 ? uint64_t(Pages) * uint64_t(PageSize) : 0;
}

/// SUBLANE_DEVICE_TYPE: "cpu" (the default) or "gpu".
static bool readDeviceType() {
  const char *Type = std::getenv("SUBLANE_DEVICE_TYPE");
  if (!Type || !*Type || std::string_view(Type) == "cpu")
    return false;
  if (std::string_view(Type) == "gpu")
    return true;
  std::fprintf(stderr,
               "sublane: SUBLANE_DEVICE_TYPE=%s is neither cpu nor gpu; the "
               "device answers as a CPU\n",
               Type);
  return false;
}

const device_info &get_device_info() {
  static const device_info Info = [] {
    device_info I;
    I.sub_group_sizes = {1, 4, 8, 16, 32};
    I.default_sub_group_size = 32; // the plugin's SubGroupUserDefaultSize
    // One sub-group per vector register of 32-bit lanes.
    I.preferred_sub_group_size = __builtin_cpu_supports("avx512f") ? 16
                                 : __builtin_cpu_supports("avx2")  ? 8
                                                                   : 4;
    I.local_mem_size = LocalMemLimit;
    I.max_work_group_size = ReportedMaxWorkGroupSize;
    I.max_threads = unsigned(omp_get_max_threads());
    I.name = "sublane CPU device";
    long Pages = sysconf(_SC_PHYS_PAGES), PageSize = sysconf(_SC_PAGESIZE);
    I.global_mem_size =
        Pages > 0 && PageSize > 0 ? uint64_t(Pages) * uint64_t(PageSize) : 0;
    long L3 = sysconf(_SC_LEVEL3_CACHE_SIZE),
         L2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
    I.global_mem_cache_size = L3 > 0 ? uint64_t(L3) : L2 > 0 ? uint64_t(L2) : 0;
    I.version = SUBLANE_VERSION_STRING;
    I.max_clock_frequency = readMaxClockMHz();
    I.answers_as_gpu = readDeviceType();
    return I;
  }();
  return Info;
}

} // namespace sublane

/// Called by kernels compiled with -sublane-check-sync-points when the
/// work-items of a group stopped at different sync points \p A and \p B.
extern "C" void __sublane_check_sync(const char *Kernel,
                                     const uint64_t *GroupId, uint32_t Dims,
                                     const char *const *Names, uint32_t A,
                                     uint32_t B) noexcept {
  if (A == B)
    return;
  std::string Group = "{";
  for (uint32_t D = 0; D < Dims; ++D)
    Group += (D ? ", " : "") + std::to_string(GroupId[D]);
  Group += "}";
  std::string Msg = std::string("sublane: kernel '") + Kernel +
                    "': the work-items of work-group " + Group +
                    " do not stop at the same place: some at " + Names[A] +
                    ", others at " + Names[B];
  const char *Mode = std::getenv("SUBLANE_VALIDATION");
  if (Mode && std::strcmp(Mode, "throw") == 0) {
    std::lock_guard<std::mutex> Lock(sublane::PendingMutex);
    if (sublane::PendingError.empty())
      sublane::PendingError = Msg;
    return;
  }
  std::fprintf(stderr, "%s\n", Msg.c_str());
  if (!(Mode && std::strcmp(Mode, "log") == 0))
    std::abort();
}

/// Called by vectorized kernels compiled with -sublane-check-sync-points when
/// only some lanes of a sub-group (\p Arrived of \p Expected, one bit each)
/// reach sync point \p Where.
extern "C" void __sublane_check_lanes(const char *Kernel, uint64_t G0,
                                      uint64_t G1, uint64_t G2, uint32_t Dims,
                                      const char *Where, uint64_t Arrived,
                                      uint64_t Expected) noexcept {
  const uint64_t GroupId[3] = {G0, G1, G2};
  const char *Names[2] = {Where, "another place (lanes of one sub-group "
                                 "disagree)"};
  (void)Arrived;
  (void)Expected;
  __sublane_check_sync(Kernel, GroupId, Dims, Names, 0, 1);
}
