//===- user_style.cpp - Kernels as other suites write them ----------------===//
//
// Polybench and SYCL-Bench kernels written the way their SYCL ports write
// them (basic range kernels over constant sizes, a bounds check on both ids,
// a local-memory tree with the barrier first), and private counters updated
// under a branch, each timed against the loop a user would write instead
// and checked against it. Not part of the sweep: a probe for what the
// compiler misses on code it was not tuned on.
//
//   build/bin/sublane-clang++ -O3 -march=x86-64-v3 -fno-math-errno \
//     bench/probes/user_style.cpp -o user_style
//   OMP_NUM_THREADS=1 ./user_style
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
using probe::best;
using probe::matches;
using probe::report;

/// Item \p i's counters over \p Steps keys, updated when a key is odd, at
/// an index all items share; \p Bins comes from memory, so that the array
/// stays in memory. The kernel and the loop both call it, inlined.
inline unsigned privateCounts(const unsigned *keys, size_t i, int Bins,
                              int Steps) {
  unsigned c[16];
  for (int b = 0; b < Bins; ++b)
    c[b] = 0;
  for (int k = 0; k < Steps; ++k) {
    unsigned v = keys[i + size_t(k)];
    if (v & 1)
      c[k % Bins] += v & 255;
  }
  unsigned r = 0;
  for (int b = 0; b < Bins; ++b)
    r = r * 31 + c[b];
  return r;
}
int main() {
  sycl::queue q;
  const size_t N = 2048;
  float *A = sycl::malloc_shared<float>(N * N, q),
        *x = sycl::malloc_shared<float>(N, q),
        *y = sycl::malloc_shared<float>(N, q),
        *tmp = sycl::malloc_shared<float>(N, q),
        *r1 = sycl::malloc_shared<float>(N, q),
        *r2 = sycl::malloc_shared<float>(N, q);
  for (size_t i = 0; i < N * N; ++i)
    A[i] = float((i * 13) % 17) * 0.125f;
  for (size_t i = 0; i < N; ++i)
    x[i] = float(i % 11) * 0.5f;
  // atax part 1: row dot products (strided across work-items)
  double t = best([&] {
    q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
       float s = 0;
       for (size_t j = 0; j < N; ++j)
         s += A[i * N + j] * x[j];
       tmp[i] = s;
     }).wait();
  });
  double h = best([&] {
    for (size_t i = 0; i < N; ++i) {
      float s = 0;
#pragma omp simd reduction(+ : s)
      for (size_t j = 0; j < N; ++j)
        s += A[i * N + j] * x[j];
      r1[i] = s;
    }
  });
  report("atax-rows", t, h, matches(tmp, r1, N));
  // atax part 2 / bicg: column dot products (contiguous across work-items)
  t = best([&] {
    q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> j) {
       float s = 0;
       for (size_t i = 0; i < N; ++i)
         s += A[i * N + j] * tmp[i];
       y[j] = s;
     }).wait();
  });
  h = best([&] {
    for (size_t j = 0; j < N; ++j)
      r2[j] = 0;
    for (size_t i = 0; i < N; ++i) {
      float ti = tmp[i];
#pragma omp simd
      for (size_t j = 0; j < N; ++j)
        r2[j] += A[i * N + j] * ti;
    }
  });
  report("atax-cols", t, h, matches(y, r2, N));
  // 2D 3x3 convolution (polybench 2DCONV), range<2>, boundary by if
  const size_t W = 2048, H = 2048;
  float *in = sycl::malloc_shared<float>(W * H, q),
        *out = sycl::malloc_shared<float>(W * H, q),
        *ref = sycl::malloc_shared<float>(W * H, q);
  for (size_t i = 0; i < W * H; ++i) {
    in[i] = float(i % 23) * 0.1f;
    out[i] = ref[i] = 0;
  }
  t = best([&] {
    q.parallel_for(sycl::range<2>(H, W), [=](sycl::id<2> id) {
       size_t i = id[0], j = id[1];
       if (i > 0 && i < H - 1 && j > 0 && j < W - 1)
         out[i * W + j] =
             0.2f * in[(i - 1) * W + j - 1] + 0.5f * in[(i - 1) * W + j] -
             0.8f * in[(i - 1) * W + j + 1] - 0.3f * in[i * W + j - 1] +
             0.6f * in[i * W + j] - 0.9f * in[i * W + j + 1] +
             0.4f * in[(i + 1) * W + j - 1] + 0.7f * in[(i + 1) * W + j] +
             0.1f * in[(i + 1) * W + j + 1];
     }).wait();
  });
  h = best([&] {
    for (size_t i = 1; i < H - 1; ++i)
#pragma omp simd
      for (size_t j = 1; j < W - 1; ++j)
        ref[i * W + j] =
            0.2f * in[(i - 1) * W + j - 1] + 0.5f * in[(i - 1) * W + j] -
            0.8f * in[(i - 1) * W + j + 1] - 0.3f * in[i * W + j - 1] +
            0.6f * in[i * W + j] - 0.9f * in[i * W + j + 1] +
            0.4f * in[(i + 1) * W + j - 1] + 0.7f * in[(i + 1) * W + j] +
            0.1f * in[(i + 1) * W + j + 1];
  });
  report("conv2d", t, h, matches(out, ref, W * H));
  // sobel-like with clamped neighbours (SYCL-Bench sobel3)
  t = best([&] {
    q.parallel_for(sycl::range<2>(H, W), [=](sycl::id<2> id) {
       int i = int(id[0]), j = int(id[1]);
       float gx = 0, gy = 0;
       for (int di = -1; di <= 1; ++di)
         for (int dj = -1; dj <= 1; ++dj) {
           int ii = sycl::clamp(i + di, 0, int(H) - 1),
               jj = sycl::clamp(j + dj, 0, int(W) - 1);
           float v = in[ii * W + jj];
           gx += v * float(dj) * (di == 0 ? 2.0f : 1.0f);
           gy += v * float(di) * (dj == 0 ? 2.0f : 1.0f);
         }
       out[i * W + j] = sycl::sqrt(gx * gx + gy * gy);
     }).wait();
  });
  h = best([&] {
    for (int i = 0; i < int(H); ++i)
#pragma omp simd
      for (int j = 0; j < int(W); ++j) {
        float gx = 0, gy = 0;
        for (int di = -1; di <= 1; ++di)
          for (int dj = -1; dj <= 1; ++dj) {
            int ii = std::min(std::max(i + di, 0), int(H) - 1),
                jj = std::min(std::max(j + dj, 0), int(W) - 1);
            float v = in[ii * W + jj];
            gx += v * float(dj) * (di == 0 ? 2.0f : 1.0f);
            gy += v * float(di) * (dj == 0 ? 2.0f : 1.0f);
          }
        ref[i * W + j] = std::sqrt(gx * gx + gy * gy);
      }
  });
  report("sobel", t, h, matches(out, ref, W * H));
  // SYCL-Bench scalar_prod style: nd_range, local tree, one partial per group
  const size_t n = size_t(1) << 22, wg = 256, groups = n / wg;
  float *a = sycl::malloc_shared<float>(n, q),
        *b = sycl::malloc_shared<float>(n, q),
        *part = sycl::malloc_shared<float>(groups, q);
  for (size_t i = 0; i < n; ++i) {
    a[i] = float(i % 3);
    b[i] = float(i % 5) * 0.5f;
  }
  t = best([&] {
    q.submit([&](sycl::handler &hd) {
       sycl::local_accessor<float, 1> loc(wg, hd);
       hd.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
         size_t gid = it.get_global_id(0), lid = it.get_local_id(0);
         loc[lid] = a[gid] * b[gid];
         for (size_t s = it.get_local_range(0) / 2; s > 0; s >>= 1) {
           it.barrier(sycl::access::fence_space::local_space);
           if (lid < s)
             loc[lid] += loc[lid + s];
         }
         if (lid == 0)
           part[it.get_group(0)] = loc[0];
       });
     }).wait();
  });
  std::vector<float> pref(groups);
  h = best([&] {
    for (size_t g = 0; g < groups; ++g) {
      float s = 0;
#pragma omp simd reduction(+ : s)
      for (size_t k = 0; k < wg; ++k)
        s += a[g * wg + k] * b[g * wg + k];
      pref[g] = s;
    }
  });
  report("scalar-prod", t, h, matches(part, pref.data(), groups));
  // kmeans assignment: each point loops over clusters, argmin
  const size_t P = 1 << 20, K = 16, D = 4;
  float *pts = sycl::malloc_shared<float>(P * D, q),
        *cent = sycl::malloc_shared<float>(K * D, q);
  int *asg = sycl::malloc_shared<int>(P, q);
  std::vector<int> aref(P);
  for (size_t i = 0; i < P * D; ++i)
    pts[i] = float((i * 7919) % 1000) * 0.001f;
  for (size_t i = 0; i < K * D; ++i)
    cent[i] = float((i * 31) % 100) * 0.01f;
  t = best([&] {
    q.parallel_for(sycl::range<1>(P), [=](sycl::id<1> p) {
       float bd = 1e30f;
       int bk = 0;
       for (size_t k = 0; k < K; ++k) {
         float d = 0;
         for (size_t f = 0; f < D; ++f) {
           float df = pts[p * D + f] - cent[k * D + f];
           d += df * df;
         }
         if (d < bd) {
           bd = d;
           bk = int(k);
         }
       }
       asg[p] = bk;
     }).wait();
  });
  h = best([&] {
#pragma omp simd
    for (size_t p = 0; p < P; ++p) {
      float bd = 1e30f;
      int bk = 0;
      for (size_t k = 0; k < K; ++k) {
        float d = 0;
        for (size_t f = 0; f < D; ++f) {
          float df = pts[p * D + f] - cent[k * D + f];
          d += df * df;
        }
        if (d < bd) {
          bd = d;
          bk = int(k);
        }
      }
      aref[p] = bk;
    }
  });
  bool ok = true;
  for (size_t p = 0; p < P; ++p)
    ok &= asg[p] == aref[p];
  report("kmeans", t, h, ok);
  // Private counters updated under a condition that differs between
  // work-items (privateCounts).
  {
    const size_t M = size_t(1) << 20;
    const int Steps = 64;
    unsigned *keys = sycl::malloc_shared<unsigned>(M + Steps, q);
    unsigned *cnt = sycl::malloc_shared<unsigned>(M, q);
    int *bins = sycl::malloc_shared<int>(1, q);
    *bins = 8;
    std::vector<unsigned> cref(M);
    for (size_t i = 0; i < M + Steps; ++i)
      keys[i] = unsigned(i * 2654435761u) >> 7;
    t = best([&] {
      q.parallel_for(sycl::range<1>(M), [=](sycl::id<1> i) {
         cnt[i] = privateCounts(keys, i, *bins, Steps);
       }).wait();
    });
    h = best([&] {
      const int nb = *bins;
      for (size_t i = 0; i < M; ++i)
        cref[i] = privateCounts(keys, i, nb, Steps);
    });
    report("private-counts", t, h, matches(cnt, cref.data(), M, 0.0));
    sycl::free(keys, q);
    sycl::free(cnt, q);
    sycl::free(bins, q);
  }
  return probe::failures() ? 1 : 0;
}
