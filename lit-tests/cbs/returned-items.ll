; Work-items that return while the others go on to a barrier (a branch on
; the id and loaded data) drop out of it: each item's flag is written where
; it leaves region 0 (a return counts as state 0, below every sync point),
; region 1 passes over the items whose flag is set, and the group ends only
; when no item reached a sync point (state 0 becomes 2, the end).
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s 2>/dev/null | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: %returned.items = getelementptr i8, ptr %scratch, i64 0
; CHECK: sublane.after.region:
; CHECK-NEXT: %reached = phi i32
; CHECK-NEXT: [[NONE:%.*]] = icmp eq i32 %reached, 0
; CHECK-NEXT: %group.state = select i1 [[NONE]], i32 2, i32 %reached
; CHECK: sublane.r0.next0:
; CHECK-NEXT: %r0.item.exit = phi i32 [ 0, %common.ret.r0 ], [ 1, %work.r0 ]
; CHECK-NEXT: [[RET:%.*]] = icmp eq i32 %r0.item.exit, 0
; CHECK-NEXT: %returned = zext i1 [[RET]] to i8
; CHECK-NEXT: [[FLAG:%.*]] = getelementptr i8, ptr %returned.items, i64 %r0.lid0
; CHECK-NEXT: store i8 %returned, ptr [[FLAG]]
; CHECK: sublane.r1.item0:
; CHECK: [[AT:%.*]] = getelementptr i8, ptr %returned.items, i64 %r1.lid0
; CHECK-NEXT: [[WAS:%.*]] = load i8, ptr [[AT]]
; CHECK-NEXT: %item.returned = icmp ne i8 [[WAS]], 0
; CHECK-NEXT: br i1 %item.returned, label %sublane.r1.next0, label %sublane.after.sync.r1
; CHECK: sublane.r1.next0:
; CHECK-NEXT: %r1.item.exit = phi i32 [ 0, %sublane.r1.item0 ], [ 0, %common.ret.r1 ]

define void @k(ptr %args) #0 {
entry:
  %n = load i64, ptr %args
  %lid = call i64 @__sublane_local_id(i32 0)
  %stay = icmp ult i64 %lid, %n
  br i1 %stay, label %work, label %out
out:
  ret void
work:
  call void @__sublane_wg_barrier()
  %p = getelementptr i64, ptr %args, i64 %lid
  store i64 %lid, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
