//===- WorkGroupKernelsTest.cpp - End-to-end kernels with work-group CBS --===//
//
// Every kernel here is compiled by clang with the sublane plugin (see
// CMakeLists.txt) and every output element is checked against a host
// reference.
//
//===----------------------------------------------------------------------===//

#include <sublane/sycl.hpp>

#include <gtest/gtest.h>

#include <algorithm>

#include <cstdint>
#include <numeric>
#include <vector>

namespace {

template <typename T> struct usm_array {
  sycl::queue &q;
  T *ptr;
  size_t n;
  usm_array(sycl::queue &q, size_t n)
      : q(q), ptr(sycl::malloc_shared<T>(n, q)), n(n) {}
  ~usm_array() { sycl::free(ptr, q); }
  T &operator[](size_t i) { return ptr[i]; }
};

class WorkGroupKernels : public ::testing::TestWithParam<size_t> {
protected:
  sycl::queue q;
};

// A local-memory tree reduction whose barrier sits in a for loop with a
// trip count known only at run time.
TEST_P(WorkGroupKernels, TreeReductionForLoop) {
  const size_t wg = GetParam(), groups = 7, n = wg * groups;
  usm_array<int> in(q, n), out(q, groups);
  for (size_t i = 0; i < n; ++i)
    in[i] = int(i * 7 % 31) - 9;
  int *pin = in.ptr, *pout = out.ptr;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tmp(sycl::range<1>(wg), h);
     h.parallel_for<class tree_for>(
         sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
           size_t l = it.get_local_id(0), size = it.get_local_range(0);
           tmp[l] = pin[it.get_global_id(0)];
           // Fold the non-power-of-two tail first.
           size_t p = 1;
           while (p * 2 <= size)
             p *= 2;
           it.barrier();
           if (l + p < size)
             tmp[l] += tmp[l + p];
           for (size_t s = p / 2; s > 0; s /= 2) {
             it.barrier();
             if (l < s)
               tmp[l] += tmp[l + s];
           }
           if (l == 0)
             pout[it.get_group(0)] = tmp[0];
         });
   }).wait();
  for (size_t g = 0; g < groups; ++g) {
    int ref = 0;
    for (size_t i = 0; i < wg; ++i)
      ref += in[g * wg + i];
    EXPECT_EQ(out[g], ref) << "group " << g;
  }
}

TEST_P(WorkGroupKernels, TreeReductionWhileAndDoWhile) {
  const size_t wg = GetParam(), groups = 5, n = wg * groups;
  usm_array<float> in(q, n), out_while(q, groups), out_do(q, groups);
  for (size_t i = 0; i < n; ++i)
    in[i] = float(i % 13);
  float *pin = in.ptr, *pw = out_while.ptr, *pd = out_do.ptr;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<float, 1> a(sycl::range<1>(wg), h);
     sycl::local_accessor<float, 1> b(sycl::range<1>(wg), h);
     h.parallel_for<class tree_while>(
         sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
           size_t l = it.get_local_id(0), size = it.get_local_range(0);
           a[l] = pin[it.get_global_id(0)];
           b[l] = a[l];
           // Sequential addressing: fold the upper half onto the lower.
           size_t active = size;
           while (active > 1) {
             size_t half = (active + 1) / 2;
             it.barrier();
             if (l < active - half)
               a[l] += a[l + half];
             active = half;
           }
           size_t live = size;
           do {
             size_t half = (live + 1) / 2;
             it.barrier();
             if (l < live - half)
               b[l] += b[l + half];
             live = half;
           } while (live > 1);
           it.barrier();
           if (l == 0) {
             pw[it.get_group(0)] = a[0];
             pd[it.get_group(0)] = b[0];
           }
         });
   }).wait();
  for (size_t g = 0; g < groups; ++g) {
    float ref = 0;
    for (size_t i = 0; i < wg; ++i)
      ref += in[g * wg + i];
    EXPECT_EQ(out_while[g], ref) << "group " << g;
    EXPECT_EQ(out_do[g], ref) << "group " << g;
  }
}

// Each iteration reads a neighbour, synchronises, writes, synchronises.
TEST_P(WorkGroupKernels, TwoBarriersInOneLoop) {
  const size_t wg = GetParam(), groups = 3, n = wg * groups, steps = 5;
  usm_array<int> data(q, n);
  std::vector<int> ref(n);
  for (size_t i = 0; i < n; ++i)
    data[i] = ref[i] = int(i * 3 % 17);
  int *p = data.ptr;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile(sycl::range<1>(wg), h);
     h.parallel_for<class two_barriers>(
         sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
           size_t l = it.get_local_id(0), size = it.get_local_range(0);
           size_t gid = it.get_global_id(0);
           tile[l] = p[gid];
           for (size_t s = 0; s < steps; ++s) {
             it.barrier();
             int next = tile[l] + tile[(l + 1) % size];
             it.barrier();
             tile[l] = next;
           }
           p[gid] = tile[l];
         });
   }).wait();
  for (size_t g = 0; g < groups; ++g)
    for (size_t s = 0; s < steps; ++s) {
      std::vector<int> next(wg);
      for (size_t l = 0; l < wg; ++l)
        next[l] = ref[g * wg + l] + ref[g * wg + (l + 1) % wg];
      std::copy(next.begin(), next.end(), ref.begin() + g * wg);
    }
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(data[i], ref[i]) << "element " << i;
}

TEST_P(WorkGroupKernels, NestedLoopsWithBarriers) {
  const size_t wg = GetParam(), groups = 2, n = wg * groups;
  const int outer = 3, inner = 4;
  usm_array<int> data(q, n);
  for (size_t i = 0; i < n; ++i)
    data[i] = int(i % 11);
  std::vector<int> ref(data.ptr, data.ptr + n);
  int *p = data.ptr;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile(sycl::range<1>(wg), h);
     h.parallel_for<class nested>(
         sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
           size_t l = it.get_local_id(0), size = it.get_local_range(0);
           int v = p[it.get_global_id(0)];
           for (int o = 0; o < outer; ++o) {
             for (int i = 0; i < inner; ++i) {
               tile[l] = v;
               it.barrier();
               v = tile[size - 1 - l] + o * i;
               it.barrier();
             }
             v += o;
           }
           p[it.get_global_id(0)] = v;
         });
   }).wait();
  for (size_t g = 0; g < groups; ++g) {
    std::vector<int> v(ref.begin() + g * wg, ref.begin() + (g + 1) * wg);
    for (int o = 0; o < outer; ++o) {
      for (int i = 0; i < inner; ++i) {
        std::vector<int> t = v;
        for (size_t l = 0; l < wg; ++l)
          v[l] = t[wg - 1 - l] + o * i;
      }
      for (auto &x : v)
        x += o;
    }
    for (size_t l = 0; l < wg; ++l)
      ASSERT_EQ(data[g * wg + l], v[l]) << "group " << g << " item " << l;
  }
}

