// Checks that end the program (UBSan without recovery, -ftrapv, bounds
// checks, __builtin_trap, std::abort) branch on ids before barriers and
// collectives; those branches are not divergent control flow, so correct
// kernels compile.
// RUN: %clangxx -O2 -fsanitize=undefined -fno-sanitize-recover=undefined -fpass-plugin=%plugin -I%sublane_include -c %s -o /dev/null 2>&1 | FileCheck %s --allow-empty
// RUN: %clangxx -O0 -fsanitize=undefined -fno-sanitize-recover=undefined -fpass-plugin=%plugin -I%sublane_include -c %s -o /dev/null 2>&1 | FileCheck %s --allow-empty
// RUN: %clangxx -O2 -ftrapv -fsanitize=bounds -fsanitize-trap=bounds -fpass-plugin=%plugin -I%sublane_include -c %s -o /dev/null 2>&1 | FileCheck %s --allow-empty
// RUN: %clangxx -O2 -fsanitize=undefined -fpass-plugin=%plugin -I%sublane_include -c %s -o /dev/null 2>&1 | FileCheck %s --allow-empty

// CHECK-NOT: error:

#include <cstdlib>
#include <sublane/sycl.hpp>

namespace xo = sycl::ext::oneapi::experimental;

void run(sycl::queue &q, int *data, int n) {
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<int, 1> tile(sycl::range<1>(64), h);
    h.parallel_for<class checked>(
        sycl::nd_range<1>(128, 64), xo::properties{xo::sub_group_size<16>},
        [=](sycl::nd_item<1> it) {
          int l = int(it.get_local_id(0));
          int local[64];
          if (l >= 64)
            __builtin_trap();
          if (data[l] < 0)
            std::abort();
          local[l] = data[it.get_global_id(0)] * 3 + l; // overflow-checked
          tile[l] = local[l];
          sycl::group_barrier(it.get_group());
          int v = tile[63 - l] / (n | 1); // division checked
          v = sycl::reduce_over_group(it.get_sub_group(), v, sycl::plus<>());
          sycl::group_barrier(it.get_group());
          data[it.get_global_id(0)] = v + local[(l * 5) % 64];
        });
  });
}
