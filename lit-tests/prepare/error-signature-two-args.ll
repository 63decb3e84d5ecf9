; Kernel arguments travel behind the single closure pointer.
; RUN: not %opt -passes=sublane-prepare -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'two_args': a kernel entry must have type 'void (ptr)'

define void @two_args(ptr %a, ptr %b) #0 {
  ret void
}

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