// The condition depends only on the group and a kernel argument.
TEST_P(WorkGroupKernels, BarrierInUniformConditional) {
  const size_t wg = GetParam(), groups = 4, n = wg * groups;
  usm_array<int> data(q, n);
  for (size_t i = 0; i < n; ++i)
    data[i] = int(i);
  int *p = data.ptr;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile(sycl::range<1>(wg), h);
     h.parallel_for<class uniform_if>(
         sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
           size_t l = it.get_local_id(0), size = it.get_local_range(0);
           size_t gid = it.get_global_id(0);
           int v = p[gid];
           if (it.get_group(0) % 2 == 1) {
             tile[l] = v;
             it.barrier();
             v = tile[size - 1 - l];
           }
           p[gid] = v * 2;
         });
   }).wait();
  for (size_t g = 0; g < groups; ++g)
    for (size_t l = 0; l < wg; ++l) {
      int src = int(g * wg + (g % 2 ? wg - 1 - l : l));
      ASSERT_EQ(data[g * wg + l], src * 2) << "group " << g << " item " << l;
    }
}

// Whole groups return before the barrier the others reach; and a kernel
// without barriers returns early per work-item.
TEST_P(WorkGroupKernels, EarlyReturn) {
  const size_t wg = GetParam(), groups = 4, n = wg * groups;
  const size_t limit = n - wg / 2 - 1;
  usm_array<int> a(q, n), b(q, n);
  for (size_t i = 0; i < n; ++i)
    a[i] = b[i] = -1;
  int *pa = a.ptr, *pb = b.ptr;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile(sycl::range<1>(wg), h);
     h.parallel_for<class early_group_return>(
         sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
           if (it.get_group(0) == 2)
             return;
           size_t l = it.get_local_id(0), size = it.get_local_range(0);
           tile[l] = int(it.get_global_id(0));
           it.barrier();
           pa[it.get_global_id(0)] = tile[size - 1 - l];
         });
   }).wait();
  q.parallel_for<class early_item_return>(sycl::nd_range<1>(n, wg),
                                          [=](sycl::nd_item<1> it) {
                                            size_t i = it.get_global_id(0);
                                            if (i >= limit)
                                              return;
                                            pb[i] = int(i) * 3;
                                          })
      .wait();
  for (size_t g = 0; g < groups; ++g)
    for (size_t l = 0; l < wg; ++l) {
      size_t i = g * wg + l;
      ASSERT_EQ(a[i], g == 2 ? -1 : int(g * wg + wg - 1 - l)) << i;
      ASSERT_EQ(b[i], i >= limit ? -1 : int(i) * 3) << i;
    }
}

TEST_P(WorkGroupKernels, NoBarrier) {
  const size_t wg = GetParam(), n = wg * 9;
  usm_array<float> x(q, n), y(q, n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = float(i) * 0.5f;
    y[i] = 1.0f + float(i % 3);
  }
  float *px = x.ptr, *py = y.ptr;
  const float alpha = 2.5f;
  q.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
     size_t i = it.get_global_id(0);
     py[i] = alpha * px[i] + py[i];
   }).wait();
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(y[i], alpha * (float(i) * 0.5f) + (1.0f + float(i % 3))) << i;
}

