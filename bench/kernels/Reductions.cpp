//===- Reductions.cpp - Sub-group and work-group reductions ---------------===//
//
// SubGroupReduce: the sum of a large array the way GPU code writes it. Each
// work-item adds a strided chunk, its sub-group combines the chunks with
// reduce_over_group, and each sub-group's leader adds that to the total
// atomically: the larger the sub-group, the fewer atomics.
//
// ElementReduce: the sum of an array written as a newcomer to sub-groups
// writes it: each work-item reads one element, reduce_over_group(sub_group)
// sums them, each sub-group's leader stores the sum, and the host adds the
// partial sums. Besides the sizes 1-64, the kernel also runs at the size the
// implementation picks when none is requested ("auto").
//
// ElementReduceAtomic: the other way a newcomer writes it: as ElementReduce,
// but each leader adds its sub-group's sum to one total with a relaxed
// atomic_ref, and the host adds nothing.
//
// WorkGroupReduce: each work-group's sum with reduce_over_group(group).
//
// TreeReduce: the same sums as GPU code writes them without group
// algorithms: the work-group's items in local memory, halved in a loop of
// `if (lid < stride) l[lid] += l[lid + stride];` and barriers, the stride
// starting from the work-group's size at run time.
//
// RangeReduce: the sum of an array as SYCL 2020 writes it, a parallel_for
// over a range with a sycl::reduction, over a size no work-group size
// divides (so that the launch's bounds check runs), also at the size the
// implementation picks ("auto").
//
//===----------------------------------------------------------------------===//

#include "../Harness.h"

#include <cstring>

namespace bench_reductions {

constexpr size_t WorkGroupSize = 256;
constexpr size_t Chunk = 32;

/// Ones and zeros, so that every partial sum is an integer a float holds
/// exactly and every summation order gives the same total.
inline float inputValue(size_t I) { return (I * 7) % 3 == 0 ? 1.0f : 0.0f; }

void fillInput(float *In, size_t N) {
  for (size_t I = 0; I < N; ++I)
    In[I] = inputValue(I);
}

/// Empty when \p Got is the sum of the first \p N input values.
std::string checkSum(size_t N, double Got) {
  double Want = 0;
  for (size_t I = 0; I < N; ++I)
    Want += inputValue(I);
  if (bench::relativeError(Got, Want) > 1e-6)
    return "sum " + std::to_string(Got) + ", expected " + std::to_string(Want);
  return "";
}

/// The hand-written sum every reduction here is measured against.
float simdSum(const float *In, size_t N) {
  float Sum = 0;
#pragma omp parallel for simd reduction(+ : Sum)
  for (size_t I = 0; I < N; ++I)
    Sum += In[I];
  return Sum;
}

struct ArraySum {
  sycl::queue Q;
  size_t N = bench::scaled(size_t(1) << 24, WorkGroupSize *Chunk);
  bench::SharedArray<float> In{Q, N};
  bench::SharedArray<float> Total{Q, 1};
  ArraySum() { fillInput(In, N); }
  std::string check() const { return checkSum(N, *Total); }
  int64_t bytes() const { return int64_t(N * sizeof(float)); }
};

template <uint32_t S> class SubGroupReduceKernel;
template <uint32_t S> void subGroupReduce(benchmark::State &State) {
  bench::run<ArraySum, S>(State, [](ArraySum &P) {
    *P.Total = 0;
    const size_t Items = P.N / Chunk;
    const float *In = P.In;
    float *Total = P.Total;
    P.Q.submit([&](sycl::handler &H) {
         bench::parallel_for<SubGroupReduceKernel<S>, S>(
             H, sycl::nd_range<1>(Items, WorkGroupSize),
             [=](sycl::nd_item<1> It) {
               size_t I = It.get_global_id(0);
               float Sum = 0;
               for (size_t K = 0; K < Chunk; ++K)
                 Sum += In[I + K * Items];
               sycl::sub_group Sg = It.get_sub_group();
               Sum = sycl::reduce_over_group(Sg, Sum, sycl::plus<float>());
               if (Sg.leader())
                 sycl::atomic_ref<float, sycl::memory_order::relaxed,
                                  sycl::memory_scope::device>(*Total)
                     .fetch_add(Sum);
             });
       })
        .wait();
  });
}

void subGroupReduceOmp(benchmark::State &State) {
  bench::run<ArraySum>(State,
                       [](ArraySum &P) { *P.Total = simdSum(P.In, P.N); });
}

struct ElementSum {
  sycl::queue Q;
  size_t N = bench::scaled(size_t(1) << 24, WorkGroupSize);
  bench::SharedArray<float> In{Q, N};
  // One partial sum per sub-group: N of them at size 1.
  bench::SharedArray<float> Partials{Q, N};
  float Total = -1;
  ElementSum() { fillInput(In, N); }
  std::string check() const { return checkSum(N, Total); }
  int64_t bytes() const { return int64_t(N * sizeof(float)); }

