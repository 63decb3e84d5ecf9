//===- LoweringDecision.cpp - Each kernel's sub-group size and variant ----===//

#include "sublane/Passes/prepare/LoweringDecision.h"
#include "sublane/Passes/util/TargetInfo.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/CommandLine.h"

#define DEBUG_TYPE "sublane-prepare"

using namespace llvm;

STATISTIC(NumWidenedBasicRangeKernels,
          "Number of basic range kernels given wider sub-groups");
STATISTIC(NumSubGroupUsersAtDefaultSize,
          "Number of kernels that use their sub-group given the default size");
STATISTIC(NumWarpSynchronousKernels,
          "Number of kernels with volatile accesses given a warp's size");

static cl::opt<unsigned> DefaultSubGroupSize(
    "sublane-sg-size", cl::init(0),
    cl::desc("Sub-group size of kernels that do not request one (1, 4, 8, "
             "16, 32 or 64); by default 32 for kernels that use their "
             "sub-group or access volatile memory (warp-synchronous code) "
             "and the vector width of the kernel's target for the others "
             "(16 with AVX-512, 8 with AVX2, 4 otherwise), and 1 for IR "
             "that names no target features"));

static cl::opt<std::string> DefaultVariant(
    "sublane-variant", cl::init(""),
    cl::desc("Lowering of kernels above sub-group size 1 that do not request "
             "one: hcbs (hierarchical CBS) or wfv (vectorized, the default); "
             "size 1 is always cbs unless a kernel asks otherwise, and cbs "
             "makes 1 the size of kernels that do not request one"));

static cl::opt<bool> WidenBasicRangeKernels(
    "sublane-widen-basic-range-kernels", cl::init(true),
    cl::desc("Run basic range kernels that request no sub-group size and never "
             "ask for their sub-group at 4 registers per 32-bit value (32 "
             "lanes with AVX2 or AVX-512) instead of one register"));

/// Private memory per work-item up to which a basic range kernel is widened.
static constexpr uint64_t MaxWidenedPrivateBytes = 256;

