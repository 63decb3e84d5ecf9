//===- sycl/sycl.hpp - SYCL 2020's header name, for sublane -----*- C++ -*-===//
//
// Lets SYCL code keep `#include <sycl/sycl.hpp>`: sublane-clang++ puts this
// directory last on the include path (-idirafter), so another SYCL
// implementation's header still wins where one is on the path.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_COMPAT_SYCL_SYCL_HPP
#define SUBLANE_COMPAT_SYCL_SYCL_HPP

#include <sublane/sycl.hpp>

// What programs written for DPC++ find through its <sycl/sycl.hpp> without
// including it themselves: std::cout, INT_MAX, assert, std::sqrt,
// std::array, std::numeric_limits and the like. <sublane/sycl.hpp> stays
// lean.
#include <array>
#include <atomic>
#include <cassert>
#include <cfloat>
#include <climits>
#include <cmath>
#include <complex>
#include <iostream>
#include <limits>
#include <map>
#include <mutex>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>
#include <thread>
#include <tuple>
#include <unordered_map>

#endif // SUBLANE_COMPAT_SYCL_SYCL_HPP
