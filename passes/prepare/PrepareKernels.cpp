//===- PrepareKernels.cpp - Kernel preparation ----------------------------===//

#include "sublane/Passes/prepare/PrepareKernels.h"
#include "sublane/Passes/analysis/BuiltinReachability.h"
#include "sublane/Passes/prepare/DeviceMathCalls.h"
#include "sublane/Passes/prepare/ExternalItemCalls.h"
#include "sublane/Passes/prepare/LoweringDecision.h"
#include "sublane/Passes/util/KernelInfo.h"
#include "sublane/Passes/util/Metadata.h"
#include "sublane/Passes/util/TargetInfo.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/InlineCost.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LCSSA.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/UnrollLoop.h"

#define DEBUG_TYPE "sublane-prepare"

using namespace llvm;

STATISTIC(NumKernels, "Number of kernels prepared");
STATISTIC(NumInlined, "Number of calls inlined into kernels");
STATISTIC(NumGroupLocalBlocks,
          "Number of group local memory call sites laid out in kernels");
STATISTIC(NumExceptionEdgesDropped,
          "Number of invokes in kernels turned into plain calls");

static cl::opt<unsigned> InlineBudget(
    "sublane-inline-budget", cl::init(20000),
    cl::desc("Inline calls into a kernel (beyond those that reach builtins, "
             "which always are) while it has fewer instructions than this"));

/// Bounds inlining of recursive functions: how often a callee may appear on
/// one chain of inlined calls.
static constexpr unsigned MaxRecursiveInlines = 8;

namespace sublane {

namespace {

class KernelPreparer {
public:
  /// A kernel attribute's sizes (reqd_sub_group_size has one,
  /// reqd_work_group_size one per dimension), and where it was written.
  struct RequestedSizes {
    SmallVector<int64_t, 3> Sizes;
    StringRef File;
    unsigned Line;

    /// " (file:line)", or "" where the front end did not say.
    std::string where() const {
      return Line ? (" (" + File + ":" + Twine(Line) + ")").str() : "";
    }
    std::string spelling(StringRef Attribute) const {
      std::string S = (Attribute + "(").str();
      for (auto [I, Size] : enumerate(Sizes))
        S += (I ? ", " : "") + std::to_string(Size);
      return S + ")";
    }
  };
  using AnnotatedFunctions = DenseMap<const Function *, RequestedSizes>;

  KernelPreparer(Module &M, FunctionAnalysisManager &FAM)
      : M(M), FAM(FAM), Reach(M) {
    for (const FunctionAnnotation &A : getFunctionAnnotations(M)) {
      if (auto Sizes = getRequestedSizes(A, ReqdSubGroupSizeAnnotation))
        AnnotatedSubGroupSize[A.F] = {*Sizes, A.File, A.Line};
      if (auto Sizes = getRequestedSizes(A, ReqdWorkGroupSizeAnnotation))
        AnnotatedWorkGroupSize[A.F] = {*Sizes, A.File, A.Line};
    }
  }

  /// Returns false (after reporting why) if \p K cannot be lowered.
  bool prepare(Function &K);

private:
  bool checkSignature(Function &K);
  bool setUpDescriptor(Function &K);
  bool checkRecursion(Function &K);
  bool inlineBuiltinCallers(Function &K);
  bool checkBuiltinCalls(Function &K);
  bool gatherGroupLocalMemory(Function &K);
  void inlineOtherCallees(Function &K);
  void dropExceptionEdges(Function &K);
  void annotateIdRanges(Function &K);
  void canonicalize(Function &K);
  void unrollSmallLoops(Function &K);

  bool setRequiredWorkGroupSize(Function &K, unsigned Dims);

  static std::optional<RequestedSizes>
  findRequest(Function &K, const AnnotatedFunctions &Annotated);
  static std::optional<SmallVector<int64_t, 3>>
  getRequestedSizes(const FunctionAnnotation &A, StringRef Attribute);

