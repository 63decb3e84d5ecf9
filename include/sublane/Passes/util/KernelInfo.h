//===- KernelInfo.h - The IR contract, in code ------------------*- C++ -*-===//
//
// Names, attributes and layouts that docs/ir-contract.md documents: how a
// kernel is marked, which builtins the passes recognise, and the descriptor
// and context layouts shared with the runtime (<sublane/abi.h>).
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_UTIL_KERNELINFO_H
#define SUBLANE_PASSES_UTIL_KERNELINFO_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/Support/Alignment.h"
#include <optional>
#include <string>

namespace llvm {
class CallBase;
class Constant;
class FunctionCallee;
class ConstantStruct;
class Function;
class FunctionType;
class GlobalVariable;
class LLVMContext;
class Instruction;
class Module;
class StructType;
class Type;
class Twine;
class Value;
} // namespace llvm

namespace sublane {

/// Function attributes of the IR contract.
namespace attr {
inline constexpr const char *Kernel = "sublane-kernel";
inline constexpr const char *Dims = "sublane-dims";
inline constexpr const char *SubGroupSize = "sublane-sg-size";
inline constexpr const char *Variant = "sublane-variant";
/// On a kernel the vectorizer handled: the name of its vectorized copy, whose
/// body runs once per sub-group (docs/ir-contract.md, "Vectorized kernels").
inline constexpr const char *Vectorized = "sublane-vectorized";
/// On a lowered work-group function: the kernel it was made from.
inline constexpr const char *WorkGroupFunction = "sublane-wg-function";
/// On a kernel that requested no sub-group size and never asks for its
/// sub-group: no result depends on the size, which is sublane's to choose
/// (recordOpenSubGroupSize).
inline constexpr const char *SubGroupSizeOpen = "sublane-open-sg-size";
} // namespace attr

/// The annotation string the C++ header puts on kernel entries.
inline constexpr const char *KernelAnnotation = "sublane.kernel";
/// The sublane clang plugin's forms of [[sycl::reqd_sub_group_size(N)]]:
/// this text, then "=N" for a size known when the attribute is parsed, or
/// with N as the annotation's argument for a size a template instantiation
/// decides.
inline constexpr const char *ReqdSubGroupSizeAnnotation =
    "sublane.reqd_sub_group_size";
/// The clang plugin's form of [[sycl::reqd_work_group_size(...)]]: this text,
/// then "=A[,B[,C]]" for sizes known when the attribute is parsed, or with
/// the sizes as the annotation's arguments where a template decides them.
inline constexpr const char *ReqdWorkGroupSizeAnnotation =
    "sublane.reqd_work_group_size";

/// The largest work-group the runtime launches (SUBLANE_MAX_WORK_GROUP_SIZE
/// in abi.h): local ids and linear ids stay below it.
constexpr uint64_t MaxWorkGroupSize = 65536;

/// The prefix of every name of the IR contract's builtins.
inline constexpr llvm::StringLiteral BuiltinPrefix = "__sublane_";

/// The builtins, named in Builtins.def. GroupLocalAlloc is a block of local
/// memory per call site; UniformAssertion (__sublane_{sg,wg}_uniform) is
/// checked by the fiber engine and dropped here.
enum class BuiltinKind {
  None,
#define SUBLANE_BUILTIN(KIND, NAME) KIND,
#define SUBLANE_BUILTIN_ALIAS(KIND, NAME)
#include "sublane/Passes/util/Builtins.def"
  /// One of the collectives; getCollectiveInfo() says which.
  Collective,
};

/// The runtime's checks that lowered code calls (Builtins.def).
enum class RuntimeCheck {
#define SUBLANE_RUNTIME_CHECK(ID, NAME) ID,
#include "sublane/Passes/util/Builtins.def"
};

/// A collective builtin, decoded from its name
/// `__sublane_<scope>_<kind>[_<op>][_<type>][.v<lanes>]`. The `.v<lanes>`
/// form exists only between the vectorizer and work-group CBS: a
/// work-group reduction whose operand is a sub-group's vector of partial
/// values (inactive lanes hold the identity), which CBS combines lane-wise
/// across the sub-groups and reduces once per work-group.
struct CollectiveInfo {
  enum ScopeKind { SubGroup, WorkGroup } Scope;
  enum CollectiveKind {
    Broadcast,
    Select,
    ShiftLeft,
    ShiftRight,
    PermuteXor,
    Reduce,
    InclusiveScan,
    ExclusiveScan,
    Any,
    All,
    Ballot,
  } Kind;
  enum OpKind {
    None,
    Add,
    Mul,
    Min,
    Max,
    And,
    Or,
    Xor,
    LogicalAnd,
    LogicalOr
  } Op;
  enum ElemKind { I32, U32, I64, U64, F32, F64, NoElem } Elem;
  /// Lanes of the value operand: 1, or a sub-group's width (see above).
  unsigned OperandLanes = 1;

