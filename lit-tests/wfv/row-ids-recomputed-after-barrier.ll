; After a work-group barrier, a sub-group within a row recomputes its lanes'
; ids from its own sub-group id (the division by the row length through the
; reciprocal, one uniform slot for the whole work-group) rather than
; reloading them from a per-item array: the expression is short enough for
; work-group CBS to rematerialize. (The general copy, whose lanes may span
; rows, keeps its ids in arrays.)
; RUN: %opt -passes=sublane-prepare,sublane-wfv,sublane-wg-cbs -sublane-sg-size=8 -sublane-wfv-min-row-lanes=0 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.r1.item0:
; CHECK-NOT: .items
; CHECK: %lid1.reciprocal.reload = load i64, ptr %lid1.reciprocal.slot
; CHECK-NOT: .items
; CHECK: %lid1.quotient{{.*}} = lshr i64 %{{.*}}, 40
; CHECK-NOT: .items
; CHECK: store <8 x float>
; CHECK: sublane.r2.item0:

define void @k(ptr %args) #0 {
  %x = call i64 @__sublane_local_id(i32 1)
  %y = call i64 @__sublane_local_id(i32 0)
  %row = mul i64 %y, 64
  %i = add i64 %row, %x
  call void @__sublane_wg_barrier()
  %p = getelementptr float, ptr %args, i64 %i
  store float 1.0, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
