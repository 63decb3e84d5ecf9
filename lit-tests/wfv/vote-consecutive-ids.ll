; A sub-group vote on a compare of ids that step by one lane, with every
; lane active, is a few scalar compares of the first lane's id: no vector of
; ids, no reduction. Sub-groups that may be partial still vote on their
; active lanes.
; RUN: %opt -verify-each -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; all(i < n): the run i0 .. i0 + 7 ends below n.
; CHECK-LABEL: define internal void @all_below.sg(
; CHECK: wfv.body:
; CHECK-NOT: <8 x i1>
; CHECK: %[[FIRST:.*]] = add i64 %global.id.base, %sg.base
; CHECK-NEXT: %[[ROOM:.*]] = icmp ugt i64 %n, 7
; CHECK-NEXT: %[[LAST:.*]] = add i64 %n, -8
; CHECK-NEXT: %[[FITS:.*]] = icmp ule i64 %[[FIRST]], %[[LAST]]
; CHECK-NEXT: %[[ALL:.*]] = and i1 %[[ROOM]], %[[FITS]]
; CHECK-NEXT: %v = zext i1 %[[ALL]] to i32
; CHECK-NOT: <8 x i1>
; CHECK: store <8 x i32>
; CHECK: wfv.body{{[0-9]+}}:
; CHECK: %[[IN:.*]] = icmp uge <8 x i64>
; CHECK: bitcast <8 x i1> %{{.*}} to i8
define void @all_below(ptr %args) #0 {
  %n = load i64, ptr %args
  %i = call i64 @__sublane_global_id(i32 0)
  %in = icmp ult i64 %i, %n
  %z = zext i1 %in to i32
  %v = call i32 @__sublane_sg_all(i32 %z)
  %p = getelementptr i32, ptr %args, i64 %i
  store i32 %v, ptr %p
  ret void
}

; any(n - lid > 3) on lanes that step down by one, and a uniform condition
; joined by `and`: both stay scalar.
; The last lane holds n - sg.base - 7: some lane passes if its offset from
; 4 is below 2^31 - 4, or the run wraps past it.
; CHECK-LABEL: define internal void @any_descending.sg(
; CHECK: wfv.body:
; CHECK-NOT: <8 x i1>
; CHECK: %flag = icmp ne i32 %n, 100
; CHECK: %[[LANE0:.*]] = sub i32 %n, %{{.*}}
; CHECK-NEXT: %[[OFFSET:.*]] = add i32 %[[LANE0]], -11
; CHECK-NEXT: %[[END:.*]] = add i32 %[[LANE0]], -4
; CHECK-NEXT: %[[WRAPS:.*]] = icmp ult i32 %[[END]], %[[OFFSET]]
; CHECK-NEXT: %[[IN:.*]] = icmp ult i32 %[[OFFSET]], 2147483644
; CHECK-NEXT: %[[ANY:.*]] = or i1 %[[IN]], %[[WRAPS]]
; CHECK-NEXT: select i1 %flag, i1 %[[ANY]], i1 false
; CHECK-NOT: <8 x i1>
; CHECK: wfv.body{{[0-9]+}}:
; CHECK: icmp sgt <8 x i32> %{{.*}}, <i32 3,
define void @any_descending(ptr %args) #0 {
  %n = load i32, ptr %args
  %lid = call i64 @__sublane_local_id(i32 0)
  %lid32 = trunc i64 %lid to i32
  %down = sub i32 %n, %lid32
  %big = icmp sgt i32 %down, 3
  %flag = icmp ne i32 %n, 100
  %both = and i1 %flag, %big
  %z = zext i1 %both to i32
  %v = call i32 @__sublane_sg_any(i32 %z)
  %p = getelementptr i32, ptr %args, i64 %lid
  store i32 %v, ptr %p
  ret void
}

; all(a || b) of two compares that differ between lanes, and a compare of
; ids two apart, stay votes over the lanes.
; CHECK-LABEL: define internal void @stays_vector.sg(
; CHECK: wfv.body:
; CHECK: %[[EITHER:.*]] = and <8 x i1>
; CHECK-NEXT: %[[BITS:.*]] = bitcast <8 x i1> %[[EITHER]] to i8
; CHECK-NEXT: icmp eq i8 %[[BITS]], 0
; CHECK: %[[EVEN:.*]] = icmp uge <8 x i64> %twice
; CHECK-NEXT: %[[BITS2:.*]] = bitcast <8 x i1> %[[EVEN]] to i8
; CHECK-NEXT: icmp eq i8 %[[BITS2]], 0
; CHECK: wfv.body{{[0-9]+}}:
define void @stays_vector(ptr %args) #0 {
  %n = load i64, ptr %args
  %i = call i64 @__sublane_global_id(i32 0)
  %lo = icmp ult i64 %i, 5
  %hi = icmp ugt i64 %i, %n
  %either = or i1 %lo, %hi
  %z = zext i1 %either to i32
  %v = call i32 @__sublane_sg_all(i32 %z)
  %twice = shl i64 %i, 1
  %even = icmp ult i64 %twice, %n
  %ze = zext i1 %even to i32
  %w = call i32 @__sublane_sg_all(i32 %ze)
  %s = add i32 %v, %w
  %p = getelementptr i32, ptr %args, i64 %i
  store i32 %s, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i32 @__sublane_sg_all(i32) convergent nounwind
declare i32 @__sublane_sg_any(i32) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
