//===- KernelInfo.cpp - The IR contract, in code --------------------------===//

#include "sublane/Passes/util/KernelInfo.h"

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
#define SUBLANE_BUILTIN(KIND, NAME) .Case(NAME, BuiltinKind::KIND)
#include "sublane/Passes/util/Builtins.def"
      .Default(getCollectiveInfo(F) ? BuiltinKind::Collective
                                    : BuiltinKind::None);
}

StringRef getBuiltinName(BuiltinKind K) {
#define SUBLANE_BUILTIN(KIND, NAME)                                            \
  if (K == BuiltinKind::KIND)                                                  \
    return NAME;
#define SUBLANE_BUILTIN_ALIAS(KIND, NAME)
#include "sublane/Passes/util/Builtins.def"
  llvm_unreachable("no name for a non-builtin or a collective");
}

FunctionCallee getOrInsertBuiltin(Module &M, BuiltinKind K) {
  return M.getOrInsertFunction(getBuiltinName(K),
                               getBuiltinType(K, M.getContext()));
}

FunctionCallee getOrInsertRuntimeCheck(Module &M, RuntimeCheck Check) {
  LLVMContext &C = M.getContext();
  Type *Void = Type::getVoidTy(C), *Ptr = PointerType::getUnqual(C);
  Type *I32 = Type::getInt32Ty(C), *I64 = Type::getInt64Ty(C);
  StringRef Name;
#define SUBLANE_RUNTIME_CHECK(ID, NAME)                                        \
  if (Check == RuntimeCheck::ID)                                               \
    Name = NAME;
#include "sublane/Passes/util/Builtins.def"
  switch (Check) {
  case RuntimeCheck::SyncPoints:
    // (kernel, group id, dims, sync-point names, expected, arrived)
    return M.getOrInsertFunction(Name, Void, Ptr, Ptr, I32, Ptr, I32, I32);
  case RuntimeCheck::SubGroupLanes:
    // (kernel, group id x3, dims, sync point, lanes expected, lanes arrived)
    return M.getOrInsertFunction(Name, Void, Ptr, I64, I64, I64, I32, Ptr, I64,
                                 I64);
  }
  llvm_unreachable("unknown runtime check");
}

// The grammar of collective names,
// `__sublane_<scope>_<kind>[_<op>][_<type>][.v<lanes>]`, one table per part.
namespace {
template <typename T> struct NamedKind {
  StringLiteral Name;
  T Kind;
};
constexpr NamedKind<CollectiveInfo::CollectiveKind> CollectiveKindNames[] = {
    {"broadcast", CollectiveInfo::Broadcast},
    {"select", CollectiveInfo::Select},
    {"shift_left", CollectiveInfo::ShiftLeft},
    {"shift_right", CollectiveInfo::ShiftRight},
    {"permute_xor", CollectiveInfo::PermuteXor},
    {"reduce", CollectiveInfo::Reduce},
    {"inscan", CollectiveInfo::InclusiveScan},
    {"exscan", CollectiveInfo::ExclusiveScan},
    {"any", CollectiveInfo::Any},
    {"all", CollectiveInfo::All},
    {"ballot", CollectiveInfo::Ballot},
};
constexpr NamedKind<CollectiveInfo::OpKind> CollectiveOpNames[] = {
    {"add", CollectiveInfo::Add},       {"mul", CollectiveInfo::Mul},
    {"min", CollectiveInfo::Min},       {"max", CollectiveInfo::Max},
    {"and", CollectiveInfo::And},       {"or", CollectiveInfo::Or},
    {"xor", CollectiveInfo::Xor},       {"land", CollectiveInfo::LogicalAnd},
    {"lor", CollectiveInfo::LogicalOr},
};
constexpr NamedKind<CollectiveInfo::ElemKind> CollectiveElemNames[] = {
    {"i32", CollectiveInfo::I32}, {"u32", CollectiveInfo::U32},
    {"i64", CollectiveInfo::I64}, {"u64", CollectiveInfo::U64},
    {"f32", CollectiveInfo::F32}, {"f64", CollectiveInfo::F64},
};

template <typename T, size_t N>
std::optional<T> lookUpKind(const NamedKind<T> (&Table)[N], StringRef Name) {
  for (const NamedKind<T> &E : Table)
    if (E.Name == Name)
      return E.Kind;
  return std::nullopt;
}

template <typename T, size_t N>
StringRef lookUpName(const NamedKind<T> (&Table)[N], T Kind) {
  for (const NamedKind<T> &E : Table)
    if (E.Kind == Kind)
      return E.Name;
  llvm_unreachable("a kind without a name");
}

bool isVote(CollectiveInfo::CollectiveKind K) {
  return K == CollectiveInfo::Any || K == CollectiveInfo::All ||
         K == CollectiveInfo::Ballot;
}

bool isSubGroupOnly(CollectiveInfo::CollectiveKind K) {
  return K == CollectiveInfo::Select || K == CollectiveInfo::ShiftLeft ||
         K == CollectiveInfo::ShiftRight || K == CollectiveInfo::PermuteXor ||
         K == CollectiveInfo::Ballot;
}
} // namespace

