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
