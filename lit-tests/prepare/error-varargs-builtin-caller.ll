; A variadic function that starts its argument list and reaches a barrier
; cannot be inlined into the kernel: a clear error, not invalid IR.
; RUN: not %opt -passes=sublane-prepare -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'k': cannot inline 'sync_and_log', which reaches '__sublane_wg_barrier': contains VarArgs initialized with va_start

define void @k(ptr %args) #0 {
  call void (ptr, ...) @sync_and_log(ptr %args, i32 1)
  ret void
}

define void @sync_and_log(ptr %format, ...) {
  %list = alloca ptr
  call void @llvm.va_start.p0(ptr %list)
  call void @__sublane_wg_barrier()
  call void @llvm.va_end.p0(ptr %list)
  ret void
}

declare void @__sublane_wg_barrier() convergent nounwind
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
