//===- BoundsChecksTest.cpp - Kernels guarded by i < n --------------------===//
//
// nd-range kernels over a global range rounded up to whole work-groups, each
// work-item checking its id against the real size, as code ported from GPUs
// does: `if (i < n)` around the work, an early `return`, an `else`, a 2D
// check on both ids, a loop inside the checked code, checks before a
// work-group reduction and a barrier, a stencil's edges found by
// equalities (`x == 0 || x == w - 1`), and a tile's halo columns, which
// one work-item of each row loads under a check of the grid's bounds, and
// checks inside loops (a tree reduction between barriers, chunks), and
// loops over sub-groups that stop at the first one such a check leaves
// idle. The
// vectorizer gives the code after such a check (or, before a work-group
// collective, the code it guards) a copy for sub-groups where it holds in every
// lane; the boundary falls inside a sub-group here, so that both copies run.
// Checked against the host at every sub-group size, compiled and on the
// fiber engine.
//
//===----------------------------------------------------------------------===//

#include "CollectivesCommon.h"

#include <algorithm>
#include <cstring>

namespace {

using namespace collectives;

template <uint32_t S> struct BoundsKernel;
template <uint32_t S> struct Bounds2DKernel;
template <uint32_t S> struct SignedWindowKernel;
template <uint32_t S> struct BoundsBeforeGroupKernel;
template <uint32_t S> struct EdgesKernel;
template <uint32_t S> struct EdgesRangeKernel;
template <uint32_t S, size_t TC> struct HaloColumnsKernel;
template <uint32_t S> struct OneLaneEqualitiesKernel;
template <uint32_t S> struct TreeReductionKernel;
template <uint32_t S> struct ChecksInLoopsKernel;
template <uint32_t S> struct IdleTailTreeKernel;
template <uint32_t S> struct IdleTailScanKernel;
template <uint32_t S> struct IdleTail2DKernel;
template <uint32_t S> struct IdleTailBarrierFirstKernel;

template <uint32_t S> void checkBoundsChecks() {
  sycl::queue q;
  const size_t wg = 4 * S, n = 5 * wg + S / 2 + 1, global = 6 * wg;
  float *in = sycl::malloc_shared<float>(global, q);
  float *out = sycl::malloc_shared<float>(4 * global, q);
  for (size_t i = 0; i < global; ++i)
    in[i] = float(i % 17);
  std::memset(out, 0, 4 * global * sizeof(float));
  q.parallel_for<BoundsKernel<S>>(
       sycl::nd_range<1>(global, wg), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         size_t i = it.get_global_id(0);
         if (i < n)
           out[i] = in[i] * 2.0f;
         if (i < n) {
           float s = 0;
           for (size_t k = 0; k <= i % 5; ++k)
             s += in[(i + k) % n];
           out[global + i] = s;
         } else {
           out[global + i] = -1.0f;
         }
         if (i >= n)
           return;
         out[2 * global + i] = in[i] + 1.0f;
         if (n > i + 2) // the bound on the left, the id on the right
           out[3 * global + i] = 7.0f;
       })
      .wait();
  for (size_t i = 0; i < global; ++i) {
    std::string at = "S=" + std::to_string(S) + " item " + std::to_string(i);
    float sum = 0;
    for (size_t k = 0; k <= i % 5; ++k)
      sum += in[(i + k) % n];
    ASSERT_EQ(out[i], i < n ? in[i] * 2.0f : 0.0f) << at;
    ASSERT_EQ(out[global + i], i < n ? sum : -1.0f) << at;
    ASSERT_EQ(out[2 * global + i], i < n ? in[i] + 1.0f : 0.0f) << at;
    ASSERT_EQ(out[3 * global + i], i + 2 < n ? 7.0f : 0.0f) << at;
  }

