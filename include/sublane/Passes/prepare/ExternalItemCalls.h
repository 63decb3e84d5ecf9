//===- ExternalItemCalls.h - Work-items passed to other files ---*- C++ -*-===//
//
// A SYCL_EXTERNAL function of another file that takes the kernel's
// `nd_item` (or `item`, `group`, `sub_group`, `h_item`) asks it for ids with
// the builtins, which that file's code calls as functions: nothing there
// was lowered. The runtime answers them for the work-item that the lowered
// kernel names before each such call (ExternalItemEnter, with every id and
// range the builtins give) and forgets after it (ExternalItemLeave). The
// functions are recognised by a work-item class in their mangled names.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_PREPARE_EXTERNALITEMCALLS_H
#define SUBLANE_PASSES_PREPARE_EXTERNALITEMCALLS_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class CallInst;
class Function;
} // namespace llvm

namespace sublane {

/// The runtime's entry points (runtime/fibers.cpp).
inline constexpr llvm::StringLiteral ExternalItemEnter =
    "sublane_external_item_enter";
inline constexpr llvm::StringLiteral ExternalItemLeave =
    "sublane_external_item_leave";

/// Wraps every call of \p K to such a function of another file in the
/// runtime's enter and leave calls; returns how many it wrapped.
unsigned publishItemToExternalCalls(llvm::Function &K);

/// The call of \p K that hands its work-item to another file, if any.
llvm::CallInst *findExternalItemCall(llvm::Function &K);

} // namespace sublane

#endif // SUBLANE_PASSES_PREPARE_EXTERNALITEMCALLS_H
