; A sub-group barrier and a work-group barrier in one loop: after the
; sub-group barrier the same sub-group goes on (back to the sub-group
; dispatch); after the work-group barrier the next sub-group runs, and only
; when all have arrived does the group move on.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.after.lanes:
; CHECK-NEXT: %reached = phi i32
; CHECK-NEXT: switch i32 %reached, label %sublane.next.subgroup [
; CHECK-NEXT: i32 1, label %sublane.sg.combine1
; CHECK-NEXT: ]
; CHECK: sublane.after.subgroups:
; CHECK-NEXT: br label %sublane.dispatch
; CHECK: sublane.sg.combine1:
; CHECK-NEXT: br label %sublane.sg.dispatch

define void @k(ptr %args) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  call void @__sublane_sg_barrier()
  call void @__sublane_wg_barrier()
  %next = add i32 %i, 1
  %more = icmp ult i32 %next, 4
  br i1 %more, label %loop, label %done
done:
  ret void
}

declare void @__sublane_sg_barrier() convergent nounwind
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
