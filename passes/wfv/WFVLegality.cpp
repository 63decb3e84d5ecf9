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
#include "sublane/Passes/prepare/ExternalItemCalls.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
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

/// Lanes of a sub-group run in lockstep: each instruction reads for every
/// lane before it writes for any, as a GPU's warp does, and GPU code that
/// permutes values in shared memory (`s[perm[i]] = s[i]`) relies on it. A
/// memcpy with addresses that differ between lanes is otherwise replicated
/// per lane, each lane's copy done before the next lane reads. A copy of a
/// small constant length that touches no private variable (private copies
/// cannot overlap between lanes, and ElementMajorPrivates splits those that
/// keep a private variable from its element-major layout) becomes one load
/// and one store of a vector.
static constexpr uint64_t MaxLockstepCopyBytes = 128;

static bool isPrivate(const Value *Ptr) {
  return isa<AllocaInst>(getUnderlyingObject(Ptr));
}

static void splitSmallSharedCopies(Function &K) {
  SmallVector<MemTransferInst *> Copies;
  for (Instruction &I : instructions(K))
    if (auto *MT = dyn_cast<MemTransferInst>(&I))
      if (auto *Len = dyn_cast<ConstantInt>(MT->getLength());
          Len && !MT->isVolatile() && !Len->isZero() &&
          Len->getZExtValue() <= MaxLockstepCopyBytes &&
          !isPrivate(MT->getRawDest()) && !isPrivate(MT->getRawSource()))
        Copies.push_back(MT);
  for (MemTransferInst *MT : Copies) {
    uint64_t Bytes = cast<ConstantInt>(MT->getLength())->getZExtValue();
    IRBuilder<> B(MT);
    Type *Ty = Bytes % 4 == 0 ? FixedVectorType::get(B.getInt32Ty(), Bytes / 4)
                              : FixedVectorType::get(B.getInt8Ty(), Bytes);
    Value *V =
        B.CreateAlignedLoad(Ty, MT->getRawSource(),
                            MT->getSourceAlign().valueOrOne(), "copy.lanes");
    B.CreateAlignedStore(V, MT->getRawDest(), MT->getDestAlign().valueOrOne());
    MT->eraseFromParent();
  }
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
  splitSmallSharedCopies(K);
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
  if (CallInst *Enter = findExternalItemCall(K)) {
    std::string Callee = "a function";
    for (Instruction *I = Enter->getNextNode(); I; I = I->getNextNode())
      if (auto *CI = dyn_cast<CallInst>(I);
          CI && CI->getCalledFunction() &&
          !isBuiltinName(CI->getCalledFunction()->getName())) {
        Callee = "'" + demangle(CI->getCalledFunction()->getName()) + "'";
        break;
      }
    return Refusal{"it passes its work-item to " + Callee +
                       " of another file, which asks it for ids one "
                       "work-item at a time",
                   Enter};
  }
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
