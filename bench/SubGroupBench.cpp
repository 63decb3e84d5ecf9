//===- SubGroupBench.cpp - Sub-group benchmarks ---------------------------===//
//
// Sub-group reduce, scan and shuffle at sub-group sizes 1 (work-group CBS,
// what AdaptiveCpp runs on CPUs) and 8/16/32/64 (hierarchical CBS). Each
// benchmark checks its output against the host once per run; a wrong result
// fails the benchmark.
//
//   sublane_bench_avx512 --benchmark_filter=SubGroup
//
//===----------------------------------------------------------------------===//

#include <sublane/sycl.hpp>

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

namespace xo = sycl::ext::oneapi::experimental;

constexpr size_t WorkGroupSize = 256;

size_t elements(const benchmark::State &State) {
  return size_t(State.range(0)) / WorkGroupSize * WorkGroupSize;
}

void setThreads(const benchmark::State &State) {
  sublane::set_num_threads(unsigned(State.range(1)));
}

/// Runs the kernel once and checks its output (a non-empty message fails
/// the benchmark), then times it.
template <typename Run, typename Check>
void measure(benchmark::State &State, Run &&run, Check &&check,
             int64_t BytesPerRun) {
  run();
  if (std::string Error = check(); !Error.empty()) {
    State.SkipWithError(Error.c_str());
    return;
  }
  for (auto _ : State)
    run();
  State.SetBytesProcessed(int64_t(State.iterations()) * BytesPerRun);
}

template <uint32_t S> struct ReduceKernel;
template <uint32_t S> void SubGroupReduce(benchmark::State &State) {
  setThreads(State);
  sycl::queue q;
  const size_t n = elements(State);
  float *in = sycl::malloc_shared<float>(n, q);
  float *out = sycl::malloc_shared<float>(n / S, q);
  for (size_t i = 0; i < n; ++i)
    in[i] = float(i % 13);
  auto run = [&] {
    q.parallel_for<ReduceKernel<S>>(sycl::nd_range<1>(n, WorkGroupSize),
                                    xo::properties{xo::sub_group_size<S>},
                                    [=](sycl::nd_item<1> it) {
                                      sycl::sub_group sg = it.get_sub_group();
                                      float sum = sycl::reduce_over_group(
                                          sg, in[it.get_global_id(0)],
                                          sycl::plus<float>());
                                      if (sg.leader())
                                        out[it.get_global_id(0) / S] = sum;
                                    })
        .wait();
  };
  measure(
      State, run,
      [&]() -> std::string {
        for (size_t c = 0; c < n / S; ++c) {
          float expect = 0;
          for (size_t k = 0; k < S; ++k)
            expect += in[c * S + k];
          if (out[c] != expect) {
            return "wrong sum in chunk " + std::to_string(c);
          }
        }
        return "";
      },
      int64_t(n * sizeof(float)));
  sycl::free(in, q);
  sycl::free(out, q);
}

template <uint32_t S> struct ScanKernel;
template <uint32_t S> void SubGroupScan(benchmark::State &State) {
  setThreads(State);
  sycl::queue q;
  const size_t n = elements(State);
  int *in = sycl::malloc_shared<int>(n, q);
  int *out = sycl::malloc_shared<int>(n, q);
  for (size_t i = 0; i < n; ++i)
    in[i] = int(i % 7) - 3;
  auto run = [&] {
    q.parallel_for<ScanKernel<S>>(sycl::nd_range<1>(n, WorkGroupSize),
                                  xo::properties{xo::sub_group_size<S>},
                                  [=](sycl::nd_item<1> it) {
                                    size_t i = it.get_global_id(0);
                                    out[i] = sycl::inclusive_scan_over_group(
                                        it.get_sub_group(), in[i],
                                        sycl::plus<int>());
                                  })
        .wait();
  };
  measure(
      State, run,
      [&]() -> std::string {
        for (size_t i = 0, acc = 0; i < n; ++i) {
          acc = (i % S ? acc : 0) + size_t(in[i]);
          if (out[i] != int(acc)) {
            return "wrong scan at " + std::to_string(i);
          }
        }
        return "";
      },
      int64_t(n * sizeof(int) * 2));
  sycl::free(in, q);
  sycl::free(out, q);
}

template <uint32_t S> struct ShuffleKernel;
template <uint32_t S> void SubGroupShuffle(benchmark::State &State) {
  setThreads(State);
  sycl::queue q;
  const size_t n = elements(State);
  float *in = sycl::malloc_shared<float>(n, q);
  float *out = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < n; ++i)
    in[i] = float(i % 101);
  auto run = [&] {
    q.parallel_for<ShuffleKernel<S>>(
         sycl::nd_range<1>(n, WorkGroupSize),
         xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           sycl::sub_group sg = it.get_sub_group();
           size_t i = it.get_global_id(0);
           float x = in[i];
           // Butterfly: lane l adds its xor-1 partner and the lane after.
           float y = sycl::permute_group_by_xor(sg, x, 1);
           float z = sycl::shift_group_left(sg, x, 1);
           out[i] = x + y + (sg.get_local_linear_id() + 1 < S ? z : 0.0f);
         })
        .wait();
  };
  measure(
      State, run,
      [&]() -> std::string {
        for (size_t i = 0; i < n; ++i) {
          size_t lane = i % S, base = i - lane;
          float y = S > 1 ? in[base + (lane ^ 1)] : in[i];
          float z = lane + 1 < S ? in[i + 1] : 0.0f;
          if (out[i] != in[i] + y + z) {
            return "wrong value at " + std::to_string(i);
          }
        }
        return "";
      },
      int64_t(n * sizeof(float) * 2));
  sycl::free(in, q);
  sycl::free(out, q);
}

