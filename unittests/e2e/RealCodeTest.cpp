//===- RealCodeTest.cpp - SYCL code as real programs write it -------------===//
//
// Kernels in the shapes public SYCL code takes, each of which the compiler
// once refused or got wrong: branches and loops steered by votes and
// reductions, loops whose bound depends on the id but whose trip count does
// not, calls that -O0 leaves in place or that go to another translation
// unit, exclusive scans that start at +0.0, and the API such code uses (id
// comparisons, group equality, buffers over containers, group functions over
// vec, marray and structs, the kernel attributes). Built at -O0 and -O2, run
// compiled and on the fiber engine, at every sub-group size, with partial
// sub-groups where the size allows. RealCodeIndexingTest.cpp holds the
// kernels ported code writes around its indices.
//
//===----------------------------------------------------------------------===//

#include "CollectivesCommon.h"
#include "ExternalFunctions.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <complex>
#include <cstdlib>
#include <cstring>
#include <list>
#include <numeric>
#include <optional>
#include <string>
#include <system_error>

namespace {

using namespace collectives;

/// A work-group size that leaves the last sub-group partial where it can.
constexpr size_t workGroupSize(uint32_t S) {
  return S == 1 ? 7 : S == 4 ? 14 : 40;
}

/// The lanes of each sub-group, in order, from what the items reported.
struct SubGroups {
  std::vector<std::vector<size_t>> members;
  std::vector<size_t> of; ///< item -> index in members
};
SubGroups subGroupsOf(const std::vector<ItemIds> &ids, size_t wg, uint32_t S) {
  Groups G = groupItems(ids, wg, S);
  SubGroups R;
  R.of.resize(ids.size());
  for (auto &[key, lanes] : G.sub_groups) {
    for (size_t i : lanes)
      R.of[i] = R.members.size();
    R.members.push_back(lanes);
  }
  return R;
}

template <uint32_t S> struct UniformResultsKernel;

/// A vote, reduction, broadcast, ballot or select_from_group with a uniform
/// lane gives its whole group one value: branches and loops on it are not
/// divergent.
template <uint32_t S> void checkUniformResultsSteerControlFlow() {
  sycl::queue q;
  const size_t wg = workGroupSize(S), n = 3 * wg;
  constexpr int F = 8;
  ItemIds *ids = sycl::malloc_shared<ItemIds>(n, q);
  int *out = sycl::malloc_shared<int>(n * F, q);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile(sycl::range<1>(wg), h);
     h.parallel_for<UniformResultsKernel<S>>(
         sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           sycl::sub_group sg = it.get_sub_group();
           sycl::group<1> g = it.get_group();
           size_t i = it.get_global_id(0), l = it.get_local_id(0);
           ids[i] = reportIds(it);
           uint32_t lane = sg.get_local_linear_id();
           int x = int(i % 7);
           int *r = out + i * F;
           r[0] = -1;
           if (sycl::any_of_group(sg, lane == 1))
             r[0] = sycl::reduce_over_group(sg, 1, sycl::plus<>());
           // A work queue: each lane has 1 to 3 tasks; the sub-group runs
           // until none is left, counting the busy lanes per round.
           int todo = int(lane % 3) + 1, busy = 0;
           while (sycl::any_of_group(sg, todo > 0)) {
             busy +=
                 sycl::reduce_over_group(sg, todo > 0 ? 1 : 0, sycl::plus<>());
             --todo;
           }
           r[1] = busy;
           r[2] = sycl::reduce_over_group(sg, x, sycl::plus<>()) > 3
                      ? sycl::select_from_group(sg, x, lane)
                      : -2;
           r[3] = -3;
           if (sycl::select_from_group(sg, x, 0) ==
               sycl::group_broadcast(sg, x))
             r[3] = sycl::inclusive_scan_over_group(sg, x, sycl::plus<>());
           r[4] = -4;
           uint64_t bits = 0;
           sycl::ext::oneapi::group_ballot(sg, x > 2).extract_bits(bits);
           if (bits != 0)
             r[4] = sycl::reduce_over_group(sg, 1, sycl::plus<>());
           tile[l] = x;
           if (sycl::any_of_group(g, l == 0))
             sycl::group_barrier(g);
           r[5] = tile[(l + 1) % wg];
           sycl::group_barrier(g);
           r[6] = -6;
           if (sycl::reduce_over_group(g, 1, sycl::plus<>()) == int(wg)) {
             tile[l] = x + 1;
             sycl::group_barrier(g);
             r[6] = tile[wg - 1 - l];
           }
           r[7] = sycl::all_of_group(g, sycl::group_broadcast(g, x, 0) == 0)
                      ? sycl::reduce_over_group(g, x, sycl::maximum<>())
                      : -7;
         });
   }).wait();
  SubGroups SG = subGroupsOf(std::vector<ItemIds>(ids, ids + n), wg, S);
  for (size_t i = 0; i < n; ++i) {
    const std::vector<size_t> &lanes = SG.members[SG.of[i]];
    size_t size = lanes.size(), lane = ids[i].lane, base = i / wg * wg;
    int sum = 0, busy = 0, scan = 0;
    bool anyOver2 = false;
    for (size_t k = 0; k < size; ++k) {
      sum += int(lanes[k] % 7);
      busy += int(k % 3) + 1;
      if (k <= lane)
        scan += int(lanes[k] % 7);
      anyOver2 |= lanes[k] % 7 > 2;
    }
    const int *r = out + i * F;
    ASSERT_EQ(r[0], size > 1 ? int(size) : -1) << "S=" << S << " item " << i;
    ASSERT_EQ(r[1], busy) << "S=" << S << " item " << i;
    ASSERT_EQ(r[2], sum > 3 ? int(i % 7) : -2) << "S=" << S << " item " << i;
    ASSERT_EQ(r[3], scan) << "S=" << S << " item " << i;
    ASSERT_EQ(r[4], anyOver2 ? int(size) : -4) << "S=" << S << " item " << i;
    size_t l = i - base;
    ASSERT_EQ(r[5], int((base + (l + 1) % wg) % 7)) << "S=" << S << " " << i;
    ASSERT_EQ(r[6], int((base + wg - 1 - l) % 7) + 1) << "S=" << S << " " << i;
    int wgMax = 0;
    for (size_t k = base; k < base + wg; ++k)
      wgMax = std::max(wgMax, int(k % 7));
    ASSERT_EQ(r[7], base % 7 == 0 ? wgMax : -7) << "S=" << S << " " << i;
  }
  sycl::free(ids, q);
  sycl::free(out, q);
}

