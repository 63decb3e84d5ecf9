; Shapes within a sub-group that is full and lies within one row of a 2D
; work-group, the assumption of the vectorizer's copy for whole rows: local
; and global ids of the first dimension are uniform, those of the last
; dimension contiguous, and a branch on the first dimension's id does not
; diverge. An id whose dimension is not a constant stays varying.
; RUN: %opt -passes='print<sublane-sg-row-shape>' -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: sublane row sub-group shapes for 'k' (2D):
; CHECK: block %entry
; CHECK-NEXT: %y: uniform
; CHECK-NEXT: %x: affine(1)
; CHECK-NEXT: %gy: uniform
; CHECK-NEXT: %gx: affine(1)
; CHECK-NEXT: %size: uniform
; CHECK-NEXT: %d: varying
; CHECK-NEXT: %row: uniform
; CHECK-NEXT: %idx: affine(1)
; CHECK-NEXT: %addr: affine(4)
; CHECK-NEXT: %top: uniform
; CHECK: block %first_row{{$}}
define void @k(ptr %args, i32 %dim) #0 {
entry:
  %y = call i64 @__sublane_local_id(i32 0)
  %x = call i64 @__sublane_local_id(i32 1)
  %gy = call i64 @__sublane_global_id(i32 0)
  %gx = call i64 @__sublane_global_id(i32 1)
  %size = call i32 @__sublane_sg_size()
  %d = call i64 @__sublane_local_id(i32 %dim)
  %row = mul i64 %gy, 1024
  %idx = add i64 %row, %gx
  %addr = getelementptr float, ptr %args, i64 %idx
  %top = icmp eq i64 %y, 0
  br i1 %top, label %first_row, label %done
first_row:
  store float 0.0, ptr %addr
  br label %done
done:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare i32 @__sublane_sg_size() nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
