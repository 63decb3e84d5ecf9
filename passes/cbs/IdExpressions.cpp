//===- IdExpressions.cpp - Id expressions recomputed at their uses --------===//

#include "CBSLowering.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Operator.h"

#define DEBUG_TYPE "sublane-wg-cbs"

using namespace llvm;

STATISTIC(NumRematerialized,
          "Number of id expressions recomputed where they are used");
STATISTIC(NumDissolvedFreezes,
          "Number of freezes of id arithmetic replaced by a copy that cannot "
          "be poison");

namespace sublane {
namespace cbs {

/// The number of instructions an id expression may have and still be
/// recomputed at each use rather than kept per work-item (a sub-group's
/// lane ids along a row, divided by the row length through its reciprocal,
/// take ten).
static constexpr unsigned MaxRematerializedSize = 16;

/// The number of instructions under a freeze that dissolveIdFreezes copies.
static constexpr unsigned MaxDissolvedSize = 16;

static bool isIdOrRangeBuiltin(BuiltinKind K) {
  return builtinTakesDimension(K) || isWorkItemVaryingBuiltin(K) ||
         K == BuiltinKind::SubGroupMaxSize || K == BuiltinKind::SubGroupCount;
}

/// Copies the pure arithmetic V computes from builtins and constants, without
/// the flags that can make it poison, into Copies (before InsertPt); false if
/// some leaf may be undef or poison, or the expression is too large.
static bool copyWithoutPoison(Value *V, Instruction *InsertPt,
                              DenseMap<Value *, Value *> &Copies,
                              SmallVectorImpl<Instruction *> &Made) {
  if (Copies.count(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || isIdOrRangeBuiltin(getBuiltinKind(I)) ||
      isGuaranteedNotToBeUndefOrPoison(I)) {
    Copies[V] = V;
    // The runtime and the lowering define every id and range.
    return I || isGuaranteedNotToBeUndefOrPoison(V);
  }
  if (Made.size() >= MaxDissolvedSize || I->mayReadOrWriteMemory() ||
      I->mayHaveSideEffects() || isa<PHINode>(I) ||
      !isa<BinaryOperator, CastInst, CmpInst, SelectInst, IntrinsicInst>(I))
    return false;
  if (auto *II = dyn_cast<IntrinsicInst>(I))
    if (!isa<MinMaxIntrinsic>(II))
      return false;
  Instruction *C = I->clone();
  C->dropPoisonGeneratingAnnotations();
  Made.push_back(C);
  Copies[V] = C;
  for (Use &Op : C->operands()) {
    if (!copyWithoutPoison(Op.get(), InsertPt, Copies, Made))
      return false;
    Op.set(Copies[Op.get()]);
  }
  // Without its flags, what is left that makes poison is the instruction
  // itself (a shift by too much, say).
  if (canCreateUndefOrPoison(cast<Operator>(C),
                             /*ConsiderFlagsAndMetadata=*/false))
    return false;
  C->insertBefore(InsertPt);
  return true;
}

/// The vectorizer freezes the conditions of the branches it keeps, and
/// InstCombine moves such a freeze onto the id arithmetic below it (the
/// division of a sub-group's first id by the row length, say). A freeze is
/// never recomputed at a use, since each copy could pick a different value,
/// so the ids it holds would be kept per work-item across every barrier.
/// Where the frozen arithmetic reads only builtins and constants, the same
/// arithmetic without its no-wrap flags is never poison and equals the
/// frozen value whenever that was not poison, so it replaces the freeze.
void CBSLowering::dissolveIdFreezes() {
  for (Instruction &I : make_early_inc_range(instructions(W))) {
    auto *F = dyn_cast<FreezeInst>(&I);
    if (!F)
      continue;
    DenseMap<Value *, Value *> Copies;
    SmallVector<Instruction *> Made;
    if (!copyWithoutPoison(F->getOperand(0), F, Copies, Made)) {
      for (Instruction *C : reverse(Made)) {
        C->dropAllReferences();
        if (C->getParent())
          C->removeFromParent();
      }
      for (Instruction *C : Made)
        C->deleteValue();
      continue;
    }
    F->replaceAllUsesWith(Copies[F->getOperand(0)]);
    F->eraseFromParent();
    ++NumDissolvedFreezes;
  }
}

/// Whether I computes a value from work-item ids and values uniform in the
/// work-group alone, with pure instructions, in at most MaxRematerializedSize
/// of them (Sizes memoizes each expression's size, 0 when it is none).
bool CBSLowering::isIdExpression(Instruction *I, const KernelShape &Shape,
                                 DenseMap<Instruction *, unsigned> &Sizes) {
  if (auto It = Sizes.find(I); It != Sizes.end())
    return It->second != 0;
  Sizes[I] = 0; // no cycles through PHIs, but guard the recursion anyway
  if (isWorkItemVaryingBuiltin(getBuiltinKind(I))) {
    Sizes[I] = 1;
    return true;
  }
  // Vector lanes too: a vectorized kernel's ids are splats plus lane
  // numbers.
  if (!isa<BinaryOperator, CastInst, GetElementPtrInst, CmpInst, SelectInst,
           InsertElementInst, ExtractElementInst, ShuffleVectorInst>(I) ||
      I->mayHaveSideEffects() || Shape.isUniform(I))
    return false;
  unsigned Size = 1;
  for (Value *Op : I->operands()) {
    auto *OpI = dyn_cast<Instruction>(Op);
    if (!OpI || Shape.isUniform(OpI))
      continue;
    if (!isIdExpression(OpI, Shape, Sizes))
      return false;
    Size += Sizes[OpI];
  }
  if (Size > MaxRematerializedSize)
    return false;
  Sizes[I] = Size;
  return true;
}

/// Ids are never stored: each use gets its own copy of the id query next to
/// it, which the region clone then replaces with its loop's id. So are
/// values computed from the ids and group-uniform values alone (a local id
/// plus one, a tile coordinate, an address), instead of being kept per
/// work-item across barriers: a later region then reads no scratch for them,
/// and its work-item loop sees the address arithmetic it needs to vectorize.
/// The copies read the same SSA values the original read, so they compute the
/// same result: each use is dominated by the original, which is dominated
/// by its operands.
void CBSLowering::rematerializeIdExpressions() {
  KernelShape Shape(*W, Dims, DivergenceSources::Conservative);
  DenseMap<Instruction *, unsigned> Sizes;
  SmallVector<Instruction *> Expressions;
  for (Instruction &I : instructions(W))
    if (isIdExpression(&I, Shape, Sizes))
      Expressions.push_back(&I);
  auto IsPart = [&](Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    return I && Sizes.lookup(I) != 0;
  };
  // Copies take their original's name once it is gone (a copy named while
  // the original lives would get a numbered variant).
  SmallVector<std::pair<Instruction *, std::string>> Names;
  for (Instruction *I : Expressions) {
    for (Use &U : make_early_inc_range(I->uses())) {
      auto *User = cast<Instruction>(U.getUser());
      if (IsPart(User) && !isa<PHINode>(User))
        continue; // recomputed along with its user's expression
      Instruction *InsertPt = User;
      if (auto *PN = dyn_cast<PHINode>(User))
        InsertPt = PN->getIncomingBlock(U)->getTerminator();
      DenseMap<Value *, Value *> Copies;
      std::function<Value *(Value *)> Copy = [&](Value *V) -> Value * {
        if (!IsPart(V))
          return V;
        if (Value *Done = Copies.lookup(V))
          return Done;
        Instruction *C = cast<Instruction>(V)->clone();
        if (V->hasName())
          Names.push_back({C, V->getName().str()});
        for (Use &Op : C->operands())
          Op.set(Copy(Op.get()));
        C->insertBefore(InsertPt);
        return Copies[V] = C;
      };
      U.set(Copy(I));
      ++NumRematerialized;
    }
  }
  // Originals whose every use now has its own copy; an expression may only
  // die once the expressions using it have.
  for (bool Erased = true; Erased;) {
    Erased = false;
    for (Instruction *&I : Expressions)
      if (I && I->use_empty()) {
        I->eraseFromParent();
        I = nullptr;
        Erased = true;
      }
  }
  for (auto &[Copy, Name] : Names)
    Copy->setName(Name);
}

} // namespace cbs
} // namespace sublane