// Values from before the first barrier are used in every later region:
// a varying one, a uniform one, one affine in the id, and a private array.
TEST_P(WorkGroupKernels, ValuesLiveAcrossEveryRegion) {
  const size_t wg = GetParam(), groups = 3, n = wg * groups;
  usm_array<long> in(q, n), out(q, n);
  for (size_t i = 0; i < n; ++i)
    in[i] = long(i * i % 101);
  long *pin = in.ptr, *pout = out.ptr;
  const long scale = 3;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<long, 1> tile(sycl::range<1>(wg), h);
     h.parallel_for<class live_values>(
         sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
           size_t l = it.get_local_id(0), size = it.get_local_range(0);
           size_t gid = it.get_global_id(0);
           long varying = pin[gid] * scale;             // varying
           long uniform = long(it.get_group(0)) * 1000; // uniform
           long affine = long(gid) * 4 + 7;             // affine
           long priv[4];
           for (int k = 0; k < 4; ++k)
             priv[(gid + k) % 4] = varying + k;
           tile[l] = varying;
           it.barrier();
           long acc = tile[(l + 1) % size] + varying + uniform + affine;
           it.barrier();
           tile[l] = acc;
           it.barrier();
           acc += varying + uniform + affine + priv[gid % 4];
           pout[gid] = acc + tile[size - 1 - l];
         });
   }).wait();
  for (size_t g = 0; g < groups; ++g) {
    std::vector<long> acc(wg);
    for (size_t l = 0; l < wg; ++l) {
      size_t gid = g * wg + l;
      long varying = in[gid] * scale, uniform = long(g) * 1000,
           affine = long(gid) * 4 + 7;
      acc[l] = in[g * wg + (l + 1) % wg] * scale + varying + uniform + affine;
    }
    for (size_t l = 0; l < wg; ++l) {
      size_t gid = g * wg + l;
      long varying = in[gid] * scale, uniform = long(g) * 1000,
           affine = long(gid) * 4 + 7;
      long expect =
          acc[l] + varying + uniform + affine + varying + acc[wg - 1 - l];
      ASSERT_EQ(out[gid], expect) << "group " << g << " item " << l;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(WorkGroupSizes, WorkGroupKernels,
                         ::testing::Values(1, 2, 7, 32, 64, 96, 200, 256),
                         [](const auto &info) {
                           return "wg" + std::to_string(info.param);
                         });

// A 2D five-point stencil through a local tile with a one-element halo:
// each work-item loads its element and its share of the halo, and after a
// barrier computes the stencil from the tile.
struct TiledStencil {
  const float *in;
  long rows, cols;
  size_t tr, tc;

  float at(long y, long x) const {
    if (y < 0 || x < 0 || y >= rows || x >= cols)
      return 0.0f;
    return in[y * cols + x];
  }
  float apply(long r, long c) const {
    return 4 * at(r, c) - at(r - 1, c) - at(r + 1, c) - at(r, c - 1) -
           at(r, c + 1);
  }
  template <int D>
  float operator()(const sycl::local_accessor<float, 2> &tile,
                   const sycl::nd_item<D> &it) const {
    long r = long(it.get_global_id(0)), c = long(it.get_global_id(1));
    size_t lr = it.get_local_id(0) + 1, lc = it.get_local_id(1) + 1;
    tile[{lr, lc}] = at(r, c);
    if (lr == 1)
      tile[{0, lc}] = at(r - 1, c);
    if (lr == tr)
      tile[{tr + 1, lc}] = at(r + 1, c);
    if (lc == 1)
      tile[{lr, 0}] = at(r, c - 1);
    if (lc == tc)
      tile[{lr, tc + 1}] = at(r, c + 1);
    it.barrier();
    return 4 * tile[{lr, lc}] - tile[{lr - 1, lc}] - tile[{lr + 1, lc}] -
           tile[{lr, lc - 1}] - tile[{lr, lc + 1}];
  }
};

TEST(WorkGroupKernels2D, StencilWithLocalTile) {
  sycl::queue q;
  const size_t rows = 48, cols = 40, tr = 8, tc = 10;
  usm_array<float> in(q, rows * cols), out(q, rows * cols);
  for (size_t i = 0; i < rows * cols; ++i)
    in[i] = float(i % 23) * 0.25f;
  TiledStencil stencil{in.ptr, long(rows), long(cols), tr, tc};
  float *pout = out.ptr;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<float, 2> tile(sycl::range<2>(tr + 2, tc + 2), h);
     h.parallel_for<class stencil2d>(
         sycl::nd_range<2>({rows, cols}, {tr, tc}), [=](sycl::nd_item<2> it) {
           pout[it.get_global_linear_id()] = stencil(tile, it);
         });
   }).wait();
  for (long r = 0; r < long(rows); ++r)
    for (long c = 0; c < long(cols); ++c)
      ASSERT_EQ(out[r * cols + c], stencil.apply(r, c)) << r << "," << c;
}

// Every id query in 2D and 3D, checked against the SYCL definitions.
template <int D> void checkIds(sycl::range<D> global, sycl::range<D> local) {
  sycl::queue q;
  const size_t n = global.size();
  constexpr int F = 17; // fields per work-item
  usm_array<size_t> rec(q, n * F);
  size_t *p = rec.ptr;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<size_t, 1> tile(sycl::range<1>(local.size()), h);
     h.parallel_for(sycl::nd_range<D>(global, local), [=](sycl::nd_item<D> it) {
       size_t lin = it.get_local_linear_id();
       tile[lin] = it.get_global_linear_id();
       it.barrier();
       size_t *r = p + it.get_global_linear_id() * F;
       for (int d = 0; d < D; ++d) {
         r[d] = it.get_global_id(d);
         r[3 + d] = it.get_local_id(d);
         r[6 + d] = it.get_group(d);
       }
       r[9] = lin;
       r[10] = it.get_group_linear_id();
       r[11] = tile[it.get_local_range().size() - 1 - lin];
       r[12] = it.get_global_range().size();
       r[13] = it.get_group_range().size();
       sycl::sub_group sg = it.get_sub_group();
       r[14] = sg.get_group_linear_id();
       r[15] = sg.get_local_linear_range() * 1000 + sg.get_group_linear_range();
       r[16] = sg.get_max_local_range()[0];
     });
   }).wait();
  sycl::range<D> groups;
  for (int d = 0; d < D; ++d)
    groups[d] = global[d] / local[d];
  for (size_t g = 0; g < n; ++g) {
    size_t idx[3] = {0, 0, 0}, rest = g;
    for (int d = D - 1; d >= 0; --d) {
      idx[d] = rest % global[d];
      rest /= global[d];
    }
    size_t lin = 0, glin = 0, wglin = 0;
    for (int d = 0; d < D; ++d) {
      lin = lin * local[d] + idx[d] % local[d];
      glin = glin * groups[d] + idx[d] / local[d];
    }
    const size_t *r = &rec[g * F];
    for (int d = 0; d < D; ++d) {
      ASSERT_EQ(r[d], idx[d]) << "global id, item " << g << " dim " << d;
      ASSERT_EQ(r[3 + d], idx[d] % local[d]) << "local id, item " << g;
      ASSERT_EQ(r[6 + d], idx[d] / local[d]) << "group id, item " << g;
    }
    ASSERT_EQ(r[9], lin) << g;
    ASSERT_EQ(r[10], glin) << g;
    // The item at the mirrored linear local id of the same group.
    size_t mirror = local.size() - 1 - lin;
    size_t midx[3] = {0, 0, 0}, mrest = mirror;
    for (int d = D - 1; d >= 0; --d) {
      midx[d] = (idx[d] / local[d]) * local[d] + mrest % local[d];
      mrest /= local[d];
    }
    for (int d = 0; d < D; ++d)
      wglin = wglin * global[d] + midx[d];
    ASSERT_EQ(r[11], wglin) << g;
    ASSERT_EQ(r[12], n) << g;
    ASSERT_EQ(r[13], groups.size()) << g;
    // No size requested by a kernel that uses its sub-group: the size GPU
    // code assumes, 32, the same for every item.
    size_t S = r[16];
    ASSERT_EQ(S, 32u) << "sub-group size " << S;
    ASSERT_EQ(S, rec[16]) << g;
    size_t sgs = (local.size() + S - 1) / S;
    size_t lanes = std::min(S, local.size() - lin / S * S);
    ASSERT_EQ(r[14], lin / S) << "sub-group id, item " << g;
    ASSERT_EQ(r[15], lanes * 1000 + sgs) << g;
  }
}