  /// Runs the kernel launched by \p Launch, then adds the partial sums of
  /// the sub-groups of size \p S.
  template <typename LaunchFn> void run(size_t S, LaunchFn &&Launch) {
    const float *In = this->In;
    float *Partials = this->Partials;
    Q.submit([&](sycl::handler &H) {
       Launch(H, sycl::nd_range<1>(N, WorkGroupSize), [=](sycl::nd_item<1> It) {
         sycl::sub_group Sg = It.get_sub_group();
         float Sum = sycl::reduce_over_group(Sg, In[It.get_global_id(0)],
                                             sycl::plus<float>());
         if (Sg.leader())
           Partials[It.get_group_linear_id() * Sg.get_group_linear_range() +
                    Sg.get_group_linear_id()] = Sum;
       });
     }).wait();
    Total = simdSum(Partials, N / S);
  }
};

template <uint32_t S> class ElementReduceKernel;
template <uint32_t S> void elementReduce(benchmark::State &State) {
  bench::run<ElementSum, S>(State, [](ElementSum &P) {
    P.run(S, [](sycl::handler &H, auto Range, const auto &K) {
      bench::parallel_for<ElementReduceKernel<S>, S>(H, Range, K);
    });
  });
}

class ElementReduceAutoKernel;
void elementReduceAuto(benchmark::State &State) {
  sycl::queue Q;
  if (!bench::checkDefaultSubGroupSize(State, Q))
    return;
  const size_t S = bench::defaultSubGroupSize(Q);
  bench::run<ElementSum>(State, [S](ElementSum &P) {
    P.run(S, [](sycl::handler &H, auto Range, const auto &K) {
      H.parallel_for<ElementReduceAutoKernel>(Range, K);
    });
  });
}

void elementReduceOmp(benchmark::State &State) {
  bench::run<ElementSum>(State,
                         [](ElementSum &P) { P.Total = simdSum(P.In, P.N); });
}

struct ElementAtomicSum {
  sycl::queue Q;
  size_t N = bench::scaled(size_t(1) << 24, WorkGroupSize);
  bench::SharedArray<float> In{Q, N};
  bench::SharedArray<float> Total{Q, 1};
  ElementAtomicSum() { fillInput(In, N); }
  std::string check() const { return checkSum(N, *Total); }
  int64_t bytes() const { return int64_t(N * sizeof(float)); }

