; A loop whose trip count is the same in every lane, in a kernel whose later
; branch differs between lanes (so its control flow is linearized), but not
; itself under such a branch: every lane of the sub-group runs it, and a
; sub-group has at least one lane, so the copy for any sub-group keeps it a
; plain scalar loop with a plain load of its bound, without asking whether
; any lane runs it. Its values stay the same across the work-group, which
; work-group CBS then keeps once rather than per work-item (a tree
; reduction whose barrier comes first in its loop).
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: br i1 %sg.full, label %wfv.body, label %[[GENERAL:wfv.body[0-9]+]]
; CHECK: {{^}}[[GENERAL]]:
; CHECK: %[[N:.*]] = load i32, ptr %args, align 4
; CHECK-NEXT: br label %[[LOOP:loop[0-9]+]]
; CHECK: {{^}}[[LOOP]]:
; CHECK-NOT: select
; CHECK-NOT: bitcast
; CHECK: %[[MORE:.*]] = icmp ult i32 %{{.*}}, %[[N]]
; CHECK-NEXT: %[[COND:.*]] = freeze i1 %[[MORE]]
; CHECK-NEXT: br i1 %[[COND]], label %loop.edge

define void @k(ptr %args) #0 {
entry:
  %n = load i32, ptr %args
  %lane = call i32 @__sublane_sg_local_id()
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %pa = getelementptr i32, ptr %args, i32 %k
  %a = load i32, ptr %pa
  %acc.next = add i32 %acc, %a
  %k.next = add i32 %k, 1
  %more = icmp ult i32 %k.next, %n
  br i1 %more, label %loop, label %exit
exit:
  %in = icmp ult i32 %lane, 5
  br i1 %in, label %store, label %done
store:
  %po = getelementptr i32, ptr %args, i32 %lane
  store i32 %acc.next, ptr %po
  br label %done
done:
  ret void
}

declare i32 @__sublane_sg_local_id() nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
