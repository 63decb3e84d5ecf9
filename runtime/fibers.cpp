//===- fibers.cpp - The fiber engine: kernels without the plugin ----------===//
//
// Runs each work-item of a work-group as a Boost.Context fiber that executes
// the kernel as written (the descriptor's work_item_fn). Barriers and
// collectives suspend the fiber; once every member of the (sub-)group has
// arrived at the same operation, the scheduler completes it (computing a
// collective's results directly) and resumes them. It shares no code with
// the compiler's lowering, which makes it the oracle for differential tests,
// runs kernels built without the plugin, and can be stepped through in gdb.
//
// It also defines the builtins: inside a fiber they answer from the fiber's
// work-item; called from a kernel lowered by the plugin they never run.
//
//===----------------------------------------------------------------------===//

#include "sublane/runtime.h"

#include <boost/context/fiber.hpp>
#include <boost/context/pooled_fixedsize_stack.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SUBLANE_ASAN_FIBERS 1
#include <sanitizer/common_interface_defs.h>
#endif
#endif

namespace ctx = boost::context;

namespace sublane {
namespace fibers {

enum class Scope { SubGroup, WorkGroup };
enum class Kind {
  Barrier,
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
  Uniform
};
enum class Op { None, Add, Mul, Min, Max, And, Or, Xor, LogicalAnd, LogicalOr };
enum class Elem { None, I32, U32, I64, U64, F32, F64 };

const char *kindName(Kind K) {
  static const char *Names[] = {"barrier",
                                "broadcast",
                                "select_from_group",
                                "shift_group_left",
                                "shift_group_right",
                                "permute_group_by_xor",
                                "reduce_over_group",
                                "inclusive_scan_over_group",
                                "exclusive_scan_over_group",
                                "any_of_group",
                                "all_of_group",
                                "group_ballot",
                                "the init of a scan or reduction"};
  return Names[int(K)];
}

/// One group operation being met: what it is, and each member's operands
/// and results, by lane (sub-group) or linear local id (work-group).
struct Sync {
  Kind K = Kind::Barrier;
  Op O = Op::None;
  Elem E = Elem::None;
  uint32_t Arrived = 0;
  uint32_t FirstMember = 0;
  std::vector<uint64_t> Values, Index, Results;
};

/// Where a stack lies: AddressSanitizer must be told on every switch between
/// the scheduler's stack and a fiber's.
struct StackBounds {
  const void *Bottom = nullptr;
  size_t Size = 0;
};

/// Tells AddressSanitizer that this context is about to switch to \p To;
/// \p FakeStack keeps this context's fake frames (null when it ends).
inline void startStackSwitch(void **FakeStack, const StackBounds &To) {
#ifdef SUBLANE_ASAN_FIBERS
  __sanitizer_start_switch_fiber(FakeStack, To.Bottom, To.Size);
#endif
}

/// Tells AddressSanitizer that a switch to this context completed; \p From
/// receives the bounds of the stack it came from.
inline void finishStackSwitch(void *FakeStack, StackBounds *From) {
#ifdef SUBLANE_ASAN_FIBERS
  const void *Bottom = nullptr;
  size_t Size = 0;
  __sanitizer_finish_switch_fiber(FakeStack, &Bottom, &Size);
  if (From)
    *From = {Bottom, Size};
#endif
}

/// The scheduler's stack on this thread, learnt from the first switch.
thread_local StackBounds SchedulerStack;

/// Takes fiber stacks from the thread's pool and records where each lies.
struct RecordedStack {
  ctx::pooled_fixedsize_stack *Pool;
  StackBounds *Out;
  ctx::stack_context allocate() {
    ctx::stack_context S = Pool->allocate();
    *Out = {static_cast<char *>(S.sp) - S.size, S.size};
    return S;
  }
  void deallocate(ctx::stack_context &S) noexcept { Pool->deallocate(S); }
};

struct Item {
  ctx::fiber Fiber, Sink;
  StackBounds Stack;
  void *FakeStack = nullptr;
  uint64_t Local[3] = {0, 0, 0}, Global[3] = {0, 0, 0};
  uint64_t Linear = 0;
  uint32_t SubGroup = 0, Lane = 0;
  bool Done = false;
  /// Set when the fiber is to return instead of running the next
  /// work-group's work-item.
  bool Retire = false;
  Sync *Waiting = nullptr;
};

struct Group {
  const sublane_kernel_desc *Desc = nullptr;
  const void *Closure = nullptr;
  uint32_t Dims = 1, S = 1, NumSubGroups = 1;
  uint64_t GroupId[3] = {0, 0, 0}, GroupRange[3] = {1, 1, 1};
  uint64_t LocalRange[3] = {1, 1, 1}, Size = 1;
  void *LocalMem = nullptr;
  /// Group local memory by call site (the return address of
  /// __sublane_group_local_alloc): kept from one work-group to the next, as
  /// the compiled kernels keep theirs.
  std::map<const void *, std::unique_ptr<char[]>> GroupLocal;
  std::vector<Item> Items;
  Sync WorkGroupSync;
  std::vector<Sync> SubGroupSyncs;
  std::string Error;
  std::mt19937_64 *Shuffle = nullptr; ///< random order, when asked for

