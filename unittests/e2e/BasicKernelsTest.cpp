//===- BasicKernelsTest.cpp - parallel_for over a range, single_task, atomics //

#include <sublane/sycl.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

TEST(BasicKernels, RangeWithIdAndItem) {
  sycl::queue q;
  const size_t n = 1000; // not a multiple of the work-group width
  int *a = sycl::malloc_shared<int>(n, q), *b = sycl::malloc_shared<int>(n, q);
  for (size_t i = 0; i < n; ++i)
    a[i] = b[i] = -1;
  q.parallel_for<class with_id>(sycl::range<1>(n), [=](sycl::id<1> i) {
     a[i] = int(i[0]) * 2;
   }).wait();
  q.parallel_for(n, [=](sycl::item<1> it) {
     b[it.get_id(0)] = int(it.get_linear_id() + it.get_range(0));
   }).wait();
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(a[i], int(i) * 2) << i;
    ASSERT_EQ(b[i], int(i + n)) << i;
  }
  sycl::free(a, q);
  sycl::free(b, q);
}

TEST(BasicKernels, Range2DAndSingleTask) {
  sycl::queue q;
  const size_t rows = 7, cols = 300;
  float *m = sycl::malloc_shared<float>(rows * cols, q);
  q.submit([&](sycl::handler &h) {
     h.parallel_for(sycl::range<2>(rows, cols), [=](sycl::item<2> it) {
       m[it.get_linear_id()] = float(it[0] * 1000 + it[1]);
     });
   }).wait();
  int *flag = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { flag[0] = 42; }).wait();
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c)
      ASSERT_EQ(m[r * cols + c], float(r * 1000 + c));
  EXPECT_EQ(flag[0], 42);
  sycl::free(m, q);
  sycl::free(flag, q);
}

// Ranges whose rows are shorter than a work-group (several rows share one)
// or whose other dimensions have no divisor to pair them with: every id runs
// once. A kernel that asks for its sub-group sees the size it runs at; one
// that does not runs at the size sublane picks, a loop-carried sum included.
TEST(BasicKernels, ShortRowsAndSubGroupSizes) {
  sycl::queue q;
  const size_t rows = 37, cols = 3, depth = 6;
  int *m = sycl::malloc_shared<int>(rows * cols * depth, q);
  for (size_t i = 0; i < rows * cols * depth; ++i)
    m[i] = 0;
  q.parallel_for(sycl::range<2>(rows * depth, cols), [=](sycl::item<2> it) {
     m[it.get_linear_id()] += int(it[0] * 10 + it[1]);
   }).wait();
  for (size_t r = 0; r < rows * depth; ++r)
    for (size_t c = 0; c < cols; ++c)
      ASSERT_EQ(m[r * cols + c], int(r * 10 + c)) << r << "," << c;
  q.parallel_for(sycl::range<3>(rows, depth, cols), [=](sycl::id<3> i) {
     m[(i[0] * depth + i[1]) * cols + i[2]] =
         int(i[0] * 100 + i[1] * 10 + i[2]);
   }).wait();
  for (size_t r = 0; r < rows; ++r)
    for (size_t d = 0; d < depth; ++d)
      for (size_t c = 0; c < cols; ++c)
        ASSERT_EQ(m[(r * depth + d) * cols + c], int(r * 100 + d * 10 + c));

  // Reductions over short rows: partial sums per work-group of several rows.
  int *sum = sycl::malloc_shared<int>(1, q);
  *sum = 0;
  q.parallel_for(
       sycl::range<2>(64, 2), sycl::reduction(sum, sycl::plus<>()),
       [=](sycl::item<2> it, auto &s) { s += int(it.get_linear_id()); })
      .wait();
  EXPECT_EQ(*sum, 127 * 128 / 2);

  // A dot product per item, its sum carried around a loop.
  const size_t n = 100, k = 67;
  float *a = sycl::malloc_shared<float>(n * k, q);
  float *dots = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < n * k; ++i)
    a[i] = float(i % 11) - 5.0f;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     float acc = 0;
     for (size_t j = 0; j < k; ++j)
       acc += a[j * n + i] * a[j * n + (i + 1) % n];
     dots[i] = acc;
   }).wait();
  for (size_t i = 0; i < n; ++i) {
    float want = 0;
    for (size_t j = 0; j < k; ++j)
      want += a[j * n + i] * a[j * n + (i + 1) % n];
    ASSERT_EQ(dots[i], want) << i;
  }

  unsigned *sizes = sycl::malloc_shared<unsigned>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     sycl::sub_group sg = sycl::ext::oneapi::experimental::this_sub_group();
     sizes[i] = unsigned(sg.get_max_local_range()[0]) * 1000 +
                unsigned(sg.get_local_linear_id());
   }).wait();
  const unsigned max = sizes[0] / 1000;
  EXPECT_GE(max, 1u);
  for (size_t i = 0; i < n; ++i)
    ASSERT_EQ(sizes[i], max * 1000 + unsigned(i % 100 % max)) << i;
  sycl::free(m, q);
  sycl::free(sum, q);
  sycl::free(a, q);
  sycl::free(dots, q);
  sycl::free(sizes, q);
}

