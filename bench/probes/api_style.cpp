//===- api_style.cpp - Kernels through the rest of SYCL 2020's API --------===//
//
// Kernels as applications write them with the parts of SYCL 2020 the other
// probes leave out: kernel functors holding accessors, hierarchical
// parallelism, 2D local tiles, reductions over a 2D range with maximum,
// float4 geometry (dot, length, normalize), global atomics, work-group
// scans and broadcasts, joint_reduce, sub-group shuffles. Each is checked
// against a host loop and timed against it, as in user_style.cpp. Not part
// of the sweep.
//
//   build/bin/sublane-clang++ -O3 -march=x86-64-v3 -fno-math-errno \
//     bench/probes/api_style.cpp -o api_style
//   OMP_NUM_THREADS=1 ./api_style
//
// Prints, per kernel, the best of 5 runs of each (ms) and their ratio; exits
// with 1 if any result is wrong.
//
//===----------------------------------------------------------------------===//
#include <cmath>
#include <cstdio>
#include <sycl/sycl.hpp>
#include <vector>

#include "Probe.h"

namespace {
using probe::best;
using probe::matches;
using probe::report;
float init(size_t I, size_t Mod, float Scale) { return float(I % Mod) * Scale; }
} // namespace

// A kernel functor holding its accessors: SAXPY over a 1D range.
template <typename InAcc, typename OutAcc> struct Saxpy {
  float A;
  InAcc X;
  OutAcc Y;
  void operator()(sycl::id<1> I) const { Y[I] = A * X[I] + Y[I]; }
};

static void functorSaxpy(sycl::queue &Q) {
  const size_t N = size_t(1) << 22;
  std::vector<float> X(N), Y0(N), Ref(N);
  for (size_t I = 0; I < N; ++I) {
    X[I] = init(I, 17, 0.5f);
    Y0[I] = init(I, 13, 0.25f);
  }
  std::vector<float> Y(Y0);
  sycl::buffer<float> BX(X.data(), sycl::range<1>(N)),
      BY(Y.data(), sycl::range<1>(N));
  double T = best([&] {
    Q.submit([&](sycl::handler &Cgh) {
      sycl::accessor x(BX, Cgh, sycl::read_only);
      sycl::accessor y(BY, Cgh, sycl::read_write);
      Cgh.parallel_for(sycl::range<1>(N),
                       Saxpy<decltype(x), decltype(y)>{2.5f, x, y});
    });
    Q.wait();
  });
  Ref = Y0;
  double H = best([&] {
#pragma omp simd
    for (size_t I = 0; I < N; ++I)
      Ref[I] = 2.5f * X[I] + Ref[I];
  });
  // Both ran five times.
  sycl::host_accessor HY(BY);
  report("functor-saxpy", T, H, matches(&HY[0], Ref.data(), N));
}

/// C = A * B for square row-major matrices, as a user would loop it.
static void hostMatmul(const std::vector<float> &A, const std::vector<float> &B,
                       std::vector<float> &C, size_t N) {
  for (size_t I = 0; I < N; ++I) {
    for (size_t J = 0; J < N; ++J)
      C[I * N + J] = 0;
    for (size_t K = 0; K < N; ++K) {
      float AIK = A[I * N + K];
#pragma omp simd
      for (size_t J = 0; J < N; ++J)
        C[I * N + J] += AIK * B[K * N + J];
    }
  }
}

// Matrix multiply in hierarchical parallelism: a tile of C per work-group,
// tiles of A and B copied to local memory by parallel_for_work_item.
static void hierMatmul(sycl::queue &Q) {
  const size_t N = 256, Tile = 16;
  std::vector<float> A(N * N), B(N * N), C(N * N), Ref(N * N);
  for (size_t I = 0; I < N * N; ++I) {
    A[I] = init(I * 7, 11, 0.1f);
    B[I] = init(I * 5, 13, 0.1f);
  }
  double T = best([&] {
    sycl::buffer<float, 2> BA(A.data(), sycl::range<2>(N, N)),
        BB(B.data(), sycl::range<2>(N, N)), BC(C.data(), sycl::range<2>(N, N));
    Q.submit([&](sycl::handler &Cgh) {
      sycl::accessor a(BA, Cgh, sycl::read_only);
      sycl::accessor b(BB, Cgh, sycl::read_only);
      sycl::accessor c(BC, Cgh, sycl::write_only, sycl::no_init);
      Cgh.parallel_for_work_group(
          sycl::range<2>(N / Tile, N / Tile), sycl::range<2>(Tile, Tile),
          [=](sycl::group<2> G) {
            float TA[Tile][Tile], TB[Tile][Tile];
            sycl::private_memory<float, 2> Sum(G);
            G.parallel_for_work_item([&](sycl::h_item<2> It) { Sum(It) = 0; });
            for (size_t K0 = 0; K0 < N; K0 += Tile) {
              G.parallel_for_work_item([&](sycl::h_item<2> It) {
                size_t LI = It.get_local_id(0), LJ = It.get_local_id(1);
                TA[LI][LJ] = a[It.get_global_id(0)][K0 + LJ];
                TB[LI][LJ] = b[K0 + LI][It.get_global_id(1)];
              });
              G.parallel_for_work_item([&](sycl::h_item<2> It) {
                size_t LI = It.get_local_id(0), LJ = It.get_local_id(1);
                float S = 0;
                for (size_t K = 0; K < Tile; ++K)
                  S += TA[LI][K] * TB[K][LJ];
                Sum(It) += S;
              });
            }
            G.parallel_for_work_item(
                [&](sycl::h_item<2> It) { c[It.get_global_id()] = Sum(It); });
          });
    });
  });
  double H = best([&] { hostMatmul(A, B, Ref, N); });
  report("hier-matmul", T, H, matches(C.data(), Ref.data(), N * N));
}

