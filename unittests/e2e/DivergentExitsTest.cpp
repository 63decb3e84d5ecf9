//===- DivergentExitsTest.cpp - Values of loops lanes leave at different times
//
// Loops whose exit differs between the work-items of a sub-group: searches
// whose hit test divides an id-affine value (`(b * 5 + g) % 7`), nests left
// by `return`, by a flag and `break` and by `goto`, searches over private
// arrays whose index is used after the loop, an insertion sort, and values of
// every kind (integers, floats, pointers, indices) carried out. Inside such a
// loop a counter is the same for the lanes still in it, but each lane that
// left keeps its own. Checked against the host at every sub-group size, with
// a partial last sub-group where the size allows, compiled and on the fiber
// engine; a kernel that returns from inside a loop nest; a loop whose lanes
// may leave only at a trap, whose last iteration reaches arrays' ends; and
// values read from memory that is written again before a broadcast of them.
//
//===----------------------------------------------------------------------===//

#include "CollectivesCommon.h"

#include <algorithm>
#include <string>

#include <sys/mman.h>
#include <unistd.h>

namespace {

using namespace collectives;

constexpr int Span = 8;

struct Found {
  int remainder, quotient, unsignedRemainder, runtimeDivisor;
  int returned, flagged, jumped;
  int privateIndex, sorted;
  float grown;
  int grownSteps, pointerOffset, loaded, loadedSteps, offsetCompare;
};

/// The first (a, c) whose hit test holds, left by `return`.
int findByReturn(int g) {
  for (int a = 0; a < 6; ++a)
    for (int c = 0; c < 6; ++c)
      if ((a * 7 + c * 3 + g) % 19 == 0)
        return a * 10 + c;
  return -1;
}

int findByFlag(int g) {
  bool found = false;
  int at = -1;
  for (int a = 0; a < 6; ++a) {
    for (int c = 0; c < 6; ++c)
      if ((a * 7 + c * 3 + g) % 19 == 0) {
        found = true;
        at = a * 10 + c;
        break;
      }
    if (found)
      break;
  }
  return at;
}

int findByGoto(int g) {
  int a = 0, c = 0;
  for (a = 0; a < 6; ++a)
    for (c = 0; c < 6; ++c)
      if ((a * 7 + c * 3 + g) / 3 % 7 == 2)
        goto done;
  return -1;
done:
  return a * 10 + c;
}

/// What item \p i computes, on the host and in the kernel. \p divisor and
/// \p in come from memory: the compiler cannot fold them.
Found search(size_t i, int divisor, const float *in) {
  Found f{};
  int g = int(i);
  int b = 0;
  while (b < 9 && (b * 5 + g) % 7 != 0)
    ++b;
  f.remainder = b;
  int q = 0;
  while (q < 40 && (q * 3 + g) / 5 % 4 != 1)
    ++q;
  f.quotient = q;
  unsigned u = 0;
  while (u < 12 && (u * 6 + unsigned(g)) % 11u != 3u)
    ++u;
  f.unsignedRemainder = int(u);
  int r = 0;
  while (r < 20 && (r * 4 + g) % divisor != divisor - 1)
    ++r;
  f.runtimeDivisor = r;

  f.returned = findByReturn(g);
  f.flagged = findByFlag(g);
  f.jumped = findByGoto(g);

  int a[Span];
  for (int k = 0; k < Span; ++k)
    a[k] = (g * 37 + k * 11) % 100;
  int j = 0;
  for (; j < Span; ++j)
    if (a[j] <= 50)
      break;
  f.privateIndex = j;
  for (int s = 1; s < Span; ++s) {
    int v = a[s];
    int k = s - 1;
    while (k >= 0 && a[k] > v) {
      a[k + 1] = a[k];
      --k;
    }
    a[k + 1] = v;
  }
  for (int k = 0; k < Span; ++k)
    f.sorted = f.sorted * 3 + a[k];

  float x = 1.0f;
  int steps = 0;
  while (x < float(g % 13) * 4.0f) {
    x *= 1.5f;
    ++steps;
  }
  f.grown = x;
  f.grownSteps = steps;

  const float *p = in;
  while (*p < float(g % 11) * 0.5f)
    ++p;
  f.pointerOffset = int(p - in);

  // A contiguous load inside the loop, at an address the lanes still in
  // it share a counter for.
  int k = 0;
  float acc = 0.0f;
  while (k < 10 && acc < float(g % 17)) {
    acc += in[k * 4 + g];
    ++k;
  }
  f.loaded = int(acc * 8.0f);
  f.loadedSteps = k;

  int c = 0;
  while (c < 64 && c * 2 + g < 50 + c)
    ++c;
  f.offsetCompare = c;
  return f;
}

template <uint32_t S> struct DivergentExitsKernel;

template <uint32_t S> void checkDivergentExits(size_t wg) {
  sycl::queue q;
  const size_t n = 3 * wg;
  int *divisor = sycl::malloc_shared<int>(1, q);
  *divisor = 9;
  const size_t inputs = 4 * 10 + n + 64;
  float *in = sycl::malloc_shared<float>(inputs, q);
  Found *out = sycl::malloc_shared<Found>(n, q);
  for (size_t j = 0; j < inputs; ++j)
    in[j] = float((j * 7) % 12) * 0.5f;
  q.parallel_for<DivergentExitsKernel<S>>(sycl::nd_range<1>(n, wg),
                                          xo::properties{xo::sub_group_size<S>},
                                          [=](sycl::nd_item<1> it) {
                                            size_t i = it.get_global_id(0);
                                            out[i] = search(i, *divisor, in);
                                          })
      .wait();
  for (size_t i = 0; i < n; ++i) {
    Found e = search(i, *divisor, in);
    const Found &g = out[i];
    std::string at = "S=" + std::to_string(S) + " wg=" + std::to_string(wg) +
                     " item " + std::to_string(i);
    ASSERT_EQ(g.remainder, e.remainder) << at;
    ASSERT_EQ(g.quotient, e.quotient) << at;
    ASSERT_EQ(g.unsignedRemainder, e.unsignedRemainder) << at;
    ASSERT_EQ(g.runtimeDivisor, e.runtimeDivisor) << at;
    ASSERT_EQ(g.returned, e.returned) << at;
    ASSERT_EQ(g.flagged, e.flagged) << at;
    ASSERT_EQ(g.jumped, e.jumped) << at;
    ASSERT_EQ(g.privateIndex, e.privateIndex) << at;
    ASSERT_EQ(g.sorted, e.sorted) << at;
    ASSERT_EQ(g.grown, e.grown) << at;
    ASSERT_EQ(g.grownSteps, e.grownSteps) << at;
    ASSERT_EQ(g.pointerOffset, e.pointerOffset) << at;
    ASSERT_EQ(g.loaded, e.loaded) << at;
    ASSERT_EQ(g.loadedSteps, e.loadedSteps) << at;
    ASSERT_EQ(g.offsetCompare, e.offsetCompare) << at;
  }
  sycl::free(divisor, q);
  sycl::free(in, q);
  sycl::free(out, q);
}

/// The kernel's own return from a loop nest at the first hit, its output
/// written there; items that find nothing write after the nest.
template <uint32_t S> struct ReturnFromNestKernel;

template <uint32_t S> void checkReturnFromNest(size_t wg) {
  sycl::queue q;
  const size_t n = 3 * wg;
  int *out = sycl::malloc_shared<int>(n, q);
  q.parallel_for<ReturnFromNestKernel<S>>(
       sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         int g = int(it.get_global_id(0));
         for (int a = 0; a < 6; ++a)
           for (int c = 0; c < 6; ++c)
             if ((a * 7 + c * 3 + g) % 19 == 0) {
               out[g] = a * 10 + c;
               return;
             }
         out[g] = -1;
       })
      .wait();
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i], findByReturn(int(i)))
        << "S=" << S << " wg=" << wg << " item " << i;
  sycl::free(out, q);
}