  uint32_t subGroupSize(uint32_t SG) const {
    uint64_t Left = Size - uint64_t(SG) * S;
    return uint32_t(Left < S ? Left : S);
  }
};

thread_local Item *Current = nullptr;
thread_local Group *CurrentGroup = nullptr;

/// The work-item a lowered kernel hands to a function of another file that
/// takes its nd_item (sublane_external_item_enter): that code calls the
/// builtins as functions.
struct ExternalItem {
  uint64_t Global[3], Local[3], Group[3], LocalRange[3], GroupRange[3];
  uint64_t Linear, Lane, SubGroup, SubGroupSize, SubGroupMaxSize, SubGroupCount;
};
thread_local ExternalItem External;
thread_local bool InExternalCall = false;

/// The item of a lowered kernel's call to another file, outside the fiber
/// engine's kernels.
const ExternalItem *external() {
  return !Current && InExternalCall ? &External : nullptr;
}

[[noreturn]] void notInKernel(const char *Builtin) {
  if (InExternalCall) {
    std::fprintf(stderr,
                 "sublane: %s called in a function of another file that a "
                 "kernel passed its work-item to: sublane lowers barriers, "
                 "collectives and group local memory only in the kernel's "
                 "own file; define that function there (in a header)\n",
                 Builtin);
    std::abort();
  }
  std::fprintf(stderr,
               "sublane: %s called outside a kernel run by the fiber engine, "
               "from a kernel that was not compiled with the sublane "
               "plugin\n",
               Builtin);
  std::abort();
}

Item &me(const char *Builtin) {
  if (!Current)
    notInKernel(Builtin);
  return *Current;
}

void yield() {
  Item &Me = *Current;
  startStackSwitch(&Me.FakeStack, SchedulerStack);
  Me.Sink = std::move(Me.Sink).resume();
  finishStackSwitch(Me.FakeStack, &SchedulerStack);
}

std::string describeGroup(const Group &G) {
  std::ostringstream OS;
  OS << '{';
  for (uint32_t D = 0; D < G.Dims; ++D)
    OS << (D ? ", " : "") << G.GroupId[D];
  OS << '}';
  return OS.str();
}

std::string describe(const Group &G, const Item &It) {
  std::ostringstream OS;
  OS << "work-item " << It.Linear << " of work-group " << describeGroup(G)
     << " (sub-group " << It.SubGroup << ", lane " << It.Lane << ")";
  return OS.str();
}

template <typename T> uint64_t toBits(T V) {
  uint64_t B = 0;
  std::memcpy(&B, &V, sizeof(T));
  return B;
}
template <typename T> T fromBits(uint64_t B) {
  T V;
  std::memcpy(&V, &B, sizeof(T));
  return V;
}

/// Arrives at a group operation and waits until all members have.
uint64_t arrive(Scope Sc, Kind K, Op O, Elem E, uint64_t Value,
                uint64_t Index) {
  Item &Me = me(kindName(K));
  Group &G = *CurrentGroup;
  Sync &S =
      Sc == Scope::WorkGroup ? G.WorkGroupSync : G.SubGroupSyncs[Me.SubGroup];
  uint32_t Member = Sc == Scope::WorkGroup ? uint32_t(Me.Linear) : Me.Lane;
  if (S.Arrived == 0) {
    S.K = K;
    S.O = O;
    S.E = E;
    S.FirstMember = Member;
  } else if ((S.K != K || S.O != O || S.E != E) && G.Error.empty()) {
    G.Error = describe(G, Me) + " meets " + kindName(K) + " where " +
              (Sc == Scope::WorkGroup ? "work-item " : "lane ") +
              std::to_string(S.FirstMember) + " of its " +
              (Sc == Scope::WorkGroup ? "work-group" : "sub-group") + " met " +
              kindName(S.K);
  }
  S.Values[Member] = Value;
  S.Index[Member] = Index;
  ++S.Arrived;
  Me.Waiting = &S;
  yield();
  return S.Results[Member];
}

template <typename T> T identity(Op O) {
  switch (O) {
  case Op::Mul:
  case Op::LogicalAnd:
    return T(1);
  case Op::Min:
    return std::numeric_limits<T>::has_infinity
               ? std::numeric_limits<T>::infinity()
               : std::numeric_limits<T>::max();
  case Op::Max:
    return std::numeric_limits<T>::has_infinity
               ? -std::numeric_limits<T>::infinity()
               : std::numeric_limits<T>::lowest();
  case Op::And:
    if constexpr (std::is_integral_v<T>)
      return T(~T(0));
    return T(0);
  default:
    return T(0);
  }
}

template <typename T> T combine(Op O, T A, T B) {
  switch (O) {
  case Op::Add:
    if constexpr (std::is_integral_v<T>)
      return T(std::make_unsigned_t<T>(A) + std::make_unsigned_t<T>(B));
    else
      return A + B;
  case Op::Mul:
    if constexpr (std::is_integral_v<T>)
      return T(std::make_unsigned_t<T>(A) * std::make_unsigned_t<T>(B));
    else
      return A * B;
  case Op::Min:
    return (B < A) ? B : A;
  case Op::Max:
    return (A < B) ? B : A;
  case Op::LogicalAnd:
    return T(A && B);
  case Op::LogicalOr:
    return T(A || B);
  default:
    if constexpr (std::is_integral_v<T>) {
      if (O == Op::And)
        return A & B;
      if (O == Op::Or)
        return A | B;
      if (O == Op::Xor)
        return A ^ B;
    }
    return A;
  }
}

template <typename T> void complete(Sync &S, uint32_t N) {
  auto V = [&](uint64_t I) { return fromBits<T>(S.Values[I]); };
  auto Set = [&](uint64_t I, T R) { S.Results[I] = toBits(R); };
  // A logical operation gives 0 or 1 even over one member.
  auto First = [&] {
    bool Logical = S.O == Op::LogicalAnd || S.O == Op::LogicalOr;
    return Logical ? combine(S.O, identity<T>(S.O), V(0)) : V(0);
  };
  switch (S.K) {
  // SYCL combines the members' values alone for reductions and inclusive
  // scans (a reduction of -0.0s is -0.0), and starts an exclusive scan from
  // known_identity (its first member gets +0.0 for a floating-point add).
  case Kind::Reduce: {
    T Acc = First();
    for (uint32_t I = 1; I < N; ++I)
      Acc = combine(S.O, Acc, V(I));
    for (uint32_t I = 0; I < N; ++I)
      Set(I, Acc);
    return;
  }
  case Kind::InclusiveScan: {
    T Acc = First();
    Set(0, Acc);
    for (uint32_t I = 1; I < N; ++I)
      Set(I, Acc = combine(S.O, Acc, V(I)));
    return;
  }
  case Kind::ExclusiveScan: {
    T Acc = identity<T>(S.O);
    for (uint32_t I = 0; I < N; ++I) {
      Set(I, Acc);
      Acc = combine(S.O, Acc, V(I));
    }
    return;
  }
  case Kind::Broadcast: {
    uint64_t From = S.Index[0] < N ? S.Index[0] : N - 1;
    for (uint32_t I = 0; I < N; ++I)
      Set(I, V(From));
    return;
  }
  case Kind::Select:
  case Kind::ShiftLeft:
  case Kind::ShiftRight:
  case Kind::PermuteXor:
    for (uint32_t I = 0; I < N; ++I) {
      uint64_t Arg = S.K == Kind::Select ? S.Index[I] : S.Index[0];
      uint64_t From = S.K == Kind::Select       ? Arg
                      : S.K == Kind::ShiftLeft  ? I + Arg
                      : S.K == Kind::PermuteXor ? (I ^ Arg)
                                                : (I >= Arg ? I - Arg : N);
      Set(I, From < N ? V(From) : V(I));
    }
    return;
  default:
    return;
  }
}

void completeVote(Sync &S, uint32_t N) {
  bool Any = false, All = true;
  uint64_t Mask = 0;
  for (uint32_t I = 0; I < N; ++I) {
    bool P = uint32_t(S.Values[I]) != 0;
    Any |= P;
    All &= P;
    if (P && I < 64)
      Mask |= uint64_t(1) << I;
  }
  uint64_t R = S.K == Kind::Any ? Any : S.K == Kind::All ? All : Mask;
  for (uint32_t I = 0; I < N; ++I)
    S.Results[I] = R;
}

/// SYCL requires the same lane, delta, mask or id from every member; a
/// description of the first member that differs, or empty.
std::string checkUniformIndex(const Sync &S, uint32_t N, const char *Member) {
  bool NeedsUniform = S.K == Kind::Broadcast || S.K == Kind::ShiftLeft ||
                      S.K == Kind::ShiftRight || S.K == Kind::PermuteXor ||
                      S.K == Kind::Uniform;
  if (!NeedsUniform)
    return "";
  for (uint32_t I = 1; I < N; ++I)
    if (S.Index[I] != S.Index[0])
      return std::string(Member) + " " + std::to_string(I) + " passes " +
             std::to_string(S.Index[I]) + " to " + kindName(S.K) + " where " +
             Member + " 0 passed " + std::to_string(S.Index[0]) +
             "; SYCL requires the same value from every member";
  return "";
}

void completeSync(Sync &S, uint32_t N) {
  switch (S.K) {
  case Kind::Barrier:
  case Kind::Uniform:
    break;
  case Kind::Any:
  case Kind::All:
  case Kind::Ballot:
    completeVote(S, N);
    break;
  default:
    switch (S.E) {
    case Elem::I32:
      complete<int32_t>(S, N);
      break;
    case Elem::U32:
      complete<uint32_t>(S, N);
      break;
    case Elem::I64:
      complete<int64_t>(S, N);
      break;
    case Elem::U64:
      complete<uint64_t>(S, N);
      break;
    case Elem::F32:
      complete<float>(S, N);
      break;
    case Elem::F64:
      complete<double>(S, N);
      break;
    case Elem::None:
      break;
    }
  }
  S.Arrived = 0;
}

void resume(Group &G, Item &It) {
  Current = &It;
  CurrentGroup = &G;
  void *FakeStack = nullptr;
  startStackSwitch(&FakeStack, It.Stack);
  It.Fiber = std::move(It.Fiber).resume();
  finishStackSwitch(FakeStack, nullptr);
  Current = nullptr;
  CurrentGroup = nullptr;
}

/// Keeps the work-items of a group that cannot finish: their suspended
/// fibers cannot be unwound through a noexcept kernel, so they stay here,
/// never destroyed and still reachable (no leak), for the program's life.
void abandon(std::vector<Item> &&Items) {
  static std::mutex Lock;
  static auto *Abandoned = new std::vector<std::vector<Item>>();
  std::lock_guard<std::mutex> Guard(Lock);
  Abandoned->push_back(std::move(Items));
}

/// Runs one work-group to completion, or returns a description of why it
/// cannot finish. Each item's fiber runs the item of that local id in every
/// work-group of the launch, waiting between them, so that a launch makes
/// as many fibers as a work-group has items: under AddressSanitizer each
/// new fiber maps and unmaps a stack for use-after-return detection, which
/// took 96% of a fiber-engine test's time with a fiber per work-item.
std::string runGroup(Group &G) {
  static thread_local ctx::pooled_fixedsize_stack Stacks(256 * 1024);
  for (Item &It : G.Items) {
    if (It.Fiber)
      continue;
    Item *P = &It;
    It.Fiber = ctx::fiber(std::allocator_arg, RecordedStack{&Stacks, &It.Stack},
                          [&G, P](ctx::fiber &&Sink) {
                            finishStackSwitch(nullptr, &SchedulerStack);
                            P->Sink = std::move(Sink);
                            while (!P->Retire) {
                              G.Desc->work_item_fn(G.Closure);
                              P->Done = true;
                              yield();
                            }
                            startStackSwitch(
                                nullptr, SchedulerStack); // this stack is done
                            return std::move(P->Sink);
                          });
  }
  std::vector<uint32_t> Order(G.Items.size());
  for (uint32_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  while (true) {
    // Between sync points work-items may run in any order; a random one
    // exposes a missing barrier as a changed result.
    if (G.Shuffle)
      std::shuffle(Order.begin(), Order.end(), *G.Shuffle);
    for (uint32_t I : Order) {
      Item &It = G.Items[I];
      if (!It.Done && !It.Waiting)
        resume(G, It);
    }
    if (!G.Error.empty())
      return G.Error;
    bool Progress = false, AllDone = true;
    // Work-items that returned drop out of later barriers, as on a GPU
    // (and under the compiler, cbs/ReturnedItems.cpp); a collective still
    // needs every member.
    auto Returned = [&](uint64_t First, uint64_t Count) {
      uint32_t N = 0;
      for (uint64_t I = First; I < First + Count; ++I)
        N += G.Items[I].Done;
      return N;
    };
    auto Complete = [&](const Sync &S, uint64_t First, uint32_t N) {
      if (!S.Arrived)
        return false;
      if (S.Arrived == N)
        return true;
      return S.K == Kind::Barrier && S.Arrived + Returned(First, N) == N;
    };
    for (uint32_t SG = 0; SG < G.NumSubGroups; ++SG) {
      Sync &S = G.SubGroupSyncs[SG];
      uint32_t N = G.subGroupSize(SG);
      if (Complete(S, uint64_t(SG) * G.S, N)) {
        std::string Bad = checkUniformIndex(S, N, "lane");
        if (!Bad.empty())
          return "sub-group " + std::to_string(SG) + " of work-group " +
                 describeGroup(G) + ": " + Bad;
        completeSync(S, N);
        for (uint32_t L = 0; L < N; ++L)
          G.Items[uint64_t(SG) * G.S + L].Waiting = nullptr;
        Progress = true;
      }
    }
    if (Complete(G.WorkGroupSync, 0, uint32_t(G.Size))) {
      std::string Bad =
          checkUniformIndex(G.WorkGroupSync, uint32_t(G.Size), "work-item");
      if (!Bad.empty())
        return "work-group " + describeGroup(G) + ": " + Bad;
      completeSync(G.WorkGroupSync, uint32_t(G.Size));
      for (Item &It : G.Items)
        It.Waiting = nullptr;
      Progress = true;
    }
    for (Item &It : G.Items)
      AllDone &= It.Done;
    if (AllDone)
      return "";
    if (!Progress) {
      // Some work-items wait at an operation the others never reach.
      const Item *Waiter = nullptr, *Other = nullptr;
      for (const Item &It : G.Items) {
        if (It.Waiting && !Waiter)
          Waiter = &It;
        else if (Waiter && !Other && (It.Done || It.Waiting != Waiter->Waiting))
          Other = &It;
      }
      std::string Msg = describe(G, *Waiter) + " waits at " +
                        kindName(Waiter->Waiting->K) + ", which ";
      if (Other)
        Msg += describe(G, *Other) +
               (Other->Done ? " never reaches: it returned first"
                            : " does not reach: it waits at " +
                                  std::string(kindName(Other->Waiting->K)));
      else
        Msg += "not every member reaches";
      return Msg;
    }
  }
}

} // namespace fibers

namespace {
engine RequestedEngine = engine::compiled;
bool EngineFromEnvironment = true;
} // namespace

void set_engine(engine E) {
  RequestedEngine = E;
  EngineFromEnvironment = false;
}

engine get_engine() {
  if (EngineFromEnvironment) {
    const char *Env = std::getenv("SUBLANE_ENGINE");
    return Env && std::strcmp(Env, "fibers") == 0 ? engine::fibers
                                                  : engine::compiled;
  }
  return RequestedEngine;
}

void launch_fibers(const sublane_kernel_desc &Desc, const void *Closure,
                   const launch_config &Cfg, const std::string &Name) {
  using namespace fibers;
  if (!Desc.work_item_fn)
    throw runtime_error("sublane: cannot run kernel '" + Name +
                        "' on the fiber engine: its descriptor has no "
                        "work-item function");
  uint64_t Groups[3] = {1, 1, 1}, Total = 1;
  Group G;
  G.Desc = &Desc;
  G.Closure = Closure;
  G.Dims = Cfg.dims;
  G.Size = 1;
  for (uint32_t D = 0; D < Cfg.dims; ++D) {
    Groups[D] = Cfg.global[D] / Cfg.local[D];
    Total *= Groups[D];
    G.GroupRange[D] = Groups[D];
    G.LocalRange[D] = Cfg.local[D];
    G.Size *= Cfg.local[D];
  }
  // A kernel that requests no size gets the size compiled kernels that use
  // their sub-group get, so a program runs the same on both engines.
  uint32_t S = Desc.sg_size        ? Desc.sg_size
               : Desc.reqd_sg_size ? Desc.reqd_sg_size
                                   : get_device_info().default_sub_group_size;
  if (S != 1 && S != 4 && S != 8 && S != 16 && S != 32 && S != 64)
    throw runtime_error("sublane: kernel '" + Name +
                        "' asks for sub-group "
                        "size " +
                        std::to_string(S) +
                        ", which the device does not have (1, 4, 8, 16, 32, "
                        "64)");
  G.S = S;
  G.NumSubGroups = uint32_t((G.Size + S - 1) / S);
  // SUBLANE_FIBER_ORDER=random[:seed] shuffles the work-items between sync
  // points, reproducibly for a seed.
  std::unique_ptr<std::mt19937_64> Random;
  if (const char *Order = std::getenv("SUBLANE_FIBER_ORDER");
      Order && std::strncmp(Order, "random", 6) == 0) {
    uint64_t Seed =
        Order[6] == ':' ? std::strtoull(Order + 7, nullptr, 10) : 0x5eed;
    Random = std::make_unique<std::mt19937_64>(Seed);
    G.Shuffle = Random.get();
  }
  std::unique_ptr<char[]> Local(new char[Cfg.local_mem_bytes + 64]);
  G.LocalMem = reinterpret_cast<void *>(
      (reinterpret_cast<uintptr_t>(Local.get()) + 63) & ~uintptr_t(63));
  for (uint64_t Linear = 0; Linear < Total; ++Linear) {
    uint64_t Rest = Linear;
    for (int D = int(Cfg.dims) - 1; D >= 0; --D) {
      G.GroupId[D] = Rest % Groups[D];
      Rest /= Groups[D];
    }
    if (G.Items.empty())
      G.Items = std::vector<Item>(G.Size);
    G.WorkGroupSync = Sync();
    G.WorkGroupSync.Values.assign(G.Size, 0);
    G.WorkGroupSync.Index.assign(G.Size, 0);
    G.WorkGroupSync.Results.assign(G.Size, 0);
    G.SubGroupSyncs.assign(G.NumSubGroups, Sync());
    for (Sync &SS : G.SubGroupSyncs) {
      SS.Values.assign(S, 0);
      SS.Index.assign(S, 0);
      SS.Results.assign(S, 0);
    }
    for (uint64_t L = 0; L < G.Size; ++L) {
      Item &It = G.Items[L];
      It.Done = false;
      It.Waiting = nullptr;
      It.Linear = L;
      It.SubGroup = uint32_t(L / S);
      It.Lane = uint32_t(L % S);
      uint64_t R = L;
      for (int D = int(Cfg.dims) - 1; D >= 0; --D) {
        It.Local[D] = R % G.LocalRange[D];
        R /= G.LocalRange[D];
        It.Global[D] = G.GroupId[D] * G.LocalRange[D] + It.Local[D];
      }
    }
    std::string Error = runGroup(G);
    if (!Error.empty()) {
      abandon(std::move(G.Items));
      std::string Msg = "sublane: kernel '" + Name + "': " + Error;
      const char *Mode = std::getenv("SUBLANE_VALIDATION");
      if (Mode && std::strcmp(Mode, "throw") == 0)
        throw runtime_error(Msg);
      std::fprintf(stderr, "%s\n", Msg.c_str());
      if (Mode && std::strcmp(Mode, "log") == 0)
        return;
      std::abort();
    }
  }
  // Every fiber waits for a next work-group: each returns instead.
  for (Item &It : G.Items) {
    It.Retire = true;
    if (It.Fiber)
      resume(G, It);
  }
}

void run_work_groups(const launch_config &Cfg, void (*Body)(const void *),
                     const void *Closure) {
  using namespace fibers;
  uint64_t Groups[3] = {1, 1, 1}, TotalGroups = 1, Size = 1;
  for (uint32_t D = 0; D < Cfg.dims; ++D) {
    if (Cfg.local[D] == 0)
      throw runtime_error("sublane: hierarchical parallel_for_work_group "
                          "with an empty work-group",
                          errc::nd_range);
    Groups[D] = Cfg.global[D] / Cfg.local[D];
    TotalGroups *= Groups[D];
    Size *= Cfg.local[D];
  }
  std::exception_ptr First;
  std::mutex FirstMutex;
  auto RunGroup = [&](uint64_t Linear) {
    // A group without fibers: the builtins the body's sycl::group calls
    // read it, and its one item stands for the group's leader.
    Group G;
    G.Dims = Cfg.dims;
    G.Size = Size;
    uint64_t Rest = Linear;
    for (int D = int(Cfg.dims) - 1; D >= 0; --D) {
      G.GroupRange[D] = Groups[D];
      G.LocalRange[D] = Cfg.local[D];
      G.GroupId[D] = Rest % Groups[D];
      Rest /= Groups[D];
    }
    Item Leader;
    for (uint32_t D = 0; D < Cfg.dims; ++D)
      Leader.Global[D] = G.GroupId[D] * G.LocalRange[D];
    Current = &Leader;
    CurrentGroup = &G;
    try {
      Body(Closure);
    } catch (...) {
      std::lock_guard<std::mutex> Lock(FirstMutex);
      if (!First)
        First = std::current_exception();
    }
    Current = nullptr;
    CurrentGroup = nullptr;
  };
  int64_t Total = int64_t(TotalGroups);
#pragma omp parallel for schedule(static) num_threads(get_num_threads())
  for (int64_t L = 0; L < Total; ++L)
    RunGroup(uint64_t(L));
  if (First)
    std::rethrow_exception(First);
}

} // namespace sublane

//===-- Builtins
//-------------------------------------------------------------===
using namespace sublane::fibers;

extern "C" {
void sublane_external_item_enter(
    uint64_t G0, uint64_t G1, uint64_t G2, uint64_t L0, uint64_t L1,
    uint64_t L2, uint64_t W0, uint64_t W1, uint64_t W2, uint64_t LR0,
    uint64_t LR1, uint64_t LR2, uint64_t GR0, uint64_t GR1, uint64_t GR2,
    uint64_t Linear, uint64_t Lane, uint64_t SubGroup, uint64_t SubGroupSize,
    uint64_t SubGroupMaxSize, uint64_t SubGroupCount) noexcept {
  External = {{G0, G1, G2},    {L0, L1, L2},    {W0, W1, W2}, {LR0, LR1, LR2},
              {GR0, GR1, GR2}, Linear,          Lane,         SubGroup,
              SubGroupSize,    SubGroupMaxSize, SubGroupCount};
  InExternalCall = true;
}
void sublane_external_item_leave(void) noexcept { InExternalCall = false; }

uint64_t __sublane_global_id(uint32_t D) noexcept {
  if (const ExternalItem *E = external())
    return D < 3 ? E->Global[D] : 0;
  return D < 3 ? me("__sublane_global_id").Global[D] : 0;
}
uint64_t __sublane_local_id(uint32_t D) noexcept {
  if (const ExternalItem *E = external())
    return D < 3 ? E->Local[D] : 0;
  return D < 3 ? me("__sublane_local_id").Local[D] : 0;
}
uint64_t __sublane_group_id(uint32_t D) noexcept {
  if (const ExternalItem *E = external())
    return D < 3 ? E->Group[D] : 0;
  me("__sublane_group_id");
  return D < 3 ? CurrentGroup->GroupId[D] : 0;
}
uint64_t __sublane_global_range(uint32_t D) noexcept {
  if (const ExternalItem *E = external())
    return D < 3 ? E->GroupRange[D] * E->LocalRange[D] : 1;
  me("__sublane_global_range");
  return D < 3 ? CurrentGroup->GroupRange[D] * CurrentGroup->LocalRange[D] : 1;
}
uint64_t __sublane_local_range(uint32_t D) noexcept {
  if (const ExternalItem *E = external())
    return D < 3 ? E->LocalRange[D] : 1;
  me("__sublane_local_range");
  return D < 3 ? CurrentGroup->LocalRange[D] : 1;
}
uint64_t __sublane_group_range(uint32_t D) noexcept {
  if (const ExternalItem *E = external())
    return D < 3 ? E->GroupRange[D] : 1;
  me("__sublane_group_range");
  return D < 3 ? CurrentGroup->GroupRange[D] : 1;
}
uint64_t __sublane_local_linear_id(void) noexcept {
  if (const ExternalItem *E = external())
    return E->Linear;
  return me("__sublane_local_linear_id").Linear;
}
void *__sublane_local_mem(void) noexcept {
  me("__sublane_local_mem");
  return CurrentGroup->LocalMem;
}
uint32_t __sublane_sg_local_id(void) noexcept {
  if (const ExternalItem *E = external())
    return uint32_t(E->Lane);
  return me("__sublane_sg_local_id").Lane;
}
uint32_t __sublane_sg_id(void) noexcept {
  if (const ExternalItem *E = external())
    return uint32_t(E->SubGroup);
  return me("__sublane_sg_id").SubGroup;
}
uint32_t __sublane_sg_size(void) noexcept {
  if (const ExternalItem *E = external())
    return uint32_t(E->SubGroupSize);
  return CurrentGroup->subGroupSize(me("__sublane_sg_size").SubGroup);
}
uint32_t __sublane_sg_max_size(void) noexcept {
  if (const ExternalItem *E = external())
    return uint32_t(E->SubGroupMaxSize);
  me("__sublane_sg_max_size");
  return CurrentGroup->S;
}
uint32_t __sublane_sg_count(void) noexcept {
  if (const ExternalItem *E = external())
    return uint32_t(E->SubGroupCount);
  me("__sublane_sg_count");
  return CurrentGroup->NumSubGroups;
}
__attribute__((noinline)) void *
__sublane_group_local_alloc(uint64_t Bytes, uint64_t Align) noexcept {
  me("__sublane_group_local_alloc");
  std::unique_ptr<char[]> &Block =
      CurrentGroup->GroupLocal[__builtin_return_address(0)];
  if (!Block)
    Block.reset(new char[Bytes + Align]);
  auto Start = reinterpret_cast<uintptr_t>(Block.get());
  return reinterpret_cast<void *>((Start + Align - 1) & ~uintptr_t(Align - 1));
}

void __sublane_wg_barrier(void) noexcept {
  arrive(Scope::WorkGroup, Kind::Barrier, Op::None, Elem::None, 0, 0);
}
void __sublane_sg_barrier(void) noexcept {
  arrive(Scope::SubGroup, Kind::Barrier, Op::None, Elem::None, 0, 0);
}

#define SUBLANE_FIBER_SCANS(scope, Sc, op, O, T, sfx, E)                       \
  T __sublane_##scope##_reduce_##op##_##sfx(T x) noexcept {                    \
    return fromBits<T>(arrive(Sc, Kind::Reduce, O, E, toBits(x), 0));          \
  }                                                                            \
  T __sublane_##scope##_inscan_##op##_##sfx(T x) noexcept {                    \
    return fromBits<T>(arrive(Sc, Kind::InclusiveScan, O, E, toBits(x), 0));   \
  }                                                                            \
  T __sublane_##scope##_exscan_##op##_##sfx(T x) noexcept {                    \
    return fromBits<T>(arrive(Sc, Kind::ExclusiveScan, O, E, toBits(x), 0));   \
  }
