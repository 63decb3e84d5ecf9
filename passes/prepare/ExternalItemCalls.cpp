//===- ExternalItemCalls.cpp - Work-items passed to other files -----------===//
//
// The enter call's arguments are the builtins themselves, so each lowering
// gives them the values of the work-item that makes the call: a region's
// item loop under CBS, a lane of hierarchical CBS's lane loop. The
// vectorizer would call enter for every lane before the first lane's call,
// so it leaves such kernels to hierarchical CBS (WFVLegality.cpp).
//
//===----------------------------------------------------------------------===//

#include "sublane/Passes/prepare/ExternalItemCalls.h"
#include "sublane/Passes/util/KernelInfo.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "sublane-prepare"

using namespace llvm;

STATISTIC(NumExternalItemCalls,
          "Number of calls that pass a work-item to a function of another "
          "file");

namespace sublane {

/// A function of another file with a SYCL work-item class among its
/// parameters (Itanium mangling: `RN4sycl7nd_itemILi2EEE`).
static bool takesWorkItem(const Function &F) {
  if (!F.isDeclaration() || F.isIntrinsic() || isBuiltinName(F.getName()) ||
      !F.getName().starts_with("_Z"))
    return false;
  for (StringRef Class : {"N4sycl7nd_item", "N4sycl4item", "N4sycl5group",
                          "N4sycl9sub_group", "N4sycl6h_item"})
    if (F.getName().contains(Class))
      return true;
  return false;
}

unsigned publishItemToExternalCalls(Function &K) {
  SmallVector<CallInst *> Calls;
  for (Instruction &I : instructions(K))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (Function *Callee = CI->getCalledFunction();
          Callee && takesWorkItem(*Callee))
        Calls.push_back(CI);
  if (Calls.empty())
    return 0;
  Module &M = *K.getParent();
  LLVMContext &C = M.getContext();
  Type *I64 = Type::getInt64Ty(C);
  // global id, local id, group id, local range, group range (3 each), local
  // linear id, then the sub-group's lane, id, size, maximum size and count.
  SmallVector<Type *> Params(15 + 6, I64);
  FunctionCallee Enter = M.getOrInsertFunction(
      ExternalItemEnter, FunctionType::get(Type::getVoidTy(C), Params, false));
  FunctionCallee Leave =
      M.getOrInsertFunction(ExternalItemLeave, Type::getVoidTy(C));
  for (CallInst *CI : Calls) {
    IRBuilder<> B(CI);
    SmallVector<Value *> Args;
    for (BuiltinKind Kind :
         {BuiltinKind::GlobalId, BuiltinKind::LocalId, BuiltinKind::GroupId,
          BuiltinKind::LocalRange, BuiltinKind::GroupRange})
      for (unsigned D = 0; D < 3; ++D)
        Args.push_back(
            B.CreateCall(getOrInsertBuiltin(M, Kind), {B.getInt32(D)}));
    for (BuiltinKind Kind :
         {BuiltinKind::LocalLinearId, BuiltinKind::SubGroupLocalId,
          BuiltinKind::SubGroupId, BuiltinKind::SubGroupSize,
          BuiltinKind::SubGroupMaxSize, BuiltinKind::SubGroupCount})
      Args.push_back(
          B.CreateZExtOrTrunc(B.CreateCall(getOrInsertBuiltin(M, Kind)), I64));
    B.CreateCall(Enter, Args);
    B.SetInsertPoint(CI->getNextNode());
    B.CreateCall(Leave);
    ++NumExternalItemCalls;
  }
  return Calls.size();
}

CallInst *findExternalItemCall(Function &K) {
  for (Instruction &I : instructions(K))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (Function *Callee = CI->getCalledFunction();
          Callee && Callee->getName() == ExternalItemEnter)
        return CI;
  return nullptr;
}

} // namespace sublane