// Tiled matrix multiply with a 2D local accessor and nd_item barriers.
static void tiledMatmul(sycl::queue &Q) {
  const size_t N = 512, Tile = 16;
  std::vector<float> A(N * N), B(N * N), C(N * N), Ref(N * N);
  for (size_t I = 0; I < N * N; ++I) {
    A[I] = init(I * 7, 11, 0.1f);
    B[I] = init(I * 5, 13, 0.1f);
  }
  sycl::buffer<float, 2> BA(A.data(), sycl::range<2>(N, N)),
      BB(B.data(), sycl::range<2>(N, N)), BC(sycl::range<2>(N, N));
  double T = best([&] {
    Q.submit([&](sycl::handler &Cgh) {
      sycl::accessor a(BA, Cgh, sycl::read_only);
      sycl::accessor b(BB, Cgh, sycl::read_only);
      sycl::accessor c(BC, Cgh, sycl::write_only, sycl::no_init);
      sycl::local_accessor<float, 2> TA(sycl::range<2>(Tile, Tile), Cgh),
          TB(sycl::range<2>(Tile, Tile), Cgh);
      Cgh.parallel_for(
          sycl::nd_range<2>({N, N}, {Tile, Tile}), [=](sycl::nd_item<2> It) {
            size_t I = It.get_global_id(0), J = It.get_global_id(1);
            size_t LI = It.get_local_id(0), LJ = It.get_local_id(1);
            float S = 0;
            for (size_t K0 = 0; K0 < N; K0 += Tile) {
              TA[LI][LJ] = a[I][K0 + LJ];
              TB[LI][LJ] = b[K0 + LI][J];
              It.barrier(sycl::access::fence_space::local_space);
              for (size_t K = 0; K < Tile; ++K)
                S += TA[LI][K] * TB[K][LJ];
              It.barrier(sycl::access::fence_space::local_space);
            }
            c[I][J] = S;
          });
    });
    Q.wait();
  });
  double H = best([&] { hostMatmul(A, B, Ref, N); });
  sycl::host_accessor HC(BC);
  report("tiled-matmul", T, H, matches(&HC[0][0], Ref.data(), N * N));
}

// A maximum and a sum over a 2D range with two sycl::reductions.
static void reduce2d(sycl::queue &Q) {
  const size_t R = 2048, C = 1000;
  std::vector<float> In(R * C);
  for (size_t I = 0; I < R * C; ++I)
    In[I] = init(I * 31, 1009, 0.01f) - 3.0f;
  float *Max = sycl::malloc_shared<float>(1, Q),
        *Sum = sycl::malloc_shared<float>(1, Q);
  sycl::buffer<float, 2> BI(In.data(), sycl::range<2>(R, C));
  double T = best([&] {
    *Max = -1e30f;
    *Sum = 0;
    Q.submit([&](sycl::handler &Cgh) {
      sycl::accessor in(BI, Cgh, sycl::read_only);
      Cgh.parallel_for(sycl::range<2>(R, C),
                       sycl::reduction(Max, sycl::maximum<float>()),
                       sycl::reduction(Sum, sycl::plus<float>()),
                       [=](sycl::item<2> It, auto &M, auto &S) {
                         float V = in[It];
                         M.combine(V);
                         S += V * V;
                       });
    });
    Q.wait();
  });
  float RM = -1e30f, RS = 0;
  double H = best([&] {
    float M = -1e30f, S = 0;
#pragma omp simd reduction(max : M) reduction(+ : S)
    for (size_t I = 0; I < R * C; ++I) {
      M = std::max(M, In[I]);
      S += In[I] * In[I];
    }
    // Used here, so that the sums run inside the timed region rather than
    // after it.
    asm volatile("" : : "x"(M), "x"(S) : "memory");
    RM = M;
    RS = S;
  });
  report("reduce2d", T, H, matches(Max, &RM, 1) && matches(Sum, &RS, 1, 1e-2));
  sycl::free(Max, Q);
  sycl::free(Sum, Q);
}

