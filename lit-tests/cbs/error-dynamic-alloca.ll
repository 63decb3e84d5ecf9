; Variable-length arrays cannot be given per-work-item storage.
; RUN: not %opt -passes=sublane-prepare,sublane-wg-cbs -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'k': variable-length arrays and dynamic alloca are not supported in kernels

define void @k(ptr %args) #0 {
entry:
  %n = load i64, ptr %args
  br label %body
body:
  %vla = alloca i32, i64 %n
  store volatile i32 0, ptr %vla
  ret void
}

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
