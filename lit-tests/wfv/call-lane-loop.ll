; A call that is not inlined runs once per active lane. From 16 lanes it
; runs in a loop over the set bits of the mask, each iteration loading its
; lane's operand from a stack slot and storing its result to another, so that
; the kernel does not grow with the width and no vector is carried around the
; loop; below that, one guarded copy per lane.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s --check-prefix=COPIES

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %lane.args = alloca [16 x i64], align 64
; CHECK: %lane.results = alloca [16 x i32], align 64
; CHECK: store <16 x i64> %{{.*}}, ptr %lane.args, align 64
; A full sub-group's mask: the even lanes.
; CHECK: lane.call:
; CHECK-NEXT: %lanes.left = phi i16 [ 21845, %{{.*}} ], [ %lanes.rest, %lane.call ]
; CHECK-NEXT: %[[FIRST:.*]] = call {{.*}}i16 @llvm.cttz.i16(i16 %lanes.left, i1 true)
; CHECK-NEXT: %lane = zext {{.*}}i16 %[[FIRST]] to i64
; CHECK-NEXT: %[[ARGP:.*]] = getelementptr i64, ptr %lane.args, i64 %lane
; CHECK-NEXT: %[[ARG:.*]] = load i64, ptr %[[ARGP]], align 8
; CHECK-NEXT: %[[R:.*]] = call i32 @ext(i64 %[[ARG]])
; CHECK-NEXT: %[[RP:.*]] = getelementptr i32, ptr %lane.results, i64 %lane
; CHECK-NEXT: store i32 %[[R]], ptr %[[RP]], align 4
; CHECK: %lanes.rest = and i16 %lanes.left,
; CHECK: br i1 %{{.*}}, label %lane.done, label %lane.call
; CHECK: lane.done:
; CHECK-NEXT: %lane.collected = load <16 x i32>, ptr %lane.results, align 64
; A partial sub-group's: the even lanes of its entry mask.
; CHECK: %[[BITS:lane.bits[0-9]*]] = bitcast <16 x i1> %{{.*}} to i16
; CHECK: phi i16 [ %[[BITS]], %{{.*}} ], [ %{{.*}}, %lane.call{{[0-9]+}} ]

; COPIES-LABEL: define internal void @k.sg(
; COPIES-NOT: lane.loop
; COPIES-COUNT-8: call i32 @ext(i64

define void @k(ptr %out) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %odd = and i64 %lid, 1
  %c = icmp eq i64 %odd, 0
  br i1 %c, label %then, label %join
then:
  %r = call i32 @ext(i64 %lid)
  br label %join
join:
  %v = phi i32 [ %r, %then ], [ 0, %entry ]
  %q = getelementptr i32, ptr %out, i64 %lid
  store i32 %v, ptr %q
  ret void
}

declare i32 @ext(i64)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
