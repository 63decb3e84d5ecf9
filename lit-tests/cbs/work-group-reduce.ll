; Sub-group size 1: a work-group reduction is a sync point whose combine step
; runs between the work-item loops: one pass over the group's values
; (reassociating float additions), then every item reads the result. A
; sub-group reduction over one lane is the lane's own value.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.after.region:
; CHECK: switch i32 %reached, label %sublane.dispatch [
; CHECK-NEXT: i32 1, label %sublane.combine1
; CHECK: sublane.combine1:
; CHECK-NEXT: br label %sublane.reduce
; CHECK: sublane.reduce:
; CHECK: %acc = phi reassoc float [ -0.000000e+00, %sublane.combine1 ], [ %[[NEXT:.*]], %sublane.reduce ]
; CHECK: %[[NEXT]] = fadd reassoc float %acc,
; CHECK: sublane.fill:
; CHECK-NOT: __sublane_sg_reduce
; CHECK: ret void

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %own = call float @__sublane_sg_reduce_add_f32(float %x)
  %r = call float @__sublane_wg_reduce_add_f32(float %own)
  store float %r, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare float @__sublane_sg_reduce_add_f32(float) convergent nounwind
declare float @__sublane_wg_reduce_add_f32(float) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