#define SUBLANE_FIBER_EXCHANGE(name, Sc, K, T, sfx, E, IdT)                    \
  T __sublane_##name##_##sfx(T x, IdT i) noexcept {                            \
    return fromBits<T>(arrive(Sc, K, Op::None, E, toBits(x), uint64_t(i)));    \
  }
#define SUBLANE_FIBER_BOTH(op, O, T, sfx, E)                                   \
  SUBLANE_FIBER_SCANS(sg, Scope::SubGroup, op, O, T, sfx, E)                   \
  SUBLANE_FIBER_SCANS(wg, Scope::WorkGroup, op, O, T, sfx, E)
#define SUBLANE_FIBER_ARITH(T, sfx, E)                                         \
  SUBLANE_FIBER_BOTH(add, Op::Add, T, sfx, E)                                  \
  SUBLANE_FIBER_BOTH(mul, Op::Mul, T, sfx, E)                                  \
  SUBLANE_FIBER_BOTH(min, Op::Min, T, sfx, E)                                  \
  SUBLANE_FIBER_BOTH(max, Op::Max, T, sfx, E)                                  \
  SUBLANE_FIBER_EXCHANGE(sg_broadcast, Scope::SubGroup, Kind::Broadcast, T,    \
                         sfx, E, uint32_t)                                     \
  SUBLANE_FIBER_EXCHANGE(sg_select, Scope::SubGroup, Kind::Select, T, sfx, E,  \
                         uint32_t)                                             \
  SUBLANE_FIBER_EXCHANGE(sg_shift_left, Scope::SubGroup, Kind::ShiftLeft, T,   \
                         sfx, E, uint32_t)                                     \
  SUBLANE_FIBER_EXCHANGE(sg_shift_right, Scope::SubGroup, Kind::ShiftRight, T, \
                         sfx, E, uint32_t)                                     \
  SUBLANE_FIBER_EXCHANGE(sg_permute_xor, Scope::SubGroup, Kind::PermuteXor, T, \
                         sfx, E, uint32_t)                                     \
  SUBLANE_FIBER_EXCHANGE(wg_broadcast, Scope::WorkGroup, Kind::Broadcast, T,   \
                         sfx, E, uint64_t)
