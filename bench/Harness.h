//===- Harness.h - The benchmark suite's Google Benchmark harness -*- C++
//-*-===//
//
// Each kernel file registers its kernel once per variant: the SYCL kernel
// lowered by plain CBS (sub-group size 1), by hierarchical CBS at sub-group
// sizes 8 to 64, and the hand-written OpenMP code a user would otherwise
// write ("omp"); a kernel may add the variant "auto", launched without a
// requested sub-group size. A run sets up the problem, runs the variant
// once, checks its output against a host reference (a wrong result fails
// the benchmark and the whole run), then times it. Names read
//
//   <Kernel>/<variant>/sg:<size>/threads:<threads>/real_time
//
// which tools/sublane-sweep parses.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_BENCH_HARNESS_H
#define SUBLANE_BENCH_HARNESS_H

#include "BenchSycl.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace bench {

/// Whether a kernel is limited by memory bandwidth (the sweep reports the
/// fraction of the STREAM triad's bandwidth it reaches), by compute, or a
/// measure of overhead (launch cost) left out of the geomeans.
enum class Bound { Compute, Memory, Overhead };

struct Variant {
  const char *Name;      // cbs, hcbs, wfv, omp, auto
  uint32_t SubGroupSize; // 0 for hand-written code
  void (*Run)(benchmark::State &);
};

/// Registers a kernel's variants; called from static initializers.
bool addKernel(const char *Name, Bound Kind, std::vector<Variant> Variants);

/// Adds a variant to kernel Name (registered before, in the same file).
bool addVariant(const char *Name, Variant V);

/// The problem-size factor of --bench_scale (1 = each kernel's own size,
/// chosen to leave the caches).
double scale();

/// Base * scale()^Power, rounded down to a multiple of Multiple (at least
/// Multiple).
size_t scaled(size_t Base, size_t Multiple, double Power = 1.0);

/// N elements of shared USM that a problem owns: freed with it, not
/// copyable, and usable where a T * is (the kernels capture the pointer).
template <typename T> class SharedArray {
public:
  SharedArray(sycl::queue &Q, size_t N)
      : Q(Q), Data(sycl::malloc_shared<T>(N, Q)) {}
  SharedArray(const SharedArray &) = delete;
  SharedArray &operator=(const SharedArray &) = delete;
  ~SharedArray() { sycl::free(Data, Q); }
  T *get() const { return Data; }
  operator T *() const { return Data; }

private:
  sycl::queue &Q;
  T *Data;
};

/// Sets the thread count of both the sublane runtime and OpenMP.
void setThreads(unsigned N);

/// Records a failed check; the executable then exits with status 1.
void fail(benchmark::State &State, const std::string &Error);

/// Whether kernels launched with sub-group size S run at S. Under sublane a
/// refusal is a failure; another implementation may not offer S (AdaptiveCpp
/// on CPUs runs 1-wide), and its variant is skipped, not run at a size its
/// indexing was not written for.
template <uint32_t S>
bool checkSubGroupSize(benchmark::State &State, sycl::queue &Q) {
  uint32_t Granted = grantedSubGroupSize<S>(Q);
  if (Granted == S)
    return true;
  std::string Why = "sub-group size " + std::to_string(S) +
                    " not granted (the kernel ran at " +
                    std::to_string(Granted) + ")";
#ifdef BENCH_OTHER_SYCL
  State.SkipWithError(Why.c_str());
#else
  fail(State, Why);
#endif
  return false;
}

/// Whether a kernel launched without a requested sub-group size gets the
/// size this executable was registered for (32 under sublane; a size of 1
/// would mean no vectorization). Another implementation may choose any
/// size.
inline bool checkDefaultSubGroupSize(benchmark::State &State, sycl::queue &Q) {
  uint32_t Chosen = defaultSubGroupSize(Q);
  if (ExpectedDefaultSubGroupSize == 0 || Chosen == ExpectedDefaultSubGroupSize)
    return true;
  fail(State, "a kernel without a requested sub-group size ran at size " +
                  std::to_string(Chosen) + ", expected " +
                  std::to_string(ExpectedDefaultSubGroupSize));
  return false;
}

/// The relative difference of two values, guarded against zero.
inline double relativeError(double Got, double Want) {
  return std::fabs(Got - Want) / std::fmax(std::fabs(Want), 1e-30);
}