  template <typename LaunchFn> void run(LaunchFn &&Launch) {
    *Total = 0;
    const float *In = this->In;
    float *Total = this->Total;
    Q.submit([&](sycl::handler &H) {
       Launch(H, sycl::nd_range<1>(N, WorkGroupSize), [=](sycl::nd_item<1> It) {
         sycl::sub_group Sg = It.get_sub_group();
         float Sum = sycl::reduce_over_group(Sg, In[It.get_global_id(0)],
                                             sycl::plus<float>());
         if (Sg.leader())
           sycl::atomic_ref<float, sycl::memory_order::relaxed,
                            sycl::memory_scope::device>(*Total)
               .fetch_add(Sum);
       });
     }).wait();
  }
};

template <uint32_t S> class ElementReduceAtomicKernel;
template <uint32_t S> void elementReduceAtomic(benchmark::State &State) {
  bench::run<ElementAtomicSum, S>(State, [](ElementAtomicSum &P) {
    P.run([](sycl::handler &H, auto Range, const auto &K) {
      bench::parallel_for<ElementReduceAtomicKernel<S>, S>(H, Range, K);
    });
  });
}

class ElementReduceAtomicAutoKernel;
void elementReduceAtomicAuto(benchmark::State &State) {
  sycl::queue Q;
  if (!bench::checkDefaultSubGroupSize(State, Q))
    return;
  bench::run<ElementAtomicSum>(State, [](ElementAtomicSum &P) {
    P.run([](sycl::handler &H, auto Range, const auto &K) {
      H.parallel_for<ElementReduceAtomicAutoKernel>(Range, K);
    });
  });
}

void elementReduceAtomicOmp(benchmark::State &State) {
  bench::run<ElementAtomicSum>(
      State, [](ElementAtomicSum &P) { *P.Total = simdSum(P.In, P.N); });
}

struct GroupSums {
  sycl::queue Q;
  size_t N = bench::scaled(size_t(1) << 24, WorkGroupSize);
  size_t Groups = N / WorkGroupSize;
  bench::SharedArray<float> In{Q, N};
  bench::SharedArray<float> Out{Q, Groups};
  GroupSums() {
    for (size_t I = 0; I < N; ++I)
      In[I] = float(I % 5);
    std::memset(Out, 0xff, Groups * sizeof(float));
  }
  std::string check() const {
    for (size_t G = 0; G < Groups; ++G) {
      float Want = 0;
      for (size_t K = 0; K < WorkGroupSize; ++K)
        Want += In[G * WorkGroupSize + K];
      if (Out[G] != Want)
        return "wrong sum in group " + std::to_string(G);
    }
    return "";
  }
  int64_t bytes() const { return int64_t((N + Groups) * sizeof(float)); }
};

template <uint32_t S> class WorkGroupReduceKernel;
template <uint32_t S> void workGroupReduce(benchmark::State &State) {
  bench::run<GroupSums, S>(State, [](GroupSums &P) {
    const float *In = P.In;
    float *Out = P.Out;
    P.Q.submit([&](sycl::handler &H) {
         bench::parallel_for<WorkGroupReduceKernel<S>, S>(
             H, sycl::nd_range<1>(P.N, WorkGroupSize),
             [=](sycl::nd_item<1> It) {
               float Sum = sycl::reduce_over_group(It.get_group(),
                                                   In[It.get_global_id(0)],
                                                   sycl::plus<float>());
               if (It.get_local_id(0) == 0)
                 Out[It.get_group(0)] = Sum;
             });
       })
        .wait();
  });
}

template <uint32_t S> class TreeReduceKernel;
template <uint32_t S> void treeReduce(benchmark::State &State) {
  bench::run<GroupSums, S>(State, [](GroupSums &P) {
    const float *In = P.In;
    float *Out = P.Out;
    P.Q.submit([&](sycl::handler &H) {
         sycl::local_accessor<float, 1> Partial(WorkGroupSize, H);
         bench::parallel_for<TreeReduceKernel<S>, S>(
             H, sycl::nd_range<1>(P.N, WorkGroupSize),
             [=](sycl::nd_item<1> It) {
               size_t Lid = It.get_local_id(0);
               Partial[Lid] = In[It.get_global_id(0)];
               sycl::group_barrier(It.get_group());
               for (size_t Stride = It.get_local_range(0) / 2; Stride > 0;
                    Stride /= 2) {
                 if (Lid < Stride)
                   Partial[Lid] += Partial[Lid + Stride];
                 sycl::group_barrier(It.get_group());
               }
               if (Lid == 0)
                 Out[It.get_group(0)] = Partial[0];
             });
       })
        .wait();
  });
}

void workGroupReduceOmp(benchmark::State &State) {
  bench::run<GroupSums>(State, [](GroupSums &P) {
    const float *In = P.In;
#pragma omp parallel for
    for (size_t G = 0; G < P.Groups; ++G) {
      float Sum = 0;
#pragma omp simd reduction(+ : Sum)
      for (size_t K = 0; K < WorkGroupSize; ++K)
        Sum += In[G * WorkGroupSize + K];
      P.Out[G] = Sum;
    }
  });
}

struct RangeSum {
  sycl::queue Q;
  size_t N = bench::scaled(size_t(1) << 24, 1) + 13;
  bench::SharedArray<float> In{Q, N};
  bench::SharedArray<float> Total{Q, 1};
  RangeSum() { fillInput(In, N); }
  std::string check() const { return checkSum(N, *Total); }
  int64_t bytes() const { return int64_t(N * sizeof(float)); }