#define SUBLANE_FIBER_BITWISE(T, sfx, E)                                       \
  SUBLANE_FIBER_BOTH(and, Op::And, T, sfx, E)                                  \
  SUBLANE_FIBER_BOTH(or, Op::Or, T, sfx, E)                                    \
  SUBLANE_FIBER_BOTH(xor, Op::Xor, T, sfx, E)                                  \
  SUBLANE_FIBER_BOTH(land, Op::LogicalAnd, T, sfx, E)                          \
  SUBLANE_FIBER_BOTH(lor, Op::LogicalOr, T, sfx, E)
SUBLANE_FIBER_ARITH(int32_t, i32, Elem::I32)
SUBLANE_FIBER_ARITH(uint32_t, u32, Elem::U32)
SUBLANE_FIBER_ARITH(int64_t, i64, Elem::I64)
SUBLANE_FIBER_ARITH(uint64_t, u64, Elem::U64)
SUBLANE_FIBER_ARITH(float, f32, Elem::F32)
SUBLANE_FIBER_ARITH(double, f64, Elem::F64)
SUBLANE_FIBER_BITWISE(int32_t, i32, Elem::I32)
SUBLANE_FIBER_BITWISE(uint32_t, u32, Elem::U32)
SUBLANE_FIBER_BITWISE(int64_t, i64, Elem::I64)
SUBLANE_FIBER_BITWISE(uint64_t, u64, Elem::U64)

