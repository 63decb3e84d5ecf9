//===- IdArithmetic.h - Arithmetic on ids -----------------------*- C++ -*-===//
//
// A work-item's id in each dimension comes from its linear id (or a
// sub-group's first one) by division by the local range, which is known only
// at run time. x86's integer division takes tens of cycles and does not
// pipeline; ids are small enough to divide exactly by a multiply and a shift
// by a reciprocal that stays the same for the whole launch.
//
// Values computed from ids are compared with bounds (`if (x < n)`). Where
// the lanes of a sub-group hold a base plus small constant offsets, the
// compare is one of the offsets, in a narrow type, against limits worked out
// once in scalars.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_UTIL_IDARITHMETIC_H
#define SUBLANE_PASSES_UTIL_IDARITHMETIC_H

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

/// The <Lanes x i1> mask of `lane Pred Bound` for lanes that hold, in N-bit
/// arithmetic, RowBases[r] + Stride * p: r the lane's row (RowBases.size()
/// rows of equal length, one after another) and p its position in the row.
/// Exact for any values, wrapping included. The lanes compare their offsets
/// from the row's smallest one in the narrowest of i8, i16 and i32 that holds
/// them; null where none does or N is narrower. With Stride 0, one scalar
/// compare per row.
llvm::Value *emitLaneOffsetCompare(llvm::IRBuilderBase &B,
                                   llvm::CmpInst::Predicate Pred,
                                   llvm::ArrayRef<llvm::Value *> RowBases,
                                   int64_t Stride, llvm::Value *Bound,
                                   unsigned Lanes);

/// Whether `x Pred Bound` holds for all (\p All) or any of the \p Lanes
/// consecutive values First, First + 1, ..., First + Lanes - 1 of N-bit
/// arithmetic, as one scalar i1: a sub-group's vote on a compare of ids
/// that step by one lane, without the vector of its lanes. Exact for any
/// values, wrapping included; \p Lanes at most 2^(N-1).
llvm::Value *emitConsecutiveCompareVote(llvm::IRBuilderBase &B,
                                        llvm::CmpInst::Predicate Pred,
                                        llvm::Value *First, llvm::Value *Bound,
                                        unsigned Lanes, bool All);

/// A <Lanes x T> vector whose lanes in row r (of PerRow.size() rows of equal
/// length) are PerRow[r].
llvm::Value *emitRowsVector(llvm::IRBuilderBase &B,
                            llvm::ArrayRef<llvm::Value *> PerRow,
                            unsigned Lanes);

} // namespace sublane

#endif // SUBLANE_PASSES_UTIL_IDARITHMETIC_H
