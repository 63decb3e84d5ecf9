//===- KernelInfo.cpp - The IR contract, in code --------------------------===//

#include "sublane/Passes/KernelInfo.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace sublane {

BuiltinKind getBuiltinKind(const Function *F) {
  if (!F || !isBuiltinName(F->getName()))
    return BuiltinKind::None;
  return StringSwitch<BuiltinKind>(F->getName())
      .Case("__sublane_global_id", BuiltinKind::GlobalId)
      .Case("__sublane_local_id", BuiltinKind::LocalId)
      .Case("__sublane_group_id", BuiltinKind::GroupId)
      .Case("__sublane_global_range", BuiltinKind::GlobalRange)
      .Case("__sublane_local_range", BuiltinKind::LocalRange)
      .Case("__sublane_group_range", BuiltinKind::GroupRange)
      .Case("__sublane_local_linear_id", BuiltinKind::LocalLinearId)
      .Case("__sublane_local_mem", BuiltinKind::LocalMem)
      .Case("__sublane_group_local_alloc", BuiltinKind::GroupLocalAlloc)
      .Case("__sublane_sg_local_id", BuiltinKind::SubGroupLocalId)
      .Case("__sublane_sg_id", BuiltinKind::SubGroupId)
      .Case("__sublane_sg_size", BuiltinKind::SubGroupSize)
      .Case("__sublane_sg_max_size", BuiltinKind::SubGroupMaxSize)
      .Case("__sublane_sg_count", BuiltinKind::SubGroupCount)
      .Case("__sublane_wg_barrier", BuiltinKind::WorkGroupBarrier)
      .Case("__sublane_sg_barrier", BuiltinKind::SubGroupBarrier)
      .Case("__sublane_sg_uniform", BuiltinKind::UniformAssertion)
      .Case("__sublane_wg_uniform", BuiltinKind::UniformAssertion)
      .Default(getCollectiveInfo(F) ? BuiltinKind::Collective
                                    : BuiltinKind::None);
}

