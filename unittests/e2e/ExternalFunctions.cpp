//===- ExternalFunctions.cpp - SYCL_EXTERNAL functions for RealCodeTest ---===//
//
// Defined in a translation unit of their own, as SYCL_EXTERNAL functions
// are: kernels in RealCodeTest.cpp call them without seeing their bodies,
// so clang cannot prove the calls nounwind.
//
//===----------------------------------------------------------------------===//

#include "ExternalFunctions.h"

SYCL_EXTERNAL float externalAxpy(float a, float x, float y) {
  return a * x + y;
}

SYCL_EXTERNAL int externalCollatzSteps(int n) {
  int steps = 0;
  while (n > 1) {
    n = n % 2 ? 3 * n + 1 : n / 2;
    ++steps;
  }
  return steps;
}

SYCL_EXTERNAL ExternalParticle externalParticleStep(ExternalParticle p,
                                                    float dt) {
  return {p.x + dt, p.y * 2.0f, p.z - dt, p.id + 1};
}

SYCL_EXTERNAL void externalWriteItemIds(sycl::nd_item<2> &it, uint64_t *out) {
  sycl::sub_group sg = it.get_sub_group();
  uint64_t fields[] = {it.get_local_id(0),       it.get_local_id(1),
                       it.get_group(0),          it.get_group(1),
                       it.get_local_range(1),    it.get_group_range(0),
                       it.get_local_linear_id(), sg.get_local_linear_id(),
                       sg.get_group_linear_id(), sg.get_local_linear_range()};
  uint64_t packed = 0;
  for (uint64_t f : fields)
    packed = packed * 256 + f;
  out[it.get_global_id(0) * it.get_global_range(1) + it.get_global_id(1)] =
      packed;
}

SYCL_EXTERNAL void externalBarrier(sycl::nd_item<1> &it) {
  it.barrier(sycl::access::fence_space::local_space);
}