TEST(BasicKernels, AtomicRefAcrossGroupsAndThreads) {
  sycl::queue q;
  const size_t n = 1 << 16;
  unsigned *count = sycl::malloc_shared<unsigned>(1, q);
  float *sum = sycl::malloc_shared<float>(1, q);
  int *lo = sycl::malloc_shared<int>(1, q);
  count[0] = 0;
  sum[0] = 0;
  lo[0] = 1 << 30;
  q.parallel_for(sycl::nd_range<1>(n, 64), [=](sycl::nd_item<1> it) {
     size_t i = it.get_global_id(0);
     sycl::atomic_ref<unsigned, sycl::memory_order::relaxed,
                      sycl::memory_scope::device,
                      sycl::access::address_space::global_space>(count[0])
         .fetch_add(1u);
     sycl::atomic_ref<float, sycl::memory_order::relaxed,
                      sycl::memory_scope::device>(sum[0]) += 1.0f;
     sycl::atomic_ref<int, sycl::memory_order::relaxed,
                      sycl::memory_scope::device>(lo[0])
         .fetch_min(int(i % 1000) - 7);
   }).wait();
  EXPECT_EQ(count[0], n);
  EXPECT_EQ(sum[0], float(n));
  EXPECT_EQ(lo[0], -7);
  sycl::free(count, q);
  sycl::free(sum, q);
  sycl::free(lo, q);
}

} // namespace

namespace {
TEST(BasicKernels, Reductions) {
  sycl::queue q;
  const size_t n = 1000;
  int *x = sycl::malloc_shared<int>(n, q);
  for (size_t i = 0; i < n; ++i)
    x[i] = int(i % 17) - 8;
  int *sum = sycl::malloc_shared<int>(1, q);
  int *lo = sycl::malloc_shared<int>(1, q);
  float *prod = sycl::malloc_shared<float>(1, q);
  sum[0] = 100; // kept: a reduction adds to the original value
  lo[0] = 1 << 20;
  prod[0] = 123.0f;
  q.parallel_for(sycl::range<1>(n), sycl::reduction(sum, sycl::plus<int>()),
                 [=](sycl::id<1> i, auto &s) { s += x[i]; })
      .wait();
  q.submit([&](sycl::handler &h) {
     h.parallel_for(sycl::nd_range<1>(n, 100),
                    sycl::reduction(lo, sycl::minimum<int>()),
                    [=](sycl::nd_item<1> it, auto &m) {
                      m.combine(x[it.get_global_id(0)] * 3);
                    });
   }).wait();
  q.parallel_for(
       sycl::range<1>(10),
       sycl::reduction(prod, 1.0f, sycl::multiplies<float>(),
                       sycl::property::reduction::initialize_to_identity{}),
       [=](sycl::item<1> it, auto &p) { p *= 2.0f; })
      .wait();
  int expect = 100, expect_lo = 1 << 20;
  for (size_t i = 0; i < n; ++i) {
    expect += x[i];
    expect_lo = std::min(expect_lo, x[i] * 3);
  }
  EXPECT_EQ(sum[0], expect);
  EXPECT_EQ(lo[0], expect_lo);
  EXPECT_EQ(prod[0], 1024.0f) << "initialize_to_identity drops 123";
  sycl::free(x, q);
  sycl::free(sum, q);
  sycl::free(lo, q);
  sycl::free(prod, q);
}
} // namespace