// Ray-sphere shading: float4 dot, length and normalize, a branch on a hit.
static void shade(sycl::queue &Q) {
  const size_t N = size_t(1) << 20;
  std::vector<sycl::float4> Dir(N);
  std::vector<float> Ref(N);
  for (size_t I = 0; I < N; ++I)
    Dir[I] = sycl::float4(init(I, 97, 0.02f) - 1.0f,
                          init(I * 3, 89, 0.02f) - 1.0f, 1.0f, 0.0f);
  const sycl::float4 Center(0.1f, -0.2f, 3.0f, 0.0f),
      Light(0.3f, 0.5f, -1.0f, 0.0f);
  const float Radius = 1.2f;
  sycl::buffer<sycl::float4> BD(Dir.data(), sycl::range<1>(N));
  sycl::buffer<float> BO{sycl::range<1>(N)};
  auto Shade = [=](sycl::float4 D) {
    D = sycl::normalize(D);
    float B = sycl::dot(D, Center);
    float Disc = B * B - sycl::dot(Center, Center) + Radius * Radius;
    if (Disc < 0)
      return 0.0f;
    float T = B - sycl::sqrt(Disc);
    sycl::float4 P = D * T;
    sycl::float4 Nrm = (P - Center) / sycl::length(P - Center);
    return sycl::fmax(0.0f, sycl::dot(Nrm, sycl::normalize(-Light)));
  };
  double T = best([&] {
    Q.submit([&](sycl::handler &Cgh) {
      sycl::accessor d(BD, Cgh, sycl::read_only);
      sycl::accessor o(BO, Cgh, sycl::write_only, sycl::no_init);
      Cgh.parallel_for(sycl::range<1>(N),
                       [=](sycl::id<1> I) { o[I] = Shade(d[I]); });
    });
    Q.wait();
  });
  double H = best([&] {
#pragma omp simd
    for (size_t I = 0; I < N; ++I)
      Ref[I] = Shade(Dir[I]);
  });
  sycl::host_accessor HO(BO);
  report("shade-f4", T, H, matches(&HO[0], Ref.data(), N));
}

// A histogram with global atomics (relaxed atomic_ref) per key.
static void atomicHistogram(sycl::queue &Q) {
  const size_t N = size_t(1) << 22, Bins = 256;
  std::vector<unsigned> Keys(N), Ref(Bins);
  for (size_t I = 0; I < N; ++I)
    Keys[I] = unsigned((I * 2654435761u) >> 7) % Bins;
  unsigned *Hist = sycl::malloc_shared<unsigned>(Bins, Q);
  sycl::buffer<unsigned> BK(Keys.data(), sycl::range<1>(N));
  double T = best([&] {
    for (size_t B = 0; B < Bins; ++B)
      Hist[B] = 0;
    Q.submit([&](sycl::handler &Cgh) {
      sycl::accessor k(BK, Cgh, sycl::read_only);
      Cgh.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
        sycl::atomic_ref<unsigned, sycl::memory_order::relaxed,
                         sycl::memory_scope::device>
            A(Hist[k[I]]);
        A.fetch_add(1u);
      });
    });
    Q.wait();
  });
  double H = best([&] {
    for (size_t B = 0; B < Bins; ++B)
      Ref[B] = 0;
    for (size_t I = 0; I < N; ++I)
      ++Ref[Keys[I]];
  });
  report("atomic-hist", T, H, matches(Hist, Ref.data(), Bins));
  sycl::free(Hist, Q);
}