  // 2D: a width and a height that cut through work-groups and sub-groups.
  const size_t w = 3 * S + 2, h = 5, gw = 4 * S, gh = 8;
  float *grid = sycl::malloc_shared<float>(gw * gh, q);
  std::memset(grid, 0, gw * gh * sizeof(float));
  q.parallel_for<Bounds2DKernel<S>>(sycl::nd_range<2>({gh, gw}, {2, 2 * S}),
                                    xo::properties{xo::sub_group_size<S>},
                                    [=](sycl::nd_item<2> it) {
                                      size_t y = it.get_global_id(0),
                                             x = it.get_global_id(1);
                                      if (x < w && y < h)
                                        grid[y * gw + x] = float(y * 100 + x);
                                    })
      .wait();
  for (size_t y = 0; y < gh; ++y)
    for (size_t x = 0; x < gw; ++x)
      ASSERT_EQ(grid[y * gw + x], x < w && y < h ? float(y * 100 + x) : 0.0f)
          << "S=" << S << " at " << y << "," << x;

  // A window at signed offsets, checked the way a stencil checks its
  // neighbours (`yy < 0 || xx < 0 || ...`, which InstCombine joins into
  // the sign of `yy | xx`), and a sub-group vote on the same signs; the
  // window's left edge cuts through sub-groups.
  const long oy = 1, ox = long(S / 2) + 1;
  int *votes = sycl::malloc_shared<int>(gw * gh, q);
  std::memset(grid, 0, gw * gh * sizeof(float));
  std::memset(votes, 0, gw * gh * sizeof(int));
  q.parallel_for<SignedWindowKernel<S>>(
       sycl::nd_range<2>({gh, gw}, {2, 2 * S}),
       xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<2> it) {
         size_t y = it.get_global_id(0), x = it.get_global_id(1);
         long yy = long(y) - oy, xx = long(x) - ox;
         votes[y * gw + x] =
             sycl::all_of_group(it.get_sub_group(), yy >= 0 && xx >= 0) +
             2 * sycl::any_of_group(it.get_sub_group(), yy < 0 || xx < 0);
         if (yy < 0 || xx < 0 || yy >= long(h) || xx >= long(w))
           return;
         grid[y * gw + x] = float(yy * 100 + xx);
       })
      .wait();
  for (size_t y = 0; y < gh; ++y)
    for (size_t x = 0; x < gw; ++x) {
      long yy = long(y) - oy, xx = long(x) - ox;
      bool in = yy >= 0 && xx >= 0 && yy < long(h) && xx < long(w);
      ASSERT_EQ(grid[y * gw + x], in ? float(yy * 100 + xx) : 0.0f)
          << "S=" << S << " window at " << y << "," << x;
      // The sub-group: S consecutive items of one row.
      bool all = true, any = false;
      for (size_t l = x / S * S; l < x / S * S + S; ++l) {
        bool inside = yy >= 0 && long(l) - ox >= 0;
        all = all && inside;
        any = any || !inside;
      }
      ASSERT_EQ(votes[y * gw + x], int(all) + 2 * int(any))
          << "S=" << S << " vote at " << y << "," << x;
    }
  sycl::free(votes, q);
  sycl::free(in, q);
  sycl::free(out, q);
  sycl::free(grid, q);
}

TEST(BoundsChecks, OnTheIdAcrossSubGroupsAndWorkGroups) {
  forEachSubGroupSize([](auto S) { checkBoundsChecks<S()>(); });
}

