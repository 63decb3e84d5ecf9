; InstCombine joins a 2D range's `y < 0 || x < 0` into `(y | x) < 0`. A vote
; on the sign of an or (or an and) splits back into votes on each side: in
; sub-groups within a row, the row's y is one scalar compare and x, whose
; lanes step by one, a vote on its first lane. Where both sides differ
; between lanes and the vote does not split, it stays a vote over the lanes.
; RUN: %opt -verify-each -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; all((y | x) >= 0) is y >= 0 and all(x >= 0).
; CHECK-LABEL: define internal void @all_signs.sg(
; CHECK: wfv.body:
; CHECK-NOT: <8 x i1>
; CHECK: %[[Y:.*]] = icmp sgt i64 %y, -1
; CHECK: %[[X:.*]] = and i1 %{{.*}}, %{{.*}}
; CHECK-NEXT: %[[BOTH:.*]] = select i1 %[[Y]], i1 %[[X]], i1 false
; CHECK-NEXT: %v = zext i1 %[[BOTH]] to i32
; CHECK: wfv.body{{[0-9]+}}:
define void @all_signs(ptr %args) #0 {
  %y = call i64 @__sublane_global_id(i32 0)
  %x = call i64 @__sublane_global_id(i32 1)
  %yx = or i64 %y, %x
  %in = icmp sgt i64 %yx, -1
  %z = zext i1 %in to i32
  %v = call i32 @__sublane_sg_all(i32 %z)
  %p = getelementptr i32, ptr %args, i64 %x
  store i32 %v, ptr %p
  ret void
}

; any(flag || (x & y) < 0) is flag, or y < 0 and any(x < 0).
; CHECK-LABEL: define internal void @any_both_negative.sg(
; CHECK: wfv.body:
; CHECK-NOT: <8 x i1>
; CHECK: %[[X:.*]] = or i1 %{{.*}}, %{{.*}}
; CHECK-NEXT: %[[Y:.*]] = icmp slt i64 %y, 0
; CHECK-NEXT: %[[BOTH:.*]] = select i1 %[[X]], i1 %[[Y]], i1 false
; CHECK-NEXT: %[[EITHER:.*]] = select i1 %flag, i1 true, i1 %[[BOTH]]
; CHECK-NEXT: %v = zext i1 %[[EITHER]] to i32
; CHECK: wfv.body{{[0-9]+}}:
define void @any_both_negative(ptr %args) #0 {
  %n = load i64, ptr %args
  %flag = icmp eq i64 %n, 7
  %y = call i64 @__sublane_global_id(i32 0)
  %x = call i64 @__sublane_global_id(i32 1)
  %xy = and i64 %x, %y
  %out = icmp slt i64 %xy, 0
  %c = or i1 %flag, %out
  %z = zext i1 %c to i32
  %v = call i32 @__sublane_sg_any(i32 %z)
  %p = getelementptr i32, ptr %args, i64 %x
  store i32 %v, ptr %p
  ret void
}

; all((x | 2x) < 0): either sign may hold, in lanes of their own.
; CHECK-LABEL: define internal void @stays_vector.sg(
; CHECK: wfv.body:
; CHECK: icmp {{slt|sgt}} <8 x i64> %both
; CHECK: bitcast <8 x i1> %{{.*}} to i8
; CHECK: wfv.body{{[0-9]+}}:
define void @stays_vector(ptr %args) #0 {
  %x = call i64 @__sublane_global_id(i32 1)
  %twice = shl i64 %x, 1
  %both = or i64 %x, %twice
  %neg = icmp slt i64 %both, 0
  %z = zext i1 %neg to i32
  %v = call i32 @__sublane_sg_all(i32 %z)
  %p = getelementptr i32, ptr %args, i64 %x
  store i32 %v, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare i32 @__sublane_sg_all(i32) convergent nounwind
declare i32 @__sublane_sg_any(i32) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