  Module &M;
  FunctionAnalysisManager &FAM;
  BuiltinReachability Reach;
  /// The lowering decided for the kernel being prepared (setUpDescriptor).
  LoweringDecision Lowering;
  /// Functions annotated by the clang plugin's kernel attributes.
  AnnotatedFunctions AnnotatedSubGroupSize, AnnotatedWorkGroupSize;
};

/// The sizes an annotation of \p Attribute's asks for, in either of the
/// clang plugin's forms: "<attribute>=A,B" or "<attribute>" with the sizes
/// as arguments. A size that is not a number becomes 0, which every check
/// refuses.
std::optional<SmallVector<int64_t, 3>>
KernelPreparer::getRequestedSizes(const FunctionAnnotation &A,
                                  StringRef Attribute) {
  StringRef Text = A.Text;
  if (!Text.consume_front(Attribute))
    return std::nullopt;
  SmallVector<int64_t, 3> Sizes;
  if (Text.consume_front("=")) {
    SmallVector<StringRef, 3> Parts;
    Text.split(Parts, ',');
    for (StringRef Part : Parts) {
      int64_t Size = 0;
      Sizes.push_back(Part.trim().getAsInteger(10, Size) ? 0 : Size);
    }
    return Sizes;
  }
  if (!Text.empty() || !A.Args || A.Args->getNumOperands() == 0)
    return std::nullopt;
  for (Value *Arg : A.Args->operands()) {
    auto *CI = dyn_cast<ConstantInt>(Arg);
    Sizes.push_back(CI ? CI->getSExtValue() : 0);
  }
  return Sizes;
}

/// The request of a kernel attribute in \p Annotated that applies to \p K:
/// on the kernel, or on the functor's or lambda's operator() it reaches
/// through the header's wrappers (a basic range kernel's bounds check, a
/// reduction's reducers, a kernel_handler), the one nearest the entry.
std::optional<KernelPreparer::RequestedSizes>
KernelPreparer::findRequest(Function &K, const AnnotatedFunctions &Annotated) {
  if (Annotated.empty())
    return std::nullopt;
  // The wrappers are a few calls deep; the depth bounds the walk in kernels
  // with large call graphs.
  constexpr unsigned MaxDepth = 6;
  SmallVector<Function *> Level = {&K};
  SmallPtrSet<Function *, 16> Seen = {&K};
  for (unsigned Depth = 0; Depth <= MaxDepth && !Level.empty(); ++Depth) {
    SmallVector<Function *> Next;
    for (Function *F : Level) {
      if (auto It = Annotated.find(F); It != Annotated.end())
        return It->second;
      for (Instruction &I : instructions(*F))
        if (auto *CB = dyn_cast<CallBase>(&I))
          if (Function *Callee = CB->getCalledFunction();
              Callee && !Callee->isDeclaration() && Seen.insert(Callee).second)
            Next.push_back(Callee);
    }
    Level = std::move(Next);
  }
  return std::nullopt;
}

bool KernelPreparer::checkSignature(Function &K) {
  FunctionType *FTy = K.getFunctionType();
  bool Ok = FTy->getReturnType()->isVoidTy() && !FTy->isVarArg() &&
            FTy->getNumParams() <= 1 &&
            (FTy->getNumParams() == 0 || FTy->getParamType(0)->isPointerTy());
  if (!Ok)
    reportKernelError(K, "a kernel entry must have type 'void (ptr)' (a "
                         "pointer to its arguments)");
  return Ok;
}

bool KernelPreparer::setUpDescriptor(Function &K) {
  LLVMContext &C = M.getContext();
  std::optional<unsigned> AttrDims = getUnsignedAttr(K, attr::Dims);
  unsigned Dims = 0, ReqdSize = 0, ReqdVariant = 0, Flags = 0;
  if (GlobalVariable *GV = findDescriptor(K)) {
    Constant *Init = GV->getInitializer();
    auto Field = [&](unsigned I) {
      auto *CI = dyn_cast_or_null<ConstantInt>(Init->getAggregateElement(I));
      return CI ? unsigned(CI->getZExtValue()) : ~0u;
    };
    Dims = Field(desc::Dims);
    ReqdSize = Field(desc::ReqdSubGroupSize);
    ReqdVariant = Field(desc::ReqdVariant);
    Flags = Field(desc::Flags);
    if (AttrDims && *AttrDims != Dims) {
      reportKernelError(
          K, "the '" + Twine(attr::Dims) + "' attribute (" + Twine(*AttrDims) +
                 ") disagrees with its descriptor (" + Twine(Dims) + ")");
      return false;
    }
  } else {
    if (!AttrDims) {
      reportKernelError(K, "a kernel needs a descriptor or a '" +
                               Twine(attr::Dims) + "' attribute");
      return false;
    }
    Dims = *AttrDims;
    StructType *DescTy = getDescriptorType(M);
    Type *I32 = Type::getInt32Ty(C), *I64 = Type::getInt64Ty(C);
    Constant *Name = ConstantDataArray::getString(C, K.getName());
    auto *NameGV = new GlobalVariable(M, Name->getType(), true,
                                      GlobalValue::PrivateLinkage, Name,
                                      K.getName() + ".sublane.name");
    SmallVector<Constant *> Fields = {
        ConstantInt::get(I32, desc::MagicValue),
        ConstantInt::get(I32, 0),
        ConstantInt::get(I32, Dims),
        ConstantInt::get(I32, 0),
        ConstantInt::get(I32, 0),
        ConstantInt::get(I32, 0),
        ConstantInt::get(I32, 0),
        ConstantInt::get(I32, 0),
        ConstantInt::get(I64, 0),
        ConstantInt::get(I64, 0),
        NameGV,
        &K,
        ConstantPointerNull::get(PointerType::getUnqual(C)),
        ConstantAggregateZero::get(
            DescTy->getElementType(desc::ReqdLocalRange))};
    new GlobalVariable(M, DescTy, false,
                       K.hasLocalLinkage() ? GlobalValue::InternalLinkage
                                           : GlobalValue::ExternalLinkage,
                       ConstantStruct::get(DescTy, Fields),
                       K.getName() + ".sublane.desc");
  }
  if (Dims < 1 || Dims > 3) {
    reportKernelError(K,
                      "kernels have 1, 2 or 3 dimensions, not " + Twine(Dims));
    return false;
  }
  K.addFnAttr(attr::Dims, utostr(Dims));

  // Sub-group size and variant: descriptor request (a kernel property) or
  // reqd_sub_group_size, else an attribute the front end put there, else the
  // module default.
  if (!setRequiredWorkGroupSize(K, Dims))
    return false;
  std::optional<RequestedSizes> Annotated =
      findRequest(K, AnnotatedSubGroupSize);
  if (Annotated && (Annotated->Sizes.size() != 1 ||
                    !isSupportedSubGroupSize(Annotated->Sizes[0]))) {
    // A template argument decided the size: the kernel's own location is
    // the header's entry, so the message says where the attribute is.
    reportKernelError(K, Annotated->spelling("reqd_sub_group_size") +
                             Annotated->where() +
                             " is not a supported sub-group size; use 1, 4, "
                             "8, 16, 32 or 64");
    return false;
  }
  if (Annotated && ReqdSize && Annotated->Sizes[0] != ReqdSize) {
    reportKernelError(K, Annotated->spelling("reqd_sub_group_size") +
                             " and the sub_group_size<" + Twine(ReqdSize) +
                             "> property ask for different sub-group sizes");
    return false;
  }
  if (Annotated)
    ReqdSize = Annotated->Sizes[0];
  LoweringRequest Request;
  Request.SubGroupSize = ReqdSize;
  if (ReqdVariant >= unsigned(Variant::CBS) &&
      ReqdVariant <= unsigned(Variant::WFV))
    Request.DescriptorVariant = Variant(ReqdVariant);
  Request.AttributeSize = getUnsignedAttr(K, attr::SubGroupSize);
  if (K.hasFnAttribute(attr::Variant))
    Request.AttributeVariant =
        K.getFnAttribute(attr::Variant).getValueAsString();
  Request.BasicRange = Flags != ~0u && (Flags & desc::BasicRangeFlag);
  auto Decision = decideLowering(K, Request);
  if (auto *Error = std::get_if<std::string>(&Decision)) {
    reportKernelError(K, *Error);
    return false;
  }
  Lowering = std::get<LoweringDecision>(Decision);
  recordLowering(K, Lowering.Lowering);
  return true;
}

/// Records [[sycl::reqd_work_group_size]] in the descriptor, where the
/// runtime checks each nd-range launch against it.
bool KernelPreparer::setRequiredWorkGroupSize(Function &K, unsigned Dims) {
  std::optional<RequestedSizes> Request =
      findRequest(K, AnnotatedWorkGroupSize);
  if (!Request)
    return true;
  const std::string Spelling = Request->spelling("reqd_work_group_size");
  if (Request->Sizes.size() != Dims) {
    reportKernelError(K, Spelling + Request->where() + " gives " +
                             Twine(Request->Sizes.size()) +
                             " size(s) for a kernel of " + Twine(Dims) +
                             " dimension(s); give one per dimension");
    return false;
  }
  if (any_of(Request->Sizes, [](int64_t Size) { return Size <= 0; })) {
    reportKernelError(K, Spelling + Request->where() +
                             " needs sizes of at least 1");
    return false;
  }
  GlobalVariable *GV = findDescriptor(K);
  assert(GV && "the descriptor is set up first");
  auto *DescTy = cast<StructType>(GV->getValueType());
  auto *RangeTy = cast<ArrayType>(DescTy->getElementType(desc::ReqdLocalRange));
  SmallVector<Constant *, 3> Range;
  for (unsigned D = 0; D < 3; ++D)
    Range.push_back(ConstantInt::get(RangeTy->getElementType(),
                                     D < Dims ? Request->Sizes[D] : 0));
  updateDescriptor(*GV, [&](MutableArrayRef<Constant *> Fields) {
    Fields[desc::ReqdLocalRange] = ConstantArray::get(RangeTy, Range);
  });
  return true;
}

bool KernelPreparer::checkRecursion(Function &K) {
  // Depth-first over the functions that reach builtins; a call back into a
  // function on the stack is recursion through a builtin.
  SmallVector<Function *> Stack;
  SmallPtrSet<Function *, 16> OnStack, Done;
  std::function<bool(Function &)> Visit = [&](Function &F) {
    Stack.push_back(&F);
    OnStack.insert(&F);
    for (Instruction &I : instructions(F)) {
      auto *CB = dyn_cast<CallBase>(&I);
      Function *Callee = CB ? CB->getCalledFunction() : nullptr;
      if (!Callee || Callee->isDeclaration() || !Reach.reaches(Callee))
        continue;
      if (OnStack.contains(Callee)) {
        reportKernelError(K,
                          "recursive call to '" + demangle(Callee->getName()) +
                              "' reaches '" + Reach.reaches(Callee)->getName() +
                              "'; barriers, collectives and id queries must "
                              "not be reached through recursion",
                          CB);
        return false;
      }
      if (!Done.contains(Callee) && !Visit(*Callee))
        return false;
    }
    Stack.pop_back();
    OnStack.erase(&F);
    Done.insert(&F);
    return true;
  };
  return Visit(K);
}

bool KernelPreparer::inlineBuiltinCallers(Function &K) {
  while (true) {
    SmallVector<CallBase *> ToInline;
    for (Instruction &I : instructions(K)) {
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB || CB->isInlineAsm())
        continue;
      Function *Callee = CB->getCalledFunction();
      if (!Callee) {
        if (const Function *W = Reach.indirectWitness()) {
          reportKernelError(
              K,
              "indirect call may reach '" + W->getName() + "' (through '" +
                  demangle(Reach.indirectTarget()->getName()) +
                  "'); barriers, collectives and id queries must be "
                  "reached through direct calls",
              CB);
          return false;
        }
        continue;
      }
      if (!Callee->isDeclaration() && Reach.reaches(Callee))
        ToInline.push_back(CB);
    }
    if (ToInline.empty())
      return true;
    for (CallBase *CB : ToInline) {
      Function *Callee = CB->getCalledFunction();
      // InlineFunction does not check what makes a body impossible to
      // inline (va_start, indirectbr, returns_twice): it would produce
      // invalid IR.
      InlineResult R = isInlineViable(*Callee);
      if (R.isSuccess()) {
        InlineFunctionInfo IFI;
        R = InlineFunction(*CB, IFI);
      }
      if (!R.isSuccess()) {
        reportKernelError(K,
                          "cannot inline '" + demangle(Callee->getName()) +
                              "', which reaches '" +
                              Reach.reaches(Callee)->getName() +
                              "': " + R.getFailureReason(),
                          CB);
        return false;
      }
      ++NumInlined;
    }
  }
}

/// clang -O0 marks every function optnone and noinline; that noinline is no
/// request of the programmer's, and the analyses must see through the calls
/// as they do at -O2 (an id that reaches a branch through an accessor call).
static bool isNoInlineByRequest(const Function &F) {
  return F.hasFnAttribute(Attribute::NoInline) &&
         !F.hasFnAttribute(Attribute::OptimizeNone);
}

void KernelPreparer::inlineOtherCallees(Function &K) {
  // Objects the kernel passes by pointer to a call (SYCL's id and range
  // temporaries) cannot be promoted to registers, and when they live across
  // a barrier the lowering must give every work-item a copy in memory.
  // Inlining first lets SROA dissolve them, as GPU compilers do.
  // Which inlined call each call site came from, as LLVM's inliner keeps
  // it: a callee is inlined again along one chain only a few times (the
  // recursion bound), but as often as the kernel calls it otherwise (an
  // accessor's subscript in every access of a 3D stencil).
  struct InlinedFrom {
    const Function *Callee;
    int Parent;
  };
  SmallVector<InlinedFrom> History;
  DenseMap<const CallBase *, int> HistoryOf;
  auto TimesOnChain = [&](const CallBase *CB, const Function *Callee) {
    unsigned Times = 0;
    auto It = HistoryOf.find(CB);
    for (int H = It == HistoryOf.end() ? -1 : It->second; H >= 0;
         H = History[H].Parent)
      Times += History[H].Callee == Callee;
    return Times;
  };
  DenseMap<Function *, bool> Viable;
  auto IsViable = [&](Function &Callee) {
    auto [It, New] = Viable.try_emplace(&Callee, false);
    if (New)
      It->second = isInlineViable(Callee).isSuccess();
    return It->second;
  };
  bool Changed = true;
  while (Changed && K.getInstructionCount() < InlineBudget) {
    Changed = false;
    SmallVector<CallBase *> Calls;
    for (Instruction &I : instructions(K))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction())
          if (!Callee->isDeclaration() &&
              !CB->getAttributes().hasFnAttr(Attribute::NoInline) &&
              !isNoInlineByRequest(*Callee) && Callee != &K &&
              TimesOnChain(CB, Callee) < MaxRecursiveInlines &&
              IsViable(*Callee))
            Calls.push_back(CB);
    for (CallBase *CB : Calls) {
      if (K.getInstructionCount() >= InlineBudget)
        break;
      const Function *Callee = CB->getCalledFunction();
      auto It = HistoryOf.find(CB);
      int Parent = It == HistoryOf.end() ? -1 : It->second;
      InlineFunctionInfo IFI;
      if (InlineFunction(*CB, IFI).isSuccess()) {
        HistoryOf.erase(CB);
        History.push_back({Callee, Parent});
        for (CallBase *Inlined : IFI.InlinedCallSites)
          HistoryOf[Inlined] = History.size() - 1;
        ++NumInlined;
        Changed = true;
      }
    }
  }
}

