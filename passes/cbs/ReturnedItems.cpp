//===- ReturnedItems.cpp - Work-items that return before a barrier --------===//
//
// Code ported from CUDA often lets some work-items return while the others
// go on to a barrier (`if (gid >= n) return;` in front of a loop that
// synchronises). SYCL leaves that undefined; GPUs, and CUDA by its rules,
// let the returned work-items drop out of every later barrier. The state
// machine decides where a group goes on from the furthest point its items
// reached, and a return is the furthest of all, so one returned item would
// end its group and the others would never finish.
//
// Where a region can both return and reach a sync point that not every item
// may reach, each item (each sub-group, vectorized) keeps a flag: set when
// it returns, read by every later region, which passes over it. A return
// then counts as no state at all (0, below every sync point), and the group
// ends only when no item reached a sync point.
//
//===----------------------------------------------------------------------===//

#include "CBSLowering.h"

#include "llvm/ADT/Statistic.h"

#define DEBUG_TYPE "sublane-wg-cbs"

using namespace llvm;

STATISTIC(NumKernelsWithReturnedItems,
          "Number of kernels whose work-items may return before a barrier "
          "the others reach");

namespace sublane {
namespace cbs {

void CBSLowering::planReturnedItems(const KernelShape &Shape) {
  bool Needed = false;
  for (auto &R : Regions) {
    R->Returns = any_of(R->Blocks, [](BasicBlock *BB) {
      return isa<ReturnInst>(BB->getTerminator());
    });
    // A sync point that every item of the group reaches leaves no item
    // behind at a return. In a vectorized body the items are sub-groups,
    // which leave a divergent loop once all their lanes have: the loop's
    // exit then depends on the sub-group's id.
    if (R->Returns)
      Needed |= any_of(R->ExitSyncs, [&](unsigned Sync) {
        return Shape.isDivergentlyExecuted(Syncs[Sync - 1].Block);
      });
  }
  if (!Needed)
    return;
  ++NumKernelsWithReturnedItems;
  ReturnedItems = allocateScratch(1, /*PerItem=*/true, "returned.items");
  ORE->emit([&] {
    return OptimizationRemarkAnalysis(DEBUG_TYPE, "ReturnedItems",
                                      getKernelUserLoc(K), &W->getEntryBlock())
           << "work-items may return where others go on to a barrier: each "
              "keeps a flag that later regions test, so that the returned "
              "ones drop out of later barriers as on a GPU";
  });
}

/// Items that returned before this region pass over it, leaving no state.
void CBSLowering::skipReturnedItems(Region &R) {
  if (!ReturnedItems || R.Id == 0)
    return;
  Instruction *T = R.InnerHeader->getTerminator();
  IRBuilder<> B(T);
  auto *Flag = B.CreateLoad(
      B.getInt8Ty(), B.CreateGEP(B.getInt8Ty(), ReturnedItems, R.LinearId),
      "returned");
  markLiveValueAccess(Flag);
  Value *Returned = B.CreateICmpNE(Flag, B.getInt8(0), "item.returned");
  B.CreateCondBr(Returned, R.InnerLatch, T->getSuccessor(0));
  T->eraseFromParent();
  R.ItemExit->addIncoming(B.getInt32(0), R.InnerHeader);
}

/// Regions that start the kernel or can return write each item's flag as it
/// leaves them.
void CBSLowering::recordReturnedItems(Region &R) {
  if (!ReturnedItems || !R.ItemExit ||
      !(R.Id == 0 || (R.Returns && !R.ExitSyncs.empty())))
    return;
  IRBuilder<> B(R.InnerLatch, R.InnerLatch->getFirstNonPHIIt());
  Value *Returned = B.CreateZExt(B.CreateICmpEQ(R.ItemExit, B.getInt32(0)),
                                 B.getInt8Ty(), "returned");
  auto *Store = B.CreateStore(
      Returned, B.CreateGEP(B.getInt8Ty(), ReturnedItems, R.LinearId));
  markLiveValueAccess(Store);
  Store->setMetadata(LLVMContext::MD_access_group, R.AccessGroup);
}

Value *CBSLowering::getItemExitState(IRBuilder<> &B, Value *ItemExit) {
  if (!ReturnedItems)
    return ItemExit;
  return B.CreateSelect(B.CreateICmpEQ(ItemExit, B.getInt32(0)),
                        B.getInt32(~0u), ItemExit, "counted.exit");
}

Value *CBSLowering::getGroupState(IRBuilder<> &B, Value *Reached,
                                  uint32_t NoneReached) {
  if (!ReturnedItems)
    return Reached;
  return B.CreateSelect(B.CreateICmpEQ(Reached, B.getInt32(NoneReached)),
                        B.getInt32(ExitState), Reached, "group.state");
}

} // namespace cbs
} // namespace sublane