std::optional<CollectiveInfo> getCollectiveInfo(const Function *F) {
  if (!F)
    return std::nullopt;
  StringRef Name = F->getName();
  if (!Name.consume_front("__sublane_"))
    return std::nullopt;
  CollectiveInfo Info;
  if (auto [Base, Suffix] = Name.rsplit(".v");
      !Suffix.empty() && Suffix != Name) {
    if (Suffix.getAsInteger(10, Info.OperandLanes) || Info.OperandLanes < 2 ||
        !Base.starts_with("wg_reduce_"))
      return std::nullopt;
    Name = Base;
  }
  if (Name.consume_front("sg_"))
    Info.Scope = CollectiveInfo::SubGroup;
  else if (Name.consume_front("wg_"))
    Info.Scope = CollectiveInfo::WorkGroup;
  else
    return std::nullopt;
  Info.Op = CollectiveInfo::None;
  Info.Elem = CollectiveInfo::NoElem;
  bool SubGroupOnly = false;
  if (Name == "any" || Name == "all" || Name == "ballot") {
    Info.Kind = Name == "any"   ? CollectiveInfo::Any
                : Name == "all" ? CollectiveInfo::All
                                : CollectiveInfo::Ballot;
    if (Info.Kind == CollectiveInfo::Ballot &&
        Info.Scope != CollectiveInfo::SubGroup)
      return std::nullopt;
    return Info;
  }
  auto [KindName, Rest] = Name.split('_');
  std::optional<CollectiveInfo::CollectiveKind> Kind =
      StringSwitch<std::optional<CollectiveInfo::CollectiveKind>>(KindName)
          .Case("broadcast", CollectiveInfo::Broadcast)
          .Case("select", CollectiveInfo::Select)
          .Case("shift", std::nullopt)
          .Case("permute", std::nullopt)
          .Case("reduce", CollectiveInfo::Reduce)
          .Case("inscan", CollectiveInfo::InclusiveScan)
          .Case("exscan", CollectiveInfo::ExclusiveScan)
          .Default(std::nullopt);
  if (Name.consume_front("shift_left_")) {
    Kind = CollectiveInfo::ShiftLeft;
    Rest = Name;
  } else if (Name.consume_front("shift_right_")) {
    Kind = CollectiveInfo::ShiftRight;
    Rest = Name;
  } else if (Name.consume_front("permute_xor_")) {
    Kind = CollectiveInfo::PermuteXor;
    Rest = Name;
  }
  if (!Kind)
    return std::nullopt;
  Info.Kind = *Kind;
  SubGroupOnly = Info.Kind == CollectiveInfo::Select ||
                 Info.Kind == CollectiveInfo::ShiftLeft ||
                 Info.Kind == CollectiveInfo::ShiftRight ||
                 Info.Kind == CollectiveInfo::PermuteXor;
  if (SubGroupOnly && Info.Scope != CollectiveInfo::SubGroup)
    return std::nullopt;
  StringRef TypeName = Rest;
  if (Info.isScanOrReduce()) {
    auto [OpName, T] = Rest.split('_');
    std::optional<CollectiveInfo::OpKind> Op =
        StringSwitch<std::optional<CollectiveInfo::OpKind>>(OpName)
            .Case("add", CollectiveInfo::Add)
            .Case("mul", CollectiveInfo::Mul)
            .Case("min", CollectiveInfo::Min)
            .Case("max", CollectiveInfo::Max)
            .Case("and", CollectiveInfo::And)
            .Case("or", CollectiveInfo::Or)
            .Case("xor", CollectiveInfo::Xor)
            .Case("land", CollectiveInfo::LogicalAnd)
            .Case("lor", CollectiveInfo::LogicalOr)
            .Default(std::nullopt);
    if (!Op)
      return std::nullopt;
    Info.Op = *Op;
    TypeName = T;
  }
  std::optional<CollectiveInfo::ElemKind> Elem =
      StringSwitch<std::optional<CollectiveInfo::ElemKind>>(TypeName)
          .Case("i32", CollectiveInfo::I32)
          .Case("u32", CollectiveInfo::U32)
          .Case("i64", CollectiveInfo::I64)
          .Case("u64", CollectiveInfo::U64)
          .Case("f32", CollectiveInfo::F32)
          .Case("f64", CollectiveInfo::F64)
          .Default(std::nullopt);
  if (!Elem)
    return std::nullopt;
  Info.Elem = *Elem;
  bool IntegerOnly = Info.Op >= CollectiveInfo::And;
  if (IntegerOnly && Info.isFloat())
    return std::nullopt;
  return Info;
}

Type *CollectiveInfo::getValueType(LLVMContext &C) const {
  switch (Elem) {
  case I32:
  case U32:
    return Type::getInt32Ty(C);
  case I64:
  case U64:
    return Type::getInt64Ty(C);
  case F32:
    return Type::getFloatTy(C);
  case F64:
    return Type::getDoubleTy(C);
  case NoElem:
    return Type::getInt32Ty(C); // predicates
  }
  llvm_unreachable("unknown element");
}

Type *CollectiveInfo::getResultType(LLVMContext &C) const {
  return Kind == Ballot ? Type::getInt64Ty(C) : getValueType(C);
}

Type *CollectiveInfo::getOperandType(LLVMContext &C) const {
  Type *T = getValueType(C);
  return OperandLanes > 1 ? FixedVectorType::get(T, OperandLanes) : T;
}

FunctionType *getCollectiveType(const CollectiveInfo &Info, LLVMContext &C) {
  SmallVector<Type *, 2> Params = {Info.getOperandType(C)};
  if (Info.hasIndexOperand())
    Params.push_back(Info.Scope == CollectiveInfo::WorkGroup
                         ? Type::getInt64Ty(C)
                         : Type::getInt32Ty(C));
  return FunctionType::get(Info.getResultType(C), Params, false);
}

