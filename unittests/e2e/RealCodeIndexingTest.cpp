//===- RealCodeIndexingTest.cpp - Indices as ported SYCL code writes them -===//
//
// Kernels ported from GPU code, in the shapes their indices take: linear
// indices split into rows and columns, ids converted to `int` (also past
// 2^31), 2D stencils over a constant width (rows addressed by a disjoint
// `or`), image kernels at clamped coordinates (a median of nine float4
// pixels), triangular loops, guarded indices, partial masks on local memory
// and work-items that walk their own rows. Built like RealCodeTest.cpp, at
// every sub-group size, each checked against the host.
//
//===----------------------------------------------------------------------===//

#include <gtest/gtest.h>
#include <sublane/sycl.hpp>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <string>

namespace {

template <uint32_t S> class SplitIndexKernel;

/// A linear index split into a row and a column, `i / w` and `i % w`, as
/// code ported from GPUs writes it: in 64-bit and 32-bit, unsigned and
/// signed (some values negative), by divisors below, at and above the
/// sub-group size and by constants, at sub-group size \p S over a range
/// that leaves a partial sub-group. Checked against the host.
template <uint32_t S> void checkSplitIndex(sycl::queue &q) {
  namespace xo = sycl::ext::oneapi::experimental;
  const size_t n = 1000;
  int64_t *out = sycl::malloc_shared<int64_t>(8 * n, q);
  for (uint32_t w : {1u, 3u, 7u, 8u, 31u, 32u, 33u, 100u, 1000u}) {
    std::fill(out, out + 8 * n, int64_t(-1));
    q.parallel_for<SplitIndexKernel<S>>(
         sycl::nd_range<1>(1024, 256), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           size_t i = it.get_global_id(0);
           if (i >= n)
             return;
           int si = int(i) - 500; // negative for the first half
           uint32_t ui = uint32_t(i) * 3u + 7u;
           int64_t *o = out + 8 * i;
           o[0] = int64_t(i / w);
           o[1] = int64_t(i % w);
           o[2] = si / int(w);
           o[3] = si % int(w);
           o[4] = ui / w;
           o[5] = ui % w;
           o[6] = int64_t(i / 5 + i % 100);
           o[7] = int64_t(uint32_t(i) / 37u * 1000 + uint32_t(i) % 37u);
         })
        .wait();
    for (size_t i = 0; i < n; ++i) {
      int si = int(i) - 500;
      uint32_t ui = uint32_t(i) * 3u + 7u;
      const int64_t want[8] = {
          int64_t(i / w),
          int64_t(i % w),
          si / int(w),
          si % int(w),
          ui / w,
          ui % w,
          int64_t(i / 5 + i % 100),
          int64_t(uint32_t(i) / 37u * 1000 + uint32_t(i) % 37u)};
      for (int k = 0; k < 8; ++k)
        ASSERT_EQ(out[8 * i + k], want[k])
            << "size " << S << ", w " << w << ", item " << i << ", part " << k;
    }
  }
  sycl::free(out, q);
}

TEST(RealCode, IndexSplitIntoRowAndColumn) {
  sycl::queue q;
  checkSplitIndex<1>(q);
  checkSplitIndex<4>(q);
  checkSplitIndex<8>(q);
  checkSplitIndex<16>(q);
  checkSplitIndex<32>(q);
  checkSplitIndex<64>(q);
  // A basic range kernel, at the size sublane picks.
  const size_t rows = 37, cols = 29;
  uint32_t *cells = sycl::malloc_shared<uint32_t>(rows * cols, q);
  q.parallel_for(sycl::range<1>(rows * cols), [=](sycl::id<1> id) {
     int i = int(id[0]);
     int r = i / int(cols), c = i % int(cols);
     cells[i] = uint32_t(r * 1000 + c);
   }).wait();
  for (size_t i = 0; i < rows * cols; ++i)
    ASSERT_EQ(cells[i], uint32_t(i / cols * 1000 + i % cols)) << i;
  sycl::free(cells, q);
}

} // namespace

