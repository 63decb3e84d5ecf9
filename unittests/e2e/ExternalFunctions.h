//===- ExternalFunctions.h - SYCL_EXTERNAL functions for RealCodeTest -----===//

#ifndef SUBLANE_UNITTESTS_E2E_EXTERNALFUNCTIONS_H
#define SUBLANE_UNITTESTS_E2E_EXTERNALFUNCTIONS_H

#include <sublane/sycl.hpp>

SYCL_EXTERNAL float externalAxpy(float a, float x, float y);
SYCL_EXTERNAL int externalCollatzSteps(int n);

#endif
