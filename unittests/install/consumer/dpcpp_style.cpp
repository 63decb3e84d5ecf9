// A program written for DPC++, kept as it is: only <sycl/sycl.hpp>, whose
// standard headers it relies on (std::cout, INT_MAX, assert, std::sqrt),
// both namespaces opened, <cmath>'s integer overloads and the C library's
// free next to SYCL's, a 0-dimensional local_accessor, and the extension
// headers DPC++ has (bfloat16, dot products) under their own names.
#include <sycl/ext/oneapi/bfloat16.hpp>
#include <sycl/ext/oneapi/dot_product.hpp>
#include <sycl/ext/oneapi/experimental/bfloat16_math.hpp>
#include <sycl/sycl.hpp>

// One pass compiles host code and kernels together: with -fsycl (which
// sublane-clang++ drops), clang++ would define this and compile for a device.
#ifdef __SYCL_DEVICE_ONLY__
#error "__SYCL_DEVICE_ONLY__ is defined: -fsycl reached clang"
#endif

using namespace std;
using namespace sycl;

int main() {
  queue q;
  const size_t n = 256, wg = 64;
  int *sums = malloc_shared<int>(n / wg, q);
  int *scratch = static_cast<int *>(malloc(n * sizeof(int)));
  assert(sums && scratch);
  q.submit([&](handler &h) {
     local_accessor<int, 0> total(h);
     local_accessor<int, 1> part(range<1>(wg), h);
     h.parallel_for(nd_range<1>(n, wg), [=](nd_item<1> it) {
       size_t l = it.get_local_id(0);
       if (l == 0)
         total = 0;
       part[l] = int(it.get_global_id(0));
       group_barrier(it.get_group());
       if (l == 0) {
         int s = 0;
         for (int v : part)
           s += v;
         total = s + int(total.size()) * 1000;
       }
       group_barrier(it.get_group());
       if (l == wg - 1)
         sums[it.get_group_linear_id()] = total;
     });
   }).wait();
  int worst = INT_MAX;
  for (size_t g = 0; g < n / wg; ++g) {
    int want = 1000;
    for (size_t i = g * wg; i < (g + 1) * wg; ++i)
      want += int(i);
    if (sums[g] != want) {
      cout << "dpcpp_style: group " << g << " has " << sums[g] << ", not "
           << want << "\n";
      return 1;
    }
    worst = min(worst, sums[g]);
  }
  int two = 2;
  if (pow(two, 10) != 1024.0 || log2(two * 4) != 3.0 || sqrt(16) != 4.0 ||
      max(worst, 0) != worst) {
    cout << "dpcpp_style: <cmath> under both namespaces\n";
    return 1;
  }
  using sycl::ext::oneapi::bfloat16;
  if (float(bfloat16(1.5f) * bfloat16(2.0f)) != 3.0f ||
      sycl::ext::oneapi::dot_acc(0x01020304, 0x01010101, 1) != 11) {
    cout << "dpcpp_style: bfloat16 or dot_acc\n";
    return 1;
  }
  free(scratch);
  free(sums, q);
  cout << "dpcpp_style: ok" << std::endl;
  return 0;
}
