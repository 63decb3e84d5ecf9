; Run alone on a kernel that prepare has not seen, the lowering names the
; missing step instead of guessing.
; RUN: not %opt -passes=sublane-wg-cbs -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'k': has no descriptor; run sublane-prepare first

define void @k(ptr %args) #0 {
  ret void
}

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
