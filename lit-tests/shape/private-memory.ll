; Private variables, atomics and calls with side effects are per work-item.
; RUN: %opt -passes='print<sublane-shape>' -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: sublane shapes for 'k' (1D):
; CHECK: %priv: varying
; CHECK: %fromPriv: varying
; CHECK: %old: varying
; CHECK: %r: varying
; CHECK: %pure: uniform
define void @k(ptr %args) #0 {
  %priv = alloca i32
  %fromPriv = load i32, ptr %priv
  %old = atomicrmw add ptr %args, i32 1 seq_cst
  %r = call i32 @rand()
  %pure = call float @llvm.sqrt.f32(float 2.0)
  ret void
}

declare i32 @rand()
declare float @llvm.sqrt.f32(float)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