namespace {
// Reductions over ranges at each sub-group size: work-groups wholly inside
// the range skip the per-item check, the last one (partial or not) keeps
// it, along the last dimension of 1D and 2D ranges. Sums of floats start
// from -0.0 in each work-item, which must leave every value, -0.0 among
// them, as SYCL's identity does.
template <uint32_t S> class RangeSumKernel;
template <uint32_t S> class RangeMaxKernel;
template <uint32_t S> class RangeSum2DKernel;
template <uint32_t S> class RangeNegativeZeroKernel;
template <uint32_t S> void checkRangeReductions() {
  namespace syclex = sycl::ext::oneapi::experimental;
  sycl::queue q;
  // Range reductions run in work-groups of up to this many items.
  const size_t wg = sycl::detail::reduction_work_group_width;
  const size_t most = wg * 3 + 127;
  float *x = sycl::malloc_shared<float>(most, q);
  for (size_t i = 0; i < most; ++i)
    x[i] = float(int(i * 37 % 101) - 50);
  int *isum = sycl::malloc_shared<int>(1, q);
  float *fmax = sycl::malloc_shared<float>(1, q);
  float *fsum = sycl::malloc_shared<float>(1, q);
  for (size_t n : {size_t(1), size_t(S), size_t(128), size_t(128 * 3 + 1),
                   wg - 1, wg, wg + 1, wg * 2 + 13, most}) {
    *isum = 7;
    *fmax = -1000.0f;
    q.parallel_for<RangeSumKernel<S>>(
         sycl::range<1>(n), syclex::properties{syclex::sub_group_size<S>},
         sycl::reduction(isum, sycl::plus<int>()),
         sycl::reduction(fsum, sycl::plus<float>(),
                         sycl::property::reduction::initialize_to_identity()),
         [=](sycl::id<1> i, auto &si, auto &sf) {
           si += int(x[i]);
           if (x[i] > 0)
             sf += x[i];
         })
        .wait();
    q.parallel_for<RangeMaxKernel<S>>(
         sycl::range<1>(n), syclex::properties{syclex::sub_group_size<S>},
         sycl::reduction(fmax, sycl::maximum<float>()),
         [=](sycl::item<1> it, auto &m) {
           m.combine(x[it.get_id(0)] + float(it.get_linear_id() % 3));
         })
        .wait();
    int want_i = 7;
    float want_f = 0, want_max = -1000.0f;
    for (size_t i = 0; i < n; ++i) {
      want_i += int(x[i]);
      want_f += x[i] > 0 ? x[i] : 0.0f; // integers: exact in any order
      want_max = std::max(want_max, x[i] + float(i % 3));
    }
    EXPECT_EQ(*isum, want_i) << "n = " << n;
    EXPECT_EQ(*fsum, want_f) << "n = " << n;
    EXPECT_EQ(*fmax, want_max) << "n = " << n;
  }

  // 2D: rows of two and a half work-groups (the third one partial).
  const size_t rows = 3, cols = wg * 2 + wg / 2;
  *isum = 0;
  q.parallel_for<RangeSum2DKernel<S>>(
       sycl::range<2>(rows, cols),
       syclex::properties{syclex::sub_group_size<S>},
       sycl::reduction(isum, sycl::plus<>()),
       [=](sycl::id<2> i, auto &s) { s += int(i[0] * 1000 + i[1]); })
      .wait();
  int want2d = 0;
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c)
      want2d += int(r * 1000 + c);
  EXPECT_EQ(*isum, want2d);

  // Only -0.0 summed: each work-item's -0.0 start leaves it -0.0, and the
  // total is the variable's -0.0 plus SYCL's identity +0.0 and the items'.
  *fsum = -0.0f;
  q.parallel_for<RangeNegativeZeroKernel<S>>(
       sycl::range<1>(300), syclex::properties{syclex::sub_group_size<S>},
       sycl::reduction(fsum, sycl::plus<float>()),
       [=](sycl::id<1>, auto &s) { s += -0.0f; })
      .wait();
  EXPECT_EQ(*fsum, 0.0f);
  EXPECT_FALSE(std::signbit(*fsum)) << "-0.0 + identity +0.0 is +0.0";

