; A loop with two entries cannot be linearized: the kernel runs under
; hierarchical CBS, and the remark names the reason.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -pass-remarks-missed=sublane-wfv -disable-output %s 2>&1 | FileCheck %s

; CHECK: remark: {{.*}}kernel 'k' not vectorized: its control flow is irreducible (a loop with several entries); it runs under hierarchical CBS at sub-group size 8

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %odd = trunc i64 %lid to i1
  br i1 %odd, label %a, label %b
a:
  %i = phi i64 [ 0, %entry ], [ %j1, %b ]
  %i1 = add i64 %i, 1
  %c = icmp ult i64 %i1, 10
  br i1 %c, label %b, label %done
b:
  %j = phi i64 [ 5, %entry ], [ %i1, %a ]
  %j1 = add i64 %j, 2
  %d = icmp ult i64 %j1, 10
  br i1 %d, label %a, label %done
done:
  %r = phi i64 [ %i1, %a ], [ %j1, %b ]
  %p = getelementptr i64, ptr %args, i64 %lid
  store i64 %r, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
