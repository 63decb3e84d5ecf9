//===- Softmax.cpp - Row softmax with sub-group reductions ----------------===//
//
// One work-group per row of 1024: each work-item holds four of the row's
// values, sub-groups find their maximum and their sum of exponentials with
// reduce_over_group, and the sub-groups' results meet in local memory. The
// hand-written variant is three loops per row.
//
//===----------------------------------------------------------------------===//

#include "../Harness.h"

#include <cstring>
#include <limits>

namespace bench_softmax {

constexpr size_t WorkGroupSize = 256;
constexpr size_t Columns = 1024;
constexpr size_t PerItem = Columns / WorkGroupSize;

struct Rows {
  sycl::queue Q;
  size_t Count = bench::scaled(16384, 1);
  bench::SharedArray<float> In{Q, Count *Columns};
  bench::SharedArray<float> Out{Q, Count *Columns};
  Rows() {
    uint32_t Seed = 3;
    for (size_t I = 0; I < Count * Columns; ++I) {
      Seed = Seed * 1664525u + 1013904223u;
      In[I] = 8.0f * float(Seed >> 8) / float(1 << 24) - 4.0f;
    }
    std::memset(Out, 0, Count * Columns * sizeof(float));
  }
  std::string check() const {
    for (size_t R = 0; R < Count; ++R) {
      const float *Row = In + R * Columns;
      double Max = Row[0], Sum = 0;
      for (size_t C = 0; C < Columns; ++C)
        Max = std::max(Max, double(Row[C]));
      for (size_t C = 0; C < Columns; ++C)
        Sum += std::exp(Row[C] - Max);
      for (size_t C = 0; C < Columns; ++C)
        if (bench::relativeError(Out[R * Columns + C],
                                 std::exp(Row[C] - Max) / Sum) > 1e-4)
          return "wrong value in row " + std::to_string(R) + ", column " +
                 std::to_string(C);
    }
    return "";
  }
  int64_t bytes() const { return int64_t(2 * Count * Columns * sizeof(float)); }
};

template <uint32_t S> class SoftmaxKernel;
template <uint32_t S> void softmax(benchmark::State &State) {
  bench::run<Rows, S>(State, [](Rows &P) {
    const float *In = P.In;
    float *Out = P.Out;
    P.Q.submit([&](sycl::handler &H) {
         sycl::local_accessor<float, 1> Partial(
             sycl::range<1>(WorkGroupSize / S), H);
         bench::parallel_for<SoftmaxKernel<S>, S>(
             H, sycl::nd_range<1>(P.Count * WorkGroupSize, WorkGroupSize),
             [=](sycl::nd_item<1> It) {
               sycl::sub_group Sg = It.get_sub_group();
               const uint32_t SgId = Sg.get_group_linear_id();
               const uint32_t SgCount = Sg.get_group_linear_range();
               const size_t Base =
                   It.get_group(0) * Columns + It.get_local_id(0);
               float V[PerItem];
               float Max = -std::numeric_limits<float>::infinity();
               for (size_t C = 0; C < PerItem; ++C) {
                 V[C] = In[Base + C * WorkGroupSize];
                 Max = sycl::max(Max, V[C]);
               }
               Max = sycl::reduce_over_group(Sg, Max, sycl::maximum<float>());
               if (Sg.leader())
                 Partial[SgId] = Max;
               sycl::group_barrier(It.get_group());
               for (uint32_t K = 0; K < SgCount; ++K)
                 Max = sycl::max(Max, Partial[K]);
               sycl::group_barrier(It.get_group());
               float Sum = 0;
               for (size_t C = 0; C < PerItem; ++C) {
                 V[C] = sycl::exp(V[C] - Max);
                 Sum += V[C];
               }
               Sum = sycl::reduce_over_group(Sg, Sum, sycl::plus<float>());
               if (Sg.leader())
                 Partial[SgId] = Sum;
               sycl::group_barrier(It.get_group());
               Sum = 0;
               for (uint32_t K = 0; K < SgCount; ++K)
                 Sum += Partial[K];
               for (size_t C = 0; C < PerItem; ++C)
                 Out[Base + C * WorkGroupSize] = V[C] / Sum;
             });
       })
        .wait();
  });
}

void softmaxOmp(benchmark::State &State) {
  bench::run<Rows>(State, [](Rows &P) {
#pragma omp parallel for
    for (size_t R = 0; R < P.Count; ++R) {
      const float *Row = P.In + R * Columns;
      float *Result = P.Out + R * Columns;
      float Max = -std::numeric_limits<float>::infinity(), Sum = 0;
      // No `simd`: clang 19 vectorizes no floating-point max reduction
      // without -ffast-math.
      for (size_t C = 0; C < Columns; ++C)
        Max = std::max(Max, Row[C]);
#pragma omp simd reduction(+ : Sum)
      for (size_t C = 0; C < Columns; ++C) {
        Result[C] = std::exp(Row[C] - Max);
        Sum += Result[C];
      }
#pragma omp simd
      for (size_t C = 0; C < Columns; ++C)
        Result[C] /= Sum;
    }
  });
}

} // namespace bench_softmax

using namespace bench_softmax;
BENCH_KERNEL(Softmax, bench::Bound::Memory, softmax, softmaxOmp);