// The first kernels of the benchmark suite: work-group algorithms, which
// compute the same result at every sub-group size.
template <uint32_t S> struct GroupReduceKernel;
template <uint32_t S> void WorkGroupReduce(benchmark::State &State) {
  setThreads(State);
  sycl::queue q;
  const size_t n = elements(State), groups = n / WorkGroupSize;
  float *in = sycl::malloc_shared<float>(n, q);
  float *out = sycl::malloc_shared<float>(groups, q);
  for (size_t i = 0; i < n; ++i)
    in[i] = float(i % 5);
  auto run = [&] {
    q.parallel_for<GroupReduceKernel<S>>(
         sycl::nd_range<1>(n, WorkGroupSize),
         xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           float sum = sycl::reduce_over_group(
               it.get_group(), in[it.get_global_id(0)], sycl::plus<float>());
           if (it.get_local_id(0) == 0)
             out[it.get_group(0)] = sum;
         })
        .wait();
  };
  measure(
      State, run,
      [&]() -> std::string {
        for (size_t g = 0; g < groups; ++g) {
          float expect = 0;
          for (size_t k = 0; k < WorkGroupSize; ++k)
            expect += in[g * WorkGroupSize + k];
          if (out[g] != expect) {
            return "wrong sum in group " + std::to_string(g);
          }
        }
        return "";
      },
      int64_t(n * sizeof(float)));
  sycl::free(in, q);
  sycl::free(out, q);
}

// Prefix sum of each work-group: a sub-group scan, the sub-groups' totals
// scanned through local memory, and the two combined.
template <uint32_t S> struct PrefixScanKernel;
template <uint32_t S> void PrefixScan(benchmark::State &State) {
  setThreads(State);
  sycl::queue q;
  const size_t n = elements(State);
  int *in = sycl::malloc_shared<int>(n, q);
  int *out = sycl::malloc_shared<int>(n, q);
  for (size_t i = 0; i < n; ++i)
    in[i] = int(i % 9) - 4;
  auto run = [&] {
    q.submit([&](sycl::handler &h) {
       sycl::local_accessor<int, 1> totals(
           sycl::range<1>(WorkGroupSize / S + 1), h);
       h.parallel_for<PrefixScanKernel<S>>(
           sycl::nd_range<1>(n, WorkGroupSize),
           xo::properties{xo::sub_group_size<S>}, [=](sycl::nd_item<1> it) {
             sycl::sub_group sg = it.get_sub_group();
             size_t i = it.get_global_id(0);
             int mine =
                 sycl::inclusive_scan_over_group(sg, in[i], sycl::plus<int>());
             if (sg.get_local_linear_id() == sg.get_local_linear_range() - 1)
               totals[sg.get_group_linear_id()] = mine;
             sycl::group_barrier(it.get_group());
             int before = 0;
             for (uint32_t k = 0; k < sg.get_group_linear_id(); ++k)
               before += totals[k];
             out[i] = before + mine;
           });
     }).wait();
  };
  measure(
      State, run,
      [&]() -> std::string {
        for (size_t i = 0, acc = 0; i < n; ++i) {
          acc = (i % WorkGroupSize ? acc : 0) + size_t(in[i]);
          if (out[i] != int(acc)) {
            return "wrong prefix at " + std::to_string(i);
          }
        }
        return "";
      },
      int64_t(n * sizeof(int) * 2));
  sycl::free(in, q);
  sycl::free(out, q);
}

void Args(benchmark::internal::Benchmark *B) {
  unsigned All = sublane::get_num_threads();
  for (unsigned Threads : {1u, All}) {
    B->Args({1 << 22, Threads});
    if (All == 1)
      break;
  }
  B->ArgNames({"n", "threads"})->Unit(benchmark::kMillisecond)->UseRealTime();
}

#define SUBLANE_SIZES(Bench)                                                   \
  BENCHMARK_TEMPLATE(Bench, 1)->Apply(Args);                                   \
  BENCHMARK_TEMPLATE(Bench, 8)->Apply(Args);                                   \
  BENCHMARK_TEMPLATE(Bench, 16)->Apply(Args);                                  \
  BENCHMARK_TEMPLATE(Bench, 32)->Apply(Args);                                  \
  BENCHMARK_TEMPLATE(Bench, 64)->Apply(Args);
SUBLANE_SIZES(SubGroupReduce)
SUBLANE_SIZES(SubGroupScan)
SUBLANE_SIZES(SubGroupShuffle)
SUBLANE_SIZES(WorkGroupReduce)
SUBLANE_SIZES(PrefixScan)

} // namespace

BENCHMARK_MAIN();