/// \p Count ints that end where an inaccessible page begins, so that an
/// access past them faults.
class PageEndArray {
public:
  explicit PageEndArray(size_t Count) : Page(size_t(sysconf(_SC_PAGESIZE))) {
    Base = mmap(nullptr, 2 * Page, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (Base == MAP_FAILED ||
        mprotect(static_cast<char *>(Base) + Page, Page, PROT_NONE) != 0)
      Base = nullptr;
    else
      Data = reinterpret_cast<int *>(static_cast<char *>(Base) + Page) - Count;
  }
  ~PageEndArray() {
    if (Base)
      munmap(Base, 2 * Page);
  }
  int *data() const { return Data; }

private:
  size_t Page;
  void *Base = nullptr;
  int *Data = nullptr;
};

/// A loop with a bound the lanes share and a trap that depends on the lane:
/// lanes may leave it in different iterations, but only into a dead end, so
/// no block is under a divergent branch. The iteration after the last one
/// still runs its body with no lane active, where the table read and the
/// store at k = 4 would go past the arrays' ends.
template <uint32_t S> struct TrapInUniformLoopKernel;

template <uint32_t S> void checkTrapInUniformLoop(size_t wg) {
  constexpr int Steps = 4;
  sycl::queue q;
  const size_t n = 3 * wg;
  PageEndArray table(Steps), counts(Steps);
  ASSERT_NE(table.data(), nullptr);
  ASSERT_NE(counts.data(), nullptr);
  int *t = table.data(), *c = counts.data();
  for (int k = 0; k < Steps; ++k) {
    t[k] = 10 * k + 3;
    c[k] = 0;
  }
  int *in = sycl::malloc_shared<int>(n, q);
  int *out = sycl::malloc_shared<int>(n, q);
  for (size_t i = 0; i < n; ++i)
    in[i] = int(i % 5);
  q.parallel_for<TrapInUniformLoopKernel<S>>(
       sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         size_t i = it.get_global_id(0);
         int acc = 0;
         for (int k = 0; k < Steps; ++k) {
           if (in[i] < 0)
             __builtin_trap();
           acc += t[k] * in[i];
           c[k] = k + 1; // the same value from every work-item
         }
         out[i] = acc;
       })
      .wait();
  const int sum = 3 + 13 + 23 + 33;
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i], sum * int(i % 5))
        << "S=" << S << " wg=" << wg << " item " << i;
  for (int k = 0; k < Steps; ++k)
    EXPECT_EQ(c[k], k + 1) << "S=" << S << " wg=" << wg;
  sycl::free(in, q);
  sycl::free(out, q);
}

