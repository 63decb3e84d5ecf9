//===- KernelShapeTest.cpp - Shape analysis on IR built in memory ---------===//

#include "sublane/Passes/analysis/KernelShape.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace llvm;
using namespace sublane;

namespace {

class KernelShapeTest : public ::testing::Test {
protected:
  std::unique_ptr<Module> parse(StringRef IR) {
    SMDiagnostic Err;
    auto M = parseAssemblyString(IR, Err, Ctx);
    if (!M)
      ADD_FAILURE() << Err.getMessage().str();
    return M;
  }
  static Instruction *find(Function &F, StringRef Name) {
    for (Instruction &I : instructions(F))
      if (I.getName() == Name)
        return &I;
    ADD_FAILURE() << "no instruction %" << Name.str();
    return nullptr;
  }
  LLVMContext Ctx;
};

constexpr const char *Decls = R"(
declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare i64 @__sublane_group_id(i32) nounwind memory(none)
declare i64 @__sublane_local_range(i32) nounwind memory(none)
)";

TEST_F(KernelShapeTest, AffineStridesFollowArithmetic) {
  auto M = parse(std::string(R"(
define void @k(ptr %args) {
  %gid = call i64 @__sublane_global_id(i32 0)
  %grp = call i64 @__sublane_group_id(i32 0)
  %times12 = mul i64 %gid, 12
  %minus = sub i64 %grp, %times12
  %idx = getelementptr double, ptr %args, i64 %gid
  %sq = mul i64 %gid, %gid
  ret void
}
)") + Decls);
  ASSERT_TRUE(M);
  Function &F = *M->getFunction("k");
  KernelShape S(F, 1, DivergenceSources::Conservative);
  EXPECT_TRUE(S.getShape(find(F, "grp")).isUniform());
  EXPECT_EQ(S.getShape(find(F, "gid")).Stride, 1);
  EXPECT_TRUE(S.getShape(find(F, "times12")).isAffine());
  EXPECT_EQ(S.getShape(find(F, "times12")).Stride, 12);
  EXPECT_EQ(S.getShape(find(F, "minus")).Stride, -12);
  EXPECT_EQ(S.getShape(find(F, "idx")).Stride, 8);
  EXPECT_TRUE(S.getShape(find(F, "sq")).isVarying());
  EXPECT_TRUE(S.getShape(F.getArg(0)).isUniform());
}

TEST_F(KernelShapeTest, MultiDimensionalIdsAreNotAffine) {
  auto M = parse(std::string(R"(
define void @k(ptr %args) {
  %x = call i64 @__sublane_local_id(i32 0)
  ret void
}
)") + Decls);
  ASSERT_TRUE(M);
  Function &F = *M->getFunction("k");
  EXPECT_TRUE(KernelShape(F, 2, DivergenceSources::Conservative)
                  .getShape(find(F, "x"))
                  .isVarying());
  EXPECT_TRUE(KernelShape(F, 1, DivergenceSources::Conservative)
                  .getShape(find(F, "x"))
                  .isAffine());
}

TEST_F(KernelShapeTest, ProvableSourcesIgnoreMemory) {
  auto M = parse(std::string(R"(
define void @k(ptr %args) {
entry:
  %flag = load atomic i32, ptr %args seq_cst, align 4
  %c = icmp eq i32 %flag, 0
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  ret void
}
)") + Decls);
  ASSERT_TRUE(M);
  Function &F = *M->getFunction("k");
  BasicBlock *Then = &*std::next(F.begin());
  KernelShape Conservative(F, 1, DivergenceSources::Conservative);
  KernelShape Provable(F, 1, DivergenceSources::Provable);
  EXPECT_TRUE(Conservative.isDivergentlyExecuted(Then));
  EXPECT_FALSE(Provable.isDivergentlyExecuted(Then));
  EXPECT_FALSE(Provable.isDivergentlyExecuted(&F.back()));
}

TEST_F(KernelShapeTest, NestedControlDependenceIsDivergent) {
  auto M = parse(std::string(R"(
define void @k(ptr %args, i1 %u) {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %small = icmp ult i64 %lid, 3
  br i1 %small, label %outer, label %join
outer:
  br i1 %u, label %inner, label %join
inner:
  br label %join
join:
  ret void
}
)") + Decls);
  ASSERT_TRUE(M);
  Function &F = *M->getFunction("k");
  KernelShape S(F, 1, DivergenceSources::Provable);
  auto Block = [&](StringRef Name) -> BasicBlock * {
    for (BasicBlock &BB : F)
      if (BB.getName() == Name)
        return &BB;
    return nullptr;
  };
  const Instruction *Branch = nullptr;
  EXPECT_TRUE(S.isDivergentlyExecuted(Block("inner"), &Branch));
  ASSERT_NE(Branch, nullptr);
  EXPECT_EQ(Branch->getParent(), &F.getEntryBlock());
  EXPECT_FALSE(S.isDivergentlyExecuted(Block("join")));
}

} // namespace
