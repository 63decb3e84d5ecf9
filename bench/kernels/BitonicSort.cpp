//===- BitonicSort.cpp - Sorting each work-group's block ------------------===//
//
// A bitonic network sorts each work-group's 256 keys. A compare-exchange
// whose partner is less than a sub-group away reads it with
// permute_group_by_xor; farther partners go through local memory between two
// work-group barriers. Larger sub-groups take more of the network's steps
// in registers. The hand-written variant runs the same network on each
// block, each step one `simd` loop into a second buffer.
//
//===----------------------------------------------------------------------===//

#include "../Harness.h"

#include <algorithm>
#include <cstring>

namespace bench_bitonic {

constexpr uint32_t Block = 256;

struct Keys {
  sycl::queue Q;
  size_t N = bench::scaled(size_t(1) << 22, Block);
  bench::SharedArray<float> In{Q, N};
  bench::SharedArray<float> Out{Q, N};
  Keys() {
    uint32_t Seed = 99;
    for (size_t I = 0; I < N; ++I) {
      Seed = Seed * 1664525u + 1013904223u;
      In[I] = float(Seed >> 16);
    }
    std::memset(Out, 0, N * sizeof(float));
  }
  std::string check() const {
    std::vector<float> Sorted(In.get(), In + N);
    for (size_t B = 0; B < N; B += Block)
      std::sort(Sorted.begin() + B, Sorted.begin() + B + Block);
    for (size_t I = 0; I < N; ++I)
      if (Out[I] != Sorted[I])
        return "block " + std::to_string(I / Block) + " is not sorted at " +
               std::to_string(I % Block);
    return "";
  }
  int64_t bytes() const { return int64_t(2 * N * sizeof(float)); }
};

/// The key a position keeps at step (Size, Stride) of the network: the
/// smaller of itself and its partner when it is the lower position of an
/// ascending pair or the upper of a descending one.
inline float exchange(uint32_t Pos, uint32_t Size, uint32_t Stride, float Mine,
                      float Partner) {
  bool Ascending = (Pos & Size) == 0, Lower = (Pos & Stride) == 0;
  return Lower == Ascending ? std::min(Mine, Partner) : std::max(Mine, Partner);
}

template <uint32_t S> class BitonicSortKernel;
template <uint32_t S> void bitonicSort(benchmark::State &State) {
  bench::run<Keys, S>(State, [](Keys &P) {
    const float *In = P.In;
    float *Out = P.Out;
    P.Q.submit([&](sycl::handler &H) {
         sycl::local_accessor<float, 1> Shared(sycl::range<1>(Block), H);
         bench::parallel_for<BitonicSortKernel<S>, S>(
             H, sycl::nd_range<1>(P.N, Block), [=](sycl::nd_item<1> It) {
               sycl::sub_group Sg = It.get_sub_group();
               uint32_t Pos = uint32_t(It.get_local_id(0));
               float Key = In[It.get_global_id(0)];
               for (uint32_t Size = 2; Size <= Block; Size *= 2)
                 for (uint32_t Stride = Size / 2; Stride > 0; Stride /= 2) {
                   float Partner;
                   if (Stride < S) {
                     Partner = sycl::permute_group_by_xor(Sg, Key, Stride);
                   } else {
                     Shared[Pos] = Key;
                     sycl::group_barrier(It.get_group());
                     Partner = Shared[Pos ^ Stride];
                     sycl::group_barrier(It.get_group());
                   }
                   Key = exchange(Pos, Size, Stride, Key, Partner);
                 }
               Out[It.get_global_id(0)] = Key;
             });
       })
        .wait();
  });
}

void bitonicSortOmp(benchmark::State &State) {
  bench::run<Keys>(State, [](Keys &P) {
    const float *In = P.In;
    float *Out = P.Out;
#pragma omp parallel for
    for (size_t B = 0; B < P.N; B += Block) {
      float Buffers[2][Block];
      float *Cur = Buffers[0], *Next = Buffers[1];
      std::memcpy(Cur, In + B, sizeof(Buffers[0]));
      for (uint32_t Size = 2; Size <= Block; Size *= 2)
        for (uint32_t Stride = Size / 2; Stride > 0; Stride /= 2) {
#pragma omp simd
          for (uint32_t Pos = 0; Pos < Block; ++Pos)
            Next[Pos] =
                exchange(Pos, Size, Stride, Cur[Pos], Cur[Pos ^ Stride]);
          std::swap(Cur, Next);
        }
      std::memcpy(Out + B, Cur, sizeof(Buffers[0]));
    }
  });
}

} // namespace bench_bitonic

using namespace bench_bitonic;
BENCH_KERNEL(BitonicSort, bench::Bound::Compute, bitonicSort, bitonicSortOmp);
