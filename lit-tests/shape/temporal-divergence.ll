; A counter of a loop whose exit depends on the id is uniform inside the loop
; but differs between work-items after it.
; RUN: %opt -passes='print<sublane-shape>' -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: sublane shapes for 'k' (1D):
; CHECK: block %loop: divergent (branch in %loop)
; CHECK-NEXT: %i: varying
; CHECK: block %after
; CHECK-NEXT: %use: varying
define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %next = add i64 %i, 1
  %done = icmp uge i64 %next, %lid
  br i1 %done, label %after, label %loop
after:
  %use = add i64 %i, 5
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
