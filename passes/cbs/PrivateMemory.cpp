//===- PrivateMemory.cpp - Private variables per work-item ----------------===//

#include "CBSLowering.h"

#include "llvm/ADT/Statistic.h"

#define DEBUG_TYPE "sublane-wg-cbs"

using namespace llvm;

STATISTIC(NumPerItemAllocas, "Number of private variables kept per item");

namespace sublane {
namespace cbs {

void CBSLowering::privatizeAllocas() {
  if (Regions.size() < 2)
    return;
  DenseMap<BasicBlock *, SmallVector<unsigned, 2>> RegionsOfBlock;
  for (auto &R : Regions)
    for (BasicBlock *BB : R->Blocks)
      RegionsOfBlock[BB].push_back(R->Id);
  Function *LinearIdFn = getLinearIdFunction();

  SmallVector<AllocaInst *> Allocas;
  for (Instruction &I : *Setup)
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      Allocas.push_back(AI);
  for (AllocaInst *AI : Allocas) {
    // Regions in which the variable, or a pointer derived from it, is used.
    DenseSet<unsigned> UsedIn;
    SmallVector<Value *> Worklist = {AI};
    SmallPtrSet<Value *, 16> Seen = {AI};
    while (!Worklist.empty()) {
      Value *V = Worklist.pop_back_val();
      for (User *U : V->users()) {
        auto *I = dyn_cast<Instruction>(U);
        if (!I)
          continue;
        for (unsigned R : RegionsOfBlock.lookup(I->getParent()))
          UsedIn.insert(R);
        if ((isa<GetElementPtrInst>(I) || isa<CastInst>(I) || isa<PHINode>(I) ||
             isa<SelectInst>(I)) &&
            Seen.insert(I).second)
          Worklist.push_back(I);
      }
    }
    bool Escapes = PointerMayBeCaptured(AI, /*ReturnCaptures=*/false,
                                        /*StoreCaptures=*/true);
    if (UsedIn.size() < 2 && !Escapes)
      continue;
    // Its value must survive a barrier: give each work-item its own copy.
    uint64_t Size =
        alignTo(DL.getTypeAllocSize(AI->getAllocatedType()) *
                    cast<ConstantInt>(AI->getArraySize())->getZExtValue(),
                AI->getAlign());
    Size = std::max<uint64_t>(Size, 1);
    ++PrivatePerItem;
    ORE->emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "PerItemPrivate", AI)
             << "a private variable used across a barrier or collective is "
                "kept per work-item ("
             << ore::NV("Bytes", Size) << " bytes per work-item)";
    });
    std::string Name = AI->getName().str();
    AI->setName("");
    Value *Base = allocateScratch(Size, /*PerItem=*/true, Name + ".items");
    for (Use &U : make_early_inc_range(AI->uses())) {
      auto *User = cast<Instruction>(U.getUser());
      Instruction *InsertPt = User;
      if (auto *PN = dyn_cast<PHINode>(User))
        InsertPt = PN->getIncomingBlock(U)->getTerminator();
      IRBuilder<> B(InsertPt);
      Value *Offset = B.CreateMul(B.CreateCall(LinearIdFn), B.getInt64(Size));
      U.set(B.CreateGEP(B.getInt8Ty(), Base, Offset, Name));
    }
    AI->eraseFromParent();
    ++NumPerItemAllocas;
  }
}

} // namespace cbs
} // namespace sublane
