//===- VectorCalls.cpp - Builtins, intrinsics and other calls -------------===//
//
// Id builtins become vectors of the lanes' ids; sub-group barriers vanish
// (the lanes run in lockstep, and one thread's accesses stay in program
// order); intrinsics with a vector form are called once on vectors; any other
// call runs once per active lane, as each work-item would have called it.
//
//===----------------------------------------------------------------------===//

#include "SubGroupVectorizer.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/IntrinsicInst.h"

#define DEBUG_TYPE "sublane-wfv"

using namespace llvm;

STATISTIC(NumReplicatedCalls, "Number of calls replicated per lane");
STATISTIC(NumLaneLoopCalls,
          "Number of replicated calls emitted as a loop over the lanes");

static cl::opt<unsigned> LaneLoopMinWidth(
    "sublane-wfv-call-lane-loop-width", cl::init(16), cl::Hidden,
    cl::desc("Sub-group size from which a call replicated per lane runs in a "
             "loop over the lanes instead of one copy per lane (0: never)"));
STATISTIC(NumFirstLaneCalls,
          "Number of calls that do not return made by the first active lane");
STATISTIC(NumVectorIntrinsics, "Number of intrinsic calls vectorized");

namespace sublane {
namespace wfv {

/// The lanes' local ids in dimension \p Dim (a uniform i32), as a vector.
Value *SubGroupVectorizer::getLocalIdVector(Value *Dim) {
  Value *Zero =
      ConstantVector::getSplat(ElementCount::getFixed(S), B.getInt64(0));
  auto IdsIn = [&](unsigned D) {
    Value *Ids = LocalIds[D];
    return Ids->getType()->isVectorTy() ? Ids : splat(Ids);
  };
  if (auto *CD = dyn_cast<ConstantInt>(Dim)) {
    uint64_t D = CD->getZExtValue();
    return D < Dims ? IdsIn(D) : Zero;
  }
  Value *R = Zero;
  for (unsigned D = 0; D < Dims; ++D)
    R = B.CreateSelect(B.CreateICmpEQ(Dim, B.getInt32(D)), IdsIn(D), R);
  return R;
}

/// The local id in dimension \p Dim of a call whose result is the same in
/// every lane: within a row, one outside the last dimension.
Value *SubGroupVectorizer::getUniformLocalId(Value *Dim) {
  uint64_t D = cast<ConstantInt>(Dim)->getZExtValue();
  assert(D < Dims && !LocalIds[D]->getType()->isVectorTy() &&
         "the shape analysis keeps only row-uniform ids scalar");
  return LocalIds[D];
}

/// The global id of the work-group's first item in dimension \p Dim (a
/// uniform i32): group id times local range.
Value *SubGroupVectorizer::emitGlobalIdBase(Value *Dim) {
  FunctionCallee GroupId = getOrInsertBuiltin(M, BuiltinKind::GroupId);
  FunctionCallee Range = getOrInsertBuiltin(M, BuiltinKind::LocalRange);
  return B.CreateMul(B.CreateCall(GroupId, {Dim}), B.CreateCall(Range, {Dim}),
                     "global.id.base");
}

/// A local or global id query whose dimension differs between lanes (a
/// loop over the dimensions that lanes may leave in different iterations,
/// as under -fsanitize=undefined): each dimension's ids, picked per lane; 0
/// beyond the kernel's dimensions, as for a constant one.
Value *SubGroupVectorizer::getIdsOfLaneDimensions(CallInst &CI) {
  Value *LaneDims = getVector(CI.getArgOperand(0));
  bool Global = getBuiltinKind(&CI) == BuiltinKind::GlobalId;
  Value *R = ConstantVector::getSplat(ElementCount::getFixed(S), B.getInt64(0));
  for (unsigned D = 0; D < Dims; ++D) {
    Value *Dim = B.getInt32(D);
    Value *Ids = getLocalIdVector(Dim);
    if (Global)
      Ids = B.CreateAdd(splat(emitGlobalIdBase(Dim)), Ids);
    R = B.CreateSelect(B.CreateICmpEQ(LaneDims, splat(Dim)), Ids, R);
  }
  return R;
}

/// Returns false for builtins that are uniform calls to keep as they are.
bool SubGroupVectorizer::widenBuiltin(CallInst &CI) {
  BuiltinKind Kind = getBuiltinKind(&CI);
  if ((Kind == BuiltinKind::LocalId || Kind == BuiltinKind::GlobalId) &&
      isVector(CI.getArgOperand(0))) {
    setVector(CI, getIdsOfLaneDimensions(CI));
    return true;
  }
  switch (Kind) {
  case BuiltinKind::LocalId: {
    Value *Dim = getScalar(CI.getArgOperand(0));
    if (isVector(&CI))
      setVector(CI, getLocalIdVector(Dim));
    else
      setScalar(CI, getUniformLocalId(Dim));
    return true;
  }
  case BuiltinKind::GlobalId: {
    Value *Dim = getScalar(CI.getArgOperand(0));
    Value *Base = emitGlobalIdBase(Dim);
    if (isVector(&CI)) {
      GlobalIdBases[&CI] = Base;
      setVector(CI, B.CreateAdd(splat(Base), getLocalIdVector(Dim)));
    } else
      setScalar(CI, B.CreateAdd(Base, getUniformLocalId(Dim)));
    return true;
  }
  case BuiltinKind::LocalLinearId:
    setVector(CI, LinearIds);
    return true;
  case BuiltinKind::SubGroupLocalId:
    setVector(CI, getLaneIds(B.getInt32Ty()));
    return true;
  case BuiltinKind::SubGroupId:
    setScalar(CI, SubGroupId);
    return true;
  case BuiltinKind::SubGroupSize:
    setScalar(CI, P->isFull() ? B.getInt32(S) : Lanes);
    return true;
  case BuiltinKind::SubGroupBarrier:
  case BuiltinKind::UniformAssertion:
    return true;
  case BuiltinKind::Collective:
    widenCollective(CI, *getCollectiveInfo(CI.getCalledFunction()));
    return true;
  default: {
    // A group id or range of a dimension that differs between lanes: one
    // call per lane, each of which work-group CBS lowers.
    if (any_of(CI.args(), [&](const Use &A) { return isVector(A); })) {
      replicateCall(CI, /*Masked=*/false);
      return true;
    }
    // Group ids and ranges, local memory, work-group barriers: one call for
    // the sub-group, which work-group CBS lowers.
    auto Emit = [&]() -> Value * {
      Instruction *NI = CI.clone();
      for (Use &U : NI->operands())
        if (U.get() != CI.getCalledOperand())
          U.set(getScalar(U.get()));
      return B.Insert(NI);
    };
    Value *R;
    if (getBuiltinKind(&CI) == BuiltinKind::WorkGroupBarrier)
      R = emitGuarded(getSyncGuard(), CI.getType(), [&] {
        emitLaneCheck(CI, "work-group barrier");
        return Emit();
      });
    else
      R = Emit();
    if (!CI.getType()->isVoidTy())
      setScalar(CI, R);
    return true;
  }
  }
}

/// Intrinsics returning a pair of scalars whose form on vectors returns the
/// pair of vectors, lane by lane.
static bool hasFieldwiseVectorForm(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::frexp:
  case Intrinsic::sadd_with_overflow:
  case Intrinsic::uadd_with_overflow:
  case Intrinsic::ssub_with_overflow:
  case Intrinsic::usub_with_overflow:
  case Intrinsic::smul_with_overflow:
  case Intrinsic::umul_with_overflow:
    return true;
  default:
    return false;
  }
}

/// \p CI on vectors: every overloaded type, a scalar, becomes the vector of
/// the lanes' (WFVLegality.cpp admits no other pair).
CallInst *SubGroupVectorizer::widenFieldwiseIntrinsic(CallInst &CI) {
  SmallVector<Type *> Overloads;
  if (!Intrinsic::getIntrinsicSignature(CI.getCalledFunction(), Overloads) ||
      any_of(Overloads, [](Type *T) { return T->isVectorTy(); }))
    return nullptr;
  for (Type *&T : Overloads)
    T = getVectorType(T);
  SmallVector<Value *> Args;
  for (Value *Arg : CI.args())
    Args.push_back(getVector(Arg));
  Function *F = Intrinsic::getDeclaration(&M, CI.getIntrinsicID(), Overloads);
  return B.CreateCall(F, Args);
}

/// Whether \p CI is an intrinsic that the optimizer folds to a constant
/// (UBSan's object-size checks call llvm.objectsize on every access): one
/// copy per lane folds into a constant vector, where a loop over the lanes
/// would stay and cost a vector insert per lane.
static bool foldsToConstant(const CallInst &CI) {
  switch (CI.getIntrinsicID()) {
  case Intrinsic::objectsize:
    return !cast<ConstantInt>(CI.getArgOperand(3))->isOne(); // not dynamic
  case Intrinsic::is_constant:
    return true;
  default:
    return false;
  }
}

bool SubGroupVectorizer::widenIntrinsic(CallInst &CI) {
  Intrinsic::ID ID = CI.getIntrinsicID();
  switch (ID) {
  case Intrinsic::lifetime_start:
  case Intrinsic::lifetime_end:
  case Intrinsic::assume:
  case Intrinsic::experimental_noalias_scope_decl:
  case Intrinsic::dbg_declare:
  case Intrinsic::dbg_value:
  case Intrinsic::dbg_label:
  case Intrinsic::donothing:
  case Intrinsic::sideeffect:
    return true; // facts about scalar values, or nothing at all
  default:
    break;
  }
  if (isVector(&CI) && foldsToConstant(CI)) {
    // A copy per lane with its own operands, not frozen: a frozen pointer
    // has lost its object.
    setVector(CI, replicatePerLane(nullptr, CI.getType(), [&](unsigned Lane) {
                auto *NC = cast<CallInst>(CI.clone());
                for (Use &U : NC->operands())
                  U.set(getLane(U.get(), Lane));
                return B.Insert(NC);
              }));
    return true;
  }
  if (isVector(&CI) && CI.getType()->isStructTy() &&
      hasFieldwiseVectorForm(ID)) {
    CallInst *New = widenFieldwiseIntrinsic(CI);
    if (!New)
      return false;
    ++NumVectorIntrinsics;
    setVector(CI, New);
    return true;
  }
  if (!isVector(&CI) || !isTriviallyVectorizable(ID))
    return false;
  SmallVector<Type *> Tys;
  SmallVector<Value *> Args;
  if (isVectorIntrinsicWithOverloadTypeAtArg(ID, -1))
    Tys.push_back(getVectorType(CI.getType()));
  for (auto [I, Arg] : enumerate(CI.args())) {
    bool ScalarArg = isVectorIntrinsicWithScalarOpAtArg(ID, I);
    if (ScalarArg && isVector(Arg))
      return false; // replicated instead
    Value *New = ScalarArg ? getScalar(Arg) : getVector(Arg);
    Args.push_back(New);
    if (isVectorIntrinsicWithOverloadTypeAtArg(ID, I))
      Tys.push_back(New->getType());
  }
  Function *F = Intrinsic::getDeclaration(&M, ID, Tys);
  CallInst *New = B.CreateCall(F, Args);
  if (isa<FPMathOperator>(New))
    New->copyFastMathFlags(&CI);
  ++NumVectorIntrinsics;
  setVector(CI, New);
  return true;
}

/// \p V, or its frozen form where poison could reach a call's operand.
Value *SubGroupVectorizer::freezeOperand(Value *V) {
  if (isa<Constant>(V) || !V->getType()->isFirstClassType() ||
      V->getType()->isMetadataTy() || V->getType()->isTokenTy() ||
      V->getType()->isLabelTy())
    return V;
  return B.CreateFreeze(V);
}

/// The type a lane's value of type \p Ty takes in a stack slot of one
/// element per lane that a vector load or store reads whole: \p Ty where
/// its vector has no padding between elements, the integer of its
/// allocation size for a narrower integer (i1), or null.
static Type *getLaneSlotType(Type *Ty, const DataLayout &DL) {
  if (Ty->isVoidTy())
    return Ty;
  if (!Ty->isIntegerTy() && !Ty->isFloatingPointTy() && !Ty->isPointerTy())
    return nullptr;
  TypeSize Bits = DL.getTypeSizeInBits(Ty);
  TypeSize AllocBits = DL.getTypeAllocSizeInBits(Ty);
  if (Bits == AllocBits)
    return Ty;
  if (Ty->isIntegerTy())
    return IntegerType::get(Ty->getContext(), AllocBits.getFixedValue());
  return nullptr;
}

/// Whether every lane's operands and result of \p CI are single elements of
/// the sub-group's vectors that stack slots of one element per lane can
/// hold, so that a lane number known only at run time can pick them.
static bool hasScalarLanes(const CallInst &CI, const DataLayout &DL) {
  if (!getLaneSlotType(CI.getType(), DL))
    return false;
  for (const Value *Op : CI.operands())
    if (!getLaneSlotType(Op->getType(), DL))
      return false;
  return true;
}

/// The call once per active lane in a loop over the lanes: at wide
/// sub-groups one copy per lane makes the kernel's code, and its compile
/// time, grow with the width at every call site (a kernel printing with
/// sycl::stream at size 64 took 17 s to compile). Operands and results go
/// through stack slots, one element per lane, and the loop visits the set
/// bits of the mask: a vector carried around the loop and indexed by the
/// lane number would be spilled and reloaded whole at every lane.
Value *SubGroupVectorizer::replicateCallInLoop(CallInst &CI, bool Masked) {
  ++NumLaneLoopCalls;
  SmallVector<std::pair<AllocaInst *, Type *>> Slots;
  // A slot of one element per lane for values of type Ty, and the type its
  // elements have.
  auto CreateSlot = [&](Type *Ty, const Twine &Name) {
    Type *ElemTy = getLaneSlotType(Ty, DL);
    AllocaInst *Slot = createLaneSlot(*NewEntry, ElemTy, S, Name);
    B.CreateLifetimeStart(
        Slot, B.getInt64(DL.getTypeAllocSize(Slot->getAllocatedType())));
    Slots.push_back({Slot, ElemTy});
    return Slots.back();
  };
  auto ElemAlign = [&](AllocaInst *Slot, Type *ElemTy) {
    return commonAlignment(Slot->getAlign(), DL.getTypeAllocSize(ElemTy));
  };

  // Varying operands are stored before the loop; uniform ones are used as
  // they are.
  SmallVector<std::pair<AllocaInst *, Type *>> OperandSlots;
  for (Use &U : CI.operands()) {
    if (!isVector(U.get())) {
      OperandSlots.push_back({nullptr, nullptr});
      continue;
    }
    auto [Slot, ElemTy] = CreateSlot(U->getType(), "lane.args");
    Value *V = getVector(U.get());
    if (ElemTy != U->getType())
      V = B.CreateZExt(V, getVectorType(ElemTy));
    B.CreateAlignedStore(V, Slot, Slot->getAlign());
    OperandSlots.push_back({Slot, ElemTy});
  }
  Type *ResultTy = CI.getType();
  std::pair<AllocaInst *, Type *> ResultSlot{nullptr, nullptr};
  if (!ResultTy->isVoidTy())
    ResultSlot = CreateSlot(ResultTy, "lane.results");

  IntegerType *BitsTy = B.getIntNTy(S);
  Value *Bits = Masked ? B.CreateBitCast(Mask, BitsTy, "lane.bits")
                       : Constant::getAllOnesValue(BitsTy);
  emitLoopOverSetBits(B, Bits, "lane.call", "lane.done", [&](Value *Lane) {
    auto *NC = cast<CallInst>(CI.clone());
    for (auto [U, OpSlot] : zip(NC->operands(), OperandSlots)) {
      auto [Slot, ElemTy] = OpSlot;
      Value *V;
      if (Slot) {
        V = B.CreateAlignedLoad(ElemTy, B.CreateGEP(ElemTy, Slot, Lane),
                                ElemAlign(Slot, ElemTy));
        V = B.CreateTrunc(V, U->getType());
      } else {
        V = getScalar(U.get());
      }
      U.set(Masked ? V : freezeOperand(V));
    }
    B.Insert(NC);
    if (auto [Slot, ElemTy] = ResultSlot; Slot)
      B.CreateAlignedStore(B.CreateZExt(NC, ElemTy),
                           B.CreateGEP(ElemTy, Slot, Lane),
                           ElemAlign(Slot, ElemTy));
  });

  Value *Result = nullptr;
  if (auto [Slot, ElemTy] = ResultSlot; Slot) {
    Result = B.CreateAlignedLoad(getVectorType(ElemTy), Slot, Slot->getAlign(),
                                 "lane.collected");
    Result = B.CreateTrunc(Result, getVectorType(ResultTy));
  }
  for (auto [Slot, ElemTy] : Slots)
    B.CreateLifetimeEnd(
        Slot, B.getInt64(DL.getTypeAllocSize(Slot->getAllocatedType())));
  return Result;
}

/// The call once per lane, in lane order; under the mask unless it is a
/// pure function that cannot trap, whose inactive lanes get frozen operands.
bool SubGroupVectorizer::callsPerLaneInLoop(CallInst &CI) const {
  return LaneLoopMinWidth && S >= LaneLoopMinWidth && hasScalarLanes(CI, DL);
}

Value *SubGroupVectorizer::callPerLane(CallInst &CI, bool Masked) {
  if (callsPerLaneInLoop(CI))
    return replicateCallInLoop(CI, Masked);
  return replicatePerLane(Masked ? Mask : nullptr, CI.getType(),
                          [&](unsigned Lane) -> Value * {
                            auto *NC = cast<CallInst>(CI.clone());
                            for (Use &U : NC->operands()) {
                              Value *V = getLane(U.get(), Lane);
                              U.set(Masked ? V : freezeOperand(V));
                            }
                            B.Insert(NC);
                            return NC->getType()->isVoidTy() ? nullptr : NC;
                          });
}

/// A call that does not return (the abort handlers of UBSan's checks, a
/// failed assert) ends the program, so of the calls in lane order only the
/// first active lane's is ever made: one branch on "any lane" and that
/// lane's operands, instead of a branch per lane. Per lane, UBSan's checks
/// in a size-8 work-group reduction made its kernel 4x larger, and 6x slower
/// to compile with AddressSanitizer too.
void SubGroupVectorizer::callFirstActiveLane(CallInst &CI) {
  ++NumFirstLaneCalls;
  emitGuarded(any(Mask), CI.getType(), [&]() -> Value * {
    Value *Bits = B.CreateBitCast(Mask, B.getIntNTy(S), "lane.bits");
    Value *Lane = B.CreateBinaryIntrinsic(Intrinsic::cttz, Bits, B.getTrue(),
                                          nullptr, "first.lane");
    auto *NC = cast<CallInst>(CI.clone());
    for (Use &U : NC->operands())
      U.set(isVector(U.get())
                ? B.CreateExtractElement(getVector(U.get()), Lane)
                : getScalar(U.get()));
    B.Insert(NC);
    return nullptr;
  });
}

void SubGroupVectorizer::replicateCall(CallInst &CI, bool Masked) {
  ++NumReplicatedCalls;
  bool InLoop = callsPerLaneInLoop(CI);
  Value *R = callPerLane(CI, Masked);
  if (!CI.getType()->isVoidTy()) {
    if (isVector(&CI))
      setVector(CI, R);
    else
      setScalar(CI, InLoop ? B.CreateExtractElement(R, B.getInt32(0))
                           : extractLane(R, 0));
  }
}

void SubGroupVectorizer::widenCall(CallInst &CI) {
  if (isInFullSubGroupTest(CI)) {
    setScalar(CI, B.getInt1(P->isFull()));
    return;
  }
  if (getBuiltinKind(&CI) != BuiltinKind::None) {
    widenBuiltin(CI);
    return;
  }
  if (widenMathCall(CI))
    return;
  if (CI.getCalledFunction() && CI.getCalledFunction()->isIntrinsic() &&
      widenIntrinsic(CI))
    return;
  bool Pure = CI.doesNotAccessMemory() && CI.doesNotThrow() &&
              CI.willReturn() && !CI.isConvergent();
  if (!isVector(&CI) && Pure) {
    // The same result in every lane: one call. When no lane may run the
    // block, its operands may be poison.
    Instruction *NI = CI.clone();
    for (Use &U : NI->operands())
      U.set(mayBeEmpty() ? freezeOperand(getScalar(U.get()))
                         : getScalar(U.get()));
    B.Insert(NI);
    setScalar(CI, NI);
    return;
  }
  if (CI.doesNotReturn() && CI.getType()->isVoidTy() && !CI.isConvergent() &&
      hasScalarLanes(CI, DL)) {
    callFirstActiveLane(CI);
    return;
  }
  // Side effects happen once per work-item, each with its own operands.
  replicateCall(CI, /*Masked=*/!Pure);
}

} // namespace wfv
} // namespace sublane
