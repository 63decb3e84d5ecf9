; A variadic callee that starts its argument list (printf-like wrappers)
; cannot be inlined: it stays a call, and the kernel stays valid.
; RUN: %opt -passes=sublane-prepare,verify -S %s | FileCheck %s

; CHECK-LABEL: define void @k(
; CHECK: call i32 (ptr, ...) @log_values(ptr %args, i32 1, double 2.500000e+00)
; CHECK: ret void
define void @k(ptr %args) #0 {
  %r = call i32 (ptr, ...) @log_values(ptr %args, i32 1, double 2.5)
  ret void
}

define i32 @log_values(ptr %format, ...) {
  %list = alloca ptr
  call void @llvm.va_start.p0(ptr %list)
  %r = call i32 @vprintf(ptr %format, ptr %list)
  call void @llvm.va_end.p0(ptr %list)
  ret i32 %r
}

declare i32 @vprintf(ptr, ptr)
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