namespace {

template <uint32_t S> class IntIndexKernel;

/// Ids converted to `int`, as most ports write them, at sub-group size \p S:
/// a 2D range whose rows leave partial sub-groups, indexed by `int` row and
/// column, and the same cells read back through a 1D `int` index.
template <uint32_t S> void checkIntIndices(sycl::queue &q) {
  namespace xo = sycl::ext::oneapi::experimental;
  const size_t rows = 9, cols = 3 * S + 5;
  float *in = sycl::malloc_shared<float>(rows * cols, q);
  float *out = sycl::malloc_shared<float>(rows * cols, q);
  for (size_t k = 0; k < rows * cols; ++k) {
    in[k] = float(k % 23);
    out[k] = -1;
  }
  q.parallel_for<IntIndexKernel<S>>(
       sycl::range<2>(rows, cols), xo::properties{xo::sub_group_size<S>},
       [=](sycl::item<2> it) {
         int r = it.get_id(0), c = it.get_id(1), w = it.get_range(1);
         int left = c > 0 ? c - 1 : c;
         out[r * w + c] = in[r * w + c] * 2.0f + in[r * w + left];
       })
      .wait();
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c) {
      size_t left = c > 0 ? c - 1 : c;
      ASSERT_EQ(out[r * cols + c],
                in[r * cols + c] * 2.0f + in[r * cols + left])
          << "size " << S << ", row " << r << ", column " << c;
    }
  q.parallel_for(sycl::range<1>(rows * cols), [=](sycl::id<1> id) {
     int i = id[0];
     unsigned u = id[0];
     out[i] = in[u] + 1.0f;
   }).wait();
  for (size_t k = 0; k < rows * cols; ++k)
    ASSERT_EQ(out[k], in[k] + 1.0f) << "size " << S << ", item " << k;
  sycl::free(in, q);
  sycl::free(out, q);
}

template <uint32_t S> class ConstantWidthStencilKernel;

/// Polybench's 2D convolution over a constant width and height, as its
/// SYCL ports write it: `if (i > 0 && i < H - 1 && j > 0 && j < W - 1)`,
/// which InstCombine turns into `(i - 1) u< H - 2` and writes the row's
/// address `(i << 5) + j` as a disjoint `or` (j is below the width, a power
/// of two). Rows of 32 cells at every sub-group size, and a basic range
/// kernel at the size sublane picks.
template <uint32_t S> void checkConstantWidthStencil(sycl::queue &q) {
  namespace xo = sycl::ext::oneapi::experimental;
  constexpr size_t H = 11, W = 32;
  float *in = sycl::malloc_shared<float>(H * W, q);
  float *out = sycl::malloc_shared<float>(H * W, q);
  for (size_t k = 0; k < H * W; ++k) {
    in[k] = float(k % 29) - 7.0f;
    out[k] = -100.0f;
  }
  auto stencil = [=](size_t i, size_t j) {
    return 2.0f * in[(i - 1) * W + j - 1] + 3.0f * in[(i - 1) * W + j + 1] -
           in[i * W + j - 1] + 5.0f * in[i * W + j] - 4.0f * in[i * W + j + 1] +
           7.0f * in[(i + 1) * W + j];
  };
  auto kernel = [=](sycl::id<2> id) {
    size_t i = id[0], j = id[1];
    if (i > 0 && i < H - 1 && j > 0 && j < W - 1)
      out[i * W + j] = stencil(i, j);
  };
  auto check = [&](const char *what) {
    for (size_t i = 0; i < H; ++i)
      for (size_t j = 0; j < W; ++j) {
        bool inside = i > 0 && i < H - 1 && j > 0 && j < W - 1;
        ASSERT_EQ(out[i * W + j], inside ? stencil(i, j) : -100.0f)
            << what << " size " << S << ", row " << i << ", column " << j;
      }
  };
  q.parallel_for<ConstantWidthStencilKernel<S>>(
       sycl::range<2>(H, W), xo::properties{xo::sub_group_size<S>}, kernel)
      .wait();
  check("requested");
  if (S == 1) {
    for (size_t k = 0; k < H * W; ++k)
      out[k] = -100.0f;
    q.parallel_for(sycl::range<2>(H, W), kernel).wait();
    check("default");
  }
  sycl::free(in, q);
  sycl::free(out, q);
}