BuiltinKind getBuiltinKind(const Value *V) {
  const auto *CB = dyn_cast<CallBase>(V);
  if (!CB)
    return BuiltinKind::None;
  return getBuiltinKind(CB->getCalledFunction());
}

bool builtinTakesDimension(BuiltinKind K) {
  switch (K) {
  case BuiltinKind::GlobalId:
  case BuiltinKind::LocalId:
  case BuiltinKind::GroupId:
  case BuiltinKind::GlobalRange:
  case BuiltinKind::LocalRange:
  case BuiltinKind::GroupRange:
    return true;
  default:
    return false;
  }
}

bool isWorkItemVaryingBuiltin(BuiltinKind K) {
  switch (K) {
  case BuiltinKind::GlobalId:
  case BuiltinKind::LocalId:
  case BuiltinKind::LocalLinearId:
  case BuiltinKind::SubGroupLocalId:
  case BuiltinKind::SubGroupId:
  case BuiltinKind::SubGroupSize: // the last sub-group may be partial
    return true;
  default:
    return false;
  }
}

bool isSyncBuiltin(BuiltinKind K) {
  return isBarrierBuiltin(K) || K == BuiltinKind::Collective;
}

bool isBarrierBuiltin(BuiltinKind K) {
  return K == BuiltinKind::WorkGroupBarrier ||
         K == BuiltinKind::SubGroupBarrier;
}

std::optional<GroupLocalBlock> getGroupLocalBlock(const CallBase &Alloc) {
  auto *Bytes = dyn_cast<ConstantInt>(Alloc.getArgOperand(0));
  auto *Alignment = dyn_cast<ConstantInt>(Alloc.getArgOperand(1));
  if (!Bytes || !Alignment || Bytes->getZExtValue() > MaxGroupLocalBytes ||
      !isPowerOf2_64(Alignment->getZExtValue()) ||
      Alignment->getZExtValue() > MaxGroupLocalAlign)
    return std::nullopt;
  return GroupLocalBlock{Bytes->getZExtValue(),
                         Align(Alignment->getZExtValue())};
}

std::string getGroupLocalBlockRequirement() {
  return ("group local memory needs a size known at compile time, at most " +
          Twine(MaxGroupLocalBytes) +
          " bytes, and an alignment that is a power of two up to " +
          Twine(MaxGroupLocalAlign))
      .str();
}

bool isBuiltinName(StringRef Name) { return Name.starts_with("__sublane_"); }

FunctionType *getBuiltinType(BuiltinKind K, LLVMContext &C) {
  Type *I32 = Type::getInt32Ty(C), *I64 = Type::getInt64Ty(C);
  switch (K) {
  case BuiltinKind::None:
    break;
  case BuiltinKind::GlobalId:
  case BuiltinKind::LocalId:
  case BuiltinKind::GroupId:
  case BuiltinKind::GlobalRange:
  case BuiltinKind::LocalRange:
  case BuiltinKind::GroupRange:
    return FunctionType::get(I64, {I32}, false);
  case BuiltinKind::LocalLinearId:
    return FunctionType::get(I64, false);
  case BuiltinKind::LocalMem:
    return FunctionType::get(PointerType::getUnqual(C), false);
  case BuiltinKind::GroupLocalAlloc:
    return FunctionType::get(PointerType::getUnqual(C), {I64, I64}, false);
  case BuiltinKind::SubGroupLocalId:
  case BuiltinKind::SubGroupId:
  case BuiltinKind::SubGroupSize:
  case BuiltinKind::SubGroupMaxSize:
  case BuiltinKind::SubGroupCount:
    return FunctionType::get(I32, false);
  case BuiltinKind::WorkGroupBarrier:
  case BuiltinKind::SubGroupBarrier:
    return FunctionType::get(Type::getVoidTy(C), false);
  case BuiltinKind::UniformAssertion:
    return FunctionType::get(Type::getVoidTy(C), {I64}, false);
  case BuiltinKind::Collective:
    break;
  }
  llvm_unreachable("no type for a non-builtin");
}

