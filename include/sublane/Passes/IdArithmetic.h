//===- sublane/Passes/IdArithmetic.h - Dividing local ids -------*- C++ -*-===//
//
// A work-item's id in each dimension comes from its linear id (or a
// sub-group's first one) by division by the local range, which is known only
// at run time. x86's integer division takes tens of cycles and does not
// pipeline; ids are small enough to divide exactly by a multiply and a shift
// by a reciprocal that stays the same for the whole launch.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_IDARITHMETIC_H
#define SUBLANE_PASSES_IDARITHMETIC_H

#include "llvm/IR/IRBuilder.h"

#include <utility>

namespace sublane {

/// Quotient and remainder (i64) of \p N by \p R, for \p N below 2^22 (a local
/// linear id plus at most a sub-group: below MaxWorkGroupSize + 64) and \p R
/// from 1 to MaxWorkGroupSize (a local range): (N * M) >> 40 with
/// M = 2^40 / R + 1, which LICM hoists out of the loops over work-items.
std::pair<llvm::Value *, llvm::Value *>
emitLocalIdDivRem(llvm::IRBuilderBase &B, llvm::Value *N, llvm::Value *R,
                  const llvm::Twine &Name = "");

} // namespace sublane

#endif // SUBLANE_PASSES_IDARITHMETIC_H
