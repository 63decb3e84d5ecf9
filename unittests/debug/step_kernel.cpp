// Stepped through in gdb on the fiber engine by check-gdb.sh: a breakpoint
// in the kernel stops once per work-item, with that item's values.
#include <sublane/sycl.hpp>
int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(8, q);
  q.parallel_for(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1> it) {
    int v = int(it.get_global_id(0)) * 3;
    out[it.get_global_id(0)] = v; // the breakpoint
  }).wait();
  return out[7] == 21 ? 0 : 1;
}