TEST(RealCode, UniformResultsSteerControlFlow) {
  forEachSubGroupSize(
      [](auto S) { checkUniformResultsSteerControlFlow<S()>(); });
}

template <uint32_t S> struct IdBoundLoopsKernel;

/// Grid-stride and lane-strided loops around barriers and collectives: the
/// bound depends on the id, the trip count does not (StrideBound is a
/// multiple of every sub-group's size, partial ones included).
template <uint32_t S> void checkLoopsWithIdDependentBounds() {
  sycl::queue q;
  constexpr size_t StrideBound = 320;
  const size_t wg = workGroupSize(S), n = 2 * wg, per_group = 4 * wg;
  constexpr int F = 5;
  ItemIds *ids = sycl::malloc_shared<ItemIds>(n, q);
  float *in = sycl::malloc_shared<float>(StrideBound, q);
  long *data = sycl::malloc_shared<long>(2 * per_group, q);
  float *out = sycl::malloc_shared<float>(n * F, q);
  for (size_t j = 0; j < StrideBound; ++j)
    in[j] = float((j % 5) * (j % 5)); // exact square roots
  std::fill(data, data + 2 * per_group, 0L);
  q.parallel_for<IdBoundLoopsKernel<S>>(
       sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         sycl::sub_group sg = it.get_sub_group();
         sycl::group<1> g = it.get_group();
         size_t i = it.get_global_id(0);
         ids[i] = reportIds(it);
         long *mine = data + it.get_group(0) * per_group;
         for (size_t k = it.get_local_id(0); k < per_group;
              k += it.get_local_range(0)) {
           mine[k] += long(k);
           sycl::group_barrier(g);
         }
         sycl::group_barrier(g);
         float *r = out + i * F;
         r[0] = float(mine[(it.get_local_id(0) + 1) % per_group]);
         float s = 0;
         for (uint32_t j = sg.get_local_linear_id(); j < StrideBound;
              j += sg.get_local_linear_range())
           s += sycl::reduce_over_group(sg, in[j], sycl::plus<>());
         r[1] = s;
         float t = 0;
         for (uint32_t j = sg.get_local_linear_id(); j < StrideBound; j += S)
           t += sycl::reduce_over_group(sg, in[j], sycl::plus<>());
         r[2] = t;
         float u = 0;
         for (uint32_t j = sg.get_local_linear_id(); j < StrideBound;
              j += sg.get_local_linear_range())
           u += sycl::sqrt(in[j]);
         r[3] = sycl::reduce_over_group(sg, u, sycl::plus<float>());
         const float *first = in + it.get_group(0) * 16;
         r[4] = sycl::joint_any_of(g, first, first + 16,
                                   [](float v) { return v > 15.f; });
       })
      .wait();
  SubGroups SG = subGroupsOf(std::vector<ItemIds>(ids, ids + n), wg, S);
  float all = 0, roots = 0;
  for (size_t j = 0; j < StrideBound; ++j) {
    all += in[j];
    roots += float(j % 5);
  }
  for (size_t i = 0; i < n; ++i) {
    size_t size = SG.members[SG.of[i]].size(), l = i % wg;
    float fixedStep = 0;
    for (size_t j = 0; j < StrideBound; ++j)
      if (j % S < size)
        fixedStep += in[j];
    const float *r = out + i * F;
    ASSERT_EQ(r[0], float((l + 1) % per_group)) << "S=" << S << " item " << i;
    ASSERT_EQ(r[1], all) << "S=" << S << " item " << i;
    ASSERT_EQ(r[2], fixedStep) << "S=" << S << " item " << i;
    ASSERT_EQ(r[3], roots) << "S=" << S << " item " << i;
    bool anyOver15 = false;
    for (size_t j = i / wg * 16; j < i / wg * 16 + 16; ++j)
      anyOver15 |= in[j] > 15.f;
    ASSERT_EQ(r[4], anyOver15 ? 1.f : 0.f) << "S=" << S << " item " << i;
  }
  sycl::free(ids, q);
  sycl::free(in, q);
  sycl::free(data, q);
  sycl::free(out, q);
}

TEST(RealCode, LoopsWithIdDependentBounds) {
  forEachSubGroupSize([](auto S) { checkLoopsWithIdDependentBounds<S()>(); });
}

template <typename T> bool isPositiveZero(T v) {
  return v == T(0) && !std::signbit(v);
}

template <uint32_t S> struct ScanZeroKernel;

