; Within a sub-group, a loop counter started at the lane's id and stepped by
; a value every lane shares stays affine inside the loop, though lanes leave
; it in different iterations (a triangular loop): so do the addresses made
; of it. A counter stepped by something else, or used after such a loop,
; is varying.
; RUN: %opt -passes='print<sublane-sg-shape>' -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: sublane sub-group shapes for 'triangle' (1D):
; CHECK: block %loop: divergent (branch in %loop)
; CHECK-NEXT: %j: affine(1)
; CHECK-NEXT: %addr: affine(4)
; CHECK-NEXT: %x: varying
; CHECK-NEXT: %next: affine(1)
define void @triangle(ptr %a, i64 %n, i64 %step) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  br label %loop
loop:
  %j = phi i64 [ %lid, %entry ], [ %next, %loop ]
  %addr = getelementptr float, ptr %a, i64 %j
  %x = load float, ptr %addr
  %next = add i64 %j, %step
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: sublane sub-group shapes for 'stepped_by_lane' (1D):
; CHECK: block %loop: divergent (branch in %loop)
; CHECK-NEXT: %j: varying
; CHECK-NEXT: %next: varying
define void @stepped_by_lane(ptr %a, i64 %n) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  br label %loop
loop:
  %j = phi i64 [ %lid, %entry ], [ %next, %loop ]
  %next = add i64 %j, %lid
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; The value a lane carries out is that of the iteration it left in.
; CHECK-LABEL: sublane sub-group shapes for 'used_after' (1D):
; CHECK: block %loop: divergent (branch in %loop)
; CHECK-NEXT: %j: affine(1)
; CHECK-NEXT: %next: varying
; CHECK: block %exit
; CHECK-NEXT: %out: varying
define i64 @used_after(ptr %a, i64 %n) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  br label %loop
loop:
  %j = phi i64 [ %lid, %entry ], [ %next, %loop ]
  %next = add i64 %j, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  %out = phi i64 [ %next, %loop ]
  ret i64 %out
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
