//===- sublane/sycl.hpp - SYCL 2020-named kernel API ------------*- C++ -*-===//
//
// A subset of SYCL 2020 with its names and semantics, provided as namespace
// `sycl`, so that SYCL code using the subset compiles unchanged once it
// includes this header. Kernels must be compiled with the sublane plugin
// (tools/sublane-clang++ adds it); a kernel built without it is refused at
// launch with a message naming it.
//
// Device code reads its ids through the builtins of <sublane/abi.h>; the
// plugin replaces them when it lowers the kernel entry that this header
// generates for each kernel type and dimensionality.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_SYCL_HPP
#define SUBLANE_SYCL_HPP

#include "sublane/abi.h"
#include "sublane/runtime.h"

// The macros of SYCL 2020 5.6. Device functions are ordinary functions
// here, so SYCL_EXTERNAL needs no attribute; __SYCL_DEVICE_ONLY__ is never
// defined, since one compilation serves host and device.
#ifndef SYCL_LANGUAGE_VERSION
#define SYCL_LANGUAGE_VERSION 202012
#endif
#ifndef SYCL_EXTERNAL
#define SYCL_EXTERNAL
#endif
#define SYCL_FEATURE_SET_FULL 1
#define SYCL_IMPLEMENTATION_SUBLANE 1

#include <algorithm>
#include <chrono>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <iterator>
#include <memory>
#include <new>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

// In this order: each builds on the ones before it.
#include "sublane/detail/ranges.hpp"

#include "sublane/detail/atomics.hpp"

#include "sublane/detail/work_items.hpp"

#include "sublane/detail/local_accessor.hpp"

#include "sublane/detail/kernel_instance.hpp"

#include "sublane/detail/device.hpp"
#include "sublane/detail/specialization.hpp"

// sycl::ext::oneapi::experimental::device_global.
#include "sublane/detail/device_global.hpp"

#include "sublane/detail/handler.hpp"

#include "sublane/detail/buffer.hpp"

#include "sublane/detail/queue.hpp"

#include "sublane/detail/half.hpp"
// sycl::ext::oneapi::bfloat16.
#include "sublane/detail/bfloat16.hpp"

#include "sublane/detail/span.hpp"

#include "sublane/detail/group_algorithms.hpp"

#include "sublane/detail/math.hpp"

#include "sublane/detail/vec.hpp"
// sycl::ext::oneapi::dot_acc.
#include "sublane/detail/dot_product.hpp"

#include "sublane/detail/stream.hpp"

#include "sublane/detail/reduction.hpp"

#include "sublane/detail/joint_algorithms.hpp"

#include "sublane/detail/oneapi_group_algorithms.hpp"
// sycl::ext::oneapi::experimental::group_load and group_store.
#include "sublane/detail/group_load_store.hpp"

#include "sublane/detail/kernel_bundle.hpp"

// Images, samplers, command graphs, joint_matrix: a named compile error.
#include "sublane/detail/unsupported.hpp"

#endif // SUBLANE_SYCL_HPP
