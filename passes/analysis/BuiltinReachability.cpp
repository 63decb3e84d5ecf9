//===- BuiltinReachability.cpp - Who reaches builtins ---------------------===//

#include "sublane/Passes/analysis/BuiltinReachability.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace sublane {

BuiltinReachability::BuiltinReachability(
    Module &M, function_ref<bool(BuiltinKind)> Counts) {
  SmallVector<Function *> Kernels = findAnnotatedKernels(M);
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (Function &F : M) {
      if (F.isDeclaration() || Witness.count(&F))
        continue;
      const Function *W = findWitness(F, Counts);
      if (!W)
        continue;
      Witness[&F] = W;
      Changed = true;
      // Kernel entries are address-taken by their descriptors, not to be
      // called indirectly.
      if (!AddressTakenWitness && !isKernel(F) && !is_contained(Kernels, &F) &&
          F.hasAddressTaken(nullptr, /*IgnoreCallbackUses=*/false,
                            /*IgnoreAssumeLikeCalls=*/true,
                            /*IgnoreLLVMUsed=*/true)) {
        AddressTakenWitness = W;
        AddressTakenFunction = &F;
      }
    }
  }
}

const Function *
BuiltinReachability::findWitness(Function &F,
                                 function_ref<bool(BuiltinKind)> Counts) const {
  for (Instruction &I : instructions(F)) {
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB)
      continue;
    Function *Callee = CB->getCalledFunction();
    if (Callee) {
      BuiltinKind K = getBuiltinKind(Callee);
      if (K != BuiltinKind::None && Counts(K))
        return Callee;
      if (const Function *W = Witness.lookup(Callee))
        return W;
    } else if (!CB->isInlineAsm() && AddressTakenWitness) {
      return AddressTakenWitness;
    }
  }
  return nullptr;
}

} // namespace sublane
