; A kernel with sub-groups of 16 but no sub-group barrier or collective needs
; no sub-group loop: its work-items run in flat loops as at size 1, with the
; sub-group id, lane and size computed from the linear id.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=16 -S %s | FileCheck %s

; CHECK: @k.sublane.desc = {{.*}} i32 16, i32 2,
; CHECK-LABEL: define internal void @k.wg(
; CHECK-NOT: sublane.subgroup:
; CHECK: sublane.r0.item0:
; CHECK: %[[SG:.*]] = udiv i64 %r0.lid0, 16
; CHECK: %[[LANE:.*]] = urem i64 %r0.lid0, 16
; CHECK: sublane.combine1:

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %sg = call i32 @__sublane_sg_id()
  %lane = call i32 @__sublane_sg_local_id()
  %a = add i32 %sg, %lane
  %r = call i32 @__sublane_wg_reduce_add_i32(i32 %a)
  %p = getelementptr i32, ptr %args, i64 %lid
  store i32 %r, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i32 @__sublane_sg_id() nounwind memory(none)
declare i32 @__sublane_sg_local_id() nounwind memory(none)
declare i32 @__sublane_wg_reduce_add_i32(i32) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