TEST(RealCode, ConstantWidthStencil) {
  sycl::queue q;
  checkConstantWidthStencil<1>(q);
  checkConstantWidthStencil<4>(q);
  checkConstantWidthStencil<8>(q);
  checkConstantWidthStencil<16>(q);
  checkConstantWidthStencil<32>(q);
  checkConstantWidthStencil<64>(q);
}

template <uint32_t S> class ClampedNeighboursKernel;

/// Image kernels as SYCL-Bench writes them (sobel, median): each work-item
/// reads its 3x3 neighbourhood at coordinates clamped to the image, so that
/// the lanes' addresses are contiguous except where a sub-group meets an
/// edge. Rows of 45 pixels put sub-groups across the row ends at every
/// size; a branch that differs between lanes reads a clamped neighbour only
/// in odd columns, where the inactive lanes' addresses are garbage.
template <uint32_t S> void checkClampedNeighbours(sycl::queue &q) {
  namespace xo = sycl::ext::oneapi::experimental;
  constexpr int H = 7, W = 45;
  float *in = sycl::malloc_shared<float>(H * W, q);
  float *out = sycl::malloc_shared<float>(H * W, q);
  for (int k = 0; k < H * W; ++k)
    in[k] = float((k * 7) % 31) - 9.0f;
  auto at = [=](int i, int j) {
    return in[sycl::clamp(i, 0, H - 1) * W + sycl::clamp(j, 0, W - 1)];
  };
  auto pixel = [=](int i, int j) {
    float gx = 0, gy = 0;
    for (int di = -1; di <= 1; ++di)
      for (int dj = -1; dj <= 1; ++dj) {
        float v = at(i + di, j + dj);
        gx += v * float(dj) * (di == 0 ? 2.0f : 1.0f);
        gy += v * float(di) * (dj == 0 ? 2.0f : 1.0f);
      }
    float r = gx * gx + gy * gy;
    if (j % 2 == 1)
      r += at(i, j + 3) - at(i, j - 5);
    return r;
  };
  auto kernel = [=](sycl::id<2> id) {
    int i = int(id[0]), j = int(id[1]);
    out[i * W + j] = pixel(i, j);
  };
  auto check = [&](const char *what) {
    for (int i = 0; i < H; ++i)
      for (int j = 0; j < W; ++j)
        ASSERT_EQ(out[i * W + j], pixel(i, j))
            << what << " size " << S << ", row " << i << ", column " << j;
  };
  std::fill(out, out + H * W, -1.0f);
  q.parallel_for<ClampedNeighboursKernel<S>>(
       sycl::range<2>(H, W), xo::properties{xo::sub_group_size<S>}, kernel)
      .wait();
  check("requested");
  if (S == 1) {
    std::fill(out, out + H * W, -1.0f);
    q.parallel_for(sycl::range<2>(H, W), kernel).wait();
    check("default");
  }
  sycl::free(in, q);
  sycl::free(out, q);
}

TEST(RealCode, ClampedNeighbours) {
  sycl::queue q;
  checkClampedNeighbours<1>(q);
  checkClampedNeighbours<4>(q);
  checkClampedNeighbours<8>(q);
  checkClampedNeighbours<16>(q);
  checkClampedNeighbours<32>(q);
  checkClampedNeighbours<64>(q);
}

template <uint32_t S> class TriangularLoopKernel;

