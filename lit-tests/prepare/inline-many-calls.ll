; A callee the kernel calls many times (an accessor's subscript, once per
; access), directly and from other callees, is inlined at every call: only
; recursion is bounded, along each chain of calls inlined into one another.
; RUN: %opt -passes=sublane-prepare -S %s | FileCheck %s

; CHECK-LABEL: define void @k(
; CHECK-NOT: call i64 @
; CHECK: ret void
define void @k(ptr %args) #0 {
  %range = load ptr, ptr %args
  %outp = getelementptr ptr, ptr %args, i64 1
  %out = load ptr, ptr %outp
  %e0 = call i64 @extent(ptr %range, i32 0)
  %e1 = call i64 @extent(ptr %range, i32 1)
  %e2 = call i64 @extent(ptr %range, i32 2)
  %e3 = call i64 @extent(ptr %range, i32 0)
  %e4 = call i64 @extent(ptr %range, i32 1)
  %e5 = call i64 @extent(ptr %range, i32 2)
  %e6 = call i64 @extent(ptr %range, i32 0)
  %e7 = call i64 @extent(ptr %range, i32 1)
  %e8 = call i64 @plane(ptr %range)
  %s0 = add i64 %e0, %e1
  %s1 = add i64 %s0, %e2
  %s2 = add i64 %s1, %e3
  %s3 = add i64 %s2, %e4
  %s4 = add i64 %s3, %e5
  %s5 = add i64 %s4, %e6
  %s6 = add i64 %s5, %e7
  %s7 = add i64 %s6, %e8
  store i64 %s7, ptr %out
  ret void
}

define i64 @plane(ptr %range) {
  %a = call i64 @extent(ptr %range, i32 1)
  %b = call i64 @extent(ptr %range, i32 2)
  %p = mul i64 %a, %b
  ret i64 %p
}

define i64 @extent(ptr %range, i32 %d) {
  %i = sext i32 %d to i64
  %p = getelementptr [3 x i64], ptr %range, i64 0, i64 %i
  %v = load i64, ptr %p
  ret i64 %v
}

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
