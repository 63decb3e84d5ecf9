; A barrier in a loop with a uniform trip count: region 1 starts after the
; barrier, runs the rest of the body and the loop test, and either meets the
; barrier again (region 1 next) or leaves the loop (done). All items leave the
; same way; the next region is their maximum, a reduction the loop vectorizer
; accepts.
;
; The counter is uniform, and region 1 both reads it and writes its next
; value. It keeps one slot: region 1 writes a second slot, seeded before its
; items run and published when they are done, so that item 1 still reads the
; value item 0 read.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: %i.slot = getelementptr i8, ptr %scratch, i64 0
; CHECK-NEXT: %i.next.slot = getelementptr i8, ptr %scratch, i64 64
; CHECK: sublane.r0.item0:
; CHECK: %i.r0 = phi i32 [ 0,
; CHECK-NEXT: store i32 %i.r0, ptr %i.slot
; CHECK: sublane.r1.pre:
; CHECK-NEXT: %[[CUR:.*]] = load i32, ptr %i.slot
; CHECK-NEXT: store i32 %[[CUR]], ptr %i.next.slot
; CHECK: sublane.r1.item0:
; CHECK: %i.reload = load i32, ptr %i.slot, align 4, !alias.scope ![[SCOPE:[0-9]+]]
; CHECK-NEXT: %i.next.r1 = add i32 %i.reload, 1
; CHECK: %i.r1 = phi i32 [ %i.next.r1,
; CHECK-NEXT: store i32 %i.r1, ptr %i.next.slot
; CHECK: sublane.r1.next0:
; CHECK-NEXT: %r1.item.exit = phi i32 [ 2, %exit.r1 ], [ 1, %loop.r1 ]
; CHECK-NEXT: %r1.next.region = call i32 @llvm.umax.i32(i32 %r1.exit.max0, i32 %r1.item.exit)
; CHECK: sublane.r1.exit:
; CHECK-NEXT: %[[NEXT:.*]] = load i32, ptr %i.next.slot
; CHECK-NEXT: store i32 %[[NEXT]], ptr %i.slot

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