/// Loops whose start differs between work-items, as Polybench's covariance
/// writes them (`for (j2 = j1; j2 < m; ++j2)`): lanes leave in different
/// iterations, and the counter stays consecutive in the lanes still in the
/// loop. Also a counter stepping down by a run-time step, one that leaves
/// early through a break on the data, one whose final value is used after
/// the loop, and an `int` counter. 45 items leave a partial sub-group at
/// every size.
template <uint32_t S> void checkTriangularLoops(sycl::queue &q) {
  namespace xo = sycl::ext::oneapi::experimental;
  constexpr size_t M = 45, N = 7, Outs = 4;
  float *data = sycl::malloc_shared<float>(N * M, q);
  float *sym = sycl::malloc_shared<float>(M * M, q);
  long *out = sycl::malloc_shared<long>(M * Outs, q);
  for (size_t k = 0; k < N * M; ++k)
    data[k] = float(int((k * 7) % 19) - 9) * 0.25f;
  const long step = 3;
  auto row = [=](size_t j1, size_t j2) {
    float s = 0;
    for (size_t i = 0; i < N; ++i)
      s += data[i * M + j1] * data[i * M + j2];
    return s;
  };
  auto others = [=](size_t j1, long *o) {
    long down = 0;
    for (long k = long(j1); k >= 0; k -= step)
      down += long(data[k] * 4.0f) * (k + 1);
    long found = -1;
    for (size_t k = j1; k < M; ++k)
      if (data[M + k] > 1.5f) {
        found = long(k);
        break;
      }
    size_t last = j1;
    for (; last * last < 3 * M; last += 2)
      down += long(data[last]);
    int isum = 0;
    for (int k = int(j1); k < int(M); k += int(step))
      isum += int(data[2 * M + size_t(k)] * 4.0f) - k;
    o[0] = down;
    o[1] = found;
    o[2] = long(last);
    o[3] = isum;
  };
  auto kernel = [=](sycl::item<1> it) {
    const size_t j1 = it[0];
    for (size_t j2 = j1; j2 < M; ++j2) {
      float s = row(j1, j2);
      sym[j1 * M + j2] = s;
      sym[j2 * M + j1] = s;
    }
    others(j1, out + j1 * Outs);
  };
  auto check = [&](const char *what) {
    long want[Outs];
    for (size_t j1 = 0; j1 < M; ++j1) {
      for (size_t j2 = 0; j2 < M; ++j2)
        ASSERT_EQ(sym[j1 * M + j2], row(std::min(j1, j2), std::max(j1, j2)))
            << what << " size " << S << ", " << j1 << ", " << j2;
      others(j1, want);
      for (size_t o = 0; o < Outs; ++o)
        ASSERT_EQ(out[j1 * Outs + o], want[o])
            << what << " size " << S << ", item " << j1 << ", value " << o;
    }
  };
  auto reset = [&] {
    std::fill(sym, sym + M * M, -1.0f);
    std::fill(out, out + M * Outs, -7L);
  };
  reset();
  q.parallel_for<TriangularLoopKernel<S>>(
       sycl::range<1>(M), xo::properties{xo::sub_group_size<S>}, kernel)
      .wait();
  check("requested");
  if (S == 1) {
    reset();
    q.parallel_for(sycl::range<1>(M), kernel).wait();
    check("default");
  }
  sycl::free(data, q);
  sycl::free(sym, q);
  sycl::free(out, q);
}

TEST(RealCode, TriangularLoops) {
  sycl::queue q;
  checkTriangularLoops<1>(q);
  checkTriangularLoops<4>(q);
  checkTriangularLoops<8>(q);
  checkTriangularLoops<16>(q);
  checkTriangularLoops<32>(q);
  checkTriangularLoops<64>(q);
}

template <uint32_t S> class GuardedIndexKernel;

/// Stencil-style guards on `int` indices: `if (x >= 0) in[x]`, whose
/// sign extension InstCombine turns into `zext nneg` from the guard, an
/// `nsw` difference under a bound on it, and a counter that walks down to 0
/// and may break early, and a counter that walks up to near INT_MAX, where
/// lanes that have left the loop step on and wrap. Lanes that skip the
/// access compute negative indices; the vector access must not start from
/// theirs.
template <uint32_t S> void checkGuardedIndices(sycl::queue &q) {
  namespace xo = sycl::ext::oneapi::experimental;
  constexpr size_t WG = 40, Groups = 3, N = WG * Groups;
  float *in = sycl::malloc_shared<float>(N, q);
  float *out = sycl::malloc_shared<float>(N, q);
  int *params = sycl::malloc_shared<int>(3, q);
  for (size_t k = 0; k < N; ++k)
    in[k] = float(int((k * 7) % 19) - 9) * 0.25f;
  params[0] = 5;
  params[1] = 3;
  params[2] = INT_MAX - 10;
  auto value = [=](int l, int g) {
    float v = float(g);
    // An int counter that wraps in the lanes that left the loop, which step
    // on with the others: its extension is affine only where run.
    const int lim = params[2];
    for (int j = lim - int(WG) + l; j < lim; ++j)
      v += in[j - (lim - int(WG) - 24)];
    int x = l - params[0];
    if (x >= 0)
      v += in[x] * 3.0f;
    if (l >= params[1])
      v += in[l - params[1]] * 2.0f;
    for (int j = l; j >= 0; --j) {
      if (in[j] > 1.5f)
        break;
      v += in[j];
    }
    return v;
  };
  std::fill(out, out + N, -7.0f);
  q.parallel_for<GuardedIndexKernel<S>>(
       sycl::nd_range<1>(N, WG), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         out[it.get_global_id(0)] =
             value(int(it.get_local_id(0)), int(it.get_group(0)));
       })
      .wait();
  for (size_t k = 0; k < N; ++k)
    ASSERT_EQ(out[k], value(int(k % WG), int(k / WG)))
        << "size " << S << ", item " << k;
  sycl::free(in, q);
  sycl::free(out, q);
  sycl::free(params, q);
}