/// SYCL's exclusive scan starts at known_identity: +0.0 for a floating add.
/// A reduction of -0.0s is -0.0 (no identity is involved). Compared bitwise.
template <uint32_t S> void checkScanIdentities() {
  sycl::queue q;
  const size_t wg = workGroupSize(S), n = 2 * wg;
  float *f = sycl::malloc_shared<float>(n * 3, q);
  double *d = sycl::malloc_shared<double>(n * 3, q);
  q.parallel_for<ScanZeroKernel<S>>(
       sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         sycl::sub_group sg = it.get_sub_group();
         size_t i = it.get_global_id(0);
         f[i * 3] = sycl::exclusive_scan_over_group(sg, 1.0f, sycl::plus<>());
         f[i * 3 + 1] = sycl::exclusive_scan_over_group(it.get_group(), -0.0f,
                                                        sycl::plus<>());
         f[i * 3 + 2] = sycl::reduce_over_group(sg, -0.0f, sycl::plus<>());
         d[i * 3] = sycl::exclusive_scan_over_group(sg, 1.0, sycl::plus<>());
         d[i * 3 + 1] = sycl::exclusive_scan_over_group(it.get_group(), 1.0,
                                                        sycl::plus<>());
         d[i * 3 + 2] =
             sycl::inclusive_scan_over_group(sg, -0.0, sycl::plus<>());
       })
      .wait();
  for (size_t i = 0; i < n; ++i) {
    size_t lane = i % wg % S, l = i % wg;
    if (lane == 0) {
      EXPECT_TRUE(isPositiveZero(f[i * 3])) << "S=" << S << " item " << i;
      EXPECT_TRUE(isPositiveZero(d[i * 3])) << "S=" << S << " item " << i;
    } else {
      EXPECT_EQ(f[i * 3], float(lane)) << "S=" << S << " item " << i;
      EXPECT_EQ(d[i * 3], double(lane)) << "S=" << S << " item " << i;
    }
    // +0.0 + -0.0 + ... is +0.0 for every item, the first included.
    EXPECT_TRUE(isPositiveZero(f[i * 3 + 1])) << "S=" << S << " item " << i;
    if (l == 0)
      EXPECT_TRUE(isPositiveZero(d[i * 3 + 1])) << "S=" << S << " " << i;
    else
      EXPECT_EQ(d[i * 3 + 1], double(l)) << "S=" << S << " item " << i;
    EXPECT_TRUE(f[i * 3 + 2] == 0 && std::signbit(f[i * 3 + 2]))
        << "S=" << S << " item " << i;
    EXPECT_TRUE(d[i * 3 + 2] == 0 && std::signbit(d[i * 3 + 2]))
        << "S=" << S << " item " << i;
  }
  sycl::free(f, q);
  sycl::free(d, q);
}

TEST(RealCode, ExclusiveScansStartAtPositiveZero) {
  forEachSubGroupSize([](auto S) { checkScanIdentities<S()>(); });
}

struct Particle {
  float x, y;
  int16_t tag;
  char kind;
};

template <uint32_t S> struct NonScalarKernel;

/// Group functions over vec, marray and a struct; reductions and scans over
/// vec and marray element by element; the id and group comparisons real
/// sub-group code writes.
template <uint32_t S> void checkNonScalarValuesAndComparisons() {
  sycl::queue q;
  const size_t wg = workGroupSize(S), n = 2 * wg;
  constexpr int F = 16;
  ItemIds *ids = sycl::malloc_shared<ItemIds>(n, q);
  float *out = sycl::malloc_shared<float>(n * F, q);
  q.parallel_for<NonScalarKernel<S>>(
       sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         sycl::sub_group sg = it.get_sub_group();
         size_t i = it.get_global_id(0);
         ids[i] = reportIds(it);
         float *r = out + i * F;
         uint32_t size = sg.get_local_linear_range();
         sycl::float4 v(float(i), 1.f, float(i % 3), -1.f);
         sycl::marray<int, 3> m{int(i), 2, int(i % 5)};
         Particle p{float(i), float(i) / 2, int16_t(i * 3), char('a' + i % 7)};
         sycl::float4 vb = sycl::group_broadcast(sg, v, size - 1);
         r[0] = vb[0];
         r[1] = vb[2];
         sycl::marray<int, 3> ms = sycl::shift_group_left(sg, m, 1);
         r[2] = float(ms[0]);
         Particle pp = sycl::permute_group_by_xor(sg, p, 1);
         r[3] = pp.y;
         r[4] = float(pp.tag);
         r[5] = float(pp.kind);
         Particle pr = sycl::shift_group_right(sg, p, 1);
         r[6] = pr.x;
         Particle psel = sycl::select_from_group(sg, p, 0);
         r[7] = float(psel.tag);
         sycl::float4 vs = sycl::reduce_over_group(sg, v, sycl::plus<>());
         r[8] = vs[0];
         r[9] = vs[1];
         sycl::marray<int, 3> mi =
             sycl::inclusive_scan_over_group(sg, m, sycl::plus<>());
         r[10] = float(mi[1]);
         sycl::float4 ve = sycl::exclusive_scan_over_group(
             sg, v, sycl::float4(10.f), sycl::plus<>());
         r[11] = ve[1];
         r[12] = sg.get_local_id() == 0 ? 1.f : 0.f;
         r[13] = 0 != sg.get_local_id() ? 1.f : 0.f;
         r[14] = (sg == it.get_sub_group() &&
                  it.get_group() == it.get_group() && it == it && !(sg != sg))
                     ? 1.f
                     : 0.f;
         sycl::id<1> fromRange(it.get_local_range());
         r[15] = float(fromRange[0]);
       })
      .wait();
  SubGroups SG = subGroupsOf(std::vector<ItemIds>(ids, ids + n), wg, S);
  for (size_t i = 0; i < n; ++i) {
    const std::vector<size_t> &lanes = SG.members[SG.of[i]];
    size_t size = lanes.size(), lane = ids[i].lane;
    size_t last = lanes[size - 1];
    const float *r = out + i * F;
    auto at = [&](size_t k) { return k < size ? lanes[k] : i; };
    ASSERT_EQ(r[0], float(last)) << "S=" << S << " item " << i;
    ASSERT_EQ(r[1], float(last % 3)) << "S=" << S << " item " << i;
    ASSERT_EQ(r[2], float(at(lane + 1))) << "S=" << S << " item " << i;
    size_t partner = at(lane ^ 1);
    ASSERT_EQ(r[3], float(partner) / 2) << "S=" << S << " item " << i;
    ASSERT_EQ(r[4], float(int16_t(partner * 3))) << "S=" << S << " " << i;
    ASSERT_EQ(r[5], float('a' + partner % 7)) << "S=" << S << " item " << i;
    ASSERT_EQ(r[6], float(lane >= 1 ? lanes[lane - 1] : i)) << "S=" << S;
    ASSERT_EQ(r[7], float(int16_t(lanes[0] * 3))) << "S=" << S;
    float sum = 0, prefix = 10;
    for (size_t k = 0; k < size; ++k)
      sum += float(lanes[k]);
    ASSERT_EQ(r[8], sum) << "S=" << S << " item " << i;
    ASSERT_EQ(r[9], float(size)) << "S=" << S << " item " << i;
    ASSERT_EQ(r[10], float(2 * (lane + 1))) << "S=" << S << " item " << i;
    prefix += float(lane);
    ASSERT_EQ(r[11], prefix) << "S=" << S << " item " << i;
    ASSERT_EQ(r[12], lane == 0 ? 1.f : 0.f) << "S=" << S << " item " << i;
    ASSERT_EQ(r[13], lane != 0 ? 1.f : 0.f) << "S=" << S << " item " << i;
    ASSERT_EQ(r[14], 1.f) << "S=" << S << " item " << i;
    ASSERT_EQ(r[15], float(wg)) << "S=" << S << " item " << i;
  }
  sycl::free(ids, q);
  sycl::free(out, q);
}

