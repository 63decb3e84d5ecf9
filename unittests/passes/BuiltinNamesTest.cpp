//===- BuiltinNamesTest.cpp - Builtin and collective names round trip -----===//
//
// The names the passes call builtins and collectives by are the names they
// recognise: Builtins.def's table and the collective grammar read back what
// they write, and refuse what the contract does not define.
//
//===----------------------------------------------------------------------===//

#include "sublane/Passes/util/KernelInfo.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <gtest/gtest.h>

using namespace llvm;
using namespace sublane;

namespace {

struct NamesTest : ::testing::Test {
  LLVMContext Ctx;
  Module M{"names", Ctx};

  const Function *declare(StringRef Name) {
    return cast<Function>(
        M.getOrInsertFunction(Name, FunctionType::get(Type::getVoidTy(Ctx),
                                                      /*isVarArg=*/false))
            .getCallee());
  }
};

TEST_F(NamesTest, EveryBuiltinIsRecognisedByItsName) {
  const BuiltinKind Kinds[] = {
#define SUBLANE_BUILTIN(KIND, NAME) BuiltinKind::KIND,
#define SUBLANE_BUILTIN_ALIAS(KIND, NAME)
#include "sublane/Passes/util/Builtins.def"
  };
  for (BuiltinKind K : Kinds) {
    FunctionCallee F = getOrInsertBuiltin(M, K);
    auto *Fn = cast<Function>(F.getCallee());
    EXPECT_EQ(getBuiltinKind(Fn), K) << Fn->getName().str();
    EXPECT_EQ(Fn->getFunctionType(), getBuiltinType(K, Ctx));
  }
  EXPECT_EQ(getBuiltinKind(declare("__sublane_wg_uniform")),
            BuiltinKind::UniformAssertion);
  EXPECT_EQ(getBuiltinKind(declare("__sublane_no_such_builtin")),
            BuiltinKind::None);
}

TEST_F(NamesTest, CollectiveNamesReadBackAsWritten) {
  using CI = CollectiveInfo;
  unsigned Checked = 0;
  for (auto Scope : {CI::SubGroup, CI::WorkGroup})
    for (int Kind = CI::Broadcast; Kind <= CI::Ballot; ++Kind)
      for (int Op = CI::None; Op <= CI::LogicalOr; ++Op)
        for (int Elem = CI::I32; Elem <= CI::NoElem; ++Elem) {
          CI Info{Scope, CI::CollectiveKind(Kind), CI::OpKind(Op),
                  CI::ElemKind(Elem)};
          bool Vote = Kind == CI::Any || Kind == CI::All || Kind == CI::Ballot;
          bool SubGroupOnly = Kind == CI::Select || Kind == CI::ShiftLeft ||
                              Kind == CI::ShiftRight ||
                              Kind == CI::PermuteXor || Kind == CI::Ballot;
          bool IntegerOp = Op >= CI::And;
          bool Valid =
              (Info.isScanOrReduce() ? Op != CI::None : Op == CI::None) &&
              (Vote ? Elem == CI::NoElem : Elem != CI::NoElem) &&
              !(SubGroupOnly && Scope != CI::SubGroup) &&
              !(IntegerOp && Info.isFloat());
          if (!Valid)
            continue;
          std::string Name = getCollectiveName(Info);
          std::optional<CI> Read = getCollectiveInfo(declare(Name));
          ASSERT_TRUE(Read) << Name;
          EXPECT_EQ(Read->Scope, Info.Scope) << Name;
          EXPECT_EQ(Read->Kind, Info.Kind) << Name;
          EXPECT_EQ(Read->Op, Info.Op) << Name;
          EXPECT_EQ(Read->Elem, Info.Elem) << Name;
          EXPECT_EQ(Read->OperandLanes, 1u) << Name;
          EXPECT_EQ(getBuiltinKind(declare(Name)), BuiltinKind::Collective);
          ++Checked;
        }
  // Broadcast in 2 scopes and 4 sub-group shuffles over 6 types; 3 scans
  // and reductions in 2 scopes, with 4 operations over every type and 5
  // over the 4 integer types; any and all in both scopes, ballot in one.
  EXPECT_EQ(Checked, 2u * 6 + 4 * 6 + 2 * 3 * (4 * 6 + 5 * 4) + 2 * 2 + 1);
}

TEST_F(NamesTest, SubGroupPartialsOfAWorkGroupReduction) {
  CollectiveInfo Info{CollectiveInfo::WorkGroup, CollectiveInfo::Reduce,
                      CollectiveInfo::Add, CollectiveInfo::F32};
  Info.OperandLanes = 16;
  Function *F = getOrInsertCollective(M, Info);
  EXPECT_EQ(F->getName(), "__sublane_wg_reduce_add_f32.v16");
  EXPECT_TRUE(F->isConvergent());
  EXPECT_EQ(F->getFunctionType(), getCollectiveType(Info, Ctx));
  std::optional<CollectiveInfo> Read = getCollectiveInfo(F);
  ASSERT_TRUE(Read);
  EXPECT_EQ(Read->OperandLanes, 16u);
  EXPECT_EQ(Read->Kind, CollectiveInfo::Reduce);
}

TEST_F(NamesTest, NamesOutsideTheGrammarAreRefused) {
  for (StringRef Name :
       {"__sublane_sg_any_i32", "__sublane_wg_ballot",
        "__sublane_wg_select_i32", "__sublane_sg_shift_i32",
        "__sublane_sg_shift_left", "__sublane_sg_reduce_i32",
        "__sublane_sg_reduce_and_f32", "__sublane_sg_reduce_add_f16",
        "__sublane_sg_reduce_add_f32.v8", "__sublane_wg_reduce_add_f32.v1",
        "__sublane_xg_reduce_add_f32", "sg_reduce_add_f32"})
    EXPECT_FALSE(getCollectiveInfo(declare(Name))) << Name.str();
}

} // namespace
