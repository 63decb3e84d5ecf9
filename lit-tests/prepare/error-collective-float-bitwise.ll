; Bitwise operations are for integers: a bitwise reduction of floats is not
; a builtin at all.
; RUN: not %opt -passes=sublane-prepare -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'k': calls '__sublane_sg_reduce_and_f32', which is not a sublane builtin

define void @k(ptr %args) #0 {
  %r = call float @__sublane_sg_reduce_and_f32(float 1.0)
  store float %r, ptr %args
  ret void
}

declare float @__sublane_sg_reduce_and_f32(float)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