namespace sublane {

bool isSupportedSubGroupSize(int64_t S) {
  return S == 1 || S == 4 || S == 8 || S == 16 || S == 32 || S == 64;
}

std::variant<LoweringDecision, std::string>
decideLowering(const Function &K, const LoweringRequest &Request) {
  // A module default of variant cbs asks for sub-groups of one work-item
  // wherever the kernel and the command line leave the size open.
  const std::optional<Variant> Default = parseVariant(DefaultVariant);
  const bool DefaultIsCBS = Default == Variant::CBS;

  LoweringDecision D;
  unsigned &Size = D.Lowering.SubGroupSize;
  Size = Request.SubGroupSize
             ? Request.SubGroupSize
             : Request.AttributeSize.value_or(
                   DefaultSubGroupSize ? unsigned(DefaultSubGroupSize)
                   : DefaultIsCBS      ? 1
                                       : getNativeSubGroupSize(K));
  if (!isSupportedSubGroupSize(Size))
    return ("sub-group size " + Twine(Size) +
            " is not supported; use 1, 4, 8, 16, 32 or 64")
        .str();
  D.SizeLeftToUs = !Request.SubGroupSize && !Request.AttributeSize &&
                   !DefaultSubGroupSize && !DefaultIsCBS;
  D.BasicRange = Request.BasicRange;

  std::optional<Variant> V;
  if (Request.DescriptorVariant)
    V = Request.DescriptorVariant;
  else if (Request.AttributeVariant)
    V = parseVariant(*Request.AttributeVariant);
  else if (!DefaultVariant.empty() && (Size > 1 || !Default))
    // Sub-groups of one work-item have nothing to vectorize or to split:
    // the module default is for the kernels with real sub-groups (and an
    // unknown one is an error everywhere).
    V = Default;
  else
    V = Size == 1 ? Variant::CBS : Variant::WFV;
  if (!V)
    return std::string("unknown lowering variant; use cbs, hcbs or wfv");
  D.Lowering.V = *V;
  return D;
}

namespace {
/// What chooseOpenSubGroupSize and widenBasicRangeKernel need to know of a
/// kernel's body.
struct BodyFacts {
  /// A call of a sub-group builtin or collective. Once every call that
  /// reaches a builtin is inlined, asking for the sub-group is a call in the
  /// kernel itself.
  bool AsksForSubGroup = false;
  /// A volatile load or store: CUDA code ported to SYCL marks memory that
  /// the work-items of a warp exchange without barriers volatile (a prefix
  /// sum over 32 work-items in local memory), relying on a warp's lockstep.
  bool AccessesVolatile = false;
  /// Private memory per work-item, when every alloca has a fixed size.
  std::optional<uint64_t> PrivateBytes = 0;
};
} // namespace

static BodyFacts inspectBody(const Function &K) {
  BodyFacts Facts;
  const DataLayout &DL = K.getDataLayout();
  for (const Instruction &I : instructions(K)) {
    if (auto *AI = dyn_cast<AllocaInst>(&I)) {
      std::optional<TypeSize> Size = AI->getAllocationSize(DL);
      if (!Size || Size->isScalable())
        Facts.PrivateBytes.reset();
      else if (Facts.PrivateBytes)
        *Facts.PrivateBytes += Size->getFixedValue();
      continue;
    }
    if (auto *LI = dyn_cast<LoadInst>(&I); LI && LI->isVolatile())
      Facts.AccessesVolatile = true;
    if (auto *SI = dyn_cast<StoreInst>(&I); SI && SI->isVolatile())
      Facts.AccessesVolatile = true;
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB)
      continue;
    switch (getBuiltinKind(CB)) {
    case BuiltinKind::SubGroupLocalId:
    case BuiltinKind::SubGroupId:
    case BuiltinKind::SubGroupSize:
    case BuiltinKind::SubGroupMaxSize:
    case BuiltinKind::SubGroupCount:
    case BuiltinKind::SubGroupBarrier:
    case BuiltinKind::Collective:
      Facts.AsksForSubGroup = true;
      break;
    default:
      break;
    }
  }
  return Facts;
}

/// GPU code assumes the size its GPU runs, so a kernel that asks for its
/// sub-group gets getSubGroupUserSubGroupSize. So does a kernel that never
/// asks but accesses memory through volatile pointers: warp-synchronous
/// CUDA code (a scan over 32 work-items in local memory, each step read by
/// the next lane without a barrier) works only where 32 consecutive
/// work-items run in lockstep, as one vectorized sub-group of 32 does; at
/// the target's width, the sub-groups of a warp would run one after the
/// other. This runs before anything records the size in the body (the id
/// ranges of annotateIdRanges).
void chooseOpenSubGroupSize(Function &K, const LoweringDecision &D) {
  KernelLowering L = getLowering(K);
  if (!D.SizeLeftToUs || L.V == Variant::CBS)
    return;
  const BodyFacts Facts = inspectBody(K);
  if (!Facts.AsksForSubGroup && !Facts.AccessesVolatile)
    return;
  const unsigned Size = getSubGroupUserSubGroupSize(K);
  if (L.SubGroupSize == Size)
    return;
  L.SubGroupSize = Size;
  recordLowering(K, L);
  OptimizationRemarkEmitter ORE(&K);
  if (!Facts.AsksForSubGroup) {
    ++NumWarpSynchronousKernels;
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "WarpSynchronousSize",
                                getKernelUserLoc(K), &K.getEntryBlock())
             << "kernel '" << getKernelDisplayName(K)
             << "' accesses memory through volatile pointers, as "
                "warp-synchronous GPU code does, and requests no sub-group "
                "size: it runs at sub-group size "
             << ore::NV("Size", L.SubGroupSize)
             << ", a CUDA warp, so that that many consecutive work-items run "
                "in lockstep (request another with sub_group_size<N> or "
                "[[sycl::reqd_sub_group_size(N)]])";
    });
    return;
  }
  ++NumSubGroupUsersAtDefaultSize;
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "SubGroupDefaultSize",
                              getKernelUserLoc(K), &K.getEntryBlock())
           << "kernel '" << getKernelDisplayName(K)
           << "' uses its sub-group and requests no size: it runs at "
              "sub-group size "
           << ore::NV("Size", L.SubGroupSize)
           << ", the largest size info::device::sub_group_sizes lists and "
              "the size GPU code assumes (request another with "
              "sub_group_size<N> or [[sycl::reqd_sub_group_size(N)]])";
  });
}