uint32_t __sublane_sg_any(uint32_t p) noexcept {
  return uint32_t(
      arrive(Scope::SubGroup, Kind::Any, Op::None, Elem::None, p, 0));
}
uint32_t __sublane_sg_all(uint32_t p) noexcept {
  return uint32_t(
      arrive(Scope::SubGroup, Kind::All, Op::None, Elem::None, p, 0));
}
uint32_t __sublane_wg_any(uint32_t p) noexcept {
  return uint32_t(
      arrive(Scope::WorkGroup, Kind::Any, Op::None, Elem::None, p, 0));
}
uint32_t __sublane_wg_all(uint32_t p) noexcept {
  return uint32_t(
      arrive(Scope::WorkGroup, Kind::All, Op::None, Elem::None, p, 0));
}
void __sublane_sg_uniform(uint64_t bits) noexcept {
  arrive(Scope::SubGroup, Kind::Uniform, Op::None, Elem::None, 0, bits);
}
void __sublane_wg_uniform(uint64_t bits) noexcept {
  arrive(Scope::WorkGroup, Kind::Uniform, Op::None, Elem::None, 0, bits);
}
uint64_t __sublane_sg_ballot(uint32_t p) noexcept {
  return arrive(Scope::SubGroup, Kind::Ballot, Op::None, Elem::None, p, 0);
}
}