std::optional<Variant> parseVariant(StringRef S) {
  return StringSwitch<std::optional<Variant>>(S)
      .Case("cbs", Variant::CBS)
      .Case("hcbs", Variant::HCBS)
      .Case("wfv", Variant::WFV)
      .Default(std::nullopt);
}

StringRef variantName(Variant V) {
  switch (V) {
  case Variant::CBS:
    return "cbs";
  case Variant::HCBS:
    return "hcbs";
  case Variant::WFV:
    return "wfv";
  }
  llvm_unreachable("unknown variant");
}

StructType *getDescriptorType(Module &M) {
  LLVMContext &C = M.getContext();
  if (auto *T = StructType::getTypeByName(C, "sublane.kernel_desc"))
    return T;
  Type *I32 = Type::getInt32Ty(C), *I64 = Type::getInt64Ty(C);
  Type *Ptr = PointerType::getUnqual(C);
  Type *A3 = ArrayType::get(I64, 3);
  return StructType::create(
      C, {I32, I32, I32, I32, I32, I32, I32, I32, I64, I64, Ptr, Ptr, Ptr, A3},
      "sublane.kernel_desc");
}

StructType *getContextType(Module &M) {
  LLVMContext &C = M.getContext();
  if (auto *T = StructType::getTypeByName(C, "sublane.wg_context"))
    return T;
  Type *A3 = ArrayType::get(Type::getInt64Ty(C), 3);
  Type *Ptr = PointerType::getUnqual(C);
  return StructType::create(C, {A3, A3, A3, Ptr, Ptr, Type::getInt64Ty(C)},
                            "sublane.wg_context");
}

bool isDescriptor(const GlobalVariable &GV) {
  if (!GV.hasInitializer())
    return false;
  auto *ST = dyn_cast<StructType>(GV.getValueType());
  if (!ST || ST->getNumElements() != desc::NumFields)
    return false;
  // Compare element types rather than names: front ends name it their way.
  auto *Expected = getDescriptorType(*const_cast<Module *>(GV.getParent()));
  if (!ST->isLayoutIdentical(Expected))
    return false;
  auto *Magic = dyn_cast_or_null<ConstantInt>(
      GV.getInitializer()->getAggregateElement(desc::Magic));
  return Magic && Magic->getZExtValue() == desc::MagicValue;
}

/// The sub-group size SYCL lets the implementation choose for a kernel that
/// requests none: one vector register of 32-bit lanes on the kernel's
/// target. IR without target features (hand-written, other front ends)
/// keeps sub-groups of one work-item.
unsigned getNativeSubGroupSize(const Function &K) {
  if (!K.getFnAttribute("target-features").isStringAttribute())
    return 1;
  if (hasTargetFeature(K, "+avx512f"))
    return 16;
  if (hasTargetFeature(K, "+avx2"))
    return 8;
  return 4;
}

bool hasTargetFeature(const Function &K, StringRef Feature) {
  SmallVector<StringRef> List;
  K.getFnAttribute("target-features").getValueAsString().split(List, ',');
  return is_contained(List, Feature);
}
unsigned getVectorRegisterBits(const Function &K) {
  return 32 * std::max(getNativeSubGroupSize(K), 4u);
}

/// A basic range kernel's sub-groups are invisible to it, so their size is a
/// pure unroll factor: four registers per 32-bit value (32 lanes with AVX2)
/// give a loop-carried chain such as a dot product's sum four independent
/// vectors, which is what GEMM's k loop needs to hide the FMA's latency
/// (2.2-3x faster than one register on AVX2, 1.4-2x on AVX-512; docs/
/// performance.md). 64 lanes cost more than they give on AVX2,
/// whose 16 registers hold too few such values, and help some kernels and
/// hurt others on AVX-512, so the size stops at 32.
unsigned getBasicRangeSubGroupSize(const Function &K) {
  unsigned Native = getNativeSubGroupSize(K);
  return Native == 1 ? 1 : std::max(Native, std::min(4 * Native, 32u));
}

