// Reverses each work-group's block through local memory; checks the result.
#include <cstdio>
#include <sublane/sycl.hpp>

int main() {
  sycl::queue q;
  const size_t n = 960, wg = 96;
  int *data = sycl::malloc_shared<int>(n, q);
  for (size_t i = 0; i < n; ++i)
    data[i] = int(i);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile(sycl::range<1>(wg), h);
     h.parallel_for<class reverse>(
         sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
           size_t l = it.get_local_id(0);
           tile[l] = data[it.get_global_id(0)];
           it.barrier();
           data[it.get_global_id(0)] = tile[wg - 1 - l];
         });
   }).wait();
  for (size_t i = 0; i < n; ++i) {
    int expect = int(i / wg * wg + (wg - 1 - i % wg));
    if (data[i] != expect) {
      std::printf("element %zu: %d, expected %d\n", i, data[i], expect);
      return 1;
    }
  }
  std::printf("consumer: ok\n");
  sycl::free(data, q);
  return 0;
}
