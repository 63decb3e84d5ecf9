; Only the last sub-group can be partial: each lane loop has a copy with the
; trip count fixed to the sub-group size, taken by full sub-groups, and kept
; from full unrolling so that the loop vectorizer sees it whole.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.subgroup:
; CHECK: %sg.full = icmp eq i64 %sg.lanes, 8
; CHECK: i32 0, label %sublane.r0.choose
; CHECK: sublane.r0.next:
; CHECK: %r0.more = icmp ult i64 %r0.lane.next, %sg.lanes
; CHECK: sublane.r0.choose:
; CHECK-NEXT: br i1 %sg.full, label %sublane.r0.pre.full, label %sublane.r0.pre
; CHECK: sublane.r0.next.full:
; CHECK: %r0.more.full = icmp ult i64 %r0.lane.next.full, 8
; CHECK-NEXT: br i1 %r0.more.full, label %sublane.r0.lane.full, label %sublane.r0.exit.full, !llvm.loop ![[FULL:[0-9]+]]
; CHECK: ![[FULL]] = distinct !{![[FULL]], !{{[0-9]+}}, !{{[0-9]+}}, !{{[0-9]+}}, ![[NOUNROLL:[0-9]+]]}
; CHECK: ![[NOUNROLL]] = !{!"llvm.loop.unroll.disable"}

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %r = call float @__sublane_sg_reduce_add_f32(float %x)
  store float %r, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare float @__sublane_sg_reduce_add_f32(float) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