TEST(RealCode, GuardedIndices) {
  sycl::queue q;
  checkGuardedIndices<1>(q);
  checkGuardedIndices<4>(q);
  checkGuardedIndices<8>(q);
  checkGuardedIndices<16>(q);
  checkGuardedIndices<32>(q);
  checkGuardedIndices<64>(q);
}

template <uint32_t S> class LocalPartialMasksKernel;

/// Stores and loads of local memory under masks that leave lanes off: arrays
/// shorter than the work-group, side by side (two local accessors and a
/// group local block), a data-dependent guard, pairs summed in place, and a
/// guard no lane passes whose lane 0 address lies far below local memory.
/// Without AVX-512 these become whole-vector loads and blended stores that
/// touch the inactive lanes' bytes, which may be a neighbouring array's.
template <uint32_t S> void checkLocalPartialMasks(sycl::queue &q) {
  namespace xo = sycl::ext::oneapi::experimental;
  constexpr size_t WG = 24, Groups = 3, N = WG * Groups;
  constexpr int LenA = 10, LenB = 16, LenC = 7;
  float *in = sycl::malloc_shared<float>(N, q);
  float *out = sycl::malloc_shared<float>(N, q);
  int *far = sycl::malloc_shared<int>(1, q);
  for (size_t k = 0; k < N; ++k)
    in[k] = float(int((k * 5) % 11) - 4);
  *far = 1000;
  auto expected = [=](int l, int g) {
    float a[LenA];
    int b[LenB], c[LenC];
    for (int i = 0; i < LenA; ++i)
      a[i] = in[g * WG + i] * 2.0f;
    for (int i = 0; i < LenB; ++i)
      b[i] = i * 3 + g;
    for (int i = 0; i < LenC; ++i)
      c[i] = i + 100;
    for (int i = 0; i + 1 < LenA; i += 2)
      a[i] += a[i + 1];
    for (int i = 0; i < LenB; ++i)
      if (in[g * WG + i] > 0.0f)
        b[i] += 1;
    return (l < LenA ? a[l] : 0.0f) + float(l < LenB ? b[l] : 0) +
           float(l < LenC ? c[l] : 0);
  };
  std::fill(out, out + N, -7.0f);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<float, 1> A(sycl::range<1>(LenA), h);
     sycl::local_accessor<int, 1> B(sycl::range<1>(LenB), h);
     h.parallel_for<LocalPartialMasksKernel<S>>(
         sycl::nd_range<1>(N, WG), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           int(&C)[LenC] =
               *sycl::ext::oneapi::group_local_memory_for_overwrite<int[LenC]>(
                   it.get_group());
           const int l = int(it.get_local_id(0));
           const int g = int(it.get_group(0));
           const float v = in[it.get_global_id(0)];
           if (l < LenA)
             A[l] = v * 2.0f;
           if (l < LenB)
             B[l] = l * 3 + g;
           if (l < LenC)
             C[l] = l + 100;
           sycl::group_barrier(it.get_group());
           if ((l & 1) == 0 && l + 1 < LenA)
             A[l] += A[l + 1];
           const int x = l - *far;
           if (x >= 0)
             B[x] = -1;
           if (v > 0.0f && l < LenB)
             B[l] += 1;
           sycl::group_barrier(it.get_group());
           out[it.get_global_id(0)] = (l < LenA ? A[l] : 0.0f) +
                                      float(l < LenB ? B[l] : 0) +
                                      float(l < LenC ? C[l] : 0);
         });
   }).wait();
  for (size_t k = 0; k < N; ++k)
    ASSERT_EQ(out[k], expected(int(k % WG), int(k / WG)))
        << "size " << S << ", item " << k;
  sycl::free(in, q);
  sycl::free(out, q);
  sycl::free(far, q);
}

