; An unknown lowering variant is an error, whether from the option or the
; kernel.
; RUN: not %opt -passes=sublane-prepare -sublane-variant=simd -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'k': unknown lowering variant; use cbs, hcbs or wfv

define void @k(ptr %args) #0 {
  ret void
}

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
