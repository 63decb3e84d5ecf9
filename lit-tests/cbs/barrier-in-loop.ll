; A barrier in a loop with a uniform trip count: region 1 starts after the
; barrier, runs the rest of the body and the loop test, and either meets the
; barrier again (region 1 next) or leaves the loop (done). The counter is
; uniform but is stored and reloaded inside region 1's own work-item loop, so
; it must be kept per work-item: one slot would be overwritten by item 0
; before item 1 reads it.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: %i.items = getelementptr i8, ptr %scratch
; CHECK: sublane.r0.item0:
; CHECK: %i.r0 = phi i32 [ 0,
; CHECK-NEXT: %[[ST0:.*]] = getelementptr i32, ptr %i.items, i64 %r0.lid0
; CHECK-NEXT: store i32 %i.r0, ptr %[[ST0]]
; CHECK: sublane.r0.next0:
; CHECK-NEXT: %r0.next.region = phi i32 [ 1,
; CHECK: sublane.r1.item0:
; CHECK: %[[LD:.*]] = getelementptr i32, ptr %i.items, i64 %r1.lid0
; CHECK-NEXT: %i.reload = load i32, ptr %[[LD]]
; CHECK-NEXT: %i.next.r1 = add i32 %i.reload, 1
; CHECK: %i.r1 = phi i32 [ %i.next.r1,
; CHECK-NEXT: %[[ST1:.*]] = getelementptr i32, ptr %i.items, i64 %r1.lid0
; CHECK-NEXT: store i32 %i.r1, ptr %[[ST1]]
; CHECK: sublane.r1.next0:
; CHECK-NEXT: %r1.next.region = phi i32 [ 2, %exit.r1 ], [ 1, %loop.r1 ]

define void @k(ptr %args) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @__sublane_wg_barrier()
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, 8
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
