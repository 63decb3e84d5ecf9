; A search over a private array laid out element-major for the sub-group,
; whose index is used after the loop: the index is a scalar in the loop,
; the lanes still in it read element j of their copies with one load from
; the scalar's address, and each lane's index after the loop is the one its
; exit blended in (a vector index would read at lane 0's stale index).
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=4 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: {{^}}search{{[0-9]+}}:
; CHECK: %[[OUT:found.slot.*]] = phi <4 x i32>
; CHECK: %[[J:j.slot.*]] = phi i32 [ 0,
; CHECK: %[[JF:.*]] = freeze i32 %[[J]]
; CHECK-NEXT: %j.ext = zext i32 %[[JF]] to i64
; CHECK-NEXT: %[[OFF:.*]] = shl nuw nsw i64 %j.ext, 4
; CHECK-NEXT: getelementptr inbounds i8, ptr %{{.*}}, i64 %[[OFF]]
; CHECK: load <4 x i32>
; CHECK: insertelement <4 x i32> poison, i32 %[[JF]], i64 0
; CHECK: select <4 x i1> %{{.*}}, <4 x i32> %{{.*}}, <4 x i32> %[[OUT]]

define void @k(ptr %args) #0 {
entry:
  %a = alloca [8 x i32], align 16
  %gid = call i64 @__sublane_global_id(i32 0)
  %g = trunc i64 %gid to i32
  br label %fill

fill:
  %k = phi i32 [ 0, %entry ], [ %k.next, %fill ]
  %g37 = mul i32 %g, 37
  %k11 = mul i32 %k, 11
  %sum = add i32 %g37, %k11
  %v = srem i32 %sum, 100
  %k.ext = zext i32 %k to i64
  %slot = getelementptr [8 x i32], ptr %a, i64 0, i64 %k.ext
  store i32 %v, ptr %slot
  %k.next = add i32 %k, 1
  %k.more = icmp ult i32 %k.next, 8
  br i1 %k.more, label %fill, label %search

search:
  %j = phi i32 [ 0, %fill ], [ %j.next, %next ]
  %j.ext = zext i32 %j to i64
  %at = getelementptr [8 x i32], ptr %a, i64 0, i64 %j.ext
  %aj = load i32, ptr %at
  %hit = icmp sle i32 %aj, 50
  br i1 %hit, label %exit, label %next

next:
  %j.next = add i32 %j, 1
  %j.more = icmp ult i32 %j.next, 8
  br i1 %j.more, label %search, label %exit

exit:
  %found = phi i32 [ %j, %search ], [ 8, %next ]
  %out = getelementptr i32, ptr %args, i64 %gid
  store i32 %found, ptr %out
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
