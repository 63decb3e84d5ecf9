// SYCL 1.2.1-era code as public benchmarks still write it: <CL/sycl.hpp>,
// cl::sycl, selector classes, get_access with access::mode, a local
// accessor by access::target::local, and kernel times from profiling events.
// Built by the installed sublane-clang++ with no change.
#include <CL/sycl.hpp>

#include <cstdio>
#include <vector>

namespace s = cl::sycl;

int main() {
  s::queue q(s::default_selector{},
             s::property_list{s::property::queue::enable_profiling{}});
  const size_t n = 4096, wg = 128;
  std::vector<float> in(n), out(n, 0.0f);
  for (size_t i = 0; i < n; ++i)
    in[i] = float(i % 97);
  s::event e;
  {
    s::buffer<float, 1> bin(in.data(), s::range<1>(n));
    s::buffer<float, 1> bout(out.data(), s::range<1>(n));
    e = q.submit([&](s::handler &cgh) {
      auto a = bin.get_access<s::access::mode::read>(cgh);
      auto o = bout.get_access<s::access::mode::discard_write>(cgh);
      s::accessor<float, 1, s::access::mode::read_write,
                  s::access::target::local>
          tile(s::range<1>(wg), cgh);
      cgh.parallel_for<class legacy_reverse>(
          s::nd_range<1>(s::range<1>(n), s::range<1>(wg)),
          [=](s::nd_item<1> it) {
            size_t l = it.get_local_id(0);
            tile[l] = a[it.get_global_id(0)];
            it.barrier(s::access::fence_space::local_space);
            o[it.get_global_id(0)] = 2.0f * tile[wg - 1 - l];
          });
    });
    e.wait();
  }
  for (size_t i = 0; i < n; ++i) {
    size_t g = i / wg, l = i % wg;
    if (out[i] != 2.0f * in[g * wg + wg - 1 - l]) {
      std::printf("legacy: wrong result at %zu\n", i);
      return 1;
    }
  }
  auto start = e.get_profiling_info<s::info::event_profiling::command_start>();
  auto end = e.get_profiling_info<s::info::event_profiling::command_end>();
  if (end <= start) {
    std::printf("legacy: kernel took no time\n");
    return 1;
  }
  std::printf("legacy: ok\n");
  return 0;
}
