; When no address-taken function reaches a builtin, indirect calls are fine.
; RUN: %opt -passes=sublane-prepare -S %s | FileCheck %s

@table = global [1 x ptr] [ptr @plain]

; CHECK-LABEL: define void @k(
; CHECK: call void %f()
define void @k(ptr %args) #0 {
  %f = load ptr, ptr @table
  call void %f()
  ret void
}

define void @plain() {
  ret void
}

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
