; Kernels have 1, 2 or 3 dimensions.
; RUN: not %opt -passes=sublane-prepare -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'four_dims': kernels have 1, 2 or 3 dimensions, not 4

define void @four_dims(ptr %args) #0 {
  ret void
}

attributes #0 = { "sublane-kernel" "sublane-dims"="4" }
