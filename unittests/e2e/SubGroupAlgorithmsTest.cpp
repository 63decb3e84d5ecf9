//===- SubGroupAlgorithmsTest.cpp - SubGroup reduce and scan
//----------------===//
//
// reduce_over_group, inclusive_scan_over_group and exclusive_scan_over_group
// over a sub-group, with and without init, for every element type and
// operation, at sub-group sizes 1, 8, 16, 32 and 64, with whole and partial
// sub-groups. Compiled with the plugin; checked against the host.
//
//===----------------------------------------------------------------------===//

#include "GroupAlgorithmsTest.h"

#define SCOPE false
#define SUITE SubGroupAlgorithms
SUBLANE_ALGORITHM_TESTS(int32_t, Int32)
SUBLANE_ALGORITHM_TESTS(uint32_t, UInt32)
SUBLANE_ALGORITHM_TESTS(int64_t, Int64)
SUBLANE_ALGORITHM_TESTS(uint64_t, UInt64)
SUBLANE_ALGORITHM_TESTS(float, Float)
SUBLANE_ALGORITHM_TESTS(double, Double)