TEST(WorkGroupKernelsND, Ids2D) { checkIds<2>({12, 20}, {3, 10}); }
TEST(WorkGroupKernelsND, Ids2DOddSizes) { checkIds<2>({14, 15}, {7, 5}); }
TEST(WorkGroupKernelsND, Ids3D) { checkIds<3>({4, 6, 10}, {2, 3, 5}); }
TEST(WorkGroupKernelsND, Ids3DSingleGroup) {
  checkIds<3>({3, 4, 5}, {3, 4, 5});
}
TEST(WorkGroupKernelsND, Ids1D) { checkIds<1>({600}, {200}); }

} // namespace

namespace {
namespace xo = sycl::ext::oneapi::experimental;

template <uint32_t S> class ReductionRoundsKernel;

// Work-group reductions met several times (each time from the identity
// again), in groups whose size is no multiple of the larger sub-group
// sizes, and atomics on one address from divergent lanes and with one
// value for all lanes (combined per sub-group by the vectorizer).
template <uint32_t S> void checkReductionRoundsAndAtomics() {
  sycl::queue q;
  constexpr size_t n = 1000, wg = 200, groups = n / wg, rounds = 3;
  usm_array<float> sums(q, groups * rounds);
  usm_array<int> maxima(q, groups * rounds);
  usm_array<float> total_f(q, 1);
  usm_array<int> total_i(q, 4);
  usm_array<unsigned> bits(q, 2);
  total_f[0] = 0.5f;
  total_i[0] = 1000;
  total_i[1] = -1;
  total_i[2] = 1 << 20;
  total_i[3] = 0;
  bits[0] = bits[1] = 0;
  float *s = sums.ptr, *tf = total_f.ptr;
  int *m = maxima.ptr, *ti = total_i.ptr;
  unsigned *b = bits.ptr;
  q.parallel_for<ReductionRoundsKernel<S>>(
       sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         size_t i = it.get_global_id(0);
         sycl::group<1> g = it.get_group();
         for (size_t r = 0; r < rounds; ++r) {
           float sum = sycl::reduce_over_group(g, float(i % 7 + r),
                                               sycl::plus<float>());
           int hi = sycl::reduce_over_group(g, int((i * 7) % 13) - int(r),
                                            sycl::maximum<int>());
           if (it.get_local_id(0) == 0) {
             s[it.get_group(0) * rounds + r] = sum;
             m[it.get_group(0) * rounds + r] = hi;
           }
         }
         using relaxed = sycl::memory_order;
         constexpr auto dev = sycl::memory_scope::device;
         if (i % 3 == 1)
           sycl::atomic_ref<float, relaxed::relaxed, dev>(tf[0]).fetch_add(
               float(i % 5));
         if (i % 2 == 0)
           sycl::atomic_ref<int, relaxed::relaxed, dev>(ti[0]).fetch_sub(
               int(i % 7));
         if (i % 5 < 2)
           sycl::atomic_ref<int, relaxed::relaxed, dev>(ti[1]).fetch_max(
               int(i % 101));
         if (i % 9 != 4)
           sycl::atomic_ref<int, relaxed::relaxed, dev>(ti[2]).fetch_min(
               int((i * 31) % 977));
         sycl::atomic_ref<int, relaxed::relaxed, dev>(ti[3]).fetch_add(2);
         if (i % 4 == 3)
           sycl::atomic_ref<unsigned, relaxed::relaxed, dev>(b[0]).fetch_or(
               1u << (i % 29));
         sycl::atomic_ref<unsigned, relaxed::relaxed, dev>(b[1]).fetch_xor(
             unsigned(i * 2654435761u));
       })
      .wait();
  float want_f = 0.5f;
  int want_sub = 1000, want_max = -1, want_min = 1 << 20;
  unsigned want_or = 0, want_xor = 0;
  for (size_t i = 0; i < n; ++i) {
    if (i % 3 == 1)
      want_f += float(i % 5);
    if (i % 2 == 0)
      want_sub -= int(i % 7);
    if (i % 5 < 2)
      want_max = std::max(want_max, int(i % 101));
    if (i % 9 != 4)
      want_min = std::min(want_min, int((i * 31) % 977));
    if (i % 4 == 3)
      want_or |= 1u << (i % 29);
    want_xor ^= unsigned(i * 2654435761u);
  }
  for (size_t grp = 0; grp < groups; ++grp)
    for (size_t r = 0; r < rounds; ++r) {
      float want_sum = 0;
      int want_hi = INT32_MIN;
      for (size_t i = grp * wg; i < (grp + 1) * wg; ++i) {
        want_sum += float(i % 7 + r);
        want_hi = std::max(want_hi, int((i * 7) % 13) - int(r));
      }
      EXPECT_EQ(sums[grp * rounds + r], want_sum) << "group " << grp;
      EXPECT_EQ(maxima[grp * rounds + r], want_hi) << "group " << grp;
    }
  EXPECT_EQ(total_f[0], want_f);
  EXPECT_EQ(total_i[0], want_sub);
  EXPECT_EQ(total_i[1], want_max);
  EXPECT_EQ(total_i[2], want_min);
  EXPECT_EQ(total_i[3], int(2 * n));
  EXPECT_EQ(bits[0], want_or);
  EXPECT_EQ(bits[1], want_xor);
}

TEST(WorkGroupKernels, ReductionRoundsAndAtomicsSize1) {
  checkReductionRoundsAndAtomics<1>();
}
TEST(WorkGroupKernels, ReductionRoundsAndAtomicsSize8) {
  checkReductionRoundsAndAtomics<8>();
}
TEST(WorkGroupKernels, ReductionRoundsAndAtomicsSize16) {
  checkReductionRoundsAndAtomics<16>();
}
TEST(WorkGroupKernels, ReductionRoundsAndAtomicsSize32) {
  checkReductionRoundsAndAtomics<32>();
}
TEST(WorkGroupKernels, ReductionRoundsAndAtomicsSize64) {
  checkReductionRoundsAndAtomics<64>();
}

