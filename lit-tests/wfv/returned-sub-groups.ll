; Vectorized sub-groups whose lanes all left a loop that holds a barrier
; return, while other sub-groups of the group go round again: each sub-group
; keeps a flag, set when it returns, and the regions after the barrier pass
; over the sub-groups that returned, so that the others finish.
; RUN: %opt -passes=sublane-prepare,sublane-wfv,sublane-wg-cbs -S %s 2>/dev/null | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: %returned.items = getelementptr i8, ptr %scratch, i64 0
; CHECK: %group.state = select i1 {{%.*}}, i32 3, i32 %reached
; CHECK: sublane.r1.item0:
; CHECK: [[AT:%.*]] = getelementptr i8, ptr %returned.items, i64 %r1.lid0
; CHECK-NEXT: [[WAS:%.*]] = load i8, ptr [[AT]]
; CHECK-NEXT: %item.returned = icmp ne i8 [[WAS]], 0
; CHECK: br i1 %item.returned, label %sublane.r1.next0,
; CHECK: sublane.r1.next0:
; CHECK-NEXT: %r1.item.exit = phi i32 [ 0, %sublane.r1.item0 ], [ 0, %wfv.return.r1 ], [ 1, %loop{{.*}}.r1 ]
; CHECK-NEXT: [[RET:%.*]] = icmp eq i32 %r1.item.exit, 0
; CHECK-NEXT: %returned{{.*}} = zext i1 [[RET]] to i8
; CHECK-NEXT: [[FLAG:%.*]] = getelementptr i8, ptr %returned.items, i64 %r1.lid0
; CHECK-NEXT: store i8

define void @k(ptr %args) #0 {
entry:
  %n = load i64, ptr %args
  %lid = call i64 @__sublane_local_id(i32 0)
  %stay = icmp ult i64 %lid, %n
  br i1 %stay, label %loop, label %out
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  call void @__sublane_wg_barrier()
  %p = getelementptr i64, ptr %args, i64 %lid
  store i64 %lid, ptr %p
  %next = add i32 %i, 1
  %again = icmp ult i32 %next, 3
  br i1 %again, label %loop, label %out
out:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "sublane-sg-size"="8" }