  sycl::free(x, q);
  sycl::free(isum, q);
  sycl::free(fmax, q);
  sycl::free(fsum, q);
}
TEST(BasicKernels, RangeReductionsSize1) { checkRangeReductions<1>(); }
TEST(BasicKernels, RangeReductionsSize4) { checkRangeReductions<4>(); }
TEST(BasicKernels, RangeReductionsSize8) { checkRangeReductions<8>(); }
TEST(BasicKernels, RangeReductionsSize16) { checkRangeReductions<16>(); }
TEST(BasicKernels, RangeReductionsSize32) { checkRangeReductions<32>(); }
TEST(BasicKernels, RangeReductionsSize64) { checkRangeReductions<64>(); }
} // namespace

namespace {
// Reductions that work-groups combine in the kernel (SYCL's function
// objects) and one that is combined per work-item (a lambda), over ranges
// that leave the last work-group partial, in 2D, and large enough that the
// host combines the partial results in parallel.
TEST(BasicKernels, ReductionsCombinedInKernel) {
  sycl::queue q;
  // On the fiber engine each item is a fiber switched to and from, which
  // under AddressSanitizer took 699 s at this size: 65 work-groups of 1024
  // (the last one partial) check the same there.
  const char *engine = std::getenv("SUBLANE_ENGINE");
  const bool fibers = engine && std::string(engine) == "fibers";
  const size_t n = (size_t(1) << (fibers ? 16 : 20)) + 77;
  float *ones = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < n; ++i)
    ones[i] = (i * 7) % 3 == 0 ? 1.0f : 0.0f;
  float want_sum = 0;
  for (size_t i = 0; i < n; ++i)
    want_sum += ones[i];

  float *sum = sycl::malloc_shared<float>(1, q);
  *sum = 0.5f;
  q.parallel_for(sycl::range<1>(n), sycl::reduction(sum, sycl::plus<>()),
                 [=](sycl::id<1> i, auto &s) { s += ones[i]; })
      .wait();
  EXPECT_EQ(*sum, want_sum + 0.5f);

  double *hi = sycl::malloc_shared<double>(1, q);
  *hi = -1.0;
  q.submit([&](sycl::handler &h) {
     h.parallel_for(sycl::nd_range<2>({64, 48}, {8, 16}),
                    sycl::reduction(hi, sycl::maximum<double>()),
                    [=](sycl::nd_item<2> it, auto &m) {
                      size_t i = it.get_global_linear_id();
                      m.combine(double((i * 37) % 1009));
                    });
   }).wait();
  double want_hi = -1.0;
  for (size_t i = 0; i < 64 * 48; ++i)
    want_hi = std::max(want_hi, double((i * 37) % 1009));
  EXPECT_EQ(*hi, want_hi);

  uint64_t *bits = sycl::malloc_shared<uint64_t>(1, q);
  int *any = sycl::malloc_shared<int>(1, q);
  *bits = 0;
  *any = 0;
  q.parallel_for(sycl::range<2>(30, 21),
                 sycl::reduction(bits, sycl::bit_xor<uint64_t>()),
                 [=](sycl::item<2> it, auto &b) {
                   b ^= uint64_t(1) << (it.get_linear_id() % 61);
                 })
      .wait();
  q.parallel_for(sycl::range<1>(n), sycl::reduction(any, sycl::logical_or<>()),
                 [=](sycl::id<1> i, auto &a) { a.combine(i[0] == n - 1); })
      .wait();
  uint64_t want_bits = 0;
  for (size_t i = 0; i < 30 * 21; ++i)
    want_bits ^= uint64_t(1) << (i % 61);
  EXPECT_EQ(*bits, want_bits);
  EXPECT_EQ(*any, 1);

  // A user's operation: each item's value reaches the host on its own.
  int *custom = sycl::malloc_shared<int>(1, q);
  *custom = 0;
  auto add = [](int a, int b) { return a + b; };
  q.parallel_for(sycl::range<1>(1001), sycl::reduction(custom, 0, add),
                 [=](sycl::id<1> i, auto &c) {
                   if (i[0] % 2)
                     c.combine(int(i[0]));
                 })
      .wait();
  EXPECT_EQ(*custom, 500 * 500); // the odd numbers below 1000