template <uint32_t S> class AtomicsSeenAfterBarrierKernel;
template <uint32_t S> class AtomicsOwnUpdateKernel;
template <uint32_t S> class AtomicLeaderSumKernel;

// Relaxed atomics on one address may be combined across work-items (one
// atomic per region or per call), but never where the program can tell:
// after a barrier every work-item sees the group's updates, a work-item
// that reads the address after its own update sees it, and a sum added by
// each sub-group's leader is the whole array's.
template <uint32_t S> void checkCombinedAtomics() {
  sycl::queue q;
  constexpr size_t n = 1000, wg = 200;
  usm_array<int> seen(q, n), total(q, 1), own(q, 3);
  usm_array<float> in(q, n), sum(q, 1);
  total[0] = 5;
  own[0] = own[1] = own[2] = 0;
  sum[0] = 0.0f;
  for (size_t i = 0; i < n; ++i)
    in[i] = float(i % 3 == 0);
  int *sn = seen.ptr, *tt = total.ptr, *ow = own.ptr, *ow_alias = own.ptr;
  float *x = in.ptr, *sm = sum.ptr;
  using order = sycl::memory_order;
  using scope = sycl::memory_scope;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> count(sycl::range<1>(1), h);
     h.parallel_for<AtomicsSeenAfterBarrierKernel<S>>(
         sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           size_t l = it.get_local_id(0);
           if (l == 0)
             count[0] = 0;
           sycl::group_barrier(it.get_group());
           sycl::atomic_ref<int, order::relaxed, scope::work_group,
                            sycl::access::address_space::local_space>(count[0])
               .fetch_add(int(l % 3) + 1);
           sycl::atomic_ref<int, order::relaxed, scope::device>(tt[0])
               .fetch_add(2);
           sycl::group_barrier(it.get_group());
           sn[it.get_global_id(0)] = count[0];
         });
   }).wait();
  q.parallel_for<AtomicsOwnUpdateKernel<S>>(
       sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         size_t i = it.get_global_id(0);
         if (i == 417) {
           sycl::atomic_ref<int, order::relaxed, scope::device>(ow[0])
               .fetch_add(7);
           ow[1] = ow[0];
           sycl::atomic_ref<int, order::relaxed, scope::device>(ow[2])
               .fetch_add(3);
           ow[2] = ow_alias[2] * 10;
         }
       })
      .wait();
  q.parallel_for<AtomicLeaderSumKernel<S>>(
       sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         sycl::sub_group sg = it.get_sub_group();
         float s = sycl::reduce_over_group(sg, x[it.get_global_id(0)],
                                           sycl::plus<float>());
         if (sg.leader())
           sycl::atomic_ref<float, order::relaxed, scope::device>(sm[0])
               .fetch_add(s);
       })
      .wait();
  int want_group = 0;
  for (size_t l = 0; l < wg; ++l)
    want_group += int(l % 3) + 1;
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(seen[i], want_group) << "work-item " << i;
  EXPECT_EQ(total[0], 5 + 2 * int(n));
  EXPECT_EQ(own[0], 7);
  EXPECT_EQ(own[1], 7);
  EXPECT_EQ(own[2], 30);
  EXPECT_EQ(sum[0], float((n + 2) / 3));
}

TEST(WorkGroupKernels, CombinedAtomicsSize1) { checkCombinedAtomics<1>(); }
TEST(WorkGroupKernels, CombinedAtomicsSize8) { checkCombinedAtomics<8>(); }
TEST(WorkGroupKernels, CombinedAtomicsSize16) { checkCombinedAtomics<16>(); }
TEST(WorkGroupKernels, CombinedAtomicsSize32) { checkCombinedAtomics<32>(); }
TEST(WorkGroupKernels, CombinedAtomicsSize64) { checkCombinedAtomics<64>(); }
} // namespace

namespace {
namespace xo = sycl::ext::oneapi::experimental;

template <uint32_t S, size_t WG> class LeaderSumsKernel;
template <uint32_t S, size_t Cols> class LeaderSums2DKernel;

// Each work-item reads one element, its sub-group reduces them, and the
// leader stores the sub-group's sum, maximum and float sum: the shape the
// vectorizer batches across full sub-groups. Work-groups whose size is a
// multiple of a batch of sub-groups, one that leaves full sub-groups over,
// and one with a partial last sub-group exercise the batched loop, the loop
// over full sub-groups and the original loop.
template <uint32_t S, size_t WG> void checkLeaderSums() {
  sycl::queue q;
  constexpr size_t groups = 3, n = groups * WG;
  constexpr size_t sgs = (WG + S - 1) / S;
  usm_array<int> in(q, n), sums(q, groups * sgs), maxima(q, groups * sgs);
  usm_array<float> fsums(q, groups * sgs);
  for (size_t i = 0; i < n; ++i)
    in[i] = int((i * 37) % 101) - 50;
  int *x = in.ptr, *s = sums.ptr, *m = maxima.ptr;
  float *f = fsums.ptr;
  q.parallel_for<LeaderSumsKernel<S, WG>>(
       sycl::nd_range<1>(n, WG), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         sycl::sub_group sg = it.get_sub_group();
         int v = x[it.get_global_id(0)];
         int sum = sycl::reduce_over_group(sg, v, sycl::plus<int>());
         int hi = sycl::reduce_over_group(sg, v, sycl::maximum<int>());
         float fsum =
             sycl::reduce_over_group(sg, float(v) * 0.5f, sycl::plus<float>());
         if (sg.leader()) {
           size_t at = it.get_group_linear_id() * sg.get_group_linear_range() +
                       sg.get_group_linear_id();
           s[at] = sum;
           m[at] = hi;
           f[at] = fsum;
         }
       })
      .wait();
  for (size_t g = 0; g < groups; ++g)
    for (size_t k = 0; k < sgs; ++k) {
      int want = 0, want_hi = INT32_MIN;
      float want_f = 0;
      for (size_t l = k * S; l < std::min((k + 1) * S, WG); ++l) {
        int v = in[g * WG + l];
        want += v;
        want_hi = std::max(want_hi, v);
        want_f += float(v) * 0.5f;
      }
      size_t at = g * sgs + k;
      ASSERT_EQ(sums[at], want) << "group " << g << ", sub-group " << k;
      ASSERT_EQ(maxima[at], want_hi) << "group " << g << ", sub-group " << k;
      ASSERT_EQ(fsums[at], want_f) << "group " << g << ", sub-group " << k;
    }
}

