; K.wg runs the ctx's group_count work-groups, from the ctx's group_id on in
; row-major order: values of the context and the closure are loaded once in
; the entry, each group starts at the set-up block with its ids, and the end
; of a group counts the last dimension's id up, carrying into the first.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(ptr %closure, ptr %ctx)
; CHECK: sublane.groups:
; CHECK: %first.group.id0 = load i64
; CHECK: %first.group.id1 = load i64
; CHECK: %group.count = load i64
; CHECK-NEXT: br label %sublane.setup
; CHECK: sublane.setup:
; CHECK-NEXT: %group.index = phi i64 [ 0, %sublane.groups ], [ %group.index.next, %sublane.next.group ]
; CHECK-NEXT: %group.id0 = phi i64 [ %first.group.id0, %sublane.groups ], [ %group.id.next0, %sublane.next.group ]
; CHECK-NEXT: %group.id1 = phi i64 [ %first.group.id1, %sublane.groups ], [ %group.id.next1, %sublane.next.group ]
; CHECK: sublane.done:
; CHECK-NEXT: br label %sublane.next.group
; CHECK: sublane.next.group:
; CHECK-NEXT: %group.index.next = add nuw nsw i64 %group.index, 1
; CHECK-NEXT: %[[UP1:.*]] = add i64 %group.id1, 1
; CHECK-NEXT: %[[WRAP1:.*]] = icmp eq i64 %[[UP1]], %group.range1
; CHECK-NEXT: %group.id.next1 = select i1 %[[WRAP1]], i64 0, i64 %[[UP1]]
; CHECK-NEXT: %[[CARRY:.*]] = zext i1 %[[WRAP1]] to i64
; CHECK-NEXT: %[[UP0:.*]] = add i64 %group.id0, %[[CARRY]]
; CHECK-NEXT: %[[WRAP0:.*]] = icmp eq i64 %[[UP0]], %group.range0
; CHECK-NEXT: %group.id.next0 = select i1 %[[WRAP0]], i64 0, i64 %[[UP0]]
; CHECK-NEXT: %more.groups = icmp ult i64 %group.index.next, %group.count
; CHECK-NEXT: br i1 %more.groups, label %sublane.setup, label %sublane.exit
; CHECK: sublane.exit:
; CHECK-NEXT: ret void

define void @k(ptr %args) #0 {
  %y = call i64 @__sublane_global_id(i32 0)
  %x = call i64 @__sublane_global_id(i32 1)
  %w = call i64 @__sublane_global_range(i32 1)
  %row = mul i64 %y, %w
  %i = add i64 %row, %x
  %p = getelementptr float, ptr %args, i64 %i
  store float 1.0, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare i64 @__sublane_global_range(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