/// Device code cannot throw (SYCL 2020 5.4), so the unwind edges clang adds
/// to calls it cannot prove nounwind (the kernel entry is noexcept: each
/// such call unwinds into std::terminate) never run. As plain calls they
/// leave no landing pads for the lowering to carry and no reason for the
/// vectorizer to refuse the kernel.
void KernelPreparer::dropExceptionEdges(Function &K) {
  SmallVector<InvokeInst *> Invokes;
  for (BasicBlock &BB : K)
    if (auto *II = dyn_cast<InvokeInst>(BB.getTerminator()))
      Invokes.push_back(II);
  if (Invokes.empty())
    return;
  for (InvokeInst *II : Invokes)
    changeToCall(II);
  removeUnreachableBlocks(K);
  NumExceptionEdgesDropped += Invokes.size();
}

/// Malformed kernel IR must be refused here, not crash a later pass.
bool KernelPreparer::checkBuiltinCalls(Function &K) {
  for (Instruction &I : instructions(K)) {
    auto *CB = dyn_cast<CallBase>(&I);
    Function *Callee = CB ? CB->getCalledFunction() : nullptr;
    if (!Callee || !isBuiltinName(Callee->getName()) || Callee->isIntrinsic())
      continue;
    BuiltinKind Kind = getBuiltinKind(Callee);
    if (Kind == BuiltinKind::None) {
      reportKernelError(K,
                        "calls '" + Callee->getName() +
                            "', which is not a sublane builtin "
                            "(docs/ir-contract.md lists them)",
                        CB);
      return false;
    }
    FunctionType *Expected =
        Kind == BuiltinKind::Collective
            ? getCollectiveType(*getCollectiveInfo(Callee), K.getContext())
            : getBuiltinType(Kind, K.getContext());
    if (CB->getFunctionType() != Expected) {
      std::string Have, Want;
      raw_string_ostream(Have) << *CB->getFunctionType();
      raw_string_ostream(Want) << *Expected;
      reportKernelError(K,
                        "calls builtin '" + Callee->getName() + "' as '" +
                            Have + "'; the IR contract gives it type '" + Want +
                            "'",
                        CB);
      return false;
    }
  }
  return true;
}