/// A basic range kernel that never asks for its sub-group cannot tell the
/// size: it runs at the wider size getBasicRangeSubGroupSize picks, where
/// the vectorizer would run it. Private arrays are the exception: each
/// lane has its own copy, so a sub-group's grows with the width, and past a
/// few hundred bytes per work-item wider sub-groups trade registers for
/// cache misses; so this runs once the body is canonical (SROA has taken
/// apart what it can).
void widenBasicRangeKernel(Function &K, const LoweringDecision &D) {
  KernelLowering L = getLowering(K);
  if (!D.SizeLeftToUs || !D.BasicRange || !WidenBasicRangeKernels ||
      L.V != Variant::WFV)
    return;
  const BodyFacts Facts = inspectBody(K);
  if (Facts.AsksForSubGroup || Facts.AccessesVolatile || !Facts.PrivateBytes ||
      *Facts.PrivateBytes > MaxWidenedPrivateBytes)
    return;
  const unsigned Native = L.SubGroupSize;
  L.SubGroupSize = getBasicRangeSubGroupSize(K);
  if (L.SubGroupSize == Native)
    return;
  recordLowering(K, L);
  ++NumWidenedBasicRangeKernels;
  OptimizationRemarkEmitter ORE(&K);
  ORE.emit([&] {
    return OptimizationRemark(DEBUG_TYPE, "BasicRangeWidth",
                              getKernelUserLoc(K), &K.getEntryBlock())
           << "basic range kernel '" << getKernelDisplayName(K)
           << "' runs at sub-group size " << ore::NV("Size", L.SubGroupSize)
           << " rather than the target's " << ore::NV("Native", Native)
           << ": it never asks for its sub-group, so the size only sets how "
              "many work-items one vector loop step covers "
              "(-sublane-widen-basic-range-kernels=false keeps the target's)";
  });
}

KernelLowering getLowering(const Function &K) {
  KernelLowering L;
  L.SubGroupSize = getUnsignedAttr(K, attr::SubGroupSize).value_or(1);
  std::optional<Variant> V =
      parseVariant(K.getFnAttribute(attr::Variant).getValueAsString());
  L.V = V ? *V : L.SubGroupSize == 1 ? Variant::CBS : Variant::HCBS;
  if (L.V == Variant::WFV && L.SubGroupSize == 1)
    L.V = Variant::CBS;
  return L;
}

void recordLowering(Function &K, const KernelLowering &L) {
  K.addFnAttr(attr::SubGroupSize, utostr(L.SubGroupSize));
  K.addFnAttr(attr::Variant, variantName(L.V));
}

void recordOpenSubGroupSize(Function &K, const LoweringDecision &D) {
  if (!D.SizeLeftToUs || getLowering(K).V != Variant::WFV)
    return;
  // A warp-synchronous kernel's lanes must stay in lockstep.
  const BodyFacts Facts = inspectBody(K);
  if (!Facts.AsksForSubGroup && !Facts.AccessesVolatile)
    K.addFnAttr(attr::SubGroupSizeOpen);
}

bool isSubGroupSizeOpen(const Function &K) {
  return K.hasFnAttribute(attr::SubGroupSizeOpen);
}

} // namespace sublane