// The same in 2D: rows that are whole multiples of S run in the loops over
// full sub-groups, others (sub-groups spanning rows) in the original loop.
template <uint32_t S, size_t Cols> void checkLeaderSums2D() {
  sycl::queue q;
  constexpr size_t rows = 4, groups = 2, wg = rows * Cols;
  constexpr size_t sgs = (wg + S - 1) / S;
  usm_array<int> in(q, groups * wg), sums(q, groups * sgs);
  for (size_t i = 0; i < groups * wg; ++i)
    in[i] = int((i * 13) % 29);
  int *x = in.ptr, *s = sums.ptr;
  q.parallel_for<LeaderSums2DKernel<S, Cols>>(
       sycl::nd_range<2>({rows * groups, Cols}, {rows, Cols}),
       xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<2> it) {
         sycl::sub_group sg = it.get_sub_group();
         size_t i = it.get_group(0) * wg + it.get_local_linear_id();
         int sum = sycl::reduce_over_group(sg, x[i], sycl::plus<int>());
         if (sg.leader())
           s[it.get_group(0) * sgs + sg.get_group_linear_id()] = sum;
       })
      .wait();
  for (size_t g = 0; g < groups; ++g)
    for (size_t k = 0; k < sgs; ++k) {
      int want = 0;
      for (size_t l = k * S; l < std::min((k + 1) * S, wg); ++l)
        want += in[g * wg + l];
      ASSERT_EQ(sums[g * sgs + k], want)
          << "group " << g << ", sub-group " << k;
    }
}

TEST(WorkGroupKernels, LeaderSumsSize8) {
  checkLeaderSums<8, 256>();
  checkLeaderSums<8, 200>();
  checkLeaderSums<8, 204>();
  checkLeaderSums2D<8, 32>();
  checkLeaderSums2D<8, 12>();
}
TEST(WorkGroupKernels, LeaderSumsSize16) {
  checkLeaderSums<16, 256>();
  checkLeaderSums<16, 208>();
  checkLeaderSums<16, 200>();
  checkLeaderSums2D<16, 32>();
  checkLeaderSums2D<16, 24>();
}
TEST(WorkGroupKernels, LeaderSumsSize32) {
  checkLeaderSums<32, 1024>();
  checkLeaderSums<32, 96>();
  checkLeaderSums<32, 100>();
  checkLeaderSums2D<32, 64>();
}
TEST(WorkGroupKernels, LeaderSumsSize64) {
  checkLeaderSums<64, 1024>();
  checkLeaderSums<64, 192>();
  checkLeaderSums<64, 130>();
  checkLeaderSums2D<64, 48>();
}

// Sub-groups made of several whole rows of a 2D or 3D work-group (rows of
// S/2 or S/4 work-items): the vectorizer reads and writes each row of a
// sub-group as one vector. Rows of one sub-group take different branches
// (conditions on the row), lanes of a row too (conditions on the column),
// and an address made of a value loaded under such a condition must not
// come from a lane that did not load it.
template <uint32_t S> class RowBlockStencilKernel;
template <uint32_t S> class RowBlock3DKernel;

template <uint32_t S>
void checkRowBlockStencil(size_t tr, size_t tc, size_t groupsY,
                          size_t groupsX) {
  sycl::queue q;
  const size_t rows = tr * groupsY, cols = tc * groupsX;
  usm_array<float> in(q, rows * cols), out(q, rows * cols),
      side(q, rows * cols);
  usm_array<long> offsets(q, rows);
  for (size_t i = 0; i < rows * cols; ++i) {
    in[i] = float(i % 23) * 0.25f;
    out[i] = side[i] = -1.0f;
  }
  for (size_t r = 0; r < rows; ++r)
    offsets[r] = long(((r * 7) % rows) * cols);
  TiledStencil stencil{in.ptr, long(rows), long(cols), tr, tc};
  float *pout = out.ptr, *pside = side.ptr;
  long *poff = offsets.ptr;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<float, 2> tile(sycl::range<2>(tr + 2, tc + 2), h);
     h.parallel_for<RowBlockStencilKernel<S>>(
         sycl::nd_range<2>({rows, cols}, {tr, tc}),
         xo::properties{xo::sub_group_size<S>}, [=](sycl::nd_item<2> it) {
           long r = long(it.get_global_id(0)), c = long(it.get_global_id(1));
           float v = stencil(tile, it);
           if (r % 3 != 1)
             pout[r * long(cols) + c] = v;
           else
             pout[r * long(cols) + c] = v + 100.0f;
           if (c % 2 == 1) {
             long o = poff[r];
             pside[o + c] = v;
           }
         });
   }).wait();
  for (long r = 0; r < long(rows); ++r)
    for (long c = 0; c < long(cols); ++c) {
      float v = stencil.apply(r, c);
      ASSERT_EQ(out[r * cols + c], r % 3 != 1 ? v : v + 100.0f)
          << "S " << S << ", " << tr << "x" << tc << " at " << r << "," << c;
      float *target = &side[offsets[r] + c];
      ASSERT_EQ(*target, c % 2 == 1 ? v : -1.0f)
          << "S " << S << " at " << r << "," << c;
    }
}

