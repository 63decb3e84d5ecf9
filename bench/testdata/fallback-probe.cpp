// A kernel the vectorizer cannot take (inline assembly): bench.fallbacks_reported
// checks that tools/sublane-fallbacks finds and explains its fallback.
#include <sublane/sycl.hpp>

void probe(sycl::queue &Q, int *Out) {
  Q.parallel_for<class asm_probe>(
       sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> It) {
         int V = int(It.get_global_id(0));
         asm volatile("" : "+r"(V));
         Out[It.get_global_id(0)] = V;
       })
      .wait();
}
