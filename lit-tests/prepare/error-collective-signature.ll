; A collective called with the wrong type (a 64-bit lane index) is refused
; with both types named.
; RUN: not %opt -passes=sublane-prepare -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'k': calls builtin '__sublane_sg_broadcast_i32' as 'i32 (i32, i64)'; the IR contract gives it type 'i32 (i32, i32)'

define void @k(ptr %args) #0 {
  %r = call i32 @__sublane_sg_broadcast_i32(i32 1, i64 0)
  store i32 %r, ptr %args
  ret void
}

declare i32 @__sublane_sg_broadcast_i32(i32, i64)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