template <uint32_t S>
void checkRowBlock3D(sycl::range<3> local, sycl::range<3> groups) {
  sycl::queue q;
  sycl::range<3> global(local[0] * groups[0], local[1] * groups[1],
                        local[2] * groups[2]);
  const size_t n = global.size();
  usm_array<int> in(q, n), out(q, n);
  for (size_t i = 0; i < n; ++i) {
    in[i] = int(i * 7 % 101);
    out[i] = -1;
  }
  int *pin = in.ptr, *pout = out.ptr;
  q.parallel_for<RowBlock3DKernel<S>>(
       sycl::nd_range<3>(global, local), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<3> it) {
         size_t z = it.get_global_id(0), y = it.get_global_id(1),
                x = it.get_global_id(2);
         size_t i = (z * global[1] + y) * global[2] + x;
         pout[i] = pin[i] * 2 +
                   int(it.get_local_id(0) * 1000 + it.get_local_id(1) * 100 +
                       it.get_sub_group().get_local_linear_id());
       })
      .wait();
  for (size_t z = 0; z < global[0]; ++z)
    for (size_t y = 0; y < global[1]; ++y)
      for (size_t x = 0; x < global[2]; ++x) {
        size_t i = (z * global[1] + y) * global[2] + x;
        size_t lin = ((z % local[0]) * local[1] + y % local[1]) * local[2] +
                     x % local[2];
        int want = in[i] * 2 +
                   int((z % local[0]) * 1000 + (y % local[1]) * 100 + lin % S);
        ASSERT_EQ(out[i], want)
            << "S " << S << " at " << z << "," << y << "," << x;
      }
}

TEST(WorkGroupKernels2D, RowBlocksSize16) {
  checkRowBlockStencil<16>(8, 8, 3, 2);
  checkRowBlockStencil<16>(6, 8, 2, 3);
  checkRowBlockStencil<16>(4, 16, 2, 2);
  checkRowBlock3D<16>({2, 4, 8}, {2, 2, 3});
  checkRowBlock3D<16>({2, 3, 8}, {2, 2, 2});
}
TEST(WorkGroupKernels2D, RowBlocksSize32) {
  checkRowBlockStencil<32>(16, 16, 2, 3);
  checkRowBlockStencil<32>(8, 8, 3, 2);
  checkRowBlockStencil<32>(6, 8, 2, 2);
  checkRowBlockStencil<32>(5, 16, 2, 2);
  checkRowBlock3D<32>({2, 4, 8}, {2, 2, 2});
  checkRowBlock3D<32>({2, 2, 16}, {1, 2, 3});
}
TEST(WorkGroupKernels2D, RowBlocksSize64) {
  checkRowBlockStencil<64>(16, 16, 2, 2);
  checkRowBlockStencil<64>(8, 32, 2, 2);
  checkRowBlockStencil<64>(8, 8, 2, 2);
  checkRowBlockStencil<64>(6, 16, 2, 2);
  checkRowBlock3D<64>({2, 4, 16}, {2, 2, 2});
  checkRowBlock3D<64>({1, 6, 16}, {2, 2, 2});
}

// A division whose operands are the same for a row of work-items, under a
// branch that differs between them, once in unsigned and once in signed
// arithmetic: LLVM 19's loop vectorizer computes it for the first work-item
// only, so its work-item loops are kept from it.
template <uint32_t S> class DivisionUnderBranchKernel;

template <uint32_t S> void checkDivisionUnderBranch() {
  sycl::queue q;
  const size_t rows = 8, cols = 8, groups = 2, n = rows * cols * groups;
  usm_array<uint32_t> in(q, n), out(q, n);
  usm_array<int> sout(q, n);
  for (size_t i = 0; i < n; ++i)
    in[i] = uint32_t(i * 2654435761u) >> 7;
  uint32_t *pin = in.ptr, *pout = out.ptr;
  int *psout = sout.ptr;
  q.parallel_for<DivisionUnderBranchKernel<S>>(
       sycl::nd_range<2>({rows * groups, cols}, {rows, cols}),
       xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<2> it) {
         uint32_t l = uint32_t(it.get_local_linear_id()),
                  g = uint32_t(it.get_group_linear_id()),
                  x = uint32_t(it.get_local_id(1)),
                  y = uint32_t(it.get_local_id(0));
         uint32_t width = uint32_t(it.get_local_range(1)),
                  height = uint32_t(it.get_local_range().size()) / width;
         size_t gid = it.get_global_linear_id();
         uint32_t v = pin[gid];
         int s = int(v % 1000) - 500;
         if ((v & 1u) == 0u)
           for (uint32_t i = 0; i < l % 4; ++i)
             v = v + pin[g * rows * cols + ((y + 1u) % height) * width + x];
         if (x % 3 == 1)
           s = s + (int(y) - 4) / (int(height) - 9) +
               (int(y) - 5) % (int(width) - 11);
         pout[gid] = v;
         psout[gid] = s;
       })
      .wait();
  for (size_t g = 0; g < groups; ++g)
    for (size_t y = 0; y < rows; ++y)
      for (size_t x = 0; x < cols; ++x) {
        size_t l = y * cols + x, gid = g * rows * cols + l;
        uint32_t v = in[gid];
        int s = int(v % 1000) - 500;
        if ((v & 1u) == 0u)
          for (uint32_t i = 0; i < l % 4; ++i)
            v = v + in[g * rows * cols + ((y + 1) % rows) * cols + x];
        if (x % 3 == 1)
          s = s + (int(y) - 4) / (int(rows) - 9) +
              (int(y) - 5) % (int(cols) - 11);
        ASSERT_EQ(out[gid], v) << "S " << S << " item " << gid;
        ASSERT_EQ(sout[gid], s) << "S " << S << " item " << gid;
      }
}

TEST(WorkGroupKernels2D, DivisionUnderBranch) {
  checkDivisionUnderBranch<1>();
  checkDivisionUnderBranch<8>();
  checkDivisionUnderBranch<16>();
}
} // namespace

