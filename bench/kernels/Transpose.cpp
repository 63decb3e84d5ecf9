//===- Transpose.cpp - Matrix transpose through local memory --------------===//
//
// Each 16x16 work-group reads a tile row by row into local memory, waits at a
// work-group barrier, and writes it transposed, again row by row, so both
// the reads and the writes are contiguous. The hand-written variant does
// the same with a 16x16 buffer on the stack, tiles in parallel.
//
//===----------------------------------------------------------------------===//

#include "../Harness.h"

#include <cstring>

namespace bench_transpose {

constexpr size_t Tile = 16;

struct Square {
  sycl::queue Q;
  size_t Side = bench::scaled(4096, Tile, 0.5);
  bench::SharedArray<uint32_t> In{Q, Side *Side};
  bench::SharedArray<uint32_t> Out{Q, Side *Side};
  Square() {
    for (size_t I = 0; I < Side * Side; ++I)
      In[I] = uint32_t(I);
    std::memset(Out, 0, Side * Side * sizeof(uint32_t));
  }
  std::string check() const {
    for (size_t Y = 0; Y < Side; ++Y)
      for (size_t X = 0; X < Side; ++X)
        if (Out[X * Side + Y] != In[Y * Side + X])
          return "wrong element " + std::to_string(X) + ", " +
                 std::to_string(Y);
    return "";
  }
  int64_t bytes() const { return int64_t(2 * Side * Side * sizeof(uint32_t)); }
};

template <uint32_t S> class TransposeKernel;
template <uint32_t S> void transpose(benchmark::State &State) {
  bench::run<Square, S>(State, [](Square &P) {
    const uint32_t *In = P.In;
    uint32_t *Out = P.Out;
    const size_t Side = P.Side;
    P.Q.submit([&](sycl::handler &H) {
         sycl::local_accessor<uint32_t, 2> T(sycl::range<2>(Tile, Tile + 1), H);
         bench::parallel_for<TransposeKernel<S>, S>(
             H, sycl::nd_range<2>({Side, Side}, {Tile, Tile}),
             [=](sycl::nd_item<2> It) {
               size_t Ly = It.get_local_id(0), Lx = It.get_local_id(1);
               size_t Gy = It.get_group(0) * Tile, Gx = It.get_group(1) * Tile;
               T[{Ly, Lx}] = In[(Gy + Ly) * Side + Gx + Lx];
               sycl::group_barrier(It.get_group());
               Out[(Gx + Ly) * Side + Gy + Lx] = T[{Lx, Ly}];
             });
       })
        .wait();
  });
}

void transposeOmp(benchmark::State &State) {
  bench::run<Square>(State, [](Square &P) {
    const uint32_t *In = P.In;
    uint32_t *Out = P.Out;
    const size_t Side = P.Side;
#pragma omp parallel for collapse(2)
    for (size_t Gy = 0; Gy < Side; Gy += Tile)
      for (size_t Gx = 0; Gx < Side; Gx += Tile) {
        uint32_t T[Tile][Tile + 1];
        for (size_t Ly = 0; Ly < Tile; ++Ly)
#pragma omp simd
          for (size_t Lx = 0; Lx < Tile; ++Lx)
            T[Ly][Lx] = In[(Gy + Ly) * Side + Gx + Lx];
        for (size_t Ly = 0; Ly < Tile; ++Ly)
#pragma omp simd
          for (size_t Lx = 0; Lx < Tile; ++Lx)
            Out[(Gx + Ly) * Side + Gy + Lx] = T[Lx][Ly];
      }
  });
}

} // namespace bench_transpose

using namespace bench_transpose;
BENCH_KERNEL(Transpose, bench::Bound::Memory, transpose, transposeOmp);
