//===- WFVLegality.cpp - What the vectorizer cannot do --------------------===//
//
// The vectorizer keeps one vector per value that differs between lanes, so
// such values must be scalars in the original (integers, floating point,
// pointers) or fixed vectors of them. The one kind of aggregate it keeps is
// the struct of such values a call or a compare-exchange returns
// (`llvm.frexp`, `llvm.sadd.with.overflow`, a function returning a small
// struct in registers), taken apart by extractvalue alone, also after phis
// and selects: a struct of one vector per field. Control flow must be reducible
// and free of exceptions. What is refused here runs under hierarchical CBS
// instead, and the remark says why.
//
//===----------------------------------------------------------------------===//

#include "SubGroupVectorizer.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Utils/LCSSA.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LowerSwitch.h"

using namespace llvm;

namespace sublane {
namespace wfv {

static bool isScalarLaneType(Type *T) {
  return T->isIntegerTy() || T->isFloatingPointTy() || T->isPointerTy();
}

/// Scalars, and fixed vectors of them (VectorElements.cpp).
static bool isLaneType(Type *T) {
  if (auto *VT = dyn_cast<FixedVectorType>(T))
    return isScalarLaneType(VT->getElementType());
  return isScalarLaneType(T);
}

/// A literal struct of lane types: what calls return where the ABI splits a
/// small struct into registers (`{ <2 x float>, i64 }` for three floats and
/// an int on x86-64).
static bool hasLaneFields(Type *T) {
  auto *ST = dyn_cast<StructType>(T);
  return ST && ST->isLiteral() && ST->getNumElements() != 0 &&
         all_of(ST->elements(), isLaneType);
}

/// The structs of lane types the vectorizer keeps as one vector per field
/// (SubGroupVectorizer::getVectorType): results of calls and compare-exchanges,
/// and phis and selects choosing among them or constants, used only by
/// extractvalue of one field and by such phis and selects.
static DenseSet<const Instruction *> findFieldwiseAggregates(Function &K) {
  SetVector<const Instruction *> Found;
  for (Instruction &I : instructions(K))
    if (hasLaneFields(I.getType()) &&
        (isa<CallInst>(I) || isa<AtomicCmpXchgInst>(I) || isa<PHINode>(I) ||
         isa<SelectInst>(I)))
      Found.insert(&I);
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const Instruction *I : Found.getArrayRef()) {
      bool Kept = all_of(I->users(), [&](const User *U) {
        if (auto *EV = dyn_cast<ExtractValueInst>(U))
          return EV->getNumIndices() == 1;
        auto *UI = cast<Instruction>(U);
        return (isa<PHINode>(UI) || isa<SelectInst>(UI)) && Found.contains(UI);
      });
      auto IsChoice = [&](const Value *V) {
        auto *In = dyn_cast<Instruction>(V);
        return In ? Found.contains(In) : isa<Constant>(V);
      };
      if (auto *P = dyn_cast<PHINode>(I))
        Kept &= all_of(P->incoming_values(), IsChoice);
      if (auto *Sel = dyn_cast<SelectInst>(I))
        Kept &= IsChoice(Sel->getTrueValue()) && IsChoice(Sel->getFalseValue());
      if (!Kept) {
        Found.remove(I);
        Changed = true;
        break;
      }
    }
  }
  return DenseSet<const Instruction *>(Found.begin(), Found.end());
}

static std::string typeName(Type *T) {
  std::string S;
  raw_string_ostream OS(S);
  T->print(OS);
  return S;
}

std::optional<Refusal>
canonicalizeForVectorization(Function &K, FunctionAnalysisManager &FAM) {
  for (Instruction &I : instructions(K)) {
    if (isa<InvokeInst>(I) || isa<CallBrInst>(I) || isa<IndirectBrInst>(I))
      return Refusal{"it has an exception handler or an indirect branch", &I};
  }
  CycleInfo Cycles;
  Cycles.compute(K);
  for (const Cycle *Cy : Cycles.toplevel_cycles()) {
    SmallVector<const Cycle *> Work = {Cy};
    while (!Work.empty()) {
      const Cycle *Cur = Work.pop_back_val();
      if (!Cur->isReducible())
        return Refusal{"its control flow is irreducible (a loop with several "
                       "entries)",
                       &Cur->getHeader()->front()};
      append_range(Work, Cur->children());
    }
  }
  FunctionPassManager FPM;
  FPM.addPass(LowerSwitchPass());
  FPM.addPass(LoopSimplifyPass());
  FPM.addPass(LCSSAPass());
  FAM.invalidate(K, PreservedAnalyses::none());
  FPM.run(K, FAM);
  FAM.invalidate(K, PreservedAnalyses::none());
  return std::nullopt;
}

std::optional<Refusal> checkVectorizable(Function &K,
                                         const DenseSet<Value *> &Vector) {
  DenseSet<const Instruction *> Fieldwise = findFieldwiseAggregates(K);
  auto IsFieldwise = [&](const Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    return I && Fieldwise.contains(I);
  };
  for (Instruction &I : instructions(K)) {
    if (auto *CI = dyn_cast<CallInst>(&I)) {
      if (CI->isInlineAsm())
        return Refusal{"it contains inline assembly", &I};
      if (CI->isMustTailCall())
        return Refusal{"it contains a musttail call", &I};
    }
    if (isa<AtomicCmpXchgInst>(I) && !IsFieldwise(&I))
      return Refusal{"the result of a compare-exchange is used whole", &I};
    if (auto *EV = dyn_cast<ExtractValueInst>(&I);
        EV && IsFieldwise(EV->getAggregateOperand()))
      continue;
    if (auto *St = dyn_cast<StoreInst>(&I))
      if (Vector.contains(St->getPointerOperand()) &&
          !isLaneType(St->getValueOperand()->getType()))
        return Refusal{"it stores a value of type '" +
                           typeName(St->getValueOperand()->getType()) +
                           "' to an address that differs between work-items",
                       &I};
    if (!Vector.contains(&I) || IsFieldwise(&I))
      continue;
    if (!isLaneType(I.getType()))
      return Refusal{"a value of type '" + typeName(I.getType()) +
                         "' differs between work-items (only scalars and "
                         "vectors of them are vectorized yet)",
                     &I};
    if (isa<ExtractValueInst>(I) || isa<InsertValueInst>(I) ||
        isa<VAArgInst>(I) || isa<LandingPadInst>(I))
      return Refusal{"it takes apart an aggregate value that differs "
                     "between work-items",
                     &I};
    if (I.getType()->isVectorTy() &&
        (isa<GetElementPtrInst>(I) || isa<AtomicRMWInst>(I)))
      return Refusal{"a vector of addresses or an atomic on a vector differs "
                     "between work-items",
                     &I};
    if (getBuiltinKind(&I) == BuiltinKind::Collective &&
        any_of(cast<CallBase>(I).args(),
               [](const Use &A) { return A->getType()->isVectorTy(); }))
      return Refusal{"a collective on a vector value", &I};
  }
  return std::nullopt;
}

} // namespace wfv
} // namespace sublane