  sycl::free(ones, q);
  sycl::free(sum, q);
  sycl::free(hi, q);
  sycl::free(bits, q);
  sycl::free(any, q);
  sycl::free(custom, q);
}
// Several reductions in one kernel (SYCL 2020 4.9.2.3): one reducer each,
// in order; two of the same type keep their partial results apart.
TEST(BasicKernels, SeveralReductionsInOneKernel) {
  sycl::queue q;
  const size_t n = 100003;
  float *sum = sycl::malloc_shared<float>(1, q);
  float *hi = sycl::malloc_shared<float>(1, q);
  int *count = sycl::malloc_shared<int>(1, q);
  *sum = 1.0f;
  *hi = -5.0f;
  *count = 0;
  auto value = [](size_t i) { return float((i * 29) % 1013) * 0.25f; };
  q.parallel_for(sycl::range<1>(n), sycl::reduction(sum, sycl::plus<float>()),
                 sycl::reduction(hi, sycl::maximum<float>()),
                 sycl::reduction(count, sycl::plus<int>()),
                 [=](sycl::id<1> i, auto &s, auto &m, auto &c) {
                   float v = value(i[0]);
                   s += v;
                   m.combine(v);
                   if (v > 200.0f)
                     ++c;
                 })
      .wait();
  double want_sum = 1.0;
  float want_hi = -5.0f;
  int want_count = 0;
  for (size_t i = 0; i < n; ++i) {
    want_sum += value(i);
    want_hi = std::max(want_hi, value(i));
    want_count += value(i) > 200.0f;
  }
  EXPECT_NEAR(*sum, want_sum, want_sum * 1e-5);
  EXPECT_EQ(*hi, want_hi);
  EXPECT_EQ(*count, want_count);

  // An nd-range, two float reductions, and a size_t range through the
  // handler.
  float *lo = sycl::malloc_shared<float>(1, q);
  *lo = 1e9f;
  *sum = 0.0f;
  q.submit([&](sycl::handler &h) {
     h.parallel_for(sycl::nd_range<1>(4096, 128),
                    sycl::reduction(lo, sycl::minimum<float>()),
                    sycl::reduction(sum, sycl::plus<float>()),
                    [=](sycl::nd_item<1> it, auto &l, auto &s) {
                      float v = value(it.get_global_id(0));
                      l.combine(v + 1.0f);
                      s += 1.0f;
                    });
   }).wait();
  float want_lo = 1e9f;
  for (size_t i = 0; i < 4096; ++i)
    want_lo = std::min(want_lo, value(i) + 1.0f);
  EXPECT_EQ(*lo, want_lo);
  EXPECT_EQ(*sum, 4096.0f);
  *count = 0;
  *sum = 0.0f;
  q.submit([&](sycl::handler &h) {
     h.parallel_for(size_t(777), sycl::reduction(count, sycl::plus<>()),
                    sycl::reduction(sum, sycl::plus<>()),
                    [=](sycl::item<1> it, auto &c, auto &s) {
                      c += int(it.get_id(0));
                      s += 0.5f;
                    });
   }).wait();
  EXPECT_EQ(*count, 776 * 777 / 2);
  EXPECT_EQ(*sum, 388.5f);
  sycl::free(sum, q);
  sycl::free(hi, q);
  sycl::free(count, q);
  sycl::free(lo, q);
}

