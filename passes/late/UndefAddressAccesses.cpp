//===- UndefAddressAccesses.cpp - Gathers from undefined addresses --------===//
//
// Only a wholly undefined address vector is dropped: a vector with some
// defined lanes is built in a register the back end defines, and an access
// whose lanes are undefined only under a run-time mask is the program's to
// keep.
//
//===----------------------------------------------------------------------===//

#include "sublane/Passes/late/UndefAddressAccesses.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "sublane-drop-undef-address-accesses"

using namespace llvm;

STATISTIC(NumGathers, "Number of masked gathers from undefined addresses "
                      "replaced by their pass-through value");
STATISTIC(NumScatters,
          "Number of masked scatters to undefined addresses removed");

namespace sublane {

PreservedAnalyses DropUndefAddressAccessesPass::run(Function &F,
                                                    FunctionAnalysisManager &) {
  SmallVector<IntrinsicInst *, 4> Dropped;
  for (Instruction &I : instructions(F)) {
    auto *II = dyn_cast<IntrinsicInst>(&I);
    if (!II)
      continue;
    unsigned AddressOperand;
    switch (II->getIntrinsicID()) {
    case Intrinsic::masked_gather:
      AddressOperand = 0;
      break;
    case Intrinsic::masked_scatter:
      AddressOperand = 1;
      break;
    default:
      continue;
    }
    if (isa<UndefValue>(II->getArgOperand(AddressOperand)))
      Dropped.push_back(II);
  }
  for (IntrinsicInst *II : Dropped) {
    LLVM_DEBUG(dbgs() << "sublane: dropping " << *II << "\n");
    if (II->getIntrinsicID() == Intrinsic::masked_gather) {
      II->replaceAllUsesWith(II->getArgOperand(3));
      ++NumGathers;
    } else {
      ++NumScatters;
    }
    II->eraseFromParent();
  }
  if (Dropped.empty())
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace sublane