namespace {
namespace xo = sycl::ext::oneapi::experimental;

template <uint32_t S> class JammedDotKernel;
template <uint32_t S> class JammedDot2DKernel;
template <uint32_t S> class PerSubGroupTripsKernel;

// Dot products over k < m, m the same for every work-item: each sub-group's
// inner loop carries float, int and double chains, which the loop over full
// sub-groups runs for several sub-groups together (sublane-jam-sub-groups).
// Work-groups of 1, 2, 3, 5 and 7 full sub-groups, with and without a
// partial last one, run the jammed loop, its remainder loop and the partial
// sub-group's loop; m = 0 skips the inner loop. Code before the inner loop
// stores what the code after it reads back. In 2D, rows of 3S work-items
// (all sub-groups full) and rows of S + 2 (sub-groups spanning rows, none in
// the full loop). A kernel whose trip count differs between sub-groups is
// not jammed and must stay right too. All values are small integers, so
// every sum is exact.
template <uint32_t S> void checkJammedInnerLoops() {
  sycl::queue q;
  constexpr size_t maxM = 13, groups = 3;
  for (size_t fullSgs : {1, 2, 3, 5, 7})
    for (size_t partial : {size_t(0), size_t(S / 2 + 1)}) {
      if (S == 1 && partial)
        continue;
      size_t wg = fullSgs * S + partial, n = groups * wg;
      usm_array<float> a(q, n * maxM), b(q, maxM), pre(q, n), out(q, n);
      usm_array<int> ia(q, n * maxM), iout(q, n);
      usm_array<double> dout(q, n);
      for (size_t j = 0; j < n * maxM; ++j) {
        a[j] = float(int(j % 7) - 3);
        ia[j] = int((j * 5) % 11) - 5;
      }
      for (size_t k = 0; k < maxM; ++k)
        b[k] = float(int(k % 5) - 2);
      for (size_t m : {size_t(0), size_t(1), maxM}) {
        const float *A = a.ptr, *B = b.ptr;
        const int *IA = ia.ptr;
        float *Pre = pre.ptr, *Out = out.ptr;
        int *IOut = iout.ptr;
        double *DOut = dout.ptr;
        q.parallel_for<JammedDotKernel<S>>(
             sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
             [=](sycl::nd_item<1> it) {
               size_t i = it.get_global_id(0);
               Pre[i] = A[i] + 0.5f;
               float acc = 0;
               int iacc = 0;
               double dacc = 0;
               for (size_t k = 0; k < m; ++k) {
                 acc += A[i + n * k] * B[k];
                 iacc += IA[i + n * k] ^ int(k);
                 dacc += double(A[i + n * k]) * 0.5;
               }
               Out[i] = acc + Pre[i];
               IOut[i] = iacc;
               DOut[i] = dacc;
             })
            .wait();
        for (size_t i = 0; i < n; ++i) {
          float acc = 0;
          int iacc = 0;
          double dacc = 0;
          for (size_t k = 0; k < m; ++k) {
            acc += a[i + n * k] * b[k];
            iacc += ia[i + n * k] ^ int(k);
            dacc += double(a[i + n * k]) * 0.5;
          }
          std::string at =
              "S=" + std::to_string(S) + " wg=" + std::to_string(wg) +
              " m=" + std::to_string(m) + " item " + std::to_string(i);
          ASSERT_EQ(out[i], acc + a[i] + 0.5f) << at;
          ASSERT_EQ(iout[i], iacc) << at;
          ASSERT_EQ(dout[i], dacc) << at;
        }
      }
    }

  // 2D: Gemm's shape, C[i + cols*j] over k < m of A[i + cols*k] * B[k + m*j],
  // m read from memory so that the inner loop stays a loop.
  for (size_t cols : {size_t(3 * S), size_t(S + 2)}) {
    constexpr size_t rows = 2, m = 9;
    size_t gh = 2 * rows;
    usm_array<float> a(q, cols * m), b(q, m * gh), c(q, cols * gh);
    usm_array<size_t> trips(q, 1);
    trips[0] = m;
    const size_t *M = trips.ptr;
    for (size_t j = 0; j < cols * m; ++j)
      a[j] = float(int(j % 5) - 2);
    for (size_t j = 0; j < m * gh; ++j)
      b[j] = float(int(j % 3) - 1);
    const float *A = a.ptr, *B = b.ptr;
    float *C = c.ptr;
    q.parallel_for<JammedDot2DKernel<S>>(
         sycl::nd_range<2>({gh, cols}, {rows, cols}),
         xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<2> it) {
           size_t j = it.get_global_id(0), i = it.get_global_id(1);
           size_t steps = *M;
           float acc = 0;
           for (size_t k = 0; k < steps; ++k)
             acc += A[i + cols * k] * B[k + steps * j];
           C[i + cols * j] = acc;
         })
        .wait();
    for (size_t j = 0; j < gh; ++j)
      for (size_t i = 0; i < cols; ++i) {
        float acc = 0;
        for (size_t k = 0; k < m; ++k)
          acc += a[i + cols * k] * b[k + m * j];
        ASSERT_EQ(c[i + cols * j], acc)
            << "S=" << S << " cols=" << cols << " row " << j << " column " << i;
      }
  }

  // Each sub-group's own trip count.
  {
    size_t wg = 5 * S, n = 2 * wg;
    usm_array<float> a(q, n * 8), out(q, n);
    for (size_t j = 0; j < n * 8; ++j)
      a[j] = float(int(j % 9) - 4);
    const float *A = a.ptr;
    float *Out = out.ptr;
    q.parallel_for<PerSubGroupTripsKernel<S>>(
         sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           size_t i = it.get_global_id(0);
           size_t trips = it.get_sub_group().get_group_linear_id() % 4 + 2;
           float acc = 1;
           for (size_t k = 0; k < trips; ++k)
             acc = acc * 0.5f + A[i + n * k];
           Out[i] = acc;
         })
        .wait();
    for (size_t i = 0; i < n; ++i) {
      size_t trips = (i % wg) / S % 4 + 2;
      float acc = 1;
      for (size_t k = 0; k < trips; ++k)
        acc = acc * 0.5f + a[i + n * k];
      ASSERT_EQ(out[i], acc) << "S=" << S << " item " << i;
    }
  }
}

TEST(WorkGroupKernels, JammedInnerLoopsSize1) { checkJammedInnerLoops<1>(); }
TEST(WorkGroupKernels, JammedInnerLoopsSize4) { checkJammedInnerLoops<4>(); }
TEST(WorkGroupKernels, JammedInnerLoopsSize8) { checkJammedInnerLoops<8>(); }
TEST(WorkGroupKernels, JammedInnerLoopsSize16) { checkJammedInnerLoops<16>(); }
TEST(WorkGroupKernels, JammedInnerLoopsSize32) { checkJammedInnerLoops<32>(); }
TEST(WorkGroupKernels, JammedInnerLoopsSize64) { checkJammedInnerLoops<64>(); }
} // namespace