// GPU-style partial sums: each work-item loads its element if it has one,
// the work-group adds them up, and after a barrier the items in range
// scale their element by the group's sum, read back from local memory.
template <uint32_t S> void checkBoundsBeforeGroupFunctions() {
  sycl::queue q;
  const size_t wg = 4 * S, n = 5 * wg + S / 2 + 1, global = 6 * wg;
  float *in = sycl::malloc_shared<float>(global, q);
  float *out = sycl::malloc_shared<float>(global, q);
  float *sums = sycl::malloc_shared<float>(global / wg, q);
  for (size_t i = 0; i < global; ++i) {
    in[i] = float(i % 13) - 4.0f;
    out[i] = 0.0f;
  }
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<float, 1> total(sycl::range<1>(1), h);
     h.parallel_for<BoundsBeforeGroupKernel<S>>(
         sycl::nd_range<1>(global, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           size_t i = it.get_global_id(0);
           float v = 0.0f;
           if (i < n)
             v = in[i] * 2.0f;
           float sum =
               sycl::reduce_over_group(it.get_group(), v, sycl::plus<float>());
           if (it.get_local_id(0) == 0) {
             total[0] = sum;
             sums[it.get_group_linear_id()] = sum;
           }
           sycl::group_barrier(it.get_group());
           if (i < n)
             out[i] = in[i] * total[0];
         });
   }).wait();
  for (size_t g = 0; g < global / wg; ++g) {
    float want = 0.0f;
    for (size_t i = g * wg; i < (g + 1) * wg; ++i)
      want += i < n ? in[i] * 2.0f : 0.0f;
    ASSERT_EQ(sums[g], want) << "S=" << S << " group " << g;
    for (size_t i = g * wg; i < (g + 1) * wg; ++i)
      ASSERT_EQ(out[i], i < n ? in[i] * want : 0.0f)
          << "S=" << S << " item " << i;
  }
  sycl::free(in, q);
  sycl::free(out, q);
  sycl::free(sums, q);
}

TEST(BoundsChecks, BeforeWorkGroupReductionAndBarrier) {
  forEachSubGroupSize([](auto S) { checkBoundsBeforeGroupFunctions<S()>(); });
}

// A 5-point stencil whose edges are found by equalities on both ids, the
// right edge inside a sub-group: edge items copy their input, the others
// average their neighbours; then an inequality written as `!=` and an
// equality on the id that holds for one item, which no sub-group passes in
// every lane. Once as an nd-range kernel over padded rows, once over a
// basic 2D range.
template <uint32_t S> void checkStencilEdges() {
  sycl::queue q;
  const size_t w = 3 * S + 3, h = 6, gw = (w + 2 * S - 1) / (2 * S) * (2 * S);
  float *in = sycl::malloc_shared<float>(w * h, q);
  float *out = sycl::malloc_shared<float>(3 * w * h, q);
  for (size_t i = 0; i < w * h; ++i)
    in[i] = float((i * 7) % 23);
  auto body = [=](size_t y, size_t x, float *o) {
    size_t at = y * w + x;
    if (x == w / 2 + 1)
      o[2 * w * h + at] = in[at] * 3.0f;
    if (x != w / 2)
      o[w * h + at] = 1.0f;
    else
      o[w * h + at] = 2.0f;
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
      o[at] = in[at];
      return;
    }
    o[at] = 0.25f * (in[at - w] + in[at + w] + in[at - 1] + in[at + 1]);
  };
  auto check = [&](const char *what) {
    for (size_t y = 0; y < h; ++y)
      for (size_t x = 0; x < w; ++x) {
        size_t at = y * w + x;
        bool edge = x == 0 || y == 0 || x == w - 1 || y == h - 1;
        float want =
            edge ? in[at]
                 : 0.25f * (in[at - w] + in[at + w] + in[at - 1] + in[at + 1]);
        std::string where = std::string(what) + " S=" + std::to_string(S) +
                            " at " + std::to_string(y) + "," +
                            std::to_string(x);
        ASSERT_EQ(out[at], want) << where;
        ASSERT_EQ(out[w * h + at], x == w / 2 ? 2.0f : 1.0f) << where;
        ASSERT_EQ(out[2 * w * h + at], x == w / 2 + 1 ? in[at] * 3.0f : 0.0f)
            << where;
      }
  };
  std::memset(out, 0, 3 * w * h * sizeof(float));
  q.parallel_for<EdgesKernel<S>>(sycl::nd_range<2>({h, gw}, {2, 2 * S}),
                                 xo::properties{xo::sub_group_size<S>},
                                 [=](sycl::nd_item<2> it) {
                                   size_t y = it.get_global_id(0),
                                          x = it.get_global_id(1);
                                   if (x >= w)
                                     return;
                                   body(y, x, out);
                                 })
      .wait();
  check("nd_range");
  std::memset(out, 0, 3 * w * h * sizeof(float));
  q.parallel_for<EdgesRangeKernel<S>>(
       sycl::range<2>(h, w), xo::properties{xo::sub_group_size<S>},
       [=](sycl::id<2> i) { body(i[0], i[1], out); })
      .wait();
  check("range");
  sycl::free(in, q);
  sycl::free(out, q);
}

