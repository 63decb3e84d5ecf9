; In 2D kernels the per-dimension ids are not affine in the linear local id;
; the linear id itself is.
; RUN: %opt -passes='print<sublane-shape>' -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: sublane shapes for 'k' (2D):
; CHECK: %lid0: varying
; CHECK: %lid1: varying
; CHECK: %lin: affine(1)
; CHECK: %range: uniform
define void @k(ptr %args) #0 {
  %lid0 = call i64 @__sublane_local_id(i32 0)
  %lid1 = call i64 @__sublane_local_id(i32 1)
  %lin = call i64 @__sublane_local_linear_id()
  %range = call i64 @__sublane_local_range(i32 1)
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i64 @__sublane_local_linear_id() nounwind memory(none)
declare i64 @__sublane_local_range(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
