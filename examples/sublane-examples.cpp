//===- sublane-examples.cpp - Real kernels, checked and timed -------------===//
//
// The README's main command runs this: a handful of SYCL-style kernels with
// work-group barriers and local memory, each checked element by element
// against a host computation, with its time and the time of a plain OpenMP
// loop computing the same thing.
//
//   sublane-examples [--size N] [--repeat R]
//
//===----------------------------------------------------------------------===//

#include <sublane/sycl.hpp>

#include <omp.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace {

struct Options {
  size_t size = 1 << 22;
  int repeat = 5;
};

double bestSeconds(int repeat, const std::function<void()> &f) {
  double best = 1e30;
  for (int r = 0; r < repeat; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
  }
  return best;
}

struct Row {
  std::string name;
  bool ok;
  double kernel_s, openmp_s;
};

Row workGroupReduction(sycl::queue &q, const Options &o) {
  const size_t wg = 256, n = o.size / wg * wg, groups = n / wg;
  float *in = sycl::malloc_shared<float>(n, q);
  float *out = sycl::malloc_shared<float>(groups, q);
  std::vector<float> ref(groups);
  for (size_t i = 0; i < n; ++i)
    in[i] = float(i % 17) - 8.0f;
  auto kernel = [&] {
    q.submit([&](sycl::handler &h) {
       sycl::local_accessor<float, 1> tmp(sycl::range<1>(wg), h);
       h.parallel_for<class wg_reduce>(
           sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
             size_t l = it.get_local_id(0);
             tmp[l] = in[it.get_global_id(0)];
             for (size_t s = it.get_local_range(0) / 2; s > 0; s /= 2) {
               it.barrier();
               if (l < s)
                 tmp[l] += tmp[l + s];
             }
             if (l == 0)
               out[it.get_group(0)] = tmp[0];
           });
     }).wait();
  };
  auto openmp = [&] {
#pragma omp parallel for
    for (size_t g = 0; g < groups; ++g) {
      float s = 0;
#pragma omp simd reduction(+ : s)
      for (size_t i = 0; i < wg; ++i)
        s += in[g * wg + i];
      ref[g] = s;
    }
  };
  Row r{"work-group reduction (local memory, barrier in loop)", true,
        bestSeconds(o.repeat, kernel), bestSeconds(o.repeat, openmp)};
  for (size_t g = 0; g < groups && r.ok; ++g)
    r.ok = std::fabs(out[g] - ref[g]) <= 1e-3f * (1 + std::fabs(ref[g]));
  sycl::free(in, q);
  sycl::free(out, q);
  return r;
}

