; In a 2D kernel the sub-groups of most launches lie within one row of the
; work-group. The vectorizer gives them a copy of the body in which the first
; dimension's id is a scalar and the last one's is contiguous: a row access is
; one vector load. The general copy, for work-groups whose rows do not split
; into whole sub-groups, computes every lane's ids and gathers. With a
; work-group barrier all sub-groups of a work-group must take the same copy,
; so the choice depends on the row length alone.
; (Bodies for sub-groups of several whole rows are off: row-blocks-*.ll.)
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -sublane-wfv-min-row-lanes=0 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %row.length = call i64 @__sublane_local_range(i32 1)
; CHECK: %rows.whole = icmp eq i64 %{{.*}}, 0
; CHECK: br i1 %rows.whole, label %[[ROWS:.*]], label %[[GENERAL:.*]]
; CHECK: [[ROWS]]:
; CHECK-NOT: gather
; CHECK: load <16 x float>, ptr
; CHECK: call void @__sublane_wg_barrier()
; CHECK: [[GENERAL]]:
; CHECK: call <16 x float> @llvm.masked.gather.v16f32.v16p0(
; CHECK: call void @__sublane_wg_barrier()

define void @k(ptr %args) #0 {
  %y = call i64 @__sublane_global_id(i32 0)
  %x = call i64 @__sublane_global_id(i32 1)
  %row = mul i64 %y, 1024
  %i = add i64 %row, %x
  %p = getelementptr float, ptr %args, i64 %i
  %v = load float, ptr %p
  call void @__sublane_wg_barrier()
  %w = fadd float %v, 1.0
  store float %w, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
