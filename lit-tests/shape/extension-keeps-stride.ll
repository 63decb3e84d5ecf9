; Extending an affine value keeps its stride only where no work-item's value
; can wrap in the narrow type: the id itself (also truncated to more than
; 16 bits: local ids stay below 2^16), a non-negative zext, or arithmetic
; marked nuw (zext) or nsw (sext). Otherwise it is varying.
; RUN: %opt -passes='print<sublane-shape>' -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: sublane shapes for 'k' (1D):
; CHECK: %id32: affine(1)
; CHECK-NEXT: %direct: affine(1)
; CHECK-NEXT: %plus: affine(1)
; CHECK-NEXT: %wide_nsw: affine(1)
; CHECK-NEXT: %plus_wrap: affine(1)
; CHECK-NEXT: %wide_wrap: varying
; CHECK-NEXT: %wide_nneg: affine(1)
define void @k(ptr %args, i32 %n) #0 {
entry:
  %id = call i64 @__sublane_local_linear_id()
  %id32 = trunc i64 %id to i32
  %direct = zext i32 %id32 to i64
  %plus = add nsw i32 %id32, 7
  %wide_nsw = sext i32 %plus to i64
  %plus_wrap = add i32 %id32, 7
  %wide_wrap = zext i32 %plus_wrap to i64
  %wide_nneg = zext nneg i32 %plus_wrap to i64
  %a = add i64 %direct, %wide_nsw
  %b = add i64 %wide_wrap, %wide_nneg
  %c = add i64 %a, %b
  store i64 %c, ptr %args
  ret void
}

declare i64 @__sublane_local_linear_id() nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
