; Hierarchical CBS where work-items may return while the others go on to a
; sub-group barrier and then a work-group barrier: a sub-group whose lanes
; all returned leaves state 0, so the group goes on from the furthest state
; any sub-group reached (not the last sub-group's), and ends only when none
; reached a sync point.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=8 -S %s 2>/dev/null | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.subgroup:
; CHECK-NEXT: %sg = phi i64
; CHECK-NEXT: %sg.furthest = phi i32 [ 0, %sublane.dispatch ], [ %sg.furthest.next, %sublane.next.subgroup ]
; CHECK: sublane.next.subgroup:
; CHECK-NEXT: %sg.furthest.next = call i32 @llvm.umax.i32(i32 %sg.furthest, i32 %reached)
; CHECK: sublane.after.subgroups:
; CHECK-NEXT: [[NONE:%.*]] = icmp eq i32 %sg.furthest.next, 0
; CHECK-NEXT: %group.state = select i1 [[NONE]], i32 3, i32 %sg.furthest.next
; CHECK-NEXT: br label %sublane.dispatch
; CHECK: sublane.r1.lane:
; CHECK: %item.returned = icmp ne i8
; CHECK-NEXT: br i1 %item.returned, label %sublane.r1.next,

define void @k(ptr %args) #0 {
entry:
  %n = load i64, ptr %args
  %lid = call i64 @__sublane_local_id(i32 0)
  %stay = icmp ult i64 %lid, %n
  br i1 %stay, label %work, label %out
out:
  ret void
work:
  call void @__sublane_sg_barrier()
  %p = getelementptr i64, ptr %args, i64 %lid
  store i64 %lid, ptr %p
  call void @__sublane_wg_barrier()
  store i64 0, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare void @__sublane_sg_barrier() convergent nounwind
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