TEST(BoundsChecks, StencilEdgesFoundByEqualities) {
  forEachSubGroupSize([](auto S) { checkStencilEdges<S()>(); });
}

// A tiled stencil's halo: the work-items of a tile's first and last
// columns (`lc == 1`, `lc == TC`, one lane of a row, or none) also load the
// element beside them, which is outside the grid at its left and right
// edges and then 0. Tiles of 16 columns (a row per sub-group of 16, rows
// spanning larger ones) and of 6 (rows that start inside sub-groups).
template <uint32_t S, size_t TC> void checkHaloColumns() {
  sycl::queue q;
  const size_t TR = 4, rows = 2 * TR, cols = 3 * TC;
  float *in = sycl::malloc_shared<float>(rows * cols, q);
  float *out = sycl::malloc_shared<float>(rows * cols, q);
  for (size_t i = 0; i < rows * cols; ++i)
    in[i] = float((i * 5) % 17 + 1);
  std::memset(out, 0, rows * cols * sizeof(float));
  auto at = [=](long y, long x) {
    return y < 0 || x < 0 || y >= long(rows) || x >= long(cols)
               ? 0.0f
               : in[y * long(cols) + x];
  };
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<float, 2> tile(sycl::range<2>(TR + 2, TC + 2), h);
     h.parallel_for<HaloColumnsKernel<S, TC>>(
         sycl::nd_range<2>({rows, cols}, {TR, TC}),
         xo::properties{xo::sub_group_size<S>}, [=](sycl::nd_item<2> it) {
           long y = long(it.get_global_id(0)), x = long(it.get_global_id(1));
           size_t lr = it.get_local_id(0) + 1, lc = it.get_local_id(1) + 1;
           tile[{lr, lc}] = at(y, x);
           if (lc == 1)
             tile[{lr, 0}] = at(y, x - 1);
           if (lc == TC)
             tile[{lr, TC + 1}] = at(y, x + 1);
           sycl::group_barrier(it.get_group());
           out[y * long(cols) + x] = tile[{lr, lc - 1}] +
                                     2.0f * tile[{lr, lc}] +
                                     4.0f * tile[{lr, lc + 1}];
         });
   }).wait();
  for (long y = 0; y < long(rows); ++y)
    for (long x = 0; x < long(cols); ++x)
      ASSERT_EQ(out[y * long(cols) + x],
                at(y, x - 1) + 2.0f * at(y, x) + 4.0f * at(y, x + 1))
          << "S=" << S << " TC=" << TC << " at " << y << "," << x;
  sycl::free(in, q);
  sycl::free(out, q);
}

TEST(BoundsChecks, HaloColumnsOfOneLane) {
  forEachSubGroupSize([](auto S) {
    checkHaloColumns<S(), 16>();
    checkHaloColumns<S(), 6>();
  });
}

