//===- Scans.cpp - Prefix sums and stream compaction ----------------------===//
//
// PrefixScan: the inclusive prefix sum of each work-group's block. Each
// sub-group scans its values, the sub-groups' totals go through local memory,
// and each work-item adds the totals of the sub-groups before its own.
//
// StreamCompaction: each work-group keeps the values of its block above a
// threshold, in order, at the start of the block, and counts them. A
// sub-group finds each kept value's place with an exclusive scan and its own
// count with a ballot; the sub-groups' counts go through local memory.
//
//===----------------------------------------------------------------------===//

#include "../Harness.h"

#include <cstring>

namespace bench_scans {

constexpr size_t WorkGroupSize = 256;

struct BlockScan {
  sycl::queue Q;
  size_t N = bench::scaled(size_t(1) << 24, WorkGroupSize);
  bench::SharedArray<int> In{Q, N};
  bench::SharedArray<int> Out{Q, N};
  BlockScan() {
    for (size_t I = 0; I < N; ++I)
      In[I] = int(I % 9) - 4;
    std::memset(Out, 0, N * sizeof(int));
  }
  std::string check() const {
    int Acc = 0;
    for (size_t I = 0; I < N; ++I) {
      Acc = (I % WorkGroupSize ? Acc : 0) + In[I];
      if (Out[I] != Acc)
        return "wrong prefix sum at " + std::to_string(I);
    }
    return "";
  }
  int64_t bytes() const { return int64_t(2 * N * sizeof(int)); }
};

template <uint32_t S> class PrefixScanKernel;
template <uint32_t S> void prefixScan(benchmark::State &State) {
  bench::run<BlockScan, S>(State, [](BlockScan &P) {
    const int *In = P.In;
    int *Out = P.Out;
    P.Q.submit([&](sycl::handler &H) {
         sycl::local_accessor<int, 1> Totals(sycl::range<1>(WorkGroupSize / S),
                                             H);
         bench::parallel_for<PrefixScanKernel<S>, S>(
             H, sycl::nd_range<1>(P.N, WorkGroupSize),
             [=](sycl::nd_item<1> It) {
               sycl::sub_group Sg = It.get_sub_group();
               size_t I = It.get_global_id(0);
               int Mine = sycl::inclusive_scan_over_group(Sg, In[I],
                                                          sycl::plus<int>());
               if (Sg.get_local_linear_id() == Sg.get_local_linear_range() - 1)
                 Totals[Sg.get_group_linear_id()] = Mine;
               sycl::group_barrier(It.get_group());
               int Before = 0;
               for (uint32_t K = 0; K < Sg.get_group_linear_id(); ++K)
                 Before += Totals[K];
               Out[I] = Before + Mine;
             });
       })
        .wait();
  });
}

void prefixScanOmp(benchmark::State &State) {
  bench::run<BlockScan>(State, [](BlockScan &P) {
    const int *In = P.In;
    int *Out = P.Out;
#pragma omp parallel for
    for (size_t G = 0; G < P.N / WorkGroupSize; ++G) {
      // A running sum; clang 19 does not vectorize `omp scan` loops.
      int Acc = 0;
      for (size_t K = G * WorkGroupSize; K < (G + 1) * WorkGroupSize; ++K)
        Out[K] = Acc += In[K];
    }
  });
}

constexpr float Threshold = 0.5f;

struct Compaction {
  sycl::queue Q;
  size_t N = bench::scaled(size_t(1) << 24, WorkGroupSize);
  size_t Groups = N / WorkGroupSize;
  bench::SharedArray<float> In{Q, N};
  bench::SharedArray<float> Out{Q, N};
  bench::SharedArray<uint32_t> Counts{Q, Groups};
  Compaction() {
    uint32_t Seed = 12345;
    for (size_t I = 0; I < N; ++I) {
      Seed = Seed * 1664525u + 1013904223u;
      In[I] = float(Seed >> 8) / float(1 << 24);
    }
    std::memset(Out, 0, N * sizeof(float));
    std::memset(Counts, 0xff, Groups * sizeof(uint32_t));
  }
  std::string check() const {
    for (size_t G = 0; G < Groups; ++G) {
      uint32_t Kept = 0;
      for (size_t I = G * WorkGroupSize; I < (G + 1) * WorkGroupSize; ++I) {
        if (!(In[I] > Threshold))
          continue;
        if (Out[G * WorkGroupSize + Kept] != In[I])
          return "wrong value kept in group " + std::to_string(G);
        ++Kept;
      }
      if (Counts[G] != Kept)
        return "wrong count in group " + std::to_string(G);
    }
    return "";
  }
  int64_t bytes() const {
    return int64_t(N * sizeof(float) + N / 2 * sizeof(float) +
                   Groups * sizeof(uint32_t));
  }
};

template <uint32_t S> class StreamCompactionKernel;
template <uint32_t S> void streamCompaction(benchmark::State &State) {
  bench::run<Compaction, S>(State, [](Compaction &P) {
    const float *In = P.In;
    float *Out = P.Out;
    uint32_t *Counts = P.Counts;
    P.Q.submit([&](sycl::handler &H) {
         sycl::local_accessor<uint32_t, 1> SgCounts(
             sycl::range<1>(WorkGroupSize / S), H);
         bench::parallel_for<StreamCompactionKernel<S>, S>(
             H, sycl::nd_range<1>(P.N, WorkGroupSize),
             [=](sycl::nd_item<1> It) {
               sycl::sub_group Sg = It.get_sub_group();
               float X = In[It.get_global_id(0)];
               bool Keep = X > Threshold;
               uint32_t Place = sycl::exclusive_scan_over_group(
                   Sg, Keep ? 1u : 0u, sycl::plus<uint32_t>());
               uint32_t SgKept = bench::ballot_count(Sg, Keep);
               uint32_t SgId = Sg.get_group_linear_id();
               if (Sg.leader())
                 SgCounts[SgId] = SgKept;
               sycl::group_barrier(It.get_group());
               uint32_t Before = 0;
               for (uint32_t K = 0; K < SgId; ++K)
                 Before += SgCounts[K];
               size_t Base = It.get_group(0) * WorkGroupSize;
               if (Keep)
                 Out[Base + Before + Place] = X;
               if (It.get_local_id(0) == WorkGroupSize - 1)
                 Counts[It.get_group(0)] = Before + Place + (Keep ? 1 : 0);
             });
       })
        .wait();
  });
}

void streamCompactionOmp(benchmark::State &State) {
  bench::run<Compaction>(State, [](Compaction &P) {
    const float *In = P.In;
    float *Out = P.Out;
#pragma omp parallel for
    for (size_t G = 0; G < P.Groups; ++G) {
      uint32_t Kept = 0;
      for (size_t I = G * WorkGroupSize; I < (G + 1) * WorkGroupSize; ++I)
        if (In[I] > Threshold)
          Out[G * WorkGroupSize + Kept++] = In[I];
      P.Counts[G] = Kept;
    }
  });
}

} // namespace bench_scans

using namespace bench_scans;
BENCH_KERNEL(PrefixScan, bench::Bound::Memory, prefixScan, prefixScanOmp);
BENCH_KERNEL(StreamCompaction, bench::Bound::Memory, streamCompaction,
             streamCompactionOmp);
