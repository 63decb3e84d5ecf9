//===- DeviceMathCalls.cpp - Math library calls without errno -------------===//

#include "sublane/Passes/prepare/DeviceMathCalls.h"
#include "sublane/Passes/util/KernelInfo.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "sublane-device-math"

using namespace llvm;

STATISTIC(NumMathIntrinsics, "Number of math library calls made intrinsics");
STATISTIC(NumMathCallsWithoutMemory,
          "Number of math library calls marked as touching no memory");

namespace sublane {

/// Whether the C math function \p Name (double, float or long double form)
/// has no side effect but errno: neither a pointer argument (frexp, modf,
/// remquo) nor global state (lgamma's signgam).
static bool writesOnlyErrno(StringRef Name) {
  auto IsMath = [](StringRef Base) {
    return StringSwitch<bool>(Base)
        .Cases("acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", true)
        .Cases("cbrt", "ceil", "copysign", "cos", "cosh", "erf", "erfc", true)
        .Cases("exp", "exp10", "exp2", "expm1", "fabs", "fdim", "floor", true)
        .Cases("fma", "fmax", "fmin", "fmod", "hypot", "ilogb", "ldexp", true)
        .Cases("llrint", "llround", "log", "log10", "log1p", "log2", true)
        .Cases("logb", "lrint", "lround", "nearbyint", "nextafter", true)
        .Cases("pow", "remainder", "rint", "round", "roundeven", true)
        .Cases("scalbln", "scalbn", "sin", "sinh", "sqrt", "tan", true)
        .Cases("tanh", "tgamma", "trunc", true)
        .Default(false);
  };
  if (IsMath(Name))
    return true;
  // The float and long double forms: sqrtf, sqrtl.
  return (Name.ends_with("f") || Name.ends_with("l")) &&
         IsMath(Name.drop_back());
}

/// Whether \p CI calls the C library's function of its name: TLI knows the
/// function and its prototype, or (for those TLI does not list, such as
/// fdim) it takes and returns one floating-point type. A function that only
/// shares the name keeps its calls.
static bool isLibraryFunction(const CallInst &CI,
                              const TargetLibraryInfo &TLI) {
  LibFunc Func;
  if (TLI.getLibFunc(CI, Func))
    return true;
  Type *Ty = CI.getType();
  return Ty->isFloatingPointTy() && CI.arg_size() >= 1 &&
         all_of(CI.args(), [&](const Use &A) { return A->getType() == Ty; });
}

/// Whether intrinsic \p ID, which \p CI's library function computes, takes
/// and returns values of \p CI's type alone (llvm.sqrt.f32, llvm.pow.f64):
/// named by that one type. lround and its kin also name their integer.
static bool isOverloadedOnResultAlone(Intrinsic::ID ID, const CallInst &CI) {
  switch (ID) {
  case Intrinsic::sqrt:
  case Intrinsic::sin:
  case Intrinsic::cos:
  case Intrinsic::tan:
  case Intrinsic::exp:
  case Intrinsic::exp2:
  case Intrinsic::exp10:
  case Intrinsic::log:
  case Intrinsic::log2:
  case Intrinsic::log10:
  case Intrinsic::pow:
  case Intrinsic::fabs:
  case Intrinsic::copysign:
  case Intrinsic::minnum:
  case Intrinsic::maxnum:
  case Intrinsic::floor:
  case Intrinsic::ceil:
  case Intrinsic::trunc:
  case Intrinsic::rint:
  case Intrinsic::nearbyint:
  case Intrinsic::round:
  case Intrinsic::roundeven:
  case Intrinsic::fma:
    return all_of(CI.args(),
                  [&](const Use &A) { return A->getType() == CI.getType(); });
  default:
    return false;
  }
}

PreservedAnalyses DeviceMathCallsPass::run(Function &F,
                                           FunctionAnalysisManager &FAM) {
  if (!isKernel(F))
    return PreservedAnalyses::all();
  const TargetLibraryInfo &TLI = FAM.getResult<TargetLibraryAnalysis>(F);
  bool Changed = false;
  for (Instruction &I : make_early_inc_range(instructions(F))) {
    auto *CI = dyn_cast<CallInst>(&I);
    Function *Callee = CI ? CI->getCalledFunction() : nullptr;
    if (!Callee || Callee->isIntrinsic() || !Callee->isDeclaration() ||
        CI->doesNotAccessMemory() || !writesOnlyErrno(Callee->getName()) ||
        !isLibraryFunction(*CI, TLI))
      continue;
    LLVM_DEBUG(dbgs() << "sublane-device-math: no errno in " << F.getName()
                      << ": " << *CI << "\n");
    CI->setDoesNotAccessMemory();
    CI->setDoesNotThrow();
    CI->addFnAttr(Attribute::WillReturn);
    Changed = true;
    Intrinsic::ID ID = getIntrinsicForCallSite(*CI, &TLI);
    if (!isOverloadedOnResultAlone(ID, *CI) && ID != Intrinsic::ldexp) {
      ++NumMathCallsWithoutMemory;
      continue;
    }
    // llvm.sqrt.f32; llvm.ldexp.f32.i32 also names its exponent's type.
    SmallVector<Type *, 2> Tys{CI->getType()};
    if (ID == Intrinsic::ldexp)
      Tys.push_back(CI->getArgOperand(1)->getType());
    IRBuilder<> B(CI);
    SmallVector<Value *, 3> Args(CI->args());
    CallInst *New = B.CreateIntrinsic(ID, Tys, Args);
    New->copyMetadata(*CI);
    if (isa<FPMathOperator>(New))
      New->copyFastMathFlags(CI);
    New->takeName(CI);
    CI->replaceAllUsesWith(New);
    CI->eraseFromParent();
    ++NumMathIntrinsics;
  }
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace sublane