// Stores that at most one work-item of a sub-group makes, picked by
// equalities on ids in the forms code writes them: the last of a
// work-group (with a read past it checked against the array's end), a
// descending id, an `int` id against a value no id or one id meets, a
// sub-group local id, and an xor of the global id. Work-groups that end in
// a partial sub-group, and sub-groups where no lane or one lane meets each.
template <uint32_t S> void checkOneLaneEqualities() {
  sycl::queue q;
  for (size_t wg : workGroupSizes(S)) {
    const size_t groups = 5, n = wg * groups;
    const size_t sgs = groups * ((wg + S - 1) / S);
    float *in = sycl::malloc_shared<float>(n, q);
    float *out = sycl::malloc_shared<float>(5 * n, q);
    for (size_t i = 0; i < n; ++i)
      in[i] = float((i * 3) % 11 + 1);
    std::fill(out, out + 5 * n, -7.0f);
    const int target = int(n / 2 + 1);
    q.parallel_for<OneLaneEqualitiesKernel<S>>(
         sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           size_t i = it.get_global_id(0), l = it.get_local_id(0);
           size_t g = it.get_group(0);
           sycl::sub_group sg = it.get_sub_group();
           size_t sgid =
               g * sg.get_group_linear_range() + sg.get_group_linear_id();
           float v = in[i];
           if (l == wg - 1)
             out[g] = i + 1 < n ? in[i + 1] : -1.0f;
           if (wg - 1 - l == 2)
             out[n + g] = v;
           if (int(i) == target || int(i) == int(n) + 3)
             out[2 * n] = v * 2.0f;
           if (sg.get_local_id()[0] == 3)
             out[3 * n + sgid] = v + in[i - 3];
           if ((i ^ 5) == 0)
             out[4 * n] = v;
         })
        .wait();
    for (size_t g = 0; g < groups; ++g) {
      size_t last = g * wg + wg - 1;
      ASSERT_EQ(out[g], last + 1 < n ? in[last + 1] : -1.0f)
          << "S=" << S << " wg=" << wg << " group " << g;
      ASSERT_EQ(out[n + g], wg >= 3 ? in[g * wg + wg - 3] : -7.0f)
          << "S=" << S << " wg=" << wg << " group " << g;
    }
    ASSERT_EQ(out[2 * n], in[target] * 2.0f) << "S=" << S << " wg=" << wg;
    for (size_t sgid = 0; sgid < sgs; ++sgid) {
      size_t first =
          sgid / ((wg + S - 1) / S) * wg + sgid % ((wg + S - 1) / S) * S;
      bool has = S > 3 && first + 3 < (sgid / ((wg + S - 1) / S) + 1) * wg;
      ASSERT_EQ(out[3 * n + sgid], has ? in[first + 3] + in[first] : -7.0f)
          << "S=" << S << " wg=" << wg << " sub-group " << sgid;
    }
    ASSERT_EQ(out[4 * n], in[5]) << "S=" << S << " wg=" << wg;
    sycl::free(in, q);
    sycl::free(out, q);
  }
}

TEST(BoundsChecks, OneLaneEqualities) {
  forEachSubGroupSize([](auto S) { checkOneLaneEqualities<S()>(); });
}

