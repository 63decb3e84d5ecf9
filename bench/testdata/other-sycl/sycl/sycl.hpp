// Stands in for another SYCL implementation's <sycl/sycl.hpp> in the test
// of BENCH_OTHER_SYCL: sublane without the kernel-properties macro, as an
// implementation without the oneAPI extension looks to the benchmarks. Its
// kernels then launch plainly, at the default sub-group size (1), and the
// harness must skip the variants written for other sizes.
#include <sublane/sycl.hpp>