TEST(RealCode, LocalPartialMasks) {
  sycl::queue q;
  checkLocalPartialMasks<1>(q);
  checkLocalPartialMasks<4>(q);
  checkLocalPartialMasks<8>(q);
  checkLocalPartialMasks<16>(q);
  checkLocalPartialMasks<32>(q);
  checkLocalPartialMasks<64>(q);
}

template <uint32_t S> class MedianOfNineKernel;

/// SYCL-Bench's median filter: a 3x3 window of float4 pixels at clamped
/// coordinates, sorted halfway by a compare-exchange network whose inner
/// loop starts after the outer one's index (unrolled, the window becomes
/// registers), the median stored.
template <uint32_t S> void checkMedianOfNine(sycl::queue &q) {
  namespace xo = sycl::ext::oneapi::experimental;
  constexpr int H = 5, W = 37;
  sycl::float4 *in = sycl::malloc_shared<sycl::float4>(H * W, q);
  sycl::float4 *out = sycl::malloc_shared<sycl::float4>(H * W, q);
  for (int k = 0; k < H * W; ++k)
    in[k] = sycl::float4(float((k * 7) % 23), float((k * 5) % 17) - 3.0f,
                         float((k * 11) % 13), float(k % 3));
  auto median = [=](int y, int x) {
    sycl::float4 win[9];
    int n = 0;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        win[n++] = in[sycl::clamp(y + dy, 0, H - 1) * W +
                      sycl::clamp(x + dx, 0, W - 1)];
    for (int i = 0; i < 5; ++i)
      for (int j = i + 1; j < 9; ++j) {
        sycl::float4 lo = sycl::fmin(win[i], win[j]);
        sycl::float4 hi = sycl::fmax(win[i], win[j]);
        win[i] = lo;
        win[j] = hi;
      }
    return win[4];
  };
  std::fill(out, out + H * W, sycl::float4(-1.0f));
  q.parallel_for<MedianOfNineKernel<S>>(
       sycl::range<2>(H, W), xo::properties{xo::sub_group_size<S>},
       [=](sycl::id<2> id) {
         out[id[0] * W + id[1]] = median(int(id[0]), int(id[1]));
       })
      .wait();
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      sycl::float4 want = median(y, x);
      for (int c = 0; c < 4; ++c)
        ASSERT_EQ(out[y * W + x][c], want[c])
            << "size " << S << ", row " << y << ", column " << x << "." << c;
    }
  sycl::free(in, q);
  sycl::free(out, q);
}

TEST(RealCode, MedianOfNine) {
  sycl::queue q;
  checkMedianOfNine<1>(q);
  checkMedianOfNine<4>(q);
  checkMedianOfNine<8>(q);
  checkMedianOfNine<16>(q);
  checkMedianOfNine<32>(q);
  checkMedianOfNine<64>(q);
}

TEST(RealCode, IntIndices) {
  sycl::queue q;
  checkIntIndices<1>(q);
  checkIntIndices<4>(q);
  checkIntIndices<8>(q);
  checkIntIndices<16>(q);
  checkIntIndices<32>(q);
  checkIntIndices<64>(q);
}