SmallVector<FunctionAnnotation> getFunctionAnnotations(Module &M) {
  SmallVector<FunctionAnnotation> Result;
  GlobalVariable *Annotations = M.getNamedGlobal("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return Result;
  auto *Array = dyn_cast<ConstantArray>(Annotations->getInitializer());
  if (!Array)
    return Result;
  for (const Use &Entry : Array->operands()) {
    auto *CS = dyn_cast<ConstantStruct>(Entry.get());
    if (!CS || CS->getNumOperands() < 4)
      continue;
    auto *F = dyn_cast<Function>(CS->getOperand(0)->stripPointerCasts());
    auto *StrGV =
        dyn_cast<GlobalVariable>(CS->getOperand(1)->stripPointerCasts());
    if (!F || !StrGV || !StrGV->hasInitializer())
      continue;
    auto *Str = dyn_cast<ConstantDataArray>(StrGV->getInitializer());
    if (!Str || !Str->isCString())
      continue;
    ConstantStruct *Args = nullptr;
    if (CS->getNumOperands() >= 5)
      if (auto *ArgsGV =
              dyn_cast<GlobalVariable>(CS->getOperand(4)->stripPointerCasts()))
        if (ArgsGV->hasInitializer())
          Args = dyn_cast<ConstantStruct>(ArgsGV->getInitializer());
    StringRef File;
    if (auto *FileGV =
            dyn_cast<GlobalVariable>(CS->getOperand(2)->stripPointerCasts()))
      if (auto *FileStr = dyn_cast_or_null<ConstantDataArray>(
              FileGV->hasInitializer() ? FileGV->getInitializer() : nullptr))
        if (FileStr->isCString())
          File = FileStr->getAsCString();
    unsigned Line = 0;
    if (auto *LineCI = dyn_cast<ConstantInt>(CS->getOperand(3)))
      Line = LineCI->getZExtValue();
    Result.push_back({F, Str->getAsCString(), Args, File, Line});
  }
  return Result;
}

SmallVector<Function *> findAnnotatedKernels(Module &M) {
  SmallVector<Function *> Kernels;
  for (const FunctionAnnotation &A : getFunctionAnnotations(M))
    if (A.Text == KernelAnnotation && !is_contained(Kernels, A.F))
      Kernels.push_back(A.F);
  return Kernels;
}

bool isKernel(const Function &F) {
  return F.hasFnAttribute(attr::Kernel) && !F.isDeclaration();
}

SmallVector<Function *> getKernels(Module &M) {
  SmallVector<Function *> Kernels;
  for (Function &F : M)
    if (isKernel(F))
      Kernels.push_back(&F);
  return Kernels;
}

GlobalVariable *findDescriptor(Function &Kernel) {
  for (User *U : Kernel.users()) {
    auto *Init = dyn_cast<ConstantStruct>(U);
    if (!Init || Init->getNumOperands() != desc::NumFields ||
        Init->getOperand(desc::WorkItemFn) != &Kernel)
      continue;
    for (User *GU : Init->users())
      if (auto *GV = dyn_cast<GlobalVariable>(GU))
        if (GV->getInitializer() == Init && isDescriptor(*GV))
          return GV;
  }
  return nullptr;
}

void updateDescriptor(GlobalVariable &GV,
                      function_ref<void(MutableArrayRef<Constant *>)> Update) {
  auto *DescTy = cast<StructType>(GV.getValueType());
  SmallVector<Constant *, desc::NumFields> Fields;
  for (unsigned I = 0; I < desc::NumFields; ++I)
    Fields.push_back(GV.getInitializer()->getAggregateElement(I));
  Update(Fields);
  GV.setInitializer(ConstantStruct::get(DescTy, Fields));
}

/// The header records `type_name<Name>()`, i.e. clang's __PRETTY_FUNCTION__
/// "const char *sycl::detail::type_name() [T = NAME]"; keep only NAME.
static std::string kernelNameFromPrettyFunction(StringRef Pretty) {
  size_t Start = Pretty.find("[T = ");
  if (Start == StringRef::npos || !Pretty.ends_with("]"))
    return Pretty.str();
  return Pretty.drop_front(Start + 5).drop_back().str();
}

std::string getKernelDisplayName(const Function &Kernel) {
  if (GlobalVariable *GV = findDescriptor(const_cast<Function &>(Kernel))) {
    Constant *NameField = GV->getInitializer()->getAggregateElement(desc::Name);
    if (auto *NameGV = dyn_cast_or_null<GlobalVariable>(
            NameField ? NameField->stripPointerCasts() : nullptr))
      if (NameGV->hasInitializer())
        if (auto *Str = dyn_cast<ConstantDataArray>(NameGV->getInitializer()))
          if (Str->isCString())
            return kernelNameFromPrettyFunction(Str->getAsCString());
  }
  return demangle(Kernel.getName());
}

std::string getLoweredKernelDisplayName(const Function &F) {
  StringRef Name = F.getName();
  if (Name.consume_back(".wg"))
    if (Function *Kernel = F.getParent()->getFunction(Name))
      return getKernelDisplayName(*Kernel);
  return demangle(Name);
}

bool hasLoopWithProperty(const Function &F, StringRef Property) {
  return any_of(F, [&](const BasicBlock &BB) {
    const Instruction *Term = BB.getTerminator();
    MDNode *ID = Term ? Term->getMetadata(LLVMContext::MD_loop) : nullptr;
    return ID && findOptionMDForLoopID(ID, Property);
  });
}

std::optional<unsigned> getUnsignedAttr(const Function &F, StringRef Name) {
  Attribute A = F.getFnAttribute(Name);
  if (!A.isStringAttribute())
    return std::nullopt;
  unsigned Value;
  if (A.getValueAsString().getAsInteger(10, Value))
    return std::nullopt;
  return Value;
}

DebugLoc getUserDebugLoc(const Instruction *I) {
  if (!I)
    return DebugLoc();
  const DebugLoc &DL = I->getDebugLoc();
  for (const DILocation *L = DL.get(); L; L = L->getInlinedAt()) {
    StringRef File = L->getFilename();
    if (!File.contains("sublane/") && !File.contains("sublane\\"))
      return DebugLoc(L);
  }
  return DL;
}

static void reportKernelDiagnostic(const Function &Kernel, const Twine &Msg,
                                   const Instruction *At,
                                   DiagnosticSeverity Severity) {
  const Function &Where = At ? *At->getFunction() : Kernel;
  // The diagnostic keeps a reference to its message: keep the text alive.
  std::string Text =
      ("kernel '" + getKernelDisplayName(Kernel) + "': " + Msg).str();
  DiagnosticInfoUnsupported Diag(Where, Text, getUserDebugLoc(At), Severity);
  Kernel.getContext().diagnose(Diag);
}

void reportKernelError(const Function &Kernel, const Twine &Msg,
                       const Instruction *At) {
  reportKernelDiagnostic(Kernel, Msg, At, DS_Error);
}

void reportKernelWarning(const Function &Kernel, const Twine &Msg,
                         const Instruction *At) {
  reportKernelDiagnostic(Kernel, Msg, At, DS_Warning);
}

DebugLoc getKernelUserLoc(const Function &Kernel) {
  for (const Instruction &I : instructions(Kernel)) {
    DebugLoc User = getUserDebugLoc(&I);
    if (User && !User->getFilename().contains("sublane/"))
      return User;
  }
  return DebugLoc();
}

} // namespace sublane
