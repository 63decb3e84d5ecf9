//===- LoweringDecisionTest.cpp - Each kernel's size and variant ----------===//
//
// decideLowering's order of precedence (a request, then a front end's
// attributes, then the target), its errors, and what getLowering reads back
// from the attributes it records.
//
//===----------------------------------------------------------------------===//

#include "sublane/Passes/prepare/LoweringDecision.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <gtest/gtest.h>

using namespace llvm;
using namespace sublane;

namespace {

struct LoweringDecisionTest : ::testing::Test {
  LLVMContext Ctx;
  Module M{"lowering", Ctx};

  Function &kernel(StringRef Features) {
    auto *F = Function::Create(
        FunctionType::get(Type::getVoidTy(Ctx), /*isVarArg=*/false),
        GlobalValue::ExternalLinkage, "k", M);
    if (!Features.empty())
      F->addFnAttr("target-features", Features);
    return *F;
  }

  static LoweringDecision decided(const Function &K, const LoweringRequest &R) {
    auto D = decideLowering(K, R);
    EXPECT_TRUE(std::holds_alternative<LoweringDecision>(D))
        << std::get<std::string>(D);
    return std::holds_alternative<LoweringDecision>(D)
               ? std::get<LoweringDecision>(D)
               : LoweringDecision();
  }
};

TEST_F(LoweringDecisionTest, NoRequestGetsTheTargetWidthVectorized) {
  Function &K = kernel("+avx2,+avx512f");
  LoweringDecision D = decided(K, {});
  EXPECT_EQ(D.Lowering.SubGroupSize, 16u);
  EXPECT_EQ(D.Lowering.V, Variant::WFV);
  EXPECT_TRUE(D.SizeLeftToUs) << "settled once the body is known";
  EXPECT_FALSE(D.BasicRange);

  LoweringRequest Basic;
  Basic.BasicRange = true;
  EXPECT_TRUE(decided(K, Basic).SizeLeftToUs);
  EXPECT_TRUE(decided(K, Basic).BasicRange);
  EXPECT_EQ(decided(kernel(""), {}).Lowering.V, Variant::CBS)
      << "no vector target: size 1, which has nothing to vectorize";
}

TEST_F(LoweringDecisionTest, RequestOutranksAttributes) {
  Function &K = kernel("+avx2");
  LoweringRequest R;
  R.SubGroupSize = 32;
  R.AttributeSize = 8;
  R.BasicRange = true;
  LoweringDecision D = decided(K, R);
  EXPECT_EQ(D.Lowering.SubGroupSize, 32u);
  EXPECT_FALSE(D.SizeLeftToUs);

  R.DescriptorVariant = Variant::HCBS;
  R.AttributeVariant = "wfv";
  EXPECT_EQ(decided(K, R).Lowering.V, Variant::HCBS);
  R.DescriptorVariant.reset();
  EXPECT_EQ(decided(K, R).Lowering.V, Variant::WFV);
}

TEST_F(LoweringDecisionTest, ErrorsNameWhatIsWrong) {
  Function &K = kernel("+avx2");
  LoweringRequest R;
  R.AttributeSize = 3;
  auto D = decideLowering(K, R);
  ASSERT_TRUE(std::holds_alternative<std::string>(D));
  EXPECT_EQ(std::get<std::string>(D),
            "sub-group size 3 is not supported; use 1, 4, 8, 16, 32 or 64");
  R.AttributeSize = 8;
  R.AttributeVariant = "simd";
  D = decideLowering(K, R);
  ASSERT_TRUE(std::holds_alternative<std::string>(D));
  EXPECT_EQ(std::get<std::string>(D),
            "unknown lowering variant; use cbs, hcbs or wfv");
}

TEST_F(LoweringDecisionTest, RecordedLoweringReadsBack) {
  Function &K = kernel("+avx2");
  recordLowering(K, {8, Variant::HCBS});
  EXPECT_EQ(getLowering(K).SubGroupSize, 8u);
  EXPECT_EQ(getLowering(K).V, Variant::HCBS);
  recordLowering(K, {1, Variant::WFV});
  EXPECT_EQ(getLowering(K).V, Variant::CBS)
      << "a sub-group of one lane has nothing to vectorize";
  K.removeFnAttr(attr::Variant);
  K.addFnAttr(attr::SubGroupSize, "16");
  EXPECT_EQ(getLowering(K).V, Variant::HCBS) << "unprepared IR above size 1";
}

} // namespace
