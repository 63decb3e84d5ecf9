//===- PrivateArraysTest.cpp - Arrays private to each work-item -----------===//
//
// Private arrays that stay in memory after -O2 (a run-time trip count, an
// index that differs between work-items): indexed alike in every lane, by a
// per-lane index, written under a divergent branch (also at an index the
// lanes share, which the vectorizer blends without AVX-512) or by loops that
// run a different number of times per lane, arrays of structs and of doubles
// and bytes, and one whose address a call takes. Checked against the host at
// every sub-group size, with a partial last sub-group where the size allows,
// compiled and on the fiber engine; and arrays moved in pieces wider than
// their elements (16-byte vectors, whole rows copied into a struct and
// through local memory), as GPU code moves them.
//
//===----------------------------------------------------------------------===//

#include "CollectivesCommon.h"

#include <algorithm>
#include <cstring>

namespace {

using namespace collectives;

constexpr int Capacity = 24;

struct Particle {
  float weight;
  int count;
};

/// Out of line, so that the array's address escapes into a call.
[[gnu::noinline]] long sumOf(const long *values, int n) {
  long s = 0;
  for (int k = 0; k < n; ++k)
    s += values[k];
  return s;
}

/// What each item computes, on the host.
struct Expected {
  float reversed;
  int histogram;
  float divergent;
  float particles;
  double doubles;
  int bytes;
  long escaped;
  int counted;
};

Expected expectedFor(size_t i, const float *in, int n) {
  Expected e{};
  float buf[Capacity];
  for (int k = 0; k < n; ++k)
    buf[k] = in[i + size_t(k)];
  for (int k = 0; k < n; ++k)
    e.reversed += buf[k] * buf[n - 1 - k];
  int hist[8] = {};
  for (int k = 0; k < n; ++k)
    hist[int(in[i + size_t(k)]) % 8] += k;
  e.histogram = hist[i % 8] * 100 + hist[(i + 3) % 8];
  float part[Capacity];
  int mine = int(i % 7) + 2;
  for (int k = 0; k < mine; ++k)
    part[k] = float(k) * in[i];
  if (i % 3 == 0)
    for (int k = 0; k < mine; k += 2)
      part[k] = -part[k];
  for (int k = 0; k < mine; ++k)
    e.divergent += part[k];
  Particle ps[Capacity];
  for (int k = 0; k < n; ++k)
    ps[k] = {in[i + size_t(k)] * 0.5f, k};
  for (int k = n - 1; k >= 0; --k)
    e.particles += ps[k].weight * float(ps[k].count);
  double d[Capacity];
  for (int k = 0; k < n; ++k)
    d[k] = double(in[i + size_t(k)]) / 4.0;
  for (int k = 1; k < n; ++k)
    d[k] += d[k - 1];
  e.doubles = d[n - 1];
  unsigned char c[Capacity];
  for (int k = 0; k < n; ++k)
    c[k] = (unsigned char)(int(in[i + size_t(k)]) * 37 + k);
  for (int k = 0; k < n; ++k)
    e.bytes += c[k] ^ c[(k + int(i)) % n];
  long l[Capacity];
  for (int k = 0; k < n; ++k)
    l[k] = long(in[i + size_t(k)]) * long(k);
  e.escaped = sumOf(l, n);
  // Updated under a condition that differs between items, at an index they
  // share: a masked store of a whole element's row, ints and bytes.
  int counts[8];
  unsigned char last[8];
  for (int b = 0; b < 8; ++b) {
    counts[b] = b;
    last[b] = 0;
  }
  for (int k = 0; k < n; ++k) {
    int v = int(in[i + size_t(k)]);
    if ((v + int(i)) % 3 == 0) {
      counts[k % 8] += v;
      last[k % 8] = (unsigned char)(k + 1);
    }
  }
  e.counted =
      (counts[i % 8] * 7 + counts[(i + 5) % 8]) * 256 + last[(i + 2) % 8];
  return e;
}

template <uint32_t S> struct PrivateArraysKernel;

template <uint32_t S> void checkPrivateArrays(size_t wg) {
  sycl::queue q;
  const size_t n = 3 * wg;
  // The trip count comes from memory: the arrays cannot become registers.
  int *count = sycl::malloc_shared<int>(1, q);
  *count = 19;
  float *in = sycl::malloc_shared<float>(n + Capacity, q);
  Expected *out = sycl::malloc_shared<Expected>(n, q);
  for (size_t j = 0; j < n + Capacity; ++j)
    in[j] = float((j * 11) % 13);
  std::memset(out, 0xff, n * sizeof(Expected));
  q.parallel_for<PrivateArraysKernel<S>>(
       sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         out[it.get_global_id(0)] =
             expectedFor(it.get_global_id(0), in, *count);
       })
      .wait();
  for (size_t i = 0; i < n; ++i) {
    Expected e = expectedFor(i, in, *count);
    const Expected &g = out[i];
    std::string at = "S=" + std::to_string(S) + " wg=" + std::to_string(wg) +
                     " item " + std::to_string(i);
    ASSERT_EQ(g.reversed, e.reversed) << at;
    ASSERT_EQ(g.histogram, e.histogram) << at;
    ASSERT_EQ(g.divergent, e.divergent) << at;
    ASSERT_EQ(g.particles, e.particles) << at;
    ASSERT_EQ(g.doubles, e.doubles) << at;
    ASSERT_EQ(g.bytes, e.bytes) << at;
    ASSERT_EQ(g.escaped, e.escaped) << at;
    ASSERT_EQ(g.counted, e.counted) << at;
  }
  sycl::free(count, q);
  sycl::free(in, q);
  sycl::free(out, q);
}

