//===- VectorMath.cpp - Math functions from a vector math library ---------===//
//
// A call to a math function on a vector of lanes becomes a call to SLEEF's
// vector function of the ISA's width (Sleef_expf16_u10avx512f for sixteen
// floats on AVX-512), in pieces where the sub-group is wider than that, so
// that exp or sin cost a few vector instructions per lane rather than one
// scalar call per lane. Both forms a math call takes in the IR are
// recognized: the intrinsic (llvm.exp.f32, what clang emits without errno)
// and the C library call (expf, with errno, which SYCL does not have).
//
//===----------------------------------------------------------------------===//

#include "SubGroupVectorizer.h"

#include "sublane/Passes/util/TargetInfo.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/Support/CommandLine.h"

#define DEBUG_TYPE "sublane-wfv"

using namespace llvm;

STATISTIC(NumVectorMathCalls, "Number of math calls to vector functions");

static cl::opt<std::string> VectorMath(
    "sublane-vector-math", cl::init("sleef"),
    cl::desc("Vector math library for math calls on vectors of lanes: sleef "
             "(SLEEF's functions, link -lsleef; the runtime's CMake target "
             "and sublane-clang++ do) or none (a call per lane)"));

namespace sublane {
namespace wfv {

namespace {
/// Results SLEEF gets wrong for some finite inputs, which the lanes that
/// get them compute again with the C library (measured against glibc over
/// edge and random inputs on every ISA's variant; docs/passes.md).
enum class SpecialResults {
  Exact,
  /// NaN where the result is finite: fmod when x / y overflows (a
  /// subnormal or tiny divisor).
  NaN,
  /// An infinity where the result is finite: near overflow (sinh, cosh,
  /// pow) or where an intermediate square or sum overflows (asinh, acosh,
  /// log1p of huge arguments).
  Infinity,
};

/// A SLEEF function: its name stem and accuracy suffix ("" when exact).
struct SleefFunction {
  StringRef Stem;
  StringRef Accuracy;
  unsigned Arity;
  SpecialResults Repair = SpecialResults::Exact;
};
} // namespace

STATISTIC(NumRepairedMathCalls,
          "Number of vector math calls whose special results lanes compute "
          "again with the C library");

/// The SLEEF function for the C math function \p Name (without its 'f'
/// suffix), with at least the accuracy SYCL 2020 requires of it.
static std::optional<SleefFunction> getSleefFunction(StringRef Name) {
  return StringSwitch<std::optional<SleefFunction>>(Name)
      .Case("exp", SleefFunction{"exp", "_u10", 1})
      .Case("exp2", SleefFunction{"exp2", "_u10", 1})
      .Case("exp10", SleefFunction{"exp10", "_u10", 1})
      .Case("expm1", SleefFunction{"expm1", "_u10", 1})
      .Case("log", SleefFunction{"log", "_u10", 1})
      .Case("log2", SleefFunction{"log2", "_u10", 1})
      .Case("log10", SleefFunction{"log10", "_u10", 1})
      .Case("log1p",
            SleefFunction{"log1p", "_u10", 1, SpecialResults::Infinity})
      .Case("sin", SleefFunction{"sin", "_u10", 1})
      .Case("cos", SleefFunction{"cos", "_u10", 1})
      .Case("tan", SleefFunction{"tan", "_u10", 1})
      .Case("asin", SleefFunction{"asin", "_u10", 1})
      .Case("acos", SleefFunction{"acos", "_u10", 1})
      .Case("atan", SleefFunction{"atan", "_u10", 1})
      .Case("sinh", SleefFunction{"sinh", "_u10", 1, SpecialResults::Infinity})
      .Case("cosh", SleefFunction{"cosh", "_u10", 1, SpecialResults::Infinity})
      .Case("tanh", SleefFunction{"tanh", "_u10", 1})
      .Case("asinh",
            SleefFunction{"asinh", "_u10", 1, SpecialResults::Infinity})
      .Case("acosh",
            SleefFunction{"acosh", "_u10", 1, SpecialResults::Infinity})
      .Case("atanh", SleefFunction{"atanh", "_u10", 1})
      .Case("cbrt", SleefFunction{"cbrt", "_u10", 1})
      .Case("erf", SleefFunction{"erf", "_u10", 1})
      .Case("erfc", SleefFunction{"erfc", "_u15", 1})
      .Case("tgamma", SleefFunction{"tgamma", "_u10", 1})
      .Case("lgamma", SleefFunction{"lgamma", "_u10", 1})
      .Case("pow", SleefFunction{"pow", "_u10", 2, SpecialResults::Infinity})
      .Case("atan2", SleefFunction{"atan2", "_u10", 2})
      .Case("hypot", SleefFunction{"hypot", "_u05", 2})
      .Case("fmod", SleefFunction{"fmod", "", 2, SpecialResults::NaN})
      .Default(std::nullopt);
}

/// The math function \p CI calls, by its C name without the 'f' of float,
/// if it takes and returns \p Ty (float or double) alone.
static std::optional<StringRef> getMathFunctionName(const CallInst &CI,
                                                    Type *Ty) {
  const Function *F = CI.getCalledFunction();
  if (!F || CI.getType() != Ty ||
      any_of(CI.args(), [&](const Use &A) { return A->getType() != Ty; }))
    return std::nullopt;
  StringRef Name = F->getName();
  if (F->isIntrinsic()) {
    // llvm.exp.f32 -> exp
    if (!Name.consume_front("llvm."))
      return std::nullopt;
    return Name.take_until([](char Ch) { return Ch == '.'; });
  }
  if (!F->isDeclaration())
    return std::nullopt;
  if (Ty->isFloatTy() && !Name.consume_back("f"))
    return std::nullopt;
  return Name;
}

/// The vector widths SLEEF offers the function's ISA for elements of \p Ty,
/// widest first, each with the suffix naming its implementation.
static SmallVector<std::pair<unsigned, StringRef>, 3>
getSleefWidths(const Function &K, Type *Ty) {
  auto Has = [&](StringRef F) { return hasTargetFeature(K, ("+" + F).str()); };
  unsigned Floats = Ty->isFloatTy() ? 1 : 0; // 4-byte lanes double the count
  if (Has("avx512f") && Has("avx2") && Has("fma"))
    return {{8u << Floats, "avx512f"},
            {4u << Floats, "avx2"},
            {2u << Floats, "avx2128"}};
  if (Has("avx2") && Has("fma"))
    return {{4u << Floats, "avx2"}, {2u << Floats, "avx2128"}};
  if (Has("sse2"))
    return {{2u << Floats, "sse2"}};
  return {};
}

bool SubGroupVectorizer::widenMathCall(CallInst &CI) {
  if (VectorMath != "sleef" || !isVector(&CI))
    return false;
  Type *Ty = CI.getType();
  if (!Ty->isFloatTy() && !Ty->isDoubleTy())
    return false;
  std::optional<StringRef> Name = getMathFunctionName(CI, Ty);
  std::optional<SleefFunction> Sleef =
      Name ? getSleefFunction(*Name) : std::nullopt;
  if (!Sleef || Sleef->Arity != CI.arg_size())
    return false;
  auto Widths = getSleefWidths(K, Ty);
  auto Fits = find_if(Widths, [&](auto &W) { return W.first <= S; });
  if (Fits == Widths.end())
    return false;
  auto [Width, Isa] = *Fits;
  std::string Callee = ("Sleef_" + Sleef->Stem + (Ty->isFloatTy() ? "f" : "d") +
                        Twine(Width) + Sleef->Accuracy + Isa)
                           .str();
  if (Sleef->Accuracy.empty()) // fmod: Sleef_fmodf16_avx512f
    Callee = ("Sleef_" + Sleef->Stem + (Ty->isFloatTy() ? "f" : "d") +
              Twine(Width) + "_" + Isa)
                 .str();
  auto *PieceTy = FixedVectorType::get(Ty, Width);
  SmallVector<Type *, 2> Params(CI.arg_size(), PieceTy);
  FunctionCallee Fn =
      M.getOrInsertFunction(Callee, FunctionType::get(PieceTy, Params, false));
  if (auto *Decl = dyn_cast<Function>(Fn.getCallee())) {
    Decl->setDoesNotAccessMemory();
    Decl->setDoesNotThrow();
    Decl->setWillReturn();
  }
  // Lanes no mask lets in hold anything: frozen, their results unused.
  SmallVector<Value *, 2> Args;
  for (Value *Arg : CI.args())
    Args.push_back(freezeOperand(getVector(Arg)));
  Value *Result = PoisonValue::get(getVectorType(Ty));
  for (unsigned First = 0; First < S; First += Width) {
    SmallVector<int> Piece, Back(S);
    for (unsigned L = 0; L < Width; ++L)
      Piece.push_back(First + L);
    SmallVector<Value *, 2> PieceArgs;
    for (Value *Arg : Args)
      PieceArgs.push_back(Width == S ? Arg : B.CreateShuffleVector(Arg, Piece));
    Value *R = B.CreateCall(Fn, PieceArgs);
    if (Width == S) {
      Result = R;
      break;
    }
    // Widen the piece and blend it into its place.
    SmallVector<int> Widen(S, -1);
    for (unsigned L = 0; L < Width; ++L)
      Widen[First + L] = L;
    Value *Wide = B.CreateShuffleVector(R, Widen);
    for (unsigned L = 0; L < S; ++L)
      Back[L] = L >= First && L < First + Width ? S + L : L;
    Result = B.CreateShuffleVector(Result, Wide, Back);
  }
  ++NumVectorMathCalls;
  if (Sleef->Repair != SpecialResults::Exact)
    Result =
        repairSpecialResults(CI, Result, Sleef->Repair == SpecialResults::NaN);
  setVector(CI, Result);
  return true;
}

Value *SubGroupVectorizer::repairSpecialResults(CallInst &CI, Value *Result,
                                                bool NaN) {
  ++NumRepairedMathCalls;
  Value *Special;
  if (NaN) {
    Special = B.CreateFCmpUNO(Result, Result, "math.nan");
  } else {
    Value *Magnitude =
        B.CreateUnaryIntrinsic(Intrinsic::fabs, Result, nullptr, "math.abs");
    Special = B.CreateFCmpOEQ(
        Magnitude, ConstantFP::getInfinity(Result->getType()), "math.inf");
  }
  Special =
      B.CreateSelect(Mask, Special, Constant::getNullValue(Special->getType()));
  // Rare in real inputs: a branch around the lanes' calls.
  Value *Any = B.CreateOrReduce(Special);
  Value *Repaired = emitGuarded(Any, Result->getType(), [&] {
    Value *Saved = Mask;
    Mask = Special;
    Value *PerLane = callPerLane(CI, /*Masked=*/true);
    Mask = Saved;
    return B.CreateSelect(Special, PerLane, Result);
  });
  return B.CreateSelect(Any, Repaired, Result, "math.repaired");
}

} // namespace wfv
} // namespace sublane
