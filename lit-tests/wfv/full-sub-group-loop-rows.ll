; Beyond one dimension, sub-groups are all full and each within a row when
; rows are whole multiples of S; then all of them run in the loop for full
; sub-groups, where the vectorizer's test of the row length folds and the
; copy for sub-groups within rows is left: its row access is one vector
; load, not a gather. Otherwise the original loop runs them all.
; RUN: %opt -passes=sublane-prepare,sublane-wfv,sublane-wg-cbs -sublane-sg-size=16 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.r0.full.count:
; CHECK-NEXT: %[[REM:.*]] = urem i64 %local.range1, 16
; CHECK-NEXT: %[[WHOLE:.*]] = icmp eq i64 %[[REM]], 0
; CHECK-NEXT: %full.subgroups = select i1 %[[WHOLE]], i64 %sg.count, i64 0
; CHECK-NEXT: %[[ANY:.*]] = icmp ult i64 0, %full.subgroups
; CHECK-NEXT: br i1 %[[ANY]], label %sublane.r0.pre.full, label %sublane.r0.after.full
; CHECK: sublane.r0.item0.full:
; CHECK-NOT: gather
; CHECK: load <16 x float>, ptr
; CHECK-NOT: gather
; CHECK: sublane.r0.next0.full:

define void @k(ptr %args) #0 {
  %in = load ptr, ptr %args
  %out.addr = getelementptr i8, ptr %args, i64 8
  %out = load ptr, ptr %out.addr
  %i = call i64 @__sublane_global_id(i32 1)
  %p = getelementptr float, ptr %in, i64 %i
  %x = load float, ptr %p
  %r = call float @__sublane_sg_reduce_add_f32(float %x)
  %sg = call i32 @__sublane_sg_id()
  %sg64 = zext i32 %sg to i64
  %q = getelementptr float, ptr %out, i64 %sg64
  store float %r, ptr %q
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare i32 @__sublane_sg_id() nounwind memory(none)
declare float @__sublane_sg_reduce_add_f32(float) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
