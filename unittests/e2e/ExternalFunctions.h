//===- ExternalFunctions.h - SYCL_EXTERNAL functions for RealCodeTest -----===//

#ifndef SUBLANE_UNITTESTS_E2E_EXTERNALFUNCTIONS_H
#define SUBLANE_UNITTESTS_E2E_EXTERNALFUNCTIONS_H

#include <sublane/sycl.hpp>

SYCL_EXTERNAL float externalAxpy(float a, float x, float y);
SYCL_EXTERNAL int externalCollatzSteps(int n);

/// Small enough for registers: x86-64 passes and returns it as
/// `{ <2 x float>, i64 }`.
struct ExternalParticle {
  float x, y, z;
  int id;
};
SYCL_EXTERNAL ExternalParticle externalParticleStep(ExternalParticle p,
                                                    float dt);

/// Asks the work-item it is given for its ids, in code the plugin never
/// sees: out[global linear id] encodes them (decodeItemFields).
SYCL_EXTERNAL void externalWriteItemIds(sycl::nd_item<2> &it, uint64_t *out);

/// Waits at a work-group barrier: code the plugin never sees, so only the
/// fiber engine can run it.
SYCL_EXTERNAL void externalBarrier(sycl::nd_item<1> &it);

#endif
