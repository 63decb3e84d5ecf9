// SYCL 2020 code that keeps its include, built by the installed wrapper.
#include <sycl/sycl.hpp>

#include <cstdio>

int main() {
  sycl::queue q;
  const size_t n = 1000;
  int *v = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     v[i] = int(i[0]) * 3;
   }).wait();
  for (size_t i = 0; i < n; ++i)
    if (v[i] != int(i) * 3) {
      std::printf("sycl2020: wrong result at %zu\n", i);
      return 1;
    }
  sycl::free(v, q);
  std::printf("sycl2020: ok\n");
  return 0;
}
