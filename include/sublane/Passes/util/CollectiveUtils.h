//===- CollectiveUtils.h - Collective arithmetic ----------------*- C++ -*-===//
//
// The arithmetic of the group algorithms, for scalars and for sub-group-wide
// vectors: identities, the binary operations with SYCL's semantics, vector
// reductions through llvm.vector.reduce.*, and scans as log2(width)
// shift-and-combine steps.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_UTIL_COLLECTIVEUTILS_H
#define SUBLANE_PASSES_UTIL_COLLECTIVEUTILS_H

#include "sublane/Passes/util/KernelInfo.h"

#include "llvm/Analysis/IVDescriptors.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

#include <optional>

namespace sublane {

/// The identity of \p Info's operation for \p Ty (a scalar or a vector of
/// the element type): 0 for add, 1 for mul, the largest value for min, ...
llvm::Constant *getIdentity(const CollectiveInfo &Info, llvm::Type *Ty);

/// SYCL's sycl::known_identity of the operation, the first value of an
/// exclusive scan: as getIdentity, except +0.0 for floating-point add (whose
/// exact identity, used to pad vectors, is -0.0).
llvm::Constant *getKnownIdentity(const CollectiveInfo &Info, llvm::Type *Ty);

/// known_identity op \p V: an exclusive scan combines SYCL's init value (the
/// known identity) with the prefix, which only differs from the prefix for a
/// floating-point add of -0.0. Returns \p V where the two identities agree.
llvm::Value *emitCombineWithKnownIdentity(llvm::IRBuilder<> &B,
                                          const CollectiveInfo &Info,
                                          llvm::Value *V);

/// \p A op \p B, element-wise for vectors. Logical operations give 0 or 1.
llvm::Value *emitCombine(llvm::IRBuilder<> &B, const CollectiveInfo &Info,
                         llvm::Value *A, llvm::Value *Bv);

/// The reduction of all elements of vector \p V. Floating-point additions
/// and multiplications may reassociate: SYCL leaves the order unspecified.
llvm::Value *emitVectorReduce(llvm::IRBuilder<> &B, const CollectiveInfo &Info,
                              llvm::Value *V);

/// The inclusive scan of vector \p V, in log2(width) steps that each combine
/// the vector with itself shifted by a power of two.
llvm::Value *emitVectorInclusiveScan(llvm::IRBuilder<> &B,
                                     const CollectiveInfo &Info,
                                     llvm::Value *V);

/// \p V shifted up by \p By lanes, with \p Fill coming in at lane 0.
llvm::Value *emitShiftUp(llvm::IRBuilder<> &B, llvm::Value *V, unsigned By,
                         llvm::Value *Fill);

/// The operation that combines several updates of an atomic \p Op into one
/// operand with the same effect, and that operation's identity for \p Ty;
/// none where updates do not combine (exchange, the wrapping increment and
/// decrement, conditional subtractions). A subtraction combines its operands
/// by adding them.
std::optional<std::pair<llvm::RecurKind, llvm::Constant *>>
getAtomicCombiningKind(llvm::AtomicRMWInst::BinOp Op, llvm::Type *Ty);

} // namespace sublane

#endif // SUBLANE_PASSES_UTIL_COLLECTIVEUTILS_H