// Stream compaction in one work-group per block: an exclusive scan over the
// work-group of the keep flags, and the block's count broadcast.
static void wgCompact(sycl::queue &Q) {
  const size_t N = size_t(1) << 22, WG = 256, Groups = N / WG;
  std::vector<float> In(N), Out(N), Ref(N);
  std::vector<unsigned> Count(Groups), RefCount(Groups);
  for (size_t I = 0; I < N; ++I)
    In[I] = init(I * 7919, 1000, 0.001f);
  sycl::buffer<float> BI(In.data(), sycl::range<1>(N)),
      BO(Out.data(), sycl::range<1>(N));
  sycl::buffer<unsigned> BC(Count.data(), sycl::range<1>(Groups));
  double T = best([&] {
    Q.submit([&](sycl::handler &Cgh) {
      sycl::accessor in(BI, Cgh, sycl::read_only);
      sycl::accessor out(BO, Cgh, sycl::write_only);
      sycl::accessor count(BC, Cgh, sycl::write_only);
      Cgh.parallel_for(sycl::nd_range<1>(N, WG), [=](sycl::nd_item<1> It) {
        auto G = It.get_group();
        float V = in[It.get_global_id()];
        unsigned Keep = V > 0.5f ? 1u : 0u;
        unsigned Pos = sycl::exclusive_scan_over_group(G, Keep, sycl::plus<>());
        unsigned Last = sycl::group_broadcast(G, Pos + Keep, WG - 1);
        size_t Base = G.get_group_id(0) * WG;
        if (Keep)
          out[Base + Pos] = V;
        if (It.get_local_id(0) == 0)
          count[G.get_group_id(0)] = Last;
      });
    });
    Q.wait();
  });
  double H = best([&] {
    for (size_t G = 0; G < Groups; ++G) {
      unsigned P = 0;
      for (size_t K = 0; K < WG; ++K) {
        float V = In[G * WG + K];
        if (V > 0.5f)
          Ref[G * WG + P++] = V;
      }
      RefCount[G] = P;
    }
  });
  sycl::host_accessor HO(BO);
  sycl::host_accessor HC(BC);
  bool Ok = matches(&HC[0], RefCount.data(), Groups);
  for (size_t G = 0; G < Groups && Ok; ++G)
    Ok = matches(&HO[G * WG], &Ref[G * WG], RefCount[G]);
  report("wg-compact", T, H, Ok);
}

// Row sums with joint_reduce over a work-group's row, and a sub-group
// shuffle (shift_group_left) for a neighbour difference.
static void jointRows(sycl::queue &Q) {
  const size_t Rows = 4096, Cols = 512, WG = 64;
  std::vector<float> M(Rows * Cols), Sums(Rows), Ref(Rows);
  for (size_t I = 0; I < Rows * Cols; ++I)
    M[I] = init(I * 3, 37, 0.05f);
  float *DM = sycl::malloc_shared<float>(Rows * Cols, Q),
        *DS = sycl::malloc_shared<float>(Rows, Q);
  std::copy(M.begin(), M.end(), DM);
  double T = best([&] {
    Q.parallel_for(sycl::nd_range<1>(Rows * WG, WG), [=](sycl::nd_item<1> It) {
       auto G = It.get_group();
       size_t Row = G.get_group_id(0);
       const float *P = DM + Row * Cols;
       float S = sycl::joint_reduce(G, P, P + Cols, sycl::plus<float>());
       if (G.leader())
         DS[Row] = S;
     }).wait();
  });
  double H = best([&] {
    for (size_t R = 0; R < Rows; ++R) {
      float S = 0;
#pragma omp simd reduction(+ : S)
      for (size_t C = 0; C < Cols; ++C)
        S += M[R * Cols + C];
      Ref[R] = S;
    }
  });
  report("joint-rows", T, H, matches(DS, Ref.data(), Rows));

  // Neighbour differences through a sub-group shift, the last lane of each
  // sub-group reading memory instead.
  const size_t N = Rows * Cols;
  float *DD = sycl::malloc_shared<float>(N, Q);
  std::vector<float> RefD(N);
  T = best([&] {
    Q.parallel_for(sycl::nd_range<1>(N, 128), [=](sycl::nd_item<1> It) {
       auto SG = It.get_sub_group();
       size_t I = It.get_global_id(0);
       float V = DM[I];
       float Next = sycl::shift_group_left(SG, V, 1);
       if (SG.get_local_linear_id() == SG.get_local_linear_range() - 1)
         Next = I + 1 < N ? DM[I + 1] : 0.0f;
       DD[I] = Next - V;
     }).wait();
  });
  H = best([&] {
#pragma omp simd
    for (size_t I = 0; I < N; ++I)
      RefD[I] = (I + 1 < N ? M[I + 1] : 0.0f) - M[I];
  });
  report("sg-shift-diff", T, H, matches(DD, RefD.data(), N));
  sycl::free(DD, Q);
  sycl::free(DM, Q);
  sycl::free(DS, Q);
}

int main(int Argc, char **Argv) {
  probe::select(Argc, Argv);
  sycl::queue Q;
  if (probe::wanted("functorSaxpy"))
    functorSaxpy(Q);
  if (probe::wanted("hierMatmul"))
    hierMatmul(Q);
  if (probe::wanted("tiledMatmul"))
    tiledMatmul(Q);
  if (probe::wanted("reduce2d"))
    reduce2d(Q);
  if (probe::wanted("shade"))
    shade(Q);
  if (probe::wanted("atomicHistogram"))
    atomicHistogram(Q);
  if (probe::wanted("wgCompact"))
    wgCompact(Q);
  if (probe::wanted("jointRows"))
    jointRows(Q);
  return probe::failures() ? 1 : 0;
}
