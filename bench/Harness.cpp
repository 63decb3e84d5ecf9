//===- Harness.cpp - The benchmark suite's main ---------------------------===//
//
//   sublane_bench_avx512 [--bench_scale=F] [Google Benchmark flags]
//
// Registers every kernel's variants for one thread and for all threads, in
// name order, runs what --benchmark_filter selects, and exits with status 1
// when any output check failed.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"

#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace bench {
namespace {

struct Kernel {
  std::string Name;
  Bound Kind;
  std::vector<Variant> Variants;
};

std::vector<Kernel> &kernels() {
  static std::vector<Kernel> All;
  return All;
}

double Scale = 1.0;
bool Failed = false;

} // namespace

bool addKernel(const char *Name, Bound Kind, std::vector<Variant> Variants) {
  kernels().push_back({Name, Kind, std::move(Variants)});
  return true;
}

bool addVariant(const char *Name, Variant V) {
  for (Kernel &K : kernels())
    if (K.Name == Name) {
      K.Variants.push_back(V);
      return true;
    }
  std::fprintf(stderr,
               "bench: variant %s of kernel %s registered before "
               "the kernel\n",
               V.Name, Name);
  std::abort();
}

double scale() { return Scale; }

size_t scaled(size_t Base, size_t Multiple, double Power) {
  size_t N = size_t(double(Base) * std::pow(Scale, Power));
  return std::max(Multiple, N / Multiple * Multiple);
}

void setThreads(unsigned N) {
  set_kernel_threads(N);
  omp_set_num_threads(int(N));
  // Another SYCL implementation's OpenMP workers read the environment when
  // they start.
  setenv("OMP_NUM_THREADS", std::to_string(N).c_str(), 1);
}

void fail(benchmark::State &State, const std::string &Error) {
  Failed = true;
  State.SkipWithError(Error.c_str());
}

} // namespace bench

int main(int argc, char **argv) {
  // Our own flags first; Google Benchmark rejects what it does not know.
  int Kept = 1;
  for (int I = 1; I < argc; ++I) {
    const char *Flag = "--bench_scale=";
    if (std::strncmp(argv[I], Flag, std::strlen(Flag)) == 0) {
      char *End;
      bench::Scale = std::strtod(argv[I] + std::strlen(Flag), &End);
      if (*End || !(bench::Scale > 0) || bench::Scale > 64) {
        std::fprintf(stderr, "%s: --bench_scale takes a number in (0, 64]\n",
                     argv[0]);
        return 2;
      }
      continue;
    }
    argv[Kept++] = argv[I];
  }
  argc = Kept;
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 2;

  auto &Kernels = bench::kernels();
  std::sort(Kernels.begin(), Kernels.end(),
            [](const auto &A, const auto &B) { return A.Name < B.Name; });
  unsigned All = unsigned(omp_get_max_threads());
  std::vector<unsigned> ThreadCounts = {1};
  if (All > 1)
    ThreadCounts.push_back(All);
  for (const auto &K : Kernels) {
    const char *Label = K.Kind == bench::Bound::Memory    ? "memory"
                        : K.Kind == bench::Bound::Compute ? "compute"
                                                          : "overhead";
    for (const bench::Variant &V : K.Variants) {
      std::string Name =
          K.Name + "/" + V.Name + "/sg:" + std::to_string(V.SubGroupSize);
      benchmark::RegisterBenchmark(Name.c_str(),
                                   [V, Label](benchmark::State &State) {
                                     State.SetLabel(Label);
                                     V.Run(State);
                                   })
          ->ArgName("threads")
          ->ArgsProduct(
              {std::vector<int64_t>(ThreadCounts.begin(), ThreadCounts.end())})
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
    }
  }
  // Start OpenMP's threads before the first measurement, so that no
  // benchmark pays for creating them.
#pragma omp parallel
  benchmark::DoNotOptimize(omp_get_thread_num());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (bench::Failed)
    std::fprintf(stderr, "%s: some benchmark computed a wrong result\n",
                 argv[0]);
  return bench::Failed ? 1 : 0;
}