// Checks inside loops. A tree reduction in local memory as GPU code writes
// it, `if (lid < s) l[lid] += l[lid + s];` between barriers, with s halving
// from 4S (so that the boundary falls inside a sub-group once s < S), and an
// else that clears a second array where the check fails; then a loop over
// chunks of the input whose check on the element's index fails for the
// later sub-groups in the last chunk and for all of them past it.
template <uint32_t S> void checkTreeReduction() {
  sycl::queue q;
  const size_t wg = 8 * S, groups = 5, global = groups * wg;
  int *in = sycl::malloc_shared<int>(global, q);
  int *sums = sycl::malloc_shared<int>(groups, q);
  int *cleared = sycl::malloc_shared<int>(global, q);
  for (size_t i = 0; i < global; ++i) {
    in[i] = int(i * 7 % 23) - 11;
    cleared[i] = -1;
  }
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> l(sycl::range<1>(wg), h);
     h.parallel_for<TreeReductionKernel<S>>(
         sycl::nd_range<1>(global, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           size_t lid = it.get_local_id(0);
           l[lid] = in[it.get_global_id(0)];
           sycl::group_barrier(it.get_group());
           for (size_t s = wg / 2; s > 0; s >>= 1) {
             if (lid < s)
               l[lid] += l[lid + s];
             else if (s == 1)
               cleared[it.get_global_id(0)] = int(s);
             sycl::group_barrier(it.get_group());
           }
           if (lid == 0)
             sums[it.get_group_linear_id()] = l[0];
         });
   }).wait();
  for (size_t g = 0; g < groups; ++g) {
    int want = 0;
    for (size_t i = g * wg; i < (g + 1) * wg; ++i)
      want += in[i];
    ASSERT_EQ(sums[g], want) << "S=" << S << " group " << g;
    for (size_t i = g * wg; i < (g + 1) * wg; ++i)
      ASSERT_EQ(cleared[i], i % wg == 0 ? -1 : 1) << "S=" << S << " " << i;
  }

  const size_t chunks = 4, n = 2 * global + wg + S / 2 + 1;
  int *data = sycl::malloc_shared<int>(chunks * global, q);
  int *acc = sycl::malloc_shared<int>(global, q);
  for (size_t i = 0; i < chunks * global; ++i)
    data[i] = int(i % 17);
  q.submit([&](sycl::handler &h) {
     h.parallel_for<ChecksInLoopsKernel<S>>(
         sycl::nd_range<1>(global, S * 2),
         xo::properties{xo::sub_group_size<S>}, [=](sycl::nd_item<1> it) {
           size_t i = it.get_global_id(0);
           int sum = 0;
           for (size_t c = 0; c < chunks; ++c) {
             size_t j = c * global + i;
             if (j < n)
               sum += data[j] * int(c + 1);
           }
           acc[i] = sum;
         });
   }).wait();
  for (size_t i = 0; i < global; ++i) {
    int want = 0;
    for (size_t c = 0; c < chunks; ++c)
      if (c * global + i < n)
        want += data[c * global + i] * int(c + 1);
    ASSERT_EQ(acc[i], want) << "S=" << S << " item " << i;
  }
  sycl::free(in, q);
  sycl::free(sums, q);
  sycl::free(cleared, q);
  sycl::free(data, q);
  sycl::free(acc, q);
}

TEST(BoundsChecks, ChecksInLoops) {
  forEachSubGroupSize([](auto S) { checkTreeReduction<S()>(); });
}