  template <typename LaunchFn> void run(LaunchFn &&Launch) {
    *Total = 0;
    const float *In = this->In;
    float *Total = this->Total;
    Q.submit([&](sycl::handler &H) {
       Launch(H, sycl::range<1>(N), sycl::reduction(Total, sycl::plus<float>()),
              [=](sycl::id<1> I, auto &Sum) { Sum += In[I]; });
     }).wait();
  }
};

template <uint32_t S> class RangeReduceKernel;
template <uint32_t S> void rangeReduce(benchmark::State &State) {
  bench::run<RangeSum, S>(State, [](RangeSum &P) {
    P.run([](sycl::handler &H, auto Range, auto Red, const auto &K) {
      bench::parallel_for<RangeReduceKernel<S>, S>(H, Range, Red, K);
    });
  });
}

class RangeReduceAutoKernel;
void rangeReduceAuto(benchmark::State &State) {
  sycl::queue Q;
  if (!bench::checkDefaultSubGroupSize(State, Q))
    return;
  bench::run<RangeSum>(State, [](RangeSum &P) {
    P.run([](sycl::handler &H, auto Range, auto Red, const auto &K) {
      H.parallel_for<RangeReduceAutoKernel>(Range, Red, K);
    });
  });
}

void rangeReduceOmp(benchmark::State &State) {
  bench::run<RangeSum>(State,
                       [](RangeSum &P) { *P.Total = simdSum(P.In, P.N); });
}

} // namespace bench_reductions

using namespace bench_reductions;
BENCH_KERNEL(SubGroupReduce, bench::Bound::Memory, subGroupReduce,
             subGroupReduceOmp);
BENCH_KERNEL(ElementReduce, bench::Bound::Memory, elementReduce,
             elementReduceOmp);
BENCH_DEFAULT_SIZE_VARIANT(ElementReduce, elementReduceAuto);
BENCH_KERNEL(ElementReduceAtomic, bench::Bound::Memory, elementReduceAtomic,
             elementReduceAtomicOmp);
BENCH_DEFAULT_SIZE_VARIANT(ElementReduceAtomic, elementReduceAtomicAuto);
BENCH_KERNEL(WorkGroupReduce, bench::Bound::Memory, workGroupReduce,
             workGroupReduceOmp);
BENCH_KERNEL(TreeReduce, bench::Bound::Memory, treeReduce, workGroupReduceOmp);
BENCH_KERNEL(RangeReduce, bench::Bound::Memory, rangeReduce, rangeReduceOmp);
BENCH_DEFAULT_SIZE_VARIANT(RangeReduce, rangeReduceAuto);