TEST(RealCode, NonScalarValuesAndComparisons) {
  forEachSubGroupSize(
      [](auto S) { checkNonScalarValuesAndComparisons<S()>(); });
}

struct Pair {
  float re, im;
};

/// Kept out of line: the x86-64 ABI passes and returns the pair as
/// <2 x float>, a vector per work-item.
[[gnu::noinline]] Pair mulPair(Pair a, Pair b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}

/// What each work-item computes, on the host and in the kernel alike.
struct PairsResult {
  int iterations;
  float re, im, picked, dot, zre, zim;
  sycl::float4 v;
};
PairsResult pairsAndComplex(size_t i, size_t n, sycl::float4 v,
                            sycl::float2 g) {
  std::complex<float> c(-2.0f + 2.5f * float(i % 17) / 16.0f,
                        -1.2f + 2.4f * float(i / 17 % 11) / 10.0f);
  std::complex<float> z = 0;
  int k = 0;
  while (k < 40 && std::norm(z) <= 4.0f) {
    z = z * z + c;
    ++k;
  }
  Pair p{v.x(), v.y()};
  if (i % 3 != 0)
    p = mulPair(p, Pair{g.x(), 0.5f});
  v = v.wzyx() * 2.0f + sycl::float4(g.x(), g.y(), g.y(), g.x());
  return {k, p.re, p.im, v[int(i % 4)], sycl::dot(v, v), z.real(), z.imag(), v};
}

template <uint32_t S> struct PairsKernel;

/// Vectors per work-item as real code has them: sycl::float4 and float2
/// loaded from consecutive and scattered addresses, swizzled and indexed by
/// a varying index, a pair of floats through a call that is not inlined, and
/// std::complex in a loop whose trip count differs per work-item.
template <uint32_t S> void checkPairsAndComplexValues() {
  sycl::queue q;
  const size_t wg = workGroupSize(S), n = 3 * wg;
  auto *vin = sycl::malloc_shared<sycl::float4>(n, q);
  auto *pin = sycl::malloc_shared<sycl::float2>(2 * n, q);
  auto *out = sycl::malloc_shared<PairsResult>(n, q);
  std::vector<sycl::float4> original(n);
  for (size_t i = 0; i < n; ++i)
    vin[i] = original[i] = sycl::float4(float(i % 7) - 3.0f, 0.25f * float(i),
                                        1.0f, -float(i % 5));
  for (size_t i = 0; i < 2 * n; ++i)
    pin[i] = sycl::float2(float(i % 9) * 0.5f, -float(i % 4));
  q.parallel_for<PairsKernel<S>>(
       sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         size_t i = it.get_global_id(0);
         sycl::float2 g = pin[(i * 7) % (2 * n)];
         PairsResult r = pairsAndComplex(i, n, vin[i], g);
         out[i] = r;
         vin[i] = r.v;
       })
      .wait();
  for (size_t i = 0; i < n; ++i) {
    PairsResult want =
        pairsAndComplex(i, n, original[i], pin[(i * 7) % (2 * n)]);
    const PairsResult &got = out[i];
    ASSERT_EQ(got.iterations, want.iterations) << "S=" << S << " item " << i;
    for (auto [g, w] : {std::pair{got.re, want.re},
                        {got.im, want.im},
                        {got.picked, want.picked},
                        {got.dot, want.dot},
                        {got.zre, want.zre},
                        {got.zim, want.zim}})
      ASSERT_NEAR(g, w, 1e-4f * (1.0f + std::fabs(w)))
          << "S=" << S << " item " << i;
    for (int e = 0; e < 4; ++e)
      ASSERT_EQ(vin[i][e], want.v[e]) << "S=" << S << " item " << i;
  }
  sycl::free(vin, q);
  sycl::free(pin, q);
  sycl::free(out, q);
}

TEST(RealCode, PairsComplexAndVecPerWorkItem) {
  forEachSubGroupSize([](auto S) { checkPairsAndComplexValues<S()>(); });
}

/// Every work-item's sub-group size summed over its sub-group: the size
/// squared where the kernel got the size it asked for.
inline uint32_t sumOfSubGroupSizes(sycl::nd_item<1> it) {
  sycl::sub_group sg = it.get_sub_group();
  return sycl::reduce_over_group(sg, uint32_t(sg.get_max_local_range()[0]),
                                 sycl::plus<>());
}

struct SubGroupSizeFunctor {
  uint32_t *out;
  [[sycl::reqd_sub_group_size(16)]] void operator()(sycl::nd_item<1> it) const {
    out[it.get_global_id(0)] = sumOfSubGroupSizes(it);
  }
};

/// The size as a template parameter, as benchmarks that sweep sizes write
/// it: each instantiation runs at its own size.
template <uint32_t S>
void maxLocalRangeSums(sycl::queue &q, uint32_t *out, size_t n) {
  q.parallel_for(sycl::nd_range<1>(n, 64),
                 [=] [[sycl::reqd_sub_group_size(S)]] (sycl::nd_item<1> it) {
                   out[it.get_global_id(0)] = sumOfSubGroupSizes(it);
                 });
  q.wait();
}

/// The same with the attribute after the parameters.
template <uint32_t S>
void maxLocalRangeSumsAfter(sycl::queue &q, uint32_t *out, size_t n) {
  q.parallel_for(sycl::nd_range<1>(n, 64),
                 [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(S)]] {
                   out[it.get_global_id(0)] = sumOfSubGroupSizes(it);
                 });
  q.wait();
}