TEST(PrivateArrays, IndexedAlikeByLaneAndUnderDivergence) {
  forEachSubGroupSize([](auto S) {
    for (size_t wg : workGroupSizes(S()))
      checkPrivateArrays<S()>(wg);
  });
}

/// Eight floats, copied as a whole (a memcpy of 32 bytes).
struct Chunk {
  float v[8];
};

/// What item \p i of work-group size \p wg computes from \p in in the
/// kernel below, on the host; \p sgSum is its sub-group's sum of x[1][3].
float expectedMoved(size_t i, size_t wg, const float *in, float sgSum) {
  auto X = [&](size_t j, int c, int k) {
    return in[(j * 2 + size_t(c)) * 8 + size_t(k)] * float(k + 1);
  };
  size_t base = i - i % wg, next = base + (i % wg + 1) % wg;
  float r = sgSum;
  for (int k = 0; k < 8; ++k)
    r += X(next, int(next % 2), k) * float(k + 1) +
         X(i, 0, int((size_t(k) + i) % 8)) - X(i, 1, k);
  return r;
}

template <uint32_t S> struct MovedPrivatesKernel;

/// GPU code moves private arrays in pieces wider than their elements: loads
/// of 16 bytes from global memory into a float array (`uint4`), a whole
/// row copied into a struct by an index that differs between items, the
/// struct through local memory to a neighbour, and a sub-group reduction of
/// one element. The vectorizer splits such copies into elements.
template <uint32_t S> void checkMovedPrivates(size_t wg) {
  sycl::queue q;
  const size_t n = 3 * wg;
  float *in = sycl::malloc_shared<float>(n * 16, q);
  float *out = sycl::malloc_shared<float>(n, q);
  for (size_t j = 0; j < n * 16; ++j)
    in[j] = float((j * 7) % 11);
  std::fill(out, out + n, -1.0f);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<Chunk, 1> rows(sycl::range<1>(wg), h);
     h.parallel_for<MovedPrivatesKernel<S>>(
         sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
         [=](sycl::nd_item<1> it) {
           size_t i = it.get_global_id(0), l = it.get_local_id(0);
           float x[2][8];
           for (int c = 0; c < 2; ++c)
             for (int r = 0; r < 2; ++r) {
               sycl::uint4 v;
               std::memcpy(&v, in + (i * 2 + size_t(c)) * 8 + size_t(r) * 4,
                           sizeof v);
               std::memcpy(&x[c][r * 4], &v, sizeof v);
             }
           for (int c = 0; c < 2; ++c)
             for (int k = 0; k < 8; ++k)
               x[c][k] *= float(k + 1);
           Chunk mine;
           std::memcpy(mine.v, x[i % 2], sizeof mine.v);
           rows[l] = mine;
           sycl::group_barrier(it.get_group());
           Chunk theirs = rows[(l + 1) % wg];
           float r = sycl::reduce_over_group(it.get_sub_group(), x[1][3],
                                             sycl::plus<float>());
           for (int k = 0; k < 8; ++k)
             r += theirs.v[k] * float(k + 1) + x[0][(size_t(k) + i) % 8] -
                  x[1][k];
           out[i] = r;
         });
   }).wait();
  for (size_t i = 0; i < n; ++i) {
    size_t first = i - i % wg + (i % wg) / S * S;
    size_t last = std::min(first + S, i - i % wg + wg);
    float sgSum = 0;
    for (size_t j = first; j < last; ++j)
      sgSum += in[(j * 2 + 1) * 8 + 3] * 4.0f;
    ASSERT_EQ(out[i], expectedMoved(i, wg, in, sgSum))
        << "S=" << S << " wg=" << wg << " item " << i;
  }
  sycl::free(in, q);
  sycl::free(out, q);
}

TEST(PrivateArrays, MovedInWidePiecesAndCopiedWhole) {
  forEachSubGroupSize([](auto S) {
    for (size_t wg : workGroupSizes(S()))
      checkMovedPrivates<S()>(wg);
  });
}

} // namespace