/// Global ids past 2^31 convert to negative `int`s. Work-groups of 100 put
/// 2^31 in the middle of a full sub-group of 32, whose lanes' `int` ids are
/// then not consecutive: the vectorizer's copy that assumes they are must
/// not run there. Only lanes on either side of 2^31 write, each to the cell
/// its `int` id gives. A launch of 2^31 work-items takes the fiber engine
/// far too long, so it runs compiled only, and not under the sanitizers
/// (40 s at -O2, 170 s at -O0): what it checks is the vectorizer's choice
/// of copy, which the plain builds run. Hierarchical CBS has no such copy
/// to choose, and its lane loops took 122 s over the launch.
TEST(RealCode, IntIdsPastTwoToThe31) {
  const char *engine = std::getenv("SUBLANE_ENGINE");
  if (engine && std::string(engine) == "fibers")
    GTEST_SKIP() << "2^31 work-items on fibers";
#ifdef SUBLANE_TEST_VARIANT_HCBS
  GTEST_SKIP() << "no vectorized copy to choose under hierarchical CBS";
#endif
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
  GTEST_SKIP() << "2^31 work-items under AddressSanitizer";
#endif
#endif
  namespace xo = sycl::ext::oneapi::experimental;
  sycl::queue q;
  const size_t wg = 100, total = 21474837 * wg; // just past 2^31
  const size_t low = (size_t(1) << 31) - 40, n = total - low;
  int64_t *out = sycl::malloc_shared<int64_t>(n, q);
  std::fill(out, out + n, int64_t(-1));
  q.parallel_for(sycl::nd_range<1>(total, wg),
                 xo::properties{xo::sub_group_size<32>},
                 [=](sycl::nd_item<1> it) {
                   int i = it.get_global_id(0);
                   if (i < 0) // past 2^31: -2^31, -2^31 + 1, ...
                     out[int64_t(i) + (int64_t(1) << 31) + 40] = i;
                   else if (i >= int(low))
                     out[i - int(low)] = i;
                 })
      .wait();
  for (size_t k = 0; k < n; ++k)
    ASSERT_EQ(out[k], int64_t(int32_t(uint32_t(low + k))))
        << "item " << low + k;
  sycl::free(out, q);
}

} // namespace