/// SYCL's reqd_sub_group_size, through the clang plugin: on a functor's
/// operator(), and before or after a lambda's parameters with a literal or
/// a template parameter.
TEST(RealCode, ReqdSubGroupSizeAttributes) {
  sycl::queue q;
  const size_t n = 128;
  uint32_t *functor = sycl::malloc_shared<uint32_t>(n, q);
  uint32_t *lambda = sycl::malloc_shared<uint32_t>(n, q);
  q.parallel_for(sycl::nd_range<1>(n, 64), SubGroupSizeFunctor{functor});
  q.parallel_for(sycl::nd_range<1>(n, 64),
                 [=] [[sycl::reqd_sub_group_size(8)]] (sycl::nd_item<1> it) {
                   lambda[it.get_global_id(0)] = sumOfSubGroupSizes(it);
                 });
  q.wait();
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(functor[i], 16u * 16u) << i;
    ASSERT_EQ(lambda[i], 8u * 8u) << i;
  }
  // After the parameters, as the SYCL 2020 specification writes it.
  q.parallel_for(sycl::nd_range<1>(n, 64),
                 [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(32)]] {
                   functor[it.get_global_id(0)] = sumOfSubGroupSizes(it);
                 });
  q.parallel_for(sycl::nd_range<1>(n, 64),
                 [=](sycl::nd_item<1> it) [[intel::reqd_sub_group_size(4)]] {
                   lambda[it.get_global_id(0)] = sumOfSubGroupSizes(it);
                 });
  q.wait();
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(functor[i], 32u * 32u) << i;
    ASSERT_EQ(lambda[i], 4u * 4u) << i;
  }
  // Every work-item's sum of its sub-group's maximum sizes: S * S.
  auto ExpectSums = [&](unsigned S) {
    for (size_t i = 0; i < n; ++i)
      ASSERT_EQ(lambda[i], S * S) << "size " << S << ", item " << i;
  };
  maxLocalRangeSums<4>(q, lambda, n);
  ExpectSums(4);
  maxLocalRangeSums<32>(q, lambda, n);
  ExpectSums(32);
  maxLocalRangeSumsAfter<64>(q, lambda, n);
  ExpectSums(64);
  maxLocalRangeSumsAfter<8>(q, lambda, n);
  ExpectSums(8);
  sycl::free(functor, q);
  sycl::free(lambda, q);
}

/// reqd_sub_group_size on kernels the header wraps: a basic range kernel
/// (its bounds check), one with a reduction, and one over item<2>, each in
/// whole sub-groups. Each work-item stores the sum of its sub-group's maximum
/// sizes, S * S.
TEST(RealCode, ReqdSubGroupSizeOnRangeKernels) {
  sycl::queue q;
  const size_t n = 256;
  uint32_t *out = sycl::malloc_shared<uint32_t>(n, q);
  int *count = sycl::malloc_shared<int>(1, q);
  auto sumOfSizes = [] {
    sycl::sub_group sg = sycl::ext::oneapi::this_work_item::get_sub_group();
    return sycl::reduce_over_group(sg, uint32_t(sg.get_max_local_range()[0]),
                                   sycl::plus<>());
  };
  q.parallel_for(sycl::range<1>(n),
                 [=](sycl::id<1> i) [[sycl::reqd_sub_group_size(32)]] {
                   out[i] = sumOfSizes();
                 });
  q.wait();
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i], 32u * 32u) << i;
  *count = 0;
  q.parallel_for(sycl::range<1>(n), sycl::reduction(count, sycl::plus<>()),
                 [=](sycl::id<1> i, auto &r) [[sycl::reqd_sub_group_size(16)]] {
                   out[i] = sumOfSizes();
                   r += 1;
                 });
  q.wait();
  EXPECT_EQ(*count, int(n));
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i], 16u * 16u) << i;
  q.parallel_for(sycl::range<2>(4, 64),
                 [=](sycl::item<2> it) [[sycl::reqd_sub_group_size(8)]] {
                   out[it.get_linear_id()] = sumOfSizes();
                 });
  q.wait();
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i], 8u * 8u) << i;
  sycl::free(out, q);
  sycl::free(count, q);
}

/// The error code a launch throws, or none.
template <typename Launch>
std::optional<std::error_code> launchError(Launch L) {
  try {
    L();
  } catch (const sycl::exception &E) {
    return E.code();
  }
  return std::nullopt;
}

struct RequiresWorkGroupOf8 {
  int *out;
  [[sycl::reqd_work_group_size(8)]] void operator()(sycl::nd_item<1> it) const {
    out[it.get_global_id(0)] = int(it.get_local_range(0));
  }
};

template <int Rows, int Cols>
void requireTile(sycl::queue &q, int *out, sycl::range<2> local) {
  q.parallel_for(
      sycl::nd_range<2>({16, 16}, local),
      [=](sycl::nd_item<2> it) [[sycl::reqd_work_group_size(Rows, Cols)]] {
        out[it.get_global_linear_id()] = int(it.get_local_linear_id());
      });
  q.wait();
}

