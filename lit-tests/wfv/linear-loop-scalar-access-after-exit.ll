; The iteration of a linear loop in which the last lanes leave runs the rest
; of the body with no lane active. Here the loop is linear only because of a
; per-lane trap, a dead end that makes no block divergent, and the bound
; `k < 4` is uniform: the table read and the store at k = 4 would go past
; both arrays, so each scalar access tests the lanes' mask first.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=4 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: {{^}}latch{{[0-9]+}}:
; CHECK-NEXT: %[[M:.*]] = bitcast <4 x i1> %{{.*}} to i4
; CHECK-NEXT: %[[NONE:.*]] = icmp eq i4 %[[M]], 0
; CHECK-NEXT: br i1 %[[NONE]], label %{{.*}}, label %[[LOAD:.*]]
; CHECK: [[LOAD]]:
; CHECK-NEXT: %pt = getelementptr i32, ptr %table
; CHECK-NEXT: load i32, ptr %pt
; CHECK: icmp eq i4 %{{.*}}, 0
; CHECK-NEXT: br i1 %{{.*}}, label %{{.*}}, label %[[STORE:.*]]
; CHECK: [[STORE]]:
; CHECK-NEXT: %po = getelementptr i32, ptr %out
; CHECK-NEXT: store i32
define void @k(ptr %args) #0 {
entry:
  %in = load ptr, ptr %args
  %a1 = getelementptr ptr, ptr %args, i64 1
  %table = load ptr, ptr %a1
  %a2 = getelementptr ptr, ptr %args, i64 2
  %out = load ptr, ptr %a2
  %gid = call i64 @__sublane_global_id(i32 0)
  %pin = getelementptr i32, ptr %in, i64 %gid
  %v = load i32, ptr %pin
  br label %loop

loop:
  %k = phi i64 [ 0, %entry ], [ %next, %latch ]
  %more = icmp ult i64 %k, 4
  br i1 %more, label %body, label %exit

body:
  %bad = icmp slt i32 %v, 0
  br i1 %bad, label %trap, label %latch

trap:
  call void @abort()
  unreachable

latch:
  %pt = getelementptr i32, ptr %table, i64 %k
  %t = load i32, ptr %pt
  %po = getelementptr i32, ptr %out, i64 %k
  store i32 %t, ptr %po
  %next = add i64 %k, 1
  br label %loop

exit:
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare void @abort() noreturn nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