/// Each call site of __sublane_group_local_alloc owns a block of local
/// memory, but the lowering copies code (small loops unrolled, bounds
/// checks versioned, full and partial sub-groups), and a copied call would
/// be a second site with a block of its own, which the work-items running
/// the other copy would not see. So the blocks are laid out here, while
/// each site is still one call: one allocation at the kernel's entry, each
/// site a constant offset into it.
bool KernelPreparer::gatherGroupLocalMemory(Function &K) {
  SmallVector<CallBase *> Sites;
  for (Instruction &I : instructions(K))
    if (getBuiltinKind(&I) == BuiltinKind::GroupLocalAlloc)
      Sites.push_back(cast<CallBase>(&I));
  if (Sites.empty())
    return true;
  uint64_t Total = 0;
  Align MaxAlign(1);
  SmallVector<uint64_t> Offsets;
  for (CallBase *Site : Sites) {
    std::optional<GroupLocalBlock> Block = getGroupLocalBlock(*Site);
    if (!Block) {
      reportKernelError(K, getGroupLocalBlockRequirement(), Site);
      return false;
    }
    Total = alignTo(Total, Block->Alignment);
    Offsets.push_back(Total);
    Total += Block->Bytes;
    MaxAlign = std::max(MaxAlign, Block->Alignment);
    if (Total > MaxGroupLocalBytes) {
      reportKernelError(K,
                        "asks for " + Twine(Total) +
                            " bytes of group local memory; a work-group has " +
                            Twine(MaxGroupLocalBytes),
                        Site);
      return false;
    }
  }
  BasicBlock &Entry = K.getEntryBlock();
  IRBuilder<> B(&Entry, Entry.getFirstNonPHIOrDbgOrAlloca());
  CallInst *Memory = B.CreateCall(
      Sites.front()->getCalledFunction(),
      {B.getInt64(std::max<uint64_t>(Total, 1)), B.getInt64(MaxAlign.value())},
      "group.local");
  Memory->setDebugLoc(Sites.front()->getDebugLoc());
  // All addresses first: the builder may be inserting before a site.
  SmallVector<Value *> Addresses;
  for (uint64_t Offset : Offsets)
    Addresses.push_back(
        B.CreateInBoundsGEP(B.getInt8Ty(), Memory, B.getInt64(Offset)));
  for (auto [Site, Address] : zip(Sites, Addresses)) {
    Site->replaceAllUsesWith(Address);
    Site->eraseFromParent();
  }
  NumGroupLocalBlocks += Sites.size();
  return true;
}

