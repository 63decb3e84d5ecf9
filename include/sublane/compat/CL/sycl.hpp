//===- CL/sycl.hpp - SYCL 1.2.1's header name, for sublane ------*- C++ -*-===//
//
// Lets SYCL 1.2.1 code keep `#include <CL/sycl.hpp>` and `cl::sycl::` names
// (SYCL 2020 deprecates both). sublane-clang++ puts this directory last on
// the include path (-idirafter).
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_COMPAT_CL_SYCL_HPP
#define SUBLANE_COMPAT_CL_SYCL_HPP

#include <sycl/sycl.hpp>

namespace cl {
namespace sycl = ::sycl;
} // namespace cl

#endif // SUBLANE_COMPAT_CL_SYCL_HPP
