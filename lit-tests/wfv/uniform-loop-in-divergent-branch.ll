; Partial linearization: a loop whose trip count is the same in every lane
; keeps its back edge as a scalar branch even inside a branch that differs
; between lanes. Only lanes that entered it run its body (its mask), and
; where none did the sub-group leaves the loop, so that it ends.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; The check on the lane is versioned: in the copy for sub-groups whose lanes
; all enter, every lane runs the loop, which stays a plain scalar loop.
; CHECK: {{^}}loop.all{{[0-9]+}}:
; CHECK: %[[AMORE:.*]] = icmp ult i32
; CHECK-NEXT: %[[ACOND:.*]] = freeze i1 %[[AMORE]]
; CHECK-NEXT: br i1 %[[ACOND]], label %loop.all.edge0
; The copy for full sub-groups: lanes 0-4 enter, a constant mask, a plain
; scalar loop around vector arithmetic.
; CHECK: %[[FMORE:.*]] = icmp ult i32
; CHECK-NEXT: %[[FCOND:.*]] = freeze i1 %[[FMORE]]
; CHECK-NEXT: br i1 %[[FCOND]], label %[[FAGAIN:loop.edge0.*]], label
; CHECK: {{^}}[[FAGAIN]]:
; CHECK: br label %loop{{[0-9]+$}}
; The copy for any sub-group: the loop goes round only while some lane is
; in it.
; CHECK: %[[MORE:.*]] = icmp ult i32
; CHECK-NEXT: %[[COND:.*]] = freeze i1 %[[MORE]]
; CHECK-NEXT: %[[BITS:.*]] = bitcast <8 x i1> %{{.*}} to i8
; CHECK-NEXT: %[[RUNS:.*]] = icmp ne i8 %[[BITS]], 0
; CHECK-NEXT: %[[BACK:.*]] = and i1 %[[RUNS]], %[[COND]]
; CHECK-NEXT: br i1 %[[BACK]], label %[[AGAIN:loop.edge0.*]], label
; CHECK: {{^}}[[AGAIN]]:
; CHECK: br label %loop{{[0-9]+$}}
; CHECK-NOT: loop.end

define void @k(ptr %args) #0 {
entry:
  %n = load i32, ptr %args
  %lane = call i32 @__sublane_sg_local_id()
  %in = icmp ult i32 %lane, 5
  br i1 %in, label %body, label %done
body:
  br label %loop
loop:
  %k = phi i32 [ 0, %body ], [ %k.next, %loop ]
  %acc = phi i32 [ 0, %body ], [ %acc.next, %loop ]
  %pa = getelementptr i32, ptr %args, i32 %k
  %a = load i32, ptr %pa
  %t = mul i32 %a, %lane
  %acc.next = add i32 %acc, %t
  %k.next = add i32 %k, 1
  %more = icmp ult i32 %k.next, %n
  br i1 %more, label %loop, label %exit
exit:
  %po = getelementptr i32, ptr %args, i32 %lane
  store i32 %acc.next, ptr %po
  br label %done
done:
  ret void
}

declare i32 @__sublane_sg_local_id() nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