/// What the contract guarantees about ids, as `!range` metadata: lanes stay
/// below the sub-group size and local ids below the largest work-group.
/// ScalarEvolution then proves that a lane-strided loop runs equally often
/// in every lane, and LLVM can narrow id arithmetic.
void KernelPreparer::annotateIdRanges(Function &K) {
  uint64_t SubGroupSize = getUnsignedAttr(K, attr::SubGroupSize).value_or(1);
  MDBuilder MDB(K.getContext());
  for (Instruction &I : instructions(K)) {
    std::optional<std::pair<uint64_t, uint64_t>> Range;
    switch (getBuiltinKind(&I)) {
    case BuiltinKind::SubGroupLocalId:
      Range = {0, SubGroupSize};
      break;
    case BuiltinKind::SubGroupSize:
      Range = {1, SubGroupSize + 1};
      break;
    case BuiltinKind::SubGroupMaxSize:
      Range = {SubGroupSize, SubGroupSize + 1};
      break;
    case BuiltinKind::LocalId:
    case BuiltinKind::LocalLinearId:
    case BuiltinKind::SubGroupId:
      Range = {0, MaxWorkGroupSize};
      break;
    case BuiltinKind::LocalRange:
    case BuiltinKind::SubGroupCount:
      Range = {1, MaxWorkGroupSize + 1};
      break;
    default:
      break;
    }
    if (!Range || I.getMetadata(LLVMContext::MD_range))
      continue;
    auto *Ty = cast<IntegerType>(I.getType());
    I.setMetadata(LLVMContext::MD_range,
                  MDB.createRange(APInt(Ty->getBitWidth(), Range->first),
                                  APInt(Ty->getBitWidth(), Range->second)));
  }
}

