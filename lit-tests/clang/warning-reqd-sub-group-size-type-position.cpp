// In a type's position other than after a lambda's parameters no kernel can
// take the size: the plugin warns that it is ignored, and an error elsewhere
// is still reported.
// RUN: %clangxx -fplugin=%clang_plugin -I%sublane_include -fsyntax-only %s 2>&1 | FileCheck %s
// RUN: not %clangxx -fplugin=%clang_plugin -I%sublane_include -fsyntax-only -DBROKEN %s 2>&1 | FileCheck %s --check-prefix=BROKEN

#include <sublane/sycl.hpp>

using Callback = void(int) [[sycl::reqd_sub_group_size(16)]];

#ifdef BROKEN
int broken() { return undeclared; }
#endif

// CHECK: warning-reqd-sub-group-size-type-position.cpp:9:30: warning: 'reqd_sub_group_size' ignored: in a type's position it applies only after a lambda's parameters
// BROKEN: warning-reqd-sub-group-size-type-position.cpp:12:23: error: use of undeclared identifier 'undeclared'