std::optional<CollectiveInfo> getCollectiveInfo(const Function *F) {
  if (!F)
    return std::nullopt;
  StringRef Name = F->getName();
  if (!Name.consume_front(BuiltinPrefix))
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
  // The kind is the table's name that the rest starts with, followed by the
  // end or by '_' (no name of the table starts another).
  std::optional<CollectiveInfo::CollectiveKind> Kind;
  StringRef Rest;
  for (const auto &E : CollectiveKindNames) {
    StringRef After = Name;
    if (!After.consume_front(E.Name) || (!After.empty() && After[0] != '_'))
      continue;
    Kind = E.Kind;
    Rest = After.drop_front(After.empty() ? 0 : 1);
  }
  if (!Kind ||
      (isSubGroupOnly(*Kind) && Info.Scope != CollectiveInfo::SubGroup))
    return std::nullopt;
  Info.Kind = *Kind;
  if (isVote(Info.Kind))
    return Rest.empty() ? std::optional<CollectiveInfo>(Info) : std::nullopt;
  if (Info.isScanOrReduce()) {
    auto [OpName, TypeName] = Rest.split('_');
    std::optional<CollectiveInfo::OpKind> Op =
        lookUpKind(CollectiveOpNames, OpName);
    if (!Op)
      return std::nullopt;
    Info.Op = *Op;
    Rest = TypeName;
  }
  std::optional<CollectiveInfo::ElemKind> Elem =
      lookUpKind(CollectiveElemNames, Rest);
  if (!Elem)
    return std::nullopt;
  Info.Elem = *Elem;
  bool IntegerOnly = Info.Op >= CollectiveInfo::And;
  if (IntegerOnly && Info.isFloat())
    return std::nullopt;
  return Info;
}

std::string getCollectiveName(const CollectiveInfo &Info) {
  std::string Name = BuiltinPrefix.str();
  Name += Info.Scope == CollectiveInfo::SubGroup ? "sg_" : "wg_";
  Name += lookUpName(CollectiveKindNames, Info.Kind);
  if (Info.isScanOrReduce())
    (Name += "_") += lookUpName(CollectiveOpNames, Info.Op);
  if (!isVote(Info.Kind))
    (Name += "_") += lookUpName(CollectiveElemNames, Info.Elem);
  if (Info.OperandLanes > 1)
    Name += ".v" + std::to_string(Info.OperandLanes);
  return Name;
}

Function *getOrInsertCollective(Module &M, const CollectiveInfo &Info) {
  auto *F = cast<Function>(
      M.getOrInsertFunction(getCollectiveName(Info),
                            getCollectiveType(Info, M.getContext()))
          .getCallee());
  F->addFnAttr(Attribute::Convergent);
  F->addFnAttr(Attribute::NoUnwind);
  return F;
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

bool isWorkGroupSyncPoint(const Instruction &I) {
  switch (getBuiltinKind(&I)) {
  case BuiltinKind::WorkGroupBarrier:
    return true;
  case BuiltinKind::Collective:
    return getCollectiveInfo(cast<CallBase>(I).getCalledFunction())->Scope ==
           CollectiveInfo::WorkGroup;
  default:
    return false;
  }
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

bool isBuiltinName(StringRef Name) { return Name.starts_with(BuiltinPrefix); }

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