/// SYCL 2020 5.8.1: a kernel with reqd_work_group_size runs with that
/// work-group size, an nd-range of another size throws errc::nd_range
/// before anything runs, a size the device cannot have throws
/// errc::kernel_not_supported, and a basic range kernel (its work-group size
/// the implementation's choice) runs.
TEST(RealCode, ReqdWorkGroupSize) {
  sycl::queue q;
  const size_t n = 256;
  int *out = sycl::malloc_shared<int>(n, q);
  auto Fill = [&] { std::fill(out, out + n, -1); };
  auto Unchanged = [&] {
    return std::all_of(out, out + n, [](int v) { return v == -1; });
  };

  Fill();
  EXPECT_EQ(launchError([&] {
              q.parallel_for(sycl::nd_range<1>(64, 8),
                             RequiresWorkGroupOf8{out});
              q.wait();
            }),
            std::nullopt);
  for (size_t i = 0; i < 64; ++i)
    ASSERT_EQ(out[i], 8) << i;

  Fill();
  EXPECT_EQ(launchError([&] {
              q.parallel_for(sycl::nd_range<1>(64, 16),
                             RequiresWorkGroupOf8{out});
              q.wait();
            }),
            std::make_optional(sycl::make_error_code(sycl::errc::nd_range)));
  EXPECT_TRUE(Unchanged());

  // Two dimensions, the sizes from template parameters.
  Fill();
  EXPECT_EQ(launchError([&] {
              requireTile<2, 8>(q, out, {2, 8});
            }),
            std::nullopt);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i], int((i / 16 % 2) * 8 + i % 8)) << i;
  Fill();
  EXPECT_EQ(launchError([&] {
              requireTile<2, 8>(q, out, {8, 2});
            }),
            std::make_optional(sycl::make_error_code(sycl::errc::nd_range)));
  EXPECT_TRUE(Unchanged());

  Fill();
  EXPECT_EQ(launchError([&] {
              q.parallel_for(
                  sycl::nd_range<1>(1 << 17, 1 << 16),
                  [=](sycl::nd_item<1> it)
                      [[sycl::reqd_work_group_size(131072)]] { out[0] = 1; });
              q.wait();
            }),
            std::make_optional(
                sycl::make_error_code(sycl::errc::kernel_not_supported)));
  EXPECT_TRUE(Unchanged());

  // A basic range kernel, and one with a reduction, over a range no
  // work-group size divides.
  Fill();
  int *count = sycl::malloc_shared<int>(1, q);
  *count = 0;
  EXPECT_EQ(launchError([&] {
              q.parallel_for(sycl::range<1>(n - 3),
                             [=](sycl::id<1> i)
                                 [[sycl::reqd_work_group_size(32)]] {
                                   out[i] = int(i[0]);
                                 });
              q.parallel_for(
                  sycl::range<1>(n - 3), sycl::reduction(count, sycl::plus<>()),
                  [=](sycl::id<1> i, auto &r)
                      [[sycl::reqd_work_group_size(32)]] { r += int(i[0]); });
              q.wait();
            }),
            std::nullopt);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i], i < n - 3 ? int(i) : -1) << i;
  EXPECT_EQ(*count, int((n - 3) * (n - 4) / 2));
  sycl::free(count, q);
  sycl::free(out, q);
}

/// Buffers made from containers and iterator ranges, with deduced types and
/// accessors, as SYCL 2020 code writes them.
TEST(RealCode, BuffersOverContainersAndDeducedAccessors) {
  std::vector<int> v(64);
  std::iota(v.begin(), v.end(), 0);
  std::array<float, 64> a{};
  std::list<double> l(64, 0.5);
  {
    sycl::queue q;
    sycl::buffer bv{v};
    sycl::buffer ba{a};
    sycl::buffer bl(l.begin(), l.end());
    static_assert(std::is_same_v<decltype(bv), sycl::buffer<int, 1>>);
    static_assert(std::is_same_v<decltype(ba), sycl::buffer<float, 1>>);
    static_assert(std::is_same_v<decltype(bl), sycl::buffer<double, 1>>);
    q.submit([&](sycl::handler &h) {
      sycl::accessor in{bv, h, sycl::read_only};
      sycl::accessor out{ba, h, sycl::write_only, sycl::no_init};
      sycl::accessor half{bl, h};
      h.parallel_for(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> it) {
        size_t i = it.get_global_id(0);
        out[i] = float(in[i]) * float(half[i]);
      });
    });
  }
  for (size_t i = 0; i < 64; ++i)
    ASSERT_EQ(a[i], float(i) * 0.5f) << i;
}

template <uint32_t S> struct ExternalCallKernel;

/// Calls to SYCL_EXTERNAL functions of another translation unit, from
/// divergent code and next to a sub-group collective: clang cannot prove
/// them nounwind, so inside the noexcept kernel entry they come as invokes
/// with a landing pad that terminates.
template <uint32_t S> void checkExternalCalls() {
  static_assert(SYCL_LANGUAGE_VERSION >= 202012);
  sycl::queue q;
  const size_t wg = workGroupSize(S), n = 3 * wg;
  float *out = sycl::malloc_shared<float>(n, q);
  int *steps = sycl::malloc_shared<int>(n, q);
  q.parallel_for<ExternalCallKernel<S>>(
       sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         size_t i = it.get_global_id(0);
         float x = externalAxpy(2.0f, float(i), 1.0f);
         float total = sycl::reduce_over_group(it.get_sub_group(), x,
                                               sycl::plus<float>());
         out[i] = total;
         steps[i] = i % 3 ? externalCollatzSteps(int(i) + 1) : -1;
       })
      .wait();
  for (size_t i = 0; i < n; ++i) {
    size_t first = i - i % wg + (i % wg) / S * S;
    size_t last = std::min(first + S, i - i % wg + wg);
    float want = 0;
    for (size_t j = first; j < last; ++j)
      want += 2.0f * float(j) + 1.0f;
    ASSERT_EQ(out[i], want) << "S=" << S << " item " << i;
    ASSERT_EQ(steps[i], i % 3 ? externalCollatzSteps(int(i) + 1) : -1)
        << "S=" << S << " item " << i;
  }
  sycl::free(out, q);
  sycl::free(steps, q);
}

TEST(RealCode, ExternalFunctionCalls) {
  forEachSubGroupSize([](auto S) { checkExternalCalls<S()>(); });
}

template <uint32_t S> struct ExternalItemKernel;

/// A SYCL_EXTERNAL function of another file that takes the nd_item and asks
/// it for ids (distort, eikonal): every work-item's own, under divergence.
template <uint32_t S> void checkExternalItemCalls() {
  sycl::queue q;
  const size_t rows = 6, wgRows = 2, wgCols = workGroupSize(S) / 2,
               cols = 4 * wgCols;
  uint64_t *out = sycl::malloc_shared<uint64_t>(rows * cols, q);
  std::fill(out, out + rows * cols, ~uint64_t(0));
  q.parallel_for<ExternalItemKernel<S>>(
       sycl::nd_range<2>({rows, cols}, {wgRows, wgCols}),
       xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<2> it) {
         if ((it.get_global_id(0) + it.get_global_id(1)) % 3 != 1)
           externalWriteItemIds(it, out);
       })
      .wait();
  const size_t wgSize = wgRows * wgCols;
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c) {
      size_t g = r * cols + c;
      if ((r + c) % 3 == 1) {
        ASSERT_EQ(out[g], ~uint64_t(0)) << "S=" << S << " item " << g;
        continue;
      }
      size_t lr = r % wgRows, lc = c % wgCols, lin = lr * wgCols + lc;
      size_t sgSize = std::min<size_t>(S, wgSize - lin / S * S);
      uint64_t fields[] = {
          lr,  lc,      r / wgRows, c / wgCols, wgCols, rows / wgRows,
          lin, lin % S, lin / S,    sgSize};
      uint64_t want = 0;
      for (uint64_t f : fields)
        want = want * 256 + f;
      ASSERT_EQ(out[g], want) << "S=" << S << " item " << g;
    }
  sycl::free(out, q);
}

