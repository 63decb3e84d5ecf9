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

#endif // SUBLANE_COMPAT_SYCL_SYCL_HPP
