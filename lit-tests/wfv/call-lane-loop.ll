; A call that is not inlined runs once per active lane. From 16 lanes it
; runs in a loop over the lanes, each iteration picking its lane's operand
; and mask bit and collecting the result, so that the kernel does not grow
; with the width; below that, one guarded copy per lane.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s --check-prefix=COPIES

; CHECK-LABEL: define internal void @k.sg(
; CHECK: lane.loop:
; CHECK-NEXT: %lane = phi i32 [ 0, %{{.*}} ], [ %lane.inc, %lane.latch ]
; CHECK-NEXT: %lane.results = phi <16 x i32> [ poison, %{{.*}} ], [ %lane.collected, %lane.latch ]
; CHECK-NEXT: %lane.active = extractelement <16 x i1> {{.*}}, i32 %lane
; CHECK: lane.call:
; CHECK-NEXT: %[[ARG:.*]] = extractelement <16 x i64> %{{.*}}, i32 %lane
; CHECK-NEXT: %[[R:.*]] = call i32 @ext(i64 %[[ARG]])
; CHECK-NEXT: insertelement <16 x i32> %lane.results, i32 %[[R]], i32 %lane
; CHECK: lane.latch:
; CHECK-NEXT: %lane.collected = phi <16 x i32> [ %lane.results, %lane.loop ], [ %{{.*}}, %lane.call ]
; CHECK-NEXT: %lane.inc = add nuw nsw i32 %lane, 1
; CHECK-NEXT: icmp ult i32 %lane
; CHECK-NEXT: br i1 %{{.*}}, label %lane.loop, label %lane.done

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