TEST(RealCode, ExternalFunctionTakesTheItem) {
  forEachSubGroupSize([](auto S) { checkExternalItemCalls<S()>(); });
}

void runExternalBarrier() {
  sycl::queue q;
  q.parallel_for(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1> it) {
     externalBarrier(it);
   }).wait();
}

/// A barrier in a function of another file cannot be lowered: the run
/// stops with a message that says where the function must live.
TEST(RealCodeDeathTest, BarrierInAFunctionOfAnotherFile) {
  if (const char *Engine = std::getenv("SUBLANE_ENGINE");
      Engine && std::string(Engine) == "fibers")
    GTEST_SKIP() << "the fiber engine runs every function's barriers";
  EXPECT_DEATH(runExternalBarrier(),
               "called in a function of another file that a kernel passed "
               "its work-item to");
}

template <uint32_t S> struct ExternalStructKernel;

/// A SYCL_EXTERNAL function that takes and returns a small struct, which
/// the ABI passes in registers, as a vector and an integer: each lane's
/// call under a divergent branch, its fields read apart and written back.
template <uint32_t S> void checkExternalStructCalls() {
  sycl::queue q;
  const size_t wg = workGroupSize(S), n = 3 * wg;
  ExternalParticle *ps = sycl::malloc_shared<ExternalParticle>(n, q);
  float *sums = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < n; ++i)
    ps[i] = {float(i), 0.5f * float(i), -float(i), int(i)};
  q.parallel_for<ExternalStructKernel<S>>(
       sycl::nd_range<1>(n, wg),
       sycl::ext::oneapi::experimental::properties{
           sycl::ext::oneapi::experimental::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         size_t i = it.get_global_id(0);
         ExternalParticle p = ps[i];
         if (i % 3 != 1)
           p = externalParticleStep(p, float(i % 5));
         ps[i] = p;
         sums[i] = p.x + p.y + p.z + float(p.id);
       })
      .wait();
  for (size_t i = 0; i < n; ++i) {
    ExternalParticle want = {float(i), 0.5f * float(i), -float(i), int(i)};
    if (i % 3 != 1)
      want = externalParticleStep(want, float(i % 5));
    ASSERT_EQ(ps[i].x, want.x) << "S=" << S << " item " << i;
    ASSERT_EQ(ps[i].y, want.y) << "S=" << S << " item " << i;
    ASSERT_EQ(ps[i].z, want.z) << "S=" << S << " item " << i;
    ASSERT_EQ(ps[i].id, want.id) << "S=" << S << " item " << i;
    ASSERT_EQ(sums[i], want.x + want.y + want.z + float(want.id))
        << "S=" << S << " item " << i;
  }
  sycl::free(ps, q);
  sycl::free(sums, q);
}

TEST(RealCode, ExternalStructCalls) {
  forEachSubGroupSize([](auto S) { checkExternalStructCalls<S()>(); });
}

template <uint32_t S> struct ReturnBeforeBarrierKernel;
template <uint32_t S> struct ReturnAroundBarriersKernel;

/// Work-items that return while the others go on to barriers, as code
/// ported from CUDA has them (`if (gid >= n) return;` in front of a loop
/// that synchronises; `if (gid < n) { ... }` around barriers, after one
/// that all reach): the returned ones drop out of the later barriers, as on
/// a GPU, and the others finish. How many items of each group stay is read
/// from memory (all, two, none, all but two), an even number, so that the
/// neighbour each reads (lid ^ 1) stays too; the second kernel's last
/// exchange waits at a sub-group barrier, with whole, partial and no
/// sub-groups returned.
template <uint32_t S> void checkReturnBeforeBarrier() {
  sycl::queue q;
  const size_t wg = S == 1 ? 8 : workGroupSize(S), groups = 4, n = wg * groups;
  const size_t stay[groups] = {wg, 2, 0, wg - 2};
  size_t *alive = sycl::malloc_shared<size_t>(groups, q);
  int *looped = sycl::malloc_shared<int>(n, q);
  int *exchanged = sycl::malloc_shared<int>(n, q);
  std::copy(stay, stay + groups, alive);
  std::fill(looped, looped + n, -1);
  std::fill(exchanged, exchanged + n, -1);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile(sycl::range<1>(wg), h);
     h.parallel_for<ReturnBeforeBarrierKernel<S>>(
         sycl::nd_range<1>(n, wg),
         sycl::ext::oneapi::experimental::properties{
             sycl::ext::oneapi::experimental::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           size_t lid = it.get_local_id(0), gid = it.get_global_id(0);
           if (lid >= alive[it.get_group(0)])
             return;
           int v = int(gid);
           for (int step = 0; step < 3; ++step) {
             tile[lid] = v;
             sycl::group_barrier(it.get_group());
             v += 2 * tile[lid ^ 1] + step;
             sycl::group_barrier(it.get_group());
           }
           looped[gid] = v;
         });
   }).wait();
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile(sycl::range<1>(wg), h);
     h.parallel_for<ReturnAroundBarriersKernel<S>>(
         sycl::nd_range<1>(n, wg),
         sycl::ext::oneapi::experimental::properties{
             sycl::ext::oneapi::experimental::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           size_t lid = it.get_local_id(0), gid = it.get_global_id(0);
           tile[lid] = int(gid);
           sycl::group_barrier(it.get_group());
           int v = tile[(lid + 1) % wg];
           if (lid < alive[it.get_group(0)]) {
             sycl::group_barrier(it.get_group());
             tile[lid] = 3 * v;
             if constexpr (S > 1)
               sycl::group_barrier(it.get_sub_group());
             else
               sycl::group_barrier(it.get_group());
             exchanged[gid] = v + tile[lid ^ 1];
           }
         });
   }).wait();
  for (size_t g = 0; g < groups; ++g) {
    for (size_t lid = 0; lid < wg; ++lid) {
      size_t gid = g * wg + lid;
      int wantLooped = -1, wantExchanged = -1;
      if (lid < stay[g]) {
        int v = int(gid), u = int(gid ^ 1);
        for (int step = 0; step < 3; ++step) {
          int nv = v + 2 * u + step, nu = u + 2 * v + step;
          v = nv;
          u = nu;
        }
        wantLooped = v;
        auto first = [&](size_t l) { return int(g * wg + (l + 1) % wg); };
        wantExchanged = first(lid) + 3 * first(lid ^ 1);
      }
      ASSERT_EQ(looped[gid], wantLooped)
          << "S=" << S << " group " << g << " item " << lid;
      ASSERT_EQ(exchanged[gid], wantExchanged)
          << "S=" << S << " group " << g << " item " << lid;
    }
  }
  sycl::free(alive, q);
  sycl::free(looped, q);
  sycl::free(exchanged, q);
}

