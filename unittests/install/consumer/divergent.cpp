// A kernel with a barrier under a branch on the id: the build must fail with
// the plugin's error at this file's line, not inside sublane/sycl.hpp.
#include <sublane/sycl.hpp>

void run(sycl::queue &q, int *out) {
  q.parallel_for<class divergent_in_consumer>(
      sycl::nd_range<1>(128, 64), [=](sycl::nd_item<1> it) {
        if (it.get_local_id(0) == 0)
          it.barrier();
        out[it.get_global_id(0)] = 1;
      });
}