// Reductions over a span (SYCL 2020 4.9.2): a histogram of plus reducers,
// per-variable maxima with initialize_to_identity, a user operation with an
// identity, beside a scalar reduction, on a range and on an nd-range.
TEST(BasicKernels, ReductionsOverASpan) {
  sycl::queue q;
  const size_t n = 10007;
  int *bins = sycl::malloc_shared<int>(16, q);
  float *maxima = sycl::malloc_shared<float>(4, q);
  int *total = sycl::malloc_shared<int>(1, q);
  for (int k = 0; k < 16; ++k)
    bins[k] = k;
  for (int k = 0; k < 4; ++k)
    maxima[k] = 1e9f; // dropped: initialize_to_identity
  *total = 5;
  auto key = [](size_t i) { return (i * 7 + i / 13) % 16; };
  auto value = [](size_t i) { return float((i * 37) % 1009) * 0.5f; };
  q.submit([&](sycl::handler &h) {
     h.parallel_for(
         sycl::range<1>(n),
         sycl::reduction(sycl::span<int, 16>(bins, 16), sycl::plus<>()),
         sycl::reduction(sycl::span<float, 4>(maxima, 4),
                         sycl::maximum<float>(),
                         sycl::property::reduction::initialize_to_identity()),
         sycl::reduction(total, sycl::plus<int>()),
         [=](sycl::id<1> i, auto &b, auto &m, auto &t) {
           b[key(i[0])]++;
           m[i[0] % 4].combine(value(i[0]));
           t += int(i[0] % 3);
         });
   }).wait();
  int want_bins[16], want_total = 5;
  float want_max[4] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY};
  for (int k = 0; k < 16; ++k)
    want_bins[k] = k;
  for (size_t i = 0; i < n; ++i) {
    ++want_bins[key(i)];
    want_max[i % 4] = std::max(want_max[i % 4], value(i));
    want_total += int(i % 3);
  }
  for (int k = 0; k < 16; ++k)
    EXPECT_EQ(bins[k], want_bins[k]) << "bin " << k;
  for (int k = 0; k < 4; ++k)
    EXPECT_EQ(maxima[k], want_max[k]) << "maximum " << k;
  EXPECT_EQ(*total, want_total);

  // An nd-range with 64 variables and an operation SYCL does not know,
  // whose partial results are kept per work-item.
  long *sums = sycl::malloc_shared<long>(64, q);
  for (int k = 0; k < 64; ++k)
    sums[k] = 1;
  auto add = [](long a, long b) { return a + b; };
  q.parallel_for(sycl::nd_range<2>({64, 32}, {8, 16}),
                 sycl::reduction(sycl::span<long, 64>(sums, 64), 0L, add),
                 [=](sycl::nd_item<2> it, auto &s) {
                   size_t i = it.get_global_linear_id();
                   s[(i * 5) % 64] += long(i);
                   s[it.get_local_linear_id() % 64].combine(1);
                 })
      .wait();
  long want_sums[64];
  for (int k = 0; k < 64; ++k)
    want_sums[k] = 1;
  for (size_t i = 0; i < 64 * 32; ++i) {
    want_sums[(i * 5) % 64] += long(i);
    size_t local = (i / 32 % 8) * 16 + i % 16;
    want_sums[local % 64] += 1;
  }
  for (int k = 0; k < 64; ++k)
    EXPECT_EQ(sums[k], want_sums[k]) << "variable " << k;
  sycl::free(bins, q);
  sycl::free(maxima, q);
  sycl::free(total, q);
  sycl::free(sums, q);
}

// sycl::span itself: the ways to make one, its views and sizes.
TEST(BasicKernels, SpanViews) {
  int storage[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  sycl::span<int, 8> whole(storage);
  sycl::span<int> dynamic(storage, 8);
  std::vector<int> vector(storage, storage + 8);
  sycl::span from_vector(vector);
  static_assert(decltype(whole)::extent == 8);
  static_assert(decltype(from_vector)::extent == sycl::dynamic_extent);
  EXPECT_EQ(whole.size(), 8u);
  EXPECT_EQ(whole.size_bytes(), 8 * sizeof(int));
  auto middle = whole.subspan<2, 3>();
  static_assert(decltype(middle)::extent == 3);
  EXPECT_EQ(middle[0], 2);
  EXPECT_EQ(dynamic.last(3).front(), 5);
  EXPECT_EQ(dynamic.first<2>().back(), 1);
  EXPECT_EQ(from_vector.subspan(6).size(), 2u);
  int sum = 0;
  for (int x : from_vector.subspan(1, 3))
    sum += x;
  EXPECT_EQ(sum, 6);
  EXPECT_FALSE(dynamic.empty());
  EXPECT_TRUE(sycl::span<int>().empty());
}
} // namespace