namespace {

template <uint32_t S, int Case> class RowKernel;

/// Work-items that each walk their own row of a matrix (ATAX, BiCG, GESUMMV,
/// MVT in Polybench), at sub-group size \p S: the vectorizer runs such loops
/// in tiles of one vector load per lane while enough steps are left, and the
/// original loop for the rest. Row lengths around the tile sizes (4, 8, 16
/// elements), a counter of each kind and test, two matrices in one loop, a
/// start that differs per work-item, sums kept in memory, a store into the
/// row being read, and a range that leaves the last sub-group partial.
template <uint32_t S> void checkRowsPerWorkItem(sycl::queue &q) {
  namespace xo = sycl::ext::oneapi::experimental;
  const size_t n = 3 * S + 5, maxM = 61;
  float *a = sycl::malloc_shared<float>(n * maxM, q);
  double *b = sycl::malloc_shared<double>(n * maxM, q);
  int *c = sycl::malloc_shared<int>(n * maxM, q);
  float *x = sycl::malloc_shared<float>(maxM, q);
  float *y = sycl::malloc_shared<float>(n, q);
  double *z = sycl::malloc_shared<double>(n, q);
  int *w = sycl::malloc_shared<int>(n, q);
  for (size_t k = 0; k < n * maxM; ++k) {
    a[k] = float(k % 13) * 0.5f;
    b[k] = double(k % 7) - 2.5;
    c[k] = int(k % 11) - 4;
  }
  for (size_t k = 0; k < maxM; ++k)
    x[k] = float(k % 5) - 1.0f;
  for (size_t m : {0, 1, 3, 7, 8, 9, 15, 16, 17, 33, 61}) {
    int mi = int(m);
    q.parallel_for<RowKernel<S, 1>>(
         sycl::range<1>(n), xo::properties{xo::sub_group_size<S>},
         [=](sycl::item<1> it) {
           int i = int(it[0]), total = 0;
           for (int j = i % 3; j != mi && j < mi; ++j)
             total += c[i * mi + j];
           for (int j = 0; j != mi; ++j)
             total += 3 * c[i * mi + j];
           w[i] = total;
         })
        .wait();
    // Polybench's form: the sum kept in memory, stored in every step; then
    // a store into the work-item's own row, which a tile must not run past.
    for (size_t i = 0; i < n; ++i)
      y[i] = 1.0f;
    std::vector<float> d(n * maxM), dRef(n * maxM);
    for (size_t k = 0; k < n * maxM; ++k)
      d[k] = dRef[k] = float(k % 9) * 0.25f;
    float *dev = sycl::malloc_shared<float>(n * maxM, q);
    std::copy(d.begin(), d.end(), dev);
    q.parallel_for<RowKernel<S, 2>>(sycl::range<1>(n),
                                    xo::properties{xo::sub_group_size<S>},
                                    [=](sycl::item<1> it) {
                                      size_t i = it[0];
                                      for (size_t j = 0; j < m; ++j)
                                        y[i] += a[i * m + j] * x[j];
                                      float *mid = dev + i * m + m / 2;
                                      for (size_t j = 0; j < m; ++j)
                                        *mid += dev[i * m + j] * x[j];
                                    })
        .wait();
    for (size_t i = 0; i < n; ++i) {
      float *mid = dRef.data() + i * m + m / 2;
      for (size_t j = 0; j < m; ++j)
        *mid += dRef[i * m + j] * x[j];
    }
    for (size_t k = 0; k < n * maxM; ++k)
      ASSERT_EQ(dev[k], dRef[k])
          << "size " << S << ", m " << m << ", cell " << k;
    sycl::free(dev, q);
    for (size_t i = 0; i < n; ++i) {
      float kept = 1.0f;
      for (size_t j = 0; j < m; ++j)
        kept += a[i * m + j] * x[j];
      ASSERT_EQ(y[i], kept) << "size " << S << ", m " << m << ", item " << i;
    }
    q.parallel_for<RowKernel<S, 0>>(
         sycl::range<1>(n), xo::properties{xo::sub_group_size<S>},
         [=](sycl::item<1> it) {
           size_t i = it[0];
           float sum = 0;
           double both = 0;
           for (size_t j = 0; j < m; ++j) {
             sum += a[i * m + j] * x[j];
             both += b[i * m + j] * x[j] + a[i * m + j];
           }
           y[i] = sum;
           z[i] = both;
         })
        .wait();
    for (size_t i = 0; i < n; ++i) {
      float sum = 0;
      double both = 0;
      int total = 0;
      for (size_t j = 0; j < m; ++j) {
        sum += a[i * m + j] * x[j];
        both += b[i * m + j] * x[j] + a[i * m + j];
      }
      for (size_t j = i % 3; j < m; ++j)
        total += c[i * m + j];
      for (size_t j = 0; j < m; ++j)
        total += 3 * c[i * m + j];
      // Sums of these few halves and small integers are exact in any order.
      ASSERT_EQ(y[i], sum) << "size " << S << ", m " << m << ", item " << i;
      ASSERT_EQ(z[i], both) << "size " << S << ", m " << m << ", item " << i;
      ASSERT_EQ(w[i], total) << "size " << S << ", m " << m << ", item " << i;
    }
  }
  sycl::free(a, q);
  sycl::free(b, q);
  sycl::free(c, q);
  sycl::free(x, q);
  sycl::free(y, q);
  sycl::free(z, q);
  sycl::free(w, q);
}

TEST(RealCode, RowsPerWorkItem) {
  sycl::queue q;
  checkRowsPerWorkItem<1>(q);
  checkRowsPerWorkItem<4>(q);
  checkRowsPerWorkItem<8>(q);
  checkRowsPerWorkItem<16>(q);
  checkRowsPerWorkItem<32>(q);
  checkRowsPerWorkItem<64>(q);
  // A 2D basic range kernel at the size sublane picks: item (r, col) sums
  // row col of the matrix, the rows' length known only at run time.
  const size_t rows = 5, cols = 37, m = 45;
  float *mat = sycl::malloc_shared<float>(cols * m, q);
  float *out = sycl::malloc_shared<float>(rows * cols, q);
  for (size_t k = 0; k < cols * m; ++k)
    mat[k] = float(k % 9) * 0.25f;
  size_t len = m - rows;
  q.parallel_for(sycl::range<2>(rows, cols), [=](sycl::id<2> id) {
     float sum = 0;
     for (size_t j = 0; j < len + id[0]; ++j)
       sum += mat[id[1] * m + j];
     out[id[0] * cols + id[1]] = sum;
   }).wait();
  for (size_t r = 0; r < rows; ++r)
    for (size_t col = 0; col < cols; ++col) {
      float sum = 0;
      for (size_t j = 0; j < len + r; ++j)
        sum += mat[col * m + j];
      ASSERT_EQ(out[r * cols + col], sum) << "row " << r << ", column " << col;
    }
  sycl::free(mat, q);
  sycl::free(out, q);
}

} // namespace
