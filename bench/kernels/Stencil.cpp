//===- Stencil.cpp - 2D five-point stencil --------------------------------===//
//
// Stencil: each 16x16 work-group loads its tile and a one-cell halo into
// local memory, waits at a work-group barrier, and computes the stencil from
// the tile. StencilRange: the same stencil as a parallel_for over a basic 2D
// range, each item reading its neighbours straight from the input; the items
// on the grid's edges, found by equalities on the ids, take the checked
// path. The hand-written variant computes it straight from the input, rows
// in parallel, columns `simd`.
//
//===----------------------------------------------------------------------===//

#include "../Harness.h"

#include <cstring>

namespace bench_stencil {

constexpr size_t Tile = 16;

struct Grid {
  sycl::queue Q;
  size_t Side = bench::scaled(4096, Tile, 0.5);
  bench::SharedArray<float> In{Q, Side *Side};
  bench::SharedArray<float> Out{Q, Side *Side};
  Grid() {
    for (size_t I = 0; I < Side * Side; ++I)
      In[I] = float((I * 7) % 29) * 0.125f;
    std::memset(Out, 0, Side * Side * sizeof(float));
  }
  float at(long Y, long X) const {
    return Y < 0 || X < 0 || Y >= long(Side) || X >= long(Side)
               ? 0.0f
               : In[size_t(Y) * Side + size_t(X)];
  }
  std::string check() const {
    for (long Y = 0; Y < long(Side); ++Y)
      for (long X = 0; X < long(Side); ++X) {
        double Want =
            0.5 * at(Y, X) + 0.125 * (double(at(Y - 1, X)) + at(Y + 1, X) +
                                      at(Y, X - 1) + at(Y, X + 1));
        if (std::fabs(Out[size_t(Y) * Side + size_t(X)] - Want) > 1e-5)
          return "wrong value at " + std::to_string(Y) + ", " +
                 std::to_string(X);
      }
    return "";
  }
  int64_t bytes() const { return int64_t(2 * Side * Side * sizeof(float)); }
};

/// The input at (Y, X), zero outside the grid.
inline float inputAt(const float *In, long Side, long Y, long X) {
  return Y < 0 || X < 0 || Y >= Side || X >= Side ? 0.0f
                                                  : In[size_t(Y * Side + X)];
}

template <uint32_t S> class StencilKernel;
template <uint32_t S> void stencil(benchmark::State &State) {
  bench::run<Grid, S>(State, [](Grid &P) {
    const float *In = P.In;
    float *Out = P.Out;
    const long Side = long(P.Side);
    P.Q.submit([&](sycl::handler &H) {
         sycl::local_accessor<float, 2> T(sycl::range<2>(Tile + 2, Tile + 2),
                                          H);
         bench::parallel_for<StencilKernel<S>, S>(
             H, sycl::nd_range<2>({P.Side, P.Side}, {Tile, Tile}),
             [=](sycl::nd_item<2> It) {
               auto at = [=](long Y, long X) {
                 return inputAt(In, Side, Y, X);
               };
               long Y = long(It.get_global_id(0)),
                    X = long(It.get_global_id(1));
               size_t Ly = It.get_local_id(0) + 1, Lx = It.get_local_id(1) + 1;
               T[{Ly, Lx}] = at(Y, X);
               if (Ly == 1)
                 T[{0, Lx}] = at(Y - 1, X);
               if (Ly == Tile)
                 T[{Tile + 1, Lx}] = at(Y + 1, X);
               if (Lx == 1)
                 T[{Ly, 0}] = at(Y, X - 1);
               if (Lx == Tile)
                 T[{Ly, Tile + 1}] = at(Y, X + 1);
               sycl::group_barrier(It.get_group());
               Out[size_t(Y * Side + X)] =
                   0.5f * T[{Ly, Lx}] +
                   0.125f * (T[{Ly - 1, Lx}] + T[{Ly + 1, Lx}] +
                             T[{Ly, Lx - 1}] + T[{Ly, Lx + 1}]);
             });
       })
        .wait();
  });
}

template <uint32_t S> class StencilRangeKernel;
template <uint32_t S> void stencilRange(benchmark::State &State) {
  bench::run<Grid, S>(State, [](Grid &P) {
    const float *In = P.In;
    float *Out = P.Out;
    const long Side = long(P.Side);
    P.Q.submit([&](sycl::handler &H) {
         bench::parallel_for<StencilRangeKernel<S>, S>(
             H, sycl::range<2>(P.Side, P.Side), [=](sycl::id<2> I) {
               long Y = long(I[0]), X = long(I[1]);
               size_t C = size_t(Y * Side + X);
               if (Y == 0 || X == 0 || Y == Side - 1 || X == Side - 1) {
                 auto at = [=](long Y, long X) {
                   return inputAt(In, Side, Y, X);
                 };
                 Out[C] =
                     0.5f * at(Y, X) + 0.125f * (at(Y - 1, X) + at(Y + 1, X) +
                                                 at(Y, X - 1) + at(Y, X + 1));
                 return;
               }
               Out[C] = 0.5f * In[C] + 0.125f * (In[C - Side] + In[C + Side] +
                                                 In[C - 1] + In[C + 1]);
             });
       })
        .wait();
  });
}

void stencilOmp(benchmark::State &State) {
  bench::run<Grid>(State, [](Grid &P) {
    const float *In = P.In;
    float *Out = P.Out;
    const long Side = long(P.Side);
#pragma omp parallel for
    for (long Y = 0; Y < Side; ++Y) {
      const float *Row = In + Y * Side;
      const float *Up = Y > 0 ? Row - Side : nullptr;
      const float *Down = Y + 1 < Side ? Row + Side : nullptr;
#pragma omp simd
      for (long X = 0; X < Side; ++X) {
        float N = Up ? Up[X] : 0.0f, S = Down ? Down[X] : 0.0f;
        float W = X > 0 ? Row[X - 1] : 0.0f;
        float E = X + 1 < Side ? Row[X + 1] : 0.0f;
        Out[Y * Side + X] = 0.5f * Row[X] + 0.125f * (N + S + W + E);
      }
    }
  });
}

} // namespace bench_stencil

using namespace bench_stencil;
BENCH_KERNEL(Stencil, bench::Bound::Memory, stencil, stencilOmp);
BENCH_KERNEL(StencilRange, bench::Bound::Memory, stencilRange, stencilOmp);
