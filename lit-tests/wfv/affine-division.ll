; A value affine in the lane divided by a uniform one (a linear index split
; into a row and a column) takes one scalar division per sub-group: the
; lanes' quotients and remainders follow from the sub-group's by a compare
; and a select where the divisor is above the lanes' span, in single
; precision, behind a uniform branch, where it is not. A sub-group whose values could wrap, or a
; signed division of negative values, divides lane by lane behind a uniform
; branch.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -sublane-affine-divisions=false -S %s | FileCheck %s --check-prefix=OFF

; CHECK-LABEL: define internal void @split.sg(
; CHECK: %sg.quotient = udiv i64
; CHECK: %sg.remainder = urem i64
; CHECK: br i1 %{{.*}}, label %[[SMALL:[^,]*]], label
; CHECK: [[SMALL]]:
; CHECK-NEXT: trunc {{.*}}<8 x i64>
; CHECK: fptoui <8 x float>
; CHECK: udiv <8 x i64>
; CHECK: ret void

; OFF-LABEL: define internal void @split.sg(
; OFF-NOT: sg.quotient
; OFF: udiv <8 x i64>

define void @split(ptr %args) #0 {
  %w = load i64, ptr %args
  %q = getelementptr i8, ptr %args, i64 8
  %out = load ptr, ptr %q
  %i = call i64 @__sublane_global_id(i32 0)
  %row = udiv i64 %i, %w
  %col = urem i64 %i, %w
  %sum = add i64 %row, %col
  %p = getelementptr i64, ptr %out, i64 %i
  store i64 %sum, ptr %p
  ret void
}

; A constant divisor above the span needs no single precision.
; CHECK-LABEL: define internal void @by.constant.sg(
; CHECK: %sg.quotient = udiv i32 %{{.*}}, 100
; CHECK-NOT: fptoui
; CHECK: ret void

define void @by.constant(ptr %args) #0 {
  %i = call i64 @__sublane_global_id(i32 0)
  %t = trunc i64 %i to i32
  %row = udiv i32 %t, 100
  %p = getelementptr i32, ptr %args, i64 %i
  store i32 %row, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx,+avx2,+fma" }
