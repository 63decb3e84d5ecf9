; `or disjoint` is an addition whose operands share no bit: InstCombine
; writes a row's address `(i << 11) + j` with j below 2048 this way (a 2D
; kernel over a constant width). Its stride is the sum of its operands'; a
; plain `or` of an id is varying.
; RUN: %opt -passes='print<sublane-shape>' -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: sublane shapes for 'k' (1D):
; CHECK: %row: uniform
; CHECK-NEXT: %at: affine(1)
; CHECK-NEXT: %p: affine(4)
; CHECK-NEXT: %plain: varying
define void @k(ptr %in, i64 %i) #0 {
entry:
  %j = call i64 @__sublane_local_linear_id()
  %row = shl i64 %i, 11
  %at = or disjoint i64 %row, %j
  %p = getelementptr float, ptr %in, i64 %at
  store float 0.0, ptr %p
  %plain = or i64 %row, %j
  %q = getelementptr float, ptr %in, i64 %plain
  store float 1.0, ptr %q
  ret void
}

declare i64 @__sublane_local_linear_id() nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