Row stencil2D(sycl::queue &q, const Options &o) {
  const size_t tile = 16;
  size_t side = size_t(std::sqrt(double(o.size))) / tile * tile;
  if (side < tile)
    side = tile;
  const size_t n = side * side;
  float *in = sycl::malloc_shared<float>(n, q);
  float *out = sycl::malloc_shared<float>(n, q);
  std::vector<float> ref(n);
  for (size_t i = 0; i < n; ++i)
    in[i] = float((i * 7) % 29) * 0.125f;
  auto at = [=](long y, long x) {
    return (y < 0 || x < 0 || y >= long(side) || x >= long(side))
               ? 0.0f
               : in[size_t(y) * side + size_t(x)];
  };
  auto kernel = [&] {
    q.submit([&](sycl::handler &h) {
       sycl::local_accessor<float, 2> t(sycl::range<2>(tile + 2, tile + 2), h);
       h.parallel_for<class stencil>(
           sycl::nd_range<2>({side, side}, {tile, tile}),
           [=](sycl::nd_item<2> it) {
             long y = long(it.get_global_id(0)), x = long(it.get_global_id(1));
             size_t ly = it.get_local_id(0) + 1, lx = it.get_local_id(1) + 1;
             t[{ly, lx}] = at(y, x);
             if (ly == 1)
               t[{0, lx}] = at(y - 1, x);
             if (ly == tile)
               t[{tile + 1, lx}] = at(y + 1, x);
             if (lx == 1)
               t[{ly, 0}] = at(y, x - 1);
             if (lx == tile)
               t[{ly, tile + 1}] = at(y, x + 1);
             it.barrier();
             out[size_t(y) * side + size_t(x)] =
                 0.5f * t[{ly, lx}] +
                 0.125f * (t[{ly - 1, lx}] + t[{ly + 1, lx}] + t[{ly, lx - 1}] +
                           t[{ly, lx + 1}]);
           });
     }).wait();
  };
  auto openmp = [&] {
#pragma omp parallel for
    for (long y = 0; y < long(side); ++y)
      for (long x = 0; x < long(side); ++x)
        ref[size_t(y) * side + size_t(x)] =
            0.5f * at(y, x) + 0.125f * (at(y - 1, x) + at(y + 1, x) +
                                        at(y, x - 1) + at(y, x + 1));
  };
  Row r{"2D five-point stencil (local tile with halo)", true,
        bestSeconds(o.repeat, kernel), bestSeconds(o.repeat, openmp)};
  for (size_t i = 0; i < n && r.ok; ++i)
    r.ok = std::fabs(out[i] - ref[i]) <= 1e-5f;
  sycl::free(in, q);
  sycl::free(out, q);
  return r;
}

Row transpose(sycl::queue &q, const Options &o) {
  const size_t tile = 16;
  size_t side = size_t(std::sqrt(double(o.size))) / tile * tile;
  if (side < tile)
    side = tile;
  const size_t n = side * side;
  int *in = sycl::malloc_shared<int>(n, q);
  int *out = sycl::malloc_shared<int>(n, q);
  std::vector<int> ref(n);
  for (size_t i = 0; i < n; ++i)
    in[i] = int(i);
  auto kernel = [&] {
    q.submit([&](sycl::handler &h) {
       sycl::local_accessor<int, 2> t(sycl::range<2>(tile, tile + 1), h);
       h.parallel_for<class transpose_kernel>(
           sycl::nd_range<2>({side, side}, {tile, tile}),
           [=](sycl::nd_item<2> it) {
             size_t ly = it.get_local_id(0), lx = it.get_local_id(1);
             size_t gy = it.get_group(0) * tile, gx = it.get_group(1) * tile;
             t[{ly, lx}] = in[(gy + ly) * side + gx + lx];
             it.barrier();
             out[(gx + ly) * side + gy + lx] = t[{lx, ly}];
           });
     }).wait();
  };
  auto openmp = [&] {
#pragma omp parallel for
    for (size_t y = 0; y < side; ++y)
      for (size_t x = 0; x < side; ++x)
        ref[x * side + y] = in[y * side + x];
  };
  Row r{"matrix transpose through local memory", true,
        bestSeconds(o.repeat, kernel), bestSeconds(o.repeat, openmp)};
  r.ok = std::memcmp(out, ref.data(), n * sizeof(int)) == 0;
  sycl::free(in, q);
  sycl::free(out, q);
  return r;
}

Row subGroupSums(sycl::queue &q, const Options &o) {
  namespace xo = sycl::ext::oneapi::experimental;
  constexpr size_t S = 16;
  const size_t wg = 256, n = o.size / wg * wg;
  float *in = sycl::malloc_shared<float>(n, q);
  float *out = sycl::malloc_shared<float>(n / S, q);
  std::vector<float> ref(n / S);
  for (size_t i = 0; i < n; ++i)
    in[i] = float(i % 9);
  auto kernel = [&] {
    q.parallel_for<class sg_sums>(
         sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           sycl::sub_group sg = it.get_sub_group();
           float s = sycl::reduce_over_group(sg, in[it.get_global_id(0)],
                                             sycl::plus<float>());
           if (sg.leader())
             out[it.get_global_id(0) / S] = s;
         })
        .wait();
  };
  float *r = ref.data();
  auto openmp = [&] {
#pragma omp parallel for
    for (size_t c = 0; c < n / S; ++c) {
      float s = 0;
#pragma omp simd reduction(+ : s)
      for (size_t k = 0; k < S; ++k)
        s += in[c * S + k];
      r[c] = s;
    }
  };
  Row row{"sub-group sums (reduce_over_group, sub-group size 16)", true,
          bestSeconds(o.repeat, kernel), bestSeconds(o.repeat, openmp)};
  for (size_t c = 0; c < n / S && row.ok; ++c)
    row.ok = out[c] == ref[c];
  sycl::free(in, q);
  sycl::free(out, q);
  return row;
}

