//===- BuiltinReachability.h - Who reaches builtins -------------*- C++ -*-===//
//
// Which functions of a module can reach a sublane builtin (a barrier, a
// collective, an id query), directly or through calls, and through which one.
// An indirect call is taken to reach whatever some address-taken function
// reaches.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_ANALYSIS_BUILTINREACHABILITY_H
#define SUBLANE_PASSES_ANALYSIS_BUILTINREACHABILITY_H

#include "sublane/Passes/util/KernelInfo.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace sublane {

class BuiltinReachability {
public:
  /// Considers the builtins for which \p Counts returns true (all by default).
  explicit BuiltinReachability(
      llvm::Module &M, llvm::function_ref<bool(BuiltinKind)> Counts =
                           [](BuiltinKind) { return true; });

  /// The builtin \p F can reach, or null.
  const llvm::Function *reaches(const llvm::Function *F) const {
    return Witness.lookup(F);
  }
  /// A builtin an indirect call might reach, if any address-taken function
  /// reaches one, and that function.
  const llvm::Function *indirectWitness() const { return AddressTakenWitness; }
  const llvm::Function *indirectTarget() const { return AddressTakenFunction; }

private:
  const llvm::Function *
  findWitness(llvm::Function &F,
              llvm::function_ref<bool(BuiltinKind)> Counts) const;

  llvm::DenseMap<const llvm::Function *, const llvm::Function *> Witness;
  const llvm::Function *AddressTakenWitness = nullptr;
  const llvm::Function *AddressTakenFunction = nullptr;
};

} // namespace sublane

#endif // SUBLANE_PASSES_ANALYSIS_BUILTINREACHABILITY_H