TEST(RealCode, WorkItemsReturnBeforeBarriers) {
  forEachSubGroupSize([](auto S) { checkReturnBeforeBarrier<S()>(); });
}

template <uint32_t S> struct LeaderCheckInBarrierLoopKernel;

/// A loop every work-item runs, k times, with barriers, in which the first
/// work-item of the group writes its result and checks it (a trap where an
/// assertion would be; the suite builds with NDEBUG), as moe's top-k kernel
/// does. The check's exit into a dead end has the vectorizer run the loop
/// under a mask, whose last pass no lane runs: nothing may be written then
/// (the leader once wrote a k+1st result, past its group's).
template <uint32_t S> void checkLeaderCheckInBarrierLoop() {
  sycl::queue q;
  const size_t wg = S == 1 ? 8 : workGroupSize(S), groups = 4;
  for (int k : {1, 3}) {
    const size_t outs = groups * k;
    int *out = sycl::malloc_shared<int>(outs + 8, q);
    std::fill(out, out + outs + 8, -7);
    q.submit([&](sycl::handler &h) {
       sycl::local_accessor<int, 1> tile(sycl::range<1>(wg), h);
       h.parallel_for<LeaderCheckInBarrierLoopKernel<S>>(
           sycl::nd_range<1>(groups * wg, wg),
           sycl::ext::oneapi::experimental::properties{
               sycl::ext::oneapi::experimental::sub_group_size<S>},
           [=](sycl::nd_item<1> it) {
             int lid = int(it.get_local_id(0)), g = int(it.get_group(0));
             for (int i = 0; i < k; ++i) {
               tile[lid] = lid + i;
               sycl::group_barrier(it.get_group());
               if (lid == 0) {
                 int at = k * g + i;
                 out[at] = tile[wg - 1];
                 if (out[at] < 0)
                   __builtin_trap();
               }
               sycl::group_barrier(it.get_group());
             }
           });
     }).wait();
    for (size_t i = 0; i < outs + 8; ++i)
      ASSERT_EQ(out[i], i < outs ? int(wg - 1 + i % k) : -7)
          << "S=" << S << " k=" << k << " at " << i;
    sycl::free(out, q);
  }
}

TEST(RealCode, LeaderCheckInBarrierLoop) {
  forEachSubGroupSize([](auto S) { checkLeaderCheckInBarrierLoop<S()>(); });
}

} // namespace

namespace {

/// A warp-synchronous prefix sum as CUDA samples write it (split's and
/// radixsort's scanwarp): each work-item doubles its slot in local memory,
/// behind 32 zeros, and adds the slot 1, 2, 4, 8 and 16 below through a
/// volatile pointer, with no barrier between the steps. It needs the 32
/// work-items of a warp in lockstep; a kernel that accesses memory through
/// volatile pointers and requests no size gets sub-groups of 32, where it
/// does. SYCL leaves the pattern undefined, and the fiber engine, which
/// runs work-items one by one, gives other sums.
TEST(RealCode, WarpSynchronousScanThroughVolatile) {
  if (const char *Engine = std::getenv("SUBLANE_ENGINE");
      Engine && std::string(Engine) == "fibers")
    GTEST_SKIP() << "the fiber engine runs work-items one by one";
#ifdef SUBLANE_TEST_VARIANT_HCBS
  GTEST_SKIP() << "hierarchical CBS runs a sub-group's lanes one by one";
#endif
  sycl::queue q;
  const size_t wg = 128, groups = 6, n = wg * groups;
  unsigned *in = sycl::malloc_shared<unsigned>(n, q);
  unsigned *out = sycl::malloc_shared<unsigned>(n, q);
  for (size_t i = 0; i < n; ++i)
    in[i] = unsigned(i * 7 % 13);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<unsigned, 1> scratch(sycl::range<1>(2 * wg), h);
     h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
       int lid = int(it.get_local_id(0));
       volatile unsigned *s =
           scratch.get_multi_ptr<sycl::access::decorated::no>().get();
       int idx = 2 * lid - (lid & 31);
       s[idx] = 0;
       idx += 32;
       s[idx] = in[it.get_global_id(0)];
       for (int d = 1; d < 32; d *= 2)
         s[idx] += s[idx - d];
       out[it.get_global_id(0)] = s[idx];
     });
   }).wait();
  for (size_t warp = 0; warp < n / 32; ++warp) {
    unsigned sum = 0;
    for (size_t lane = 0; lane < 32; ++lane) {
      sum += in[warp * 32 + lane];
      ASSERT_EQ(out[warp * 32 + lane], sum)
          << "warp " << warp << " lane " << lane;
    }
  }
  sycl::free(in, q);
  sycl::free(out, q);
}

} // namespace