Row saxpy(sycl::queue &q, const Options &o) {
  const size_t wg = 128, n = o.size / wg * wg;
  float *x = sycl::malloc_shared<float>(n, q);
  float *y = sycl::malloc_shared<float>(n, q);
  std::vector<float> ref(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = float(i % 5);
    y[i] = 1.0f;
  }
  const float a = 0.5f;
  auto kernel = [&] {
    q.parallel_for<class saxpy_kernel>(sycl::nd_range<1>(n, wg),
                                       [=](sycl::nd_item<1> it) {
                                         size_t i = it.get_global_id(0);
                                         y[i] = a * x[i] + y[i];
                                       })
        .wait();
  };
  // The kernel runs repeat times on y; replay that on the host.
  Row r{"saxpy (no barrier)", true, bestSeconds(o.repeat, kernel), 0};
  for (size_t i = 0; i < n; ++i) {
    float v = 1.0f;
    for (int k = 0; k < o.repeat; ++k)
      v = a * x[i] + v;
    ref[i] = v;
  }
  float *yref = ref.data();
  r.openmp_s = bestSeconds(o.repeat, [&] {
#pragma omp parallel for simd
    for (size_t i = 0; i < n; ++i)
      yref[i] = a * x[i] + yref[i];
  });
  for (size_t i = 0; i < n && r.ok; ++i) {
    float v = 1.0f;
    for (int k = 0; k < o.repeat; ++k)
      v = a * x[i] + v;
    r.ok = y[i] == v;
  }
  sycl::free(x, q);
  sycl::free(y, q);
  return r;
}

} // namespace

int main(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--size") && i + 1 < argc)
      o.size = std::strtoull(argv[++i], nullptr, 10);
    else if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc)
      o.repeat = std::atoi(argv[++i]);
    else {
      std::fprintf(stderr, "usage: %s [--size N] [--repeat R]\n", argv[0]);
      return 2;
    }
  }
  if (o.repeat < 1)
    o.repeat = 1;
  sycl::queue q;
  std::printf("sublane examples: %u threads, %zu elements, best of %d runs "
              "(sub-group size 1 unless a kernel asks for another)\n\n",
              sublane::get_num_threads(), o.size, o.repeat);
  std::printf("%-54s %-6s %12s %12s %8s\n", "kernel", "check", "sublane ms",
              "OpenMP ms", "ratio");
  bool all = true;
  for (auto *run :
       {workGroupReduction, stencil2D, transpose, subGroupSums, saxpy}) {
    std::fflush(stdout);
    Row r = run(q, o);
    all &= r.ok;
    std::printf("%-54s %-6s %12.3f %12.3f %8.2f\n", r.name.c_str(),
                r.ok ? "ok" : "WRONG", r.kernel_s * 1e3, r.openmp_s * 1e3,
                r.openmp_s > 0 ? r.kernel_s / r.openmp_s : 0.0);
  }
  std::printf("\nratio = sublane time / hand-written OpenMP time (lower is "
              "better). %s\n",
              all ? "All results match the host reference."
                  : "SOME RESULTS ARE WRONG.");
  return all ? 0 : 1;
}
