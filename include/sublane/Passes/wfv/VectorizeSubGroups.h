//===- VectorizeSubGroups.h - The WFV pass ----------------------*- C++ -*-===//
//
// `sublane-wfv`: the whole-function vectorizer. For every prepared kernel K
// whose variant is wfv it builds K.sg, a copy of K whose body runs a whole
// sub-group at once, each work-item a lane of vectors of the sub-group size;
// K (which the fiber engine still runs per work-item) names it in
// attr::Vectorized, and work-group CBS lowers K.sg with sub-groups as its
// work-items. A kernel the vectorizer cannot handle
// becomes variant hcbs, with an optimization remark (-Rpass-missed=sublane)
// that says why; a vectorized kernel gets one (-Rpass=sublane) that says at
// which width.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_PASSES_WFV_VECTORIZESUBGROUPS_H
#define SUBLANE_PASSES_WFV_VECTORIZESUBGROUPS_H

#include "llvm/IR/PassManager.h"

namespace sublane {

class VectorizeSubGroupsPass
    : public llvm::PassInfoMixin<VectorizeSubGroupsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace sublane

#endif // SUBLANE_PASSES_WFV_VECTORIZESUBGROUPS_H