  bool isScanOrReduce() const {
    return Kind == Reduce || Kind == InclusiveScan || Kind == ExclusiveScan;
  }
  /// Whether the second operand (lane, delta, mask or id) exists.
  bool hasIndexOperand() const {
    return Kind == Broadcast || Kind == Select || Kind == ShiftLeft ||
           Kind == ShiftRight || Kind == PermuteXor;
  }
  /// Whether every member of the group gets the same result, whatever its
  /// operand: reductions, broadcasts, votes and ballots.
  bool hasUniformResult() const {
    return Kind == Reduce || Kind == Broadcast || Kind == Any || Kind == All ||
           Kind == Ballot;
  }
  bool isSigned() const { return Elem == I32 || Elem == I64; }
  bool isFloat() const { return Elem == F32 || Elem == F64; }
  /// The IR type of the values combined and of the result.
  llvm::Type *getValueType(llvm::LLVMContext &C) const;
  llvm::Type *getResultType(llvm::LLVMContext &C) const;
  /// The IR type of the value operand: the value type, or a vector of it.
  llvm::Type *getOperandType(llvm::LLVMContext &C) const;
};

/// The collective \p F implements, if it is one.
std::optional<CollectiveInfo> getCollectiveInfo(const llvm::Function *F);
/// The type the IR contract gives collective \p Info.
llvm::FunctionType *getCollectiveType(const CollectiveInfo &Info,
                                      llvm::LLVMContext &C);

/// The builtin \p F implements, by name, or None.
BuiltinKind getBuiltinKind(const llvm::Function *F);
/// The builtin called by \p V if it is a direct call to one, else None.
BuiltinKind getBuiltinKind(const llvm::Value *V);
/// Whether calls to \p K take a dimension argument.
bool builtinTakesDimension(BuiltinKind K);
/// Whether \p K returns a different value for different work-items of one
/// work-group (the sources of divergence).
bool isWorkItemVaryingBuiltin(BuiltinKind K);
bool isBarrierBuiltin(BuiltinKind K);
/// Barriers and collectives: where all work-items of a group meet.
bool isSyncBuiltin(BuiltinKind K);
/// Whether \p I is a work-group barrier or a work-group collective: where
/// every work-item of the work-group meets, not only a sub-group's.
bool isWorkGroupSyncPoint(const llvm::Instruction &I);
/// Whether \p Name starts with the builtin prefix "__sublane_".
bool isBuiltinName(llvm::StringRef Name);
/// The type the IR contract gives builtin \p K.
llvm::FunctionType *getBuiltinType(BuiltinKind K, llvm::LLVMContext &C);
/// The name the passes call builtin \p K (not None or Collective) by.
llvm::StringRef getBuiltinName(BuiltinKind K);
/// A declaration of builtin \p K in \p M, with the contract's type.
llvm::FunctionCallee getOrInsertBuiltin(llvm::Module &M, BuiltinKind K);
/// The name of collective \p Info: getCollectiveInfo's inverse.
std::string getCollectiveName(const CollectiveInfo &Info);
/// A declaration of collective \p Info in \p M: convergent, no unwinding.
llvm::Function *getOrInsertCollective(llvm::Module &M,
                                      const CollectiveInfo &Info);
/// A declaration of the runtime's check \p Check in \p M.
llvm::FunctionCallee getOrInsertRuntimeCheck(llvm::Module &M,
                                             RuntimeCheck Check);

/// A block of group local memory (__sublane_group_local_alloc).
struct GroupLocalBlock {
  uint64_t Bytes;
  llvm::Align Alignment;
};
/// The largest alignment and the most bytes of group local memory a kernel
/// may ask for (sycl::info::device::local_mem_size).
inline constexpr uint64_t MaxGroupLocalAlign = 4096;
inline constexpr uint64_t MaxGroupLocalBytes = uint64_t(1) << 20;
/// Why getGroupLocalBlock refuses a block, for diagnostics: the limits
/// above, spelled out.
std::string getGroupLocalBlockRequirement();
/// The block \p Alloc asks for, if its size and alignment are constants
/// within the limits above.
std::optional<GroupLocalBlock> getGroupLocalBlock(const llvm::CallBase &Alloc);

/// Lowering variants (values of attr::Variant and SUBLANE_VARIANT_*).
enum class Variant { CBS = 1, HCBS = 2, WFV = 3 };
std::optional<Variant> parseVariant(llvm::StringRef S);
llvm::StringRef variantName(Variant V);

/// Field indices of sublane_kernel_desc and sublane_wg_context.
namespace desc {
enum Field : unsigned {
  Magic = 0,
  Flags,
  Dims,
  ReqdSubGroupSize,
  ReqdVariant,
  SubGroupSize,
  Variant,
  ScratchArrays,
  ScratchBytesPerItem,
  ScratchUniformBytes,
  Name,
  WorkItemFn,
  WorkGroupFn,
  ReqdLocalRange,
  NumFields
};
inline constexpr uint32_t MagicValue = 0x534c4e31u;
inline constexpr uint32_t LoweredFlag = 0x1u;
inline constexpr uint32_t BasicRangeFlag = 0x2u;
} // namespace desc
namespace ctx {
enum Field : unsigned {
  GroupId = 0,
  GroupRange,
  LocalRange,
  LocalMem,
  Scratch,
  GroupCount
};
} // namespace ctx
inline constexpr unsigned ScratchAlign = 64;
/// Bytes before and after local memory and scratch that lowered code may
/// read and write back unchanged (SUBLANE_MEMORY_GUARD_BYTES): a whole
/// vector of up to this many bytes at an active lane's address stays inside.
inline constexpr unsigned MemoryGuardBytes = 512;

/// The IR type of sublane_kernel_desc / sublane_wg_context.
llvm::StructType *getDescriptorType(llvm::Module &M);
llvm::StructType *getContextType(llvm::Module &M);
/// Whether \p GV has the layout of a kernel descriptor.
bool isDescriptor(const llvm::GlobalVariable &GV);

/// One entry of `llvm.global.annotations` on a function.
struct FunctionAnnotation {
  llvm::Function *F;
  llvm::StringRef Text;
  /// The annotation's arguments (`[[clang::annotate("text", args...)]]`),
  /// or null.
  llvm::ConstantStruct *Args;
  /// Where the attribute was written ("" and 0 where the front end did not
  /// say).
  llvm::StringRef File;
  unsigned Line;
};
/// Every function annotation of the module (`[[clang::annotate("...")]]`
/// and the sublane clang plugin's).
llvm::SmallVector<FunctionAnnotation> getFunctionAnnotations(llvm::Module &M);
/// Kernels of \p M: functions with attr::Kernel or the header's annotation.
llvm::SmallVector<llvm::Function *> findAnnotatedKernels(llvm::Module &M);
llvm::SmallVector<llvm::Function *> getKernels(llvm::Module &M);
bool isKernel(const llvm::Function &F);

/// The descriptor whose WorkItemFn field is \p Kernel, if any.
llvm::GlobalVariable *findDescriptor(llvm::Function &Kernel);
/// Gives descriptor \p GV a new initializer: its fields, indexed by
/// desc::Field, as \p Update leaves them.
void updateDescriptor(
    llvm::GlobalVariable &GV,
    llvm::function_ref<void(llvm::MutableArrayRef<llvm::Constant *>)> Update);

/// A readable name for \p Kernel: the kernel name the header recorded in the
/// descriptor, else the demangled function name.
std::string getKernelDisplayName(const llvm::Function &Kernel);
/// The same for the kernel a lowered work-group function `K.wg` was made
/// from, where it is found; else \p F's demangled name.
std::string getLoweredKernelDisplayName(const llvm::Function &F);

/// Integer value of function attribute \p Name on \p F, if present and valid.
std::optional<unsigned> getUnsignedAttr(const llvm::Function &F,
                                        llvm::StringRef Name);

/// Whether some loop of \p F carries the loop property \p Property in its
/// `llvm.loop` metadata: a cheap test before a pass asks for loop analyses.
bool hasLoopWithProperty(const llvm::Function &F, llvm::StringRef Property);

/// The location of \p I in the user's code: the first place in its inlining
/// chain that is not inside sublane's own headers.
llvm::DebugLoc getUserDebugLoc(const llvm::Instruction *I);
/// The first line of \p Kernel in the user's code (not in sublane's headers),
/// where remarks about the whole kernel go; empty without debug locations.
llvm::DebugLoc getKernelUserLoc(const llvm::Function &Kernel);

/// Reports an error about \p Kernel at the location of \p At (or the kernel
/// itself), prefixed with the kernel's name. Clang shows it with the source
/// location; opt prints it and fails.
void reportKernelError(const llvm::Function &Kernel, const llvm::Twine &Msg,
                       const llvm::Instruction *At = nullptr);
/// The same as a warning: the kernel is still compiled.
void reportKernelWarning(const llvm::Function &Kernel, const llvm::Twine &Msg,
                         const llvm::Instruction *At = nullptr);

} // namespace sublane

#endif // SUBLANE_PASSES_UTIL_KERNELINFO_H