TEST(DivergentExits, TrapInLoopWithUniformBound) {
  forEachSubGroupSize([](auto S) {
    for (size_t wg : workGroupSizes(S()))
      checkTrapInUniformLoop<S()>(wg);
  });
}

/// After a loop each lane leaves at its own time, an item reads its
/// accumulator and clears it; the value read goes to every item by a
/// broadcast from one item of the work-group (or the sub-group's last),
/// which must take it as read, not read the cleared memory.
template <uint32_t S, bool FromSubGroup> struct ReadThenClearKernel;

template <uint32_t S, bool FromSubGroup> void checkReadThenClear(size_t wg) {
  sycl::queue q;
  const size_t n = 3 * wg;
  constexpr int Inputs = 9;
  int *in = sycl::malloc_shared<int>(Inputs, q);
  int *acc = sycl::malloc_shared<int>(n, q);
  int *out = sycl::malloc_shared<int>(n, q);
  for (int j = 0; j < Inputs; ++j)
    in[j] = 3 * j + 1;
  for (size_t i = 0; i < n; ++i)
    acc[i] = int(i);
  q.parallel_for<ReadThenClearKernel<S, FromSubGroup>>(
       sycl::nd_range<1>(n, wg), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         size_t i = it.get_global_id(0);
         for (int j = int(it.get_local_id(0) % 3); j < Inputs; ++j)
           acc[i] += in[j];
         int v = acc[i];
         acc[i] = 0;
         sycl::sub_group sg = it.get_sub_group();
         if constexpr (FromSubGroup)
           out[i] = sycl::group_broadcast(sg, v, sg.get_local_range()[0] - 1);
         else
           out[i] = sycl::group_broadcast(it.get_group(), v, 2);
       })
      .wait();
  auto read = [&](size_t i) {
    int v = int(i);
    for (int j = int(i % wg % 3); j < Inputs; ++j)
      v += in[j];
    return v;
  };
  for (size_t i = 0; i < n; ++i) {
    size_t group = i / wg * wg, first = group + (i - group) / S * S;
    size_t last = std::min(first + S, group + wg) - 1;
    ASSERT_EQ(out[i], read(FromSubGroup ? last : group + 2))
        << "S=" << S << " wg=" << wg << " item " << i;
    ASSERT_EQ(acc[i], 0) << "S=" << S << " wg=" << wg << " item " << i;
  }
  for (int *p : {in, acc, out})
    sycl::free(p, q);
}

TEST(DivergentExits, ReadThenClearThenBroadcast) {
  forEachSubGroupSize([](auto S) {
    for (size_t wg : workGroupSizes(S())) {
      checkReadThenClear<S(), false>(wg);
      checkReadThenClear<S(), true>(wg);
    }
  });
}

TEST(DivergentExits, ReturnFromLoopNest) {
  forEachSubGroupSize([](auto S) {
    for (size_t wg : workGroupSizes(S()))
      checkReturnFromNest<S()>(wg);
  });
}

TEST(DivergentExits, SearchesAndLiveOuts) {
  forEachSubGroupSize([](auto S) {
    for (size_t wg : workGroupSizes(S()))
      checkDivergentExits<S()>(wg);
  });
}

} // namespace