/// Whether loop \p L contains a barrier or a collective.
static bool containsSyncPoint(const Loop &L) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (isSyncBuiltin(getBuiltinKind(&I)))
        return true;
  return false;
}

/// Loops with a constant trip count up to this are unrolled.
static constexpr unsigned MaxUnrolledTripCount = 16;
/// ... if the copies add up to no more instructions than this.
static constexpr unsigned MaxUnrolledSize = 512;
/// ... or, for a loop around loops that unroll once it has, and for those
/// inner loops, this: the whole nest's copies.
static constexpr unsigned MaxUnrolledNestSize = 8192;
/// ... and the kernel after unrolling a nest, this.
static constexpr unsigned MaxUnrolledKernelSize = 16384;

/// Unrolls innermost loops with a small constant trip count, and no sync
/// point (the lowering handles those as loops, and copying their regions
/// buys nothing), until none is left. Loops only: nothing is peeled.
void KernelPreparer::unrollSmallLoops(Function &K) {
  FunctionPassManager LoopForm;
  LoopForm.addPass(LoopSimplifyPass());
  LoopForm.addPass(LCSSAPass());
  LoopForm.run(K, FAM);
  for (bool Changed = true; Changed;) {
    Changed = false;
    auto &LI = FAM.getResult<LoopAnalysis>(K);
    auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(K);
    auto &DT = FAM.getResult<DominatorTreeAnalysis>(K);
    auto &AC = FAM.getResult<AssumptionAnalysis>(K);
    auto &TTI = FAM.getResult<TargetIRAnalysis>(K);
    OptimizationRemarkEmitter ORE(&K);
    for (Loop *L : LI.getLoopsInPreorder()) {
      if (!L->isLoopSimplifyForm() || containsSyncPoint(*L))
        continue;
      unsigned TripCount = SE.getSmallConstantTripCount(L);
      if (TripCount == 0 || TripCount > MaxUnrolledTripCount)
        continue;
      // An outer loop only where its inner loops' trip counts are not
      // constants yet (a sorting network's `for (j = i + 1; j < 9; ++j)`):
      // unrolled, they are, and unroll in turn. Its size counts each inner
      // loop at its largest trip count.
      if (!L->isInnermost() && any_of(L->getSubLoops(), [&](const Loop *Sub) {
            return !Sub->isInnermost() || SE.getSmallConstantTripCount(Sub) ||
                   !SE.getSmallConstantMaxTripCount(Sub);
          }))
        continue;
      unsigned Size = 0;
      for (BasicBlock *BB : L->blocks()) {
        const Loop *In = LI.getLoopFor(BB);
        Size +=
            BB->size() * (In == L ? 1 : SE.getSmallConstantMaxTripCount(In));
      }
      bool InNest =
          !L->isInnermost() || getBooleanLoopAttribute(L, md::UnrolledNestLoop);
      if (Size * TripCount > (InNest ? MaxUnrolledNestSize : MaxUnrolledSize))
        continue;
      // Nests only while the kernel stays of a size the vectorizer's copies
      // of it compile in reasonable time.
      if (!L->isInnermost() &&
          K.getInstructionCount() + Size * TripCount > MaxUnrolledKernelSize)
        continue;
      // The inner loops' copies unroll within the nest's budget.
      for (Loop *Sub : L->getSubLoops())
        addStringMetadataToLoop(Sub, md::UnrolledNestLoop, 1);
      UnrollLoopOptions Options;
      Options.Count = TripCount;
      Options.Force = true;
      Options.Runtime = false;
      Options.AllowExpensiveTripCount = false;
      Options.UnrollRemainder = false;
      Options.ForgetAllSCEV = true;
      if (UnrollLoop(L, Options, &LI, &SE, &DT, &AC, &TTI, &ORE,
                     /*PreserveLCSSA=*/true) ==
          LoopUnrollResult::FullyUnrolled) {
        Changed = true;
        break; // LoopInfo changed under the iteration
      }
    }
    FAM.invalidate(K, PreservedAnalyses::none());
  }
}

