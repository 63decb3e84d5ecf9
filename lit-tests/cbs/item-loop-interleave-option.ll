; -sublane-item-loop-interleave=0 leaves interleaving of the work-item loops
; to the vectorizer's cost model: no interleave count in the loop ID.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-item-loop-interleave=0 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: br i1 %r0.more0, label %sublane.r0.item0, label %sublane.r0.exit, !llvm.loop ![[LOOP:[0-9]+]]
; CHECK: ![[LOOP]] = distinct !{![[LOOP]], ![[PAR:[0-9]+]], ![[ITEMS:[0-9]+]]}
; CHECK-NOT: llvm.loop.interleave.count

define void @k(ptr %args) #0 {
  %gid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %gid
  store float 1.0, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
