; A counter the lanes still in a loop share stays a scalar in a loop that
; lanes leave in different iterations, though each lane sees its own value
; after the loop: the exit's phi blends the counter in as a lane leaves.
; Values computed from it inside the loop keep their shapes: the remainder
; of `b * 5 + gid` comes from one scalar division of the sub-group's base,
; which is exact for every lane still in the loop (a vector counter would
; keep the value of lane 0 from when it left).
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=4 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: {{^}}loop{{[0-9]+}}:
; CHECK: %[[OUT:res.slot.*]] = phi <4 x i32>
; CHECK: %[[B:b.slot.*]] = phi i32 [ 0,
; CHECK: %[[BF:.*]] = freeze i32 %[[B]]
; CHECK-NEXT: %m = mul i32 %[[BF]], 5
; CHECK: %sg.remainder = urem i32 %{{.*}}, 7
; CHECK: %[[SPLAT:.*]] = insertelement <4 x i32> poison, i32 %[[BF]], i64 0
; CHECK: select <4 x i1> %{{.*}}, <4 x i32> %{{.*}}, <4 x i32> %[[OUT]]
; CHECK: %next = add i32 %[[BF]], 1

define void @k(ptr %args) #0 {
entry:
  %gid = call i64 @__sublane_global_id(i32 0)
  %g = trunc i64 %gid to i32
  br label %loop

loop:
  %b = phi i32 [ 0, %entry ], [ %next, %latch ]
  %m = mul i32 %b, 5
  %x = add i32 %m, %g
  %r = srem i32 %x, 7
  %hit = icmp eq i32 %r, 0
  br i1 %hit, label %exit, label %latch

latch:
  %next = add i32 %b, 1
  %more = icmp slt i32 %next, 9
  br i1 %more, label %loop, label %exit

exit:
  %res = phi i32 [ %b, %loop ], [ 9, %latch ]
  %p = getelementptr i32, ptr %args, i64 %gid
  store i32 %res, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