void KernelPreparer::canonicalize(Function &K) {
  FAM.invalidate(K, PreservedAnalyses::none());
  FunctionPassManager Scalars;
  Scalars.addPass(SROAPass(SROAOptions::ModifyCFG));
  Scalars.addPass(EarlyCSEPass());
  Scalars.addPass(InstCombinePass());
  Scalars.addPass(SimplifyCFGPass());
  Scalars.run(K, FAM);

  // Loops over the dimensions of an id (the header's, the programmer's)
  // index small objects by a loop counter, which keeps them in memory, and
  // memory per work-item is what the lowering makes expensive: a private
  // variable becomes an array per work-item, a gather per lane. Unrolled,
  // SROA turns them into registers.
  unrollSmallLoops(K);
  FAM.invalidate(K, PreservedAnalyses::none());
  Scalars.run(K, FAM);
  // Accesses InstCombine has just made constant (an unrolled sorting
  // network's window of float4s, read as floats and written in halves)
  // let SROA take apart what it could not before.
  FunctionPassManager Promote;
  Promote.addPass(SROAPass(SROAOptions::ModifyCFG));
  Promote.run(K, FAM);
}

bool KernelPreparer::prepare(Function &K) {
  if (!checkSignature(K) || !setUpDescriptor(K) || !checkRecursion(K))
    return false;
  // At -O0 clang marks everything optnone; the lowered form is ours to build.
  K.removeFnAttr(Attribute::OptimizeNone);
  K.removeFnAttr(Attribute::NoInline);
  if (!inlineBuiltinCallers(K))
    return false;
  inlineOtherCallees(K);
  dropExceptionEdges(K);
  publishItemToExternalCalls(K);
  if (!checkBuiltinCalls(K) || !gatherGroupLocalMemory(K))
    return false;
  chooseOpenSubGroupSize(K, Lowering);
  annotateIdRanges(K);
  DeviceMathCallsPass().run(K, FAM);
  canonicalize(K);
  widenBasicRangeKernel(K, Lowering);
  recordOpenSubGroupSize(K, Lowering);
  // Recorded as the later passes read it (a wfv kernel of size 1 is cbs).
  recordLowering(K, getLowering(K));
  ++NumKernels;
  LLVM_DEBUG(dbgs() << "sublane-prepare: prepared " << K.getName() << "\n");
  return true;
}

} // namespace

PreservedAnalyses PrepareKernelsPass::run(Module &M,
                                          ModuleAnalysisManager &MAM) {
  for (Function *F : findAnnotatedKernels(M))
    F->addFnAttr(attr::Kernel);
  SmallVector<Function *> Kernels = getKernels(M);
  if (Kernels.empty())
    return PreservedAnalyses::all();
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  KernelPreparer Preparer(M, FAM);
  for (Function *K : Kernels)
    if (!Preparer.prepare(*K))
      K->removeFnAttr(attr::Kernel); // reported; leave it unlowered
  return PreservedAnalyses::none();
}

} // namespace sublane