/// Runs one variant: sets up a Problem (which owns its data and knows its
/// reference), runs Body once and checks the result, then times Body.
/// Problem provides `std::string check() const` (empty when right) and
/// `int64_t bytes() const` (the memory traffic of one run).
/// SubGroupSize: the size a SYCL variant was written for (0 for hand-written
/// code); a variant the implementation runs at another size is not timed.
template <typename Problem, uint32_t SubGroupSize = 0, typename Body>
void run(benchmark::State &State, Body &&Run) {
  setThreads(unsigned(State.range(0)));
  Problem P;
  if constexpr (SubGroupSize != 0)
    if (!checkSubGroupSize<SubGroupSize>(State, P.Q))
      return;
  Run(P);
  if (std::string Error = P.check(); !Error.empty())
    return fail(State, Error);
  for (auto _ : State)
    Run(P);
  State.SetBytesProcessed(int64_t(State.iterations()) * P.bytes());
}

} // namespace bench

// The SYCL variants at every sub-group size: size 1 is CBS, the sizes
// above run the variant the kernels are compiled for (the vectorizer by
// default; the executables built with -sublane-variant=hcbs define
// SUBLANE_BENCH_HCBS and hold only those sizes). Compile-cost measurements
// build one size alone with -DSUBLANE_BENCH_ONLY_SIZE=<size>.
#ifdef SUBLANE_BENCH_HCBS
#define BENCH_VARIANT_ABOVE_1 "hcbs"
#else
#define BENCH_VARIANT_ABOVE_1 "wfv"
#endif
#if defined(SUBLANE_BENCH_ONLY_SIZE)
#define BENCH_SYCL_VARIANTS(Fn)                                                \
  bench::Variant {                                                             \
    SUBLANE_BENCH_ONLY_SIZE == 1 ? "cbs" : BENCH_VARIANT_ABOVE_1,              \
        SUBLANE_BENCH_ONLY_SIZE, &Fn<SUBLANE_BENCH_ONLY_SIZE>                  \
  }
#else
#define BENCH_SYCL_VARIANTS(Fn)                                                \
  bench::Variant{BENCH_VARIANT_ABOVE_1, 8, &Fn<8>},                            \
      bench::Variant{BENCH_VARIANT_ABOVE_1, 16, &Fn<16>},                      \
      bench::Variant{BENCH_VARIANT_ABOVE_1, 32, &Fn<32>}, bench::Variant {     \
    BENCH_VARIANT_ABOVE_1, 64, &Fn<64>                                         \
  }
#endif

/// Registers kernel Name: its SYCL variants from the template SyclFn<S>
/// and the hand-written OpenMP function OmpFn. Size 1 and the hand-written
/// code are registered once, by the executables of the default variant.
#if defined(SUBLANE_BENCH_HCBS)
#define BENCH_KERNEL(Name, Kind, SyclFn, OmpFn)                                \
  static const bool Name##Registered =                                         \
      ((void)&OmpFn,                                                           \
       bench::addKernel(#Name, Kind, {BENCH_SYCL_VARIANTS(SyclFn)}))
#elif defined(SUBLANE_BENCH_ONLY_SIZE)
#define BENCH_KERNEL(Name, Kind, SyclFn, OmpFn)                                \
  static const bool Name##Registered = bench::addKernel(                       \
      #Name, Kind,                                                             \
      {BENCH_SYCL_VARIANTS(SyclFn), bench::Variant{"omp", 0, &OmpFn}})
#else
#define BENCH_KERNEL(Name, Kind, SyclFn, OmpFn)                                \
  static const bool Name##Registered = bench::addKernel(                       \
      #Name, Kind,                                                             \
      {bench::Variant{"cbs", 1, &SyclFn<1>}, BENCH_SYCL_VARIANTS(SyclFn),      \
       bench::Variant{"omp", 0, &OmpFn}})
#endif

/// Registers AutoFn as kernel Name's variant "auto": launched without a
/// requested sub-group size, so the implementation picks it. Only the
/// executables of the default variant have it.
#if defined(SUBLANE_BENCH_HCBS) || defined(SUBLANE_BENCH_ONLY_SIZE)
#define BENCH_DEFAULT_SIZE_VARIANT(Name, AutoFn)                               \
  static const bool Name##AutoRegistered = ((void)&AutoFn, true)
#else
#define BENCH_DEFAULT_SIZE_VARIANT(Name, AutoFn)                               \
  static const bool Name##AutoRegistered = bench::addVariant(                  \
      #Name,                                                                   \
      bench::Variant{"auto", bench::ExpectedDefaultSubGroupSize, &AutoFn})
#endif

#endif // SUBLANE_BENCH_HARNESS_H