// Loops over a region's sub-groups that stop at the first one with nothing
// to do (sublane-idle-tail-exit). A tree over a work-group whose size is no
// power of two (its last sub-group partial): `if (lid + s < live)`, where
// the first idle sub-group moves with s, and a count of the levels at which
// each work-item added, kept across the barriers. A scan that checks from
// below (`lid >= s`), whose idle sub-groups come first, so that no loop may
// stop. The tree over a 2D work-group's linear ids, where each row's loop
// stops on its own. The tree as SYCL-Bench's scalar product writes it, the
// barrier first in the loop's body and the products made in the kernel,
// where the guarded code and the way around it meet before the level's end.
template <uint32_t S> void checkIdleTails() {
  sycl::queue q;
  const size_t wg = 3 * S + S / 2 + 1, groups = 4, global = groups * wg;
  const size_t rows = 3, cols = 2 * S, items = rows * cols;
  const size_t inputs = std::max(global, groups * items);
  int *in = sycl::malloc_shared<int>(inputs, q);
  int *sums = sycl::malloc_shared<int>(groups, q);
  int *counts = sycl::malloc_shared<int>(global, q);
  int *scan = sycl::malloc_shared<int>(global, q);
  for (size_t i = 0; i < inputs; ++i)
    in[i] = int(i * 5 % 19) - 9;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> l(sycl::range<1>(wg), h);
     h.parallel_for<IdleTailTreeKernel<S>>(
         sycl::nd_range<1>(global, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           size_t lid = it.get_local_id(0);
           l[lid] = in[it.get_global_id(0)];
           int count = 0;
           sycl::group_barrier(it.get_group());
           for (size_t live = it.get_local_range(0); live > 1;
                live = (live + 1) / 2) {
             size_t s = (live + 1) / 2;
             if (lid + s < live) {
               l[lid] += l[lid + s];
               ++count;
             }
             sycl::group_barrier(it.get_group());
           }
           counts[it.get_global_id(0)] = count;
           if (lid == 0)
             sums[it.get_group_linear_id()] = l[0];
         });
   }).wait();
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> l(sycl::range<1>(wg), h);
     h.parallel_for<IdleTailScanKernel<S>>(
         sycl::nd_range<1>(global, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           size_t lid = it.get_local_id(0);
           l[lid] = in[it.get_global_id(0)];
           sycl::group_barrier(it.get_group());
           for (size_t s = 1; s < wg; s *= 2) {
             int t = 0;
             if (lid >= s)
               t = l[lid - s];
             sycl::group_barrier(it.get_group());
             if (lid >= s)
               l[lid] += t;
             sycl::group_barrier(it.get_group());
           }
           scan[it.get_global_id(0)] = l[lid];
         });
   }).wait();
  for (size_t g = 0; g < groups; ++g) {
    int want = 0;
    for (size_t lid = 0; lid < wg; ++lid) {
      size_t i = g * wg + lid;
      want += in[i];
      ASSERT_EQ(scan[i], want) << "S=" << S << " scan at " << i;
      int count = 0;
      for (size_t live = wg; live > 1; live = (live + 1) / 2)
        count += lid + (live + 1) / 2 < live;
      ASSERT_EQ(counts[i], count) << "S=" << S << " count at " << i;
    }
    ASSERT_EQ(sums[g], want) << "S=" << S << " group " << g;
  }

  int *sums2d = sycl::malloc_shared<int>(groups, q);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> l(sycl::range<1>(items), h);
     h.parallel_for<IdleTail2DKernel<S>>(
         sycl::nd_range<2>({rows, groups * cols}, {rows, cols}),
         xo::properties{xo::sub_group_size<S>}, [=](sycl::nd_item<2> it) {
           size_t lid = it.get_local_linear_id();
           l[lid] = in[it.get_group(1) * items + lid];
           sycl::group_barrier(it.get_group());
           for (size_t live = items; live > 1; live = (live + 1) / 2) {
             if (lid + (live + 1) / 2 < live)
               l[lid] += l[lid + (live + 1) / 2];
             sycl::group_barrier(it.get_group());
           }
           if (lid == 0)
             sums2d[it.get_group(1)] = l[0];
         });
   }).wait();
  for (size_t g = 0; g < groups; ++g) {
    int want = 0;
    for (size_t i = g * items; i < (g + 1) * items; ++i)
      want += in[i];
    ASSERT_EQ(sums2d[g], want) << "S=" << S << " 2D group " << g;
  }

  std::memset(sums, 0, groups * sizeof(int));
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> l(sycl::range<1>(wg), h);
     h.parallel_for<IdleTailBarrierFirstKernel<S>>(
         sycl::nd_range<1>(global, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           size_t gid = it.get_global_id(0), lid = it.get_local_id(0);
           l[lid] = in[gid] * in[gid];
           for (size_t live = it.get_local_range(0); live > 1;
                live = (live + 1) / 2) {
             it.barrier(sycl::access::fence_space::local_space);
             if (lid + (live + 1) / 2 < live)
               l[lid] += l[lid + (live + 1) / 2];
           }
           if (lid == 0)
             sums[it.get_group(0)] = l[0];
         });
   }).wait();
  for (size_t g = 0; g < groups; ++g) {
    int want = 0;
    for (size_t i = g * wg; i < (g + 1) * wg; ++i)
      want += in[i] * in[i];
    ASSERT_EQ(sums[g], want) << "S=" << S << " barrier first, group " << g;
  }
  sycl::free(in, q);
  sycl::free(sums, q);
  sycl::free(counts, q);
  sycl::free(scan, q);
  sycl::free(sums2d, q);
}

TEST(BoundsChecks, IdleTails) {
  forEachSubGroupSize([](auto S) { checkIdleTails<S()>(); });
}

} // namespace
