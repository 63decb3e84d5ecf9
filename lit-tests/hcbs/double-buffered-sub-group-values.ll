; A loop counter uniform within the sub-group, which the lane loop after a
; sub-group collective both redefines and reloads, is kept once per
; sub-group in two arrays: that lane loop writes the next one (seeded from
; the current before the lanes run) and publishes it when they are done, so
; later lanes still read the value from before the loop.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK-DAG: %i.subgroups = getelementptr i8, ptr %scratch
; CHECK-DAG: %i.next.subgroups = getelementptr i8, ptr %scratch
; CHECK-NOT: %i.items
; The region after the broadcast seeds the next slot before its lanes run,
; stores the new counter there, and publishes it once they are done.
; CHECK: sublane.r1.pre:
; CHECK: %[[CUR:.*]] = getelementptr i32, ptr %i.subgroups, i64 %sg
; CHECK-NEXT: %[[OLD:.*]] = load i32, ptr %[[CUR]]
; CHECK-NEXT: %[[SEED:.*]] = getelementptr i32, ptr %i.next.subgroups, i64 %sg
; CHECK-NEXT: store i32 %[[OLD]], ptr %[[SEED]]
; CHECK: %[[W:.*]] = getelementptr i32, ptr %i.next.subgroups, i64 %sg
; CHECK-NEXT: store i32 %i.r1, ptr %[[W]]
; CHECK: sublane.r1.exit:
; CHECK: %[[NEXT:.*]] = load i32, ptr
; CHECK: store i32 %[[NEXT]], ptr

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %b = call float @__sublane_sg_broadcast_f32(float %x, i32 %i)
  %i.wide = zext i32 %i to i64
  %q = getelementptr float, ptr %args, i64 %i.wide
  %y = load float, ptr %q
  %m = fmul float %b, %y
  %acc.next = fadd float %acc, %m
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, 8
  br i1 %more, label %loop, label %exit

exit:
  store float %acc.next, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare float @__sublane_sg_broadcast_f32(float, i32) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
