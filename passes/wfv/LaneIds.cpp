//===- LaneIds.cpp - The entry, lane ids and the choice of body -----------===//
//
// What every body of the vectorized kernel starts from: the sub-group's id
// and entry mask (emitEntry), the lanes' local ids as vectors, or scalars
// within a row (emitIds), and the run-time conditions that pick the body a
// sub-group runs: the copy for full sub-groups within one row, for
// sub-groups of whole rows, and the shapes that assume global ids fit in an
// `int`.
//
//===----------------------------------------------------------------------===//

#include "SubGroupVectorizer.h"

#include "sublane/Passes/util/IdArithmetic.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

#define DEBUG_TYPE "sublane-wfv"

using namespace llvm;

namespace sublane {
namespace wfv {

/// Whether all work-items of the group meet anywhere in the kernel: then
/// every sub-group must run the same code up to there.
static bool hasWorkGroupSyncPoint(Function &K) {
  return any_of(instructions(K), isWorkGroupSyncPoint);
}

/// The function's new entry: the sub-group's id, its lanes and its entry
/// mask.
void SubGroupVectorizer::emitEntry() {
  NewEntry = BasicBlock::Create(C, "wfv.entry", &K, &K.getEntryBlock());
  B.SetInsertPoint(NewEntry);
  Type *I32 = B.getInt32Ty();
  SubGroupId =
      B.CreateCall(getOrInsertBuiltin(M, BuiltinKind::SubGroupId), {}, "sg.id");
  Lanes = B.CreateCall(getOrInsertBuiltin(M, BuiltinKind::SubGroupSize), {},
                       "sg.lanes");
  EntryMask = B.CreateICmpULT(getLaneIds(I32), splat(Lanes), "entry.mask");
}

/// The local ids of the lanes, at the start of the copy for the plan being
/// emitted: vectors in general, and within a row scalars but in the last
/// dimension.
void SubGroupVectorizer::emitIds() {
  Type *I64 = B.getInt64Ty();
  FunctionCallee Range = getOrInsertBuiltin(M, BuiltinKind::LocalRange);
  Value *Base = B.CreateMul(B.CreateZExt(SubGroupId, I64), B.getInt64(S),
                            "sg.base", /*HasNUW=*/true, /*HasNSW=*/true);
  LinearIds = B.CreateAdd(splat(Base), getLaneIds(I64), "lid.linear",
                          /*HasNUW=*/true, /*HasNSW=*/true);
  LinearBase = Base;
  std::fill(std::begin(FirstLaneIds), std::end(FirstLaneIds), nullptr);
  // Row-major: the last dimension varies fastest.
  if (P->RowsSpanned) {
    // Lane L is in row L / RowLength of the sub-group, at column
    // L % RowLength; the sub-group's first row is a multiple of the rows it
    // spans, and these stay within one row of the next dimension (the
    // condition of the plan), so that dimensions before that are the same
    // in every lane.
    unsigned RowLength = S / P->RowsSpanned;
    Value *Row = B.CreateUDiv(Base, B.getInt64(RowLength), "sg.first.row",
                              /*isExact=*/true);
    FirstLaneIds[Dims - 1] = B.getInt64(0);
    for (int D = Dims - 2; D >= 0; --D) {
      if (D == 0) {
        FirstLaneIds[D] = Row;
        break;
      }
      Value *R = B.CreateCall(Range, {B.getInt32(D)}, "local.range");
      std::tie(Row, FirstLaneIds[D]) = emitLocalIdDivRem(B, Row, R, "row");
    }
    for (unsigned D = 0; D < Dims; ++D) {
      if (D + 2 < Dims) {
        LocalIds[D] = FirstLaneIds[D];
        continue;
      }
      SmallVector<Constant *> Offsets;
      for (unsigned L = 0; L < S; ++L)
        Offsets.push_back(
            B.getInt64(D + 1 == Dims ? L % RowLength : L / RowLength));
      LocalIds[D] =
          B.CreateAdd(splat(FirstLaneIds[D]), ConstantVector::get(Offsets),
                      "lid" + Twine(D), /*HasNUW=*/true,
                      /*HasNSW=*/true);
    }
    return;
  }
  if (P->WithinRow) {
    Value *Rest = Base;
    for (int D = Dims - 1; D > 0; --D) {
      Value *R = B.CreateCall(Range, {B.getInt32(D)}, "local.range");
      std::tie(Rest, LocalIds[D]) =
          emitLocalIdDivRem(B, Rest, R, "lid" + Twine(D));
    }
    LocalIds[0] = Rest;
    std::copy(std::begin(LocalIds), std::end(LocalIds),
              std::begin(FirstLaneIds));
    LocalIds[Dims - 1] =
        B.CreateAdd(splat(LocalIds[Dims - 1]), getLaneIds(I64),
                    "lid" + Twine(Dims - 1), /*HasNUW=*/true, /*HasNSW=*/true);
    return;
  }
  // A lane's id in the work-group is a scalar base plus a small vector
  // offset. Each dimension divides the base once per sub-group and only the
  // offset per lane, without the per-lane 64-bit division x86 lacks.
  Type *I32 = B.getInt32Ty();
  Value *RestBase = Base;
  Value *RestOffset = getLaneIds(I32);
  for (int D = Dims - 1; D > 0; --D) {
    Value *R = B.CreateCall(Range, {B.getInt32(D)}, "local.range");
    auto [BaseRow, BaseRem] =
        emitLocalIdDivRem(B, RestBase, R, "sg.base" + Twine(D));
    Value *BaseColumn = B.CreateTrunc(BaseRem, I32);
    Value *Offset = B.CreateAdd(splat(BaseColumn), RestOffset, "",
                                /*HasNUW=*/true, /*HasNSW=*/true);
    auto [Quotient, Remainder] = emitSmallDivRem(Offset, R);
    LocalIds[D] = B.CreateZExt(Remainder, getVectorType(I64), "lid" + Twine(D));
    RestBase = BaseRow;
    RestOffset = Quotient;
  }
  LocalIds[0] =
      B.CreateAdd(splat(RestBase), B.CreateZExt(RestOffset, getVectorType(I64)),
                  "lid0", /*HasNUW=*/true, /*HasNSW=*/true);
  // In one dimension lane L's id is the sub-group's first one plus L.
  if (Dims == 1)
    FirstLaneIds[0] = RestBase;
}

/// Quotient and remainder of lane values below 2^22 by a positive divisor
/// that fits in i32, as i32 vectors. A local id is below the largest
/// work-group (2^16) plus a sub-group, so that the quotient is
/// floor((N + 0.5) * (1 / R)) exactly in single precision: the two roundings
/// err by less than (N + 0.5) / R * 2^-23 < 0.5 / R, and N + 0.5 lies at
/// least 0.5 / R from a multiple of R.
std::pair<Value *, Value *> SubGroupVectorizer::emitSmallDivRem(Value *N,
                                                                Value *R) {
  static_assert(MaxWorkGroupSize + 64 < (uint64_t(1) << 22),
                "local ids must stay exact in single precision");
  Type *F32 = B.getFloatTy();
  Value *R32 = B.CreateTrunc(R, B.getInt32Ty());
  Value *Reciprocal =
      B.CreateFDiv(ConstantFP::get(F32, 1.0), B.CreateUIToFP(R32, F32));
  Value *Real = B.CreateFAdd(B.CreateUIToFP(N, getVectorType(F32)),
                             splat(ConstantFP::get(F32, 0.5)));
  Value *Quotient = B.CreateFPToUI(B.CreateFMul(Real, splat(Reciprocal)),
                                   N->getType(), "lid.quotient");
  Value *Remainder = B.CreateSub(N, B.CreateMul(Quotient, splat(R32)), "",
                                 /*HasNUW=*/true, /*HasNSW=*/true);
  return {Quotient, Remainder};
}

/// Whether the sub-group may run the copy for sub-groups within a row: it is
/// full, and it lies within one row of the work-group. Where sub-groups meet
/// at a work-group barrier or collective, they must all run the same copy,
/// so the condition is then one of the work-group: every row splits into
/// whole sub-groups.
Value *SubGroupVectorizer::emitWithinRowCondition() {
  FunctionCallee Range = getOrInsertBuiltin(M, BuiltinKind::LocalRange);
  Value *Row = B.CreateCall(Range, {B.getInt32(Dims - 1)}, "row.length");
  if (hasWorkGroupSyncPoint(K))
    return B.CreateICmpEQ(B.CreateURem(Row, B.getInt64(S)), B.getInt64(0),
                          "rows.whole");
  Value *Full = B.CreateICmpEQ(Lanes, B.getInt32(S), "sg.full");
  if (Dims == 1)
    return Full;
  // Whole rows first: work-group CBS runs its loop over full sub-groups only
  // when they are, and the test then folds there.
  Value *RowsWhole = B.CreateICmpEQ(B.CreateURem(Row, B.getInt64(S)),
                                    B.getInt64(0), "rows.whole");
  Value *Base = B.CreateMul(B.CreateZExt(SubGroupId, B.getInt64Ty()),
                            B.getInt64(S), "", /*HasNUW=*/true,
                            /*HasNSW=*/true);
  Value *End = B.CreateAdd(emitLocalIdDivRem(B, Base, Row, "sg.base").second,
                           B.getInt64(S));
  return B.CreateAnd(
      Full, B.CreateOr(RowsWhole, B.CreateICmpULE(End, Row), "sg.in.row"));
}

/// Whether the sub-group may run the copy for \p RowsSpanned whole rows: the
/// rows are as long as that makes them, the sub-group is full and its rows
/// lie within one row of the dimension before (in 3D, one plane). The
/// sub-group starts at a multiple of its size, so at the start of a row.
/// Where sub-groups meet at a sync point, the condition is one of the
/// work-group: then every sub-group is full.
Value *SubGroupVectorizer::emitRowBlockCondition(unsigned RowsSpanned) {
  FunctionCallee Range = getOrInsertBuiltin(M, BuiltinKind::LocalRange);
  Value *Row = B.CreateCall(Range, {B.getInt32(Dims - 1)}, "row.length");
  Value *Cond = B.CreateICmpEQ(Row, B.getInt64(S / RowsSpanned),
                               "rows.length." + Twine(RowsSpanned));
  bool Sync = hasWorkGroupSyncPoint(K);
  if (Sync || Dims > 2) {
    // In 2D, rows of a work-group whose rows split evenly into blocks are
    // all full blocks; in 3D, blocks then also stay within a plane.
    Value *Before = B.CreateCall(Range, {B.getInt32(Dims - 2)}, "row.count");
    Cond = B.CreateAnd(
        Cond, B.CreateICmpEQ(B.CreateURem(Before, B.getInt64(RowsSpanned)),
                             B.getInt64(0)));
  }
  if (!Sync)
    Cond = B.CreateAnd(Cond, B.CreateICmpEQ(Lanes, B.getInt32(S)));
  return Cond;
}

/// Whether the launch's global ids along rows fit in an `int`, which the
/// shapes of the fast copies assume (GlobalIdBound::FitsInInt). It is the
/// same for the whole launch.
Value *SubGroupVectorizer::emitGlobalIdsFitInIntCondition() {
  FunctionCallee Range = getOrInsertBuiltin(M, BuiltinKind::GlobalRange);
  Value *Global = B.CreateCall(Range, {B.getInt32(Dims - 1)}, "global.range");
  return B.CreateICmpULE(Global, B.getInt64(uint64_t(1) << 31),
                         "global.ids.fit.int");
}

} // namespace wfv
} // namespace sublane
