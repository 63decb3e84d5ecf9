//===- Mandelbrot.cpp - Divergent loops with per-lane trip counts ---------===//
//
// One work-item per pixel iterates z = z^2 + c until |z| > 2 or MaxIter: the
// trip count differs between neighbouring lanes, the worst case for running
// a sub-group's lanes in lockstep. The hand-written variant is the same
// loop, rows in parallel with a dynamic schedule.
//
//===----------------------------------------------------------------------===//

#include "../Harness.h"

#include <cstring>

namespace bench_mandelbrot {

constexpr size_t WorkGroupSize = 256;
constexpr uint32_t MaxIter = 256;

/// The iteration count of pixel (Row, Col); kernel, hand-written code and
/// reference all call it, so all evaluate the same expressions.
inline uint32_t escapeTime(size_t Row, size_t Col, size_t Side) {
  float Cr = -2.0f + 2.5f * float(Col) / float(Side);
  float Ci = -1.25f + 2.5f * float(Row) / float(Side);
  float Zr = 0, Zi = 0;
  uint32_t Iter = 0;
  while (Iter < MaxIter && Zr * Zr + Zi * Zi <= 4.0f) {
    float T = Zr * Zr - Zi * Zi + Cr;
    Zi = 2.0f * Zr * Zi + Ci;
    Zr = T;
    ++Iter;
  }
  return Iter;
}

struct Image {
  sycl::queue Q;
  size_t Side = bench::scaled(1024, WorkGroupSize, 0.5);
  bench::SharedArray<uint32_t> Out{Q, Side *Side};
  Image() { std::memset(Out, 0xff, Side * Side * sizeof(uint32_t)); }
  std::string check() const {
    // The loop is chaotic near the set's boundary: a vector unit that
    // contracts a multiply-add differently from the scalar code may change
    // a handful of counts there. Allow one pixel in ten thousand.
    size_t Wrong = 0;
    for (size_t Row = 0; Row < Side; ++Row)
      for (size_t Col = 0; Col < Side; ++Col)
        Wrong += Out[Row * Side + Col] != escapeTime(Row, Col, Side);
    if (Wrong > Side * Side / 10000)
      return std::to_string(Wrong) + " wrong pixels";
    return "";
  }
  int64_t bytes() const { return int64_t(Side * Side * sizeof(uint32_t)); }
};

template <uint32_t S> class MandelbrotKernel;
template <uint32_t S> void mandelbrot(benchmark::State &State) {
  bench::run<Image, S>(State, [](Image &P) {
    uint32_t *Out = P.Out;
    const size_t Side = P.Side;
    P.Q.submit([&](sycl::handler &H) {
         bench::parallel_for<MandelbrotKernel<S>, S>(
             H, sycl::nd_range<2>({Side, Side}, {1, WorkGroupSize}),
             [=](sycl::nd_item<2> It) {
               size_t Row = It.get_global_id(0), Col = It.get_global_id(1);
               Out[Row * Side + Col] = escapeTime(Row, Col, Side);
             });
       })
        .wait();
  });
}

void mandelbrotOmp(benchmark::State &State) {
  bench::run<Image>(State, [](Image &P) {
    const size_t Side = P.Side;
#pragma omp parallel for schedule(dynamic)
    for (size_t Row = 0; Row < Side; ++Row)
      for (size_t Col = 0; Col < Side; ++Col)
        P.Out[Row * Side + Col] = escapeTime(Row, Col, Side);
  });
}

} // namespace bench_mandelbrot

using namespace bench_mandelbrot;
BENCH_KERNEL(Mandelbrot, bench::Bound::Compute, mandelbrot, mandelbrotOmp);
