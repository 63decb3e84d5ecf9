; Only the sub-group sizes the device lists are accepted.
; RUN: not %opt -passes=sublane-prepare -disable-output %s 2>&1 | FileCheck %s
; RUN: not %opt -passes=sublane-prepare -sublane-sg-size=12 -disable-output %s 2>&1 | FileCheck %s --check-prefix=OPTION

; CHECK: error: {{.*}}kernel 'k': sub-group size 3 is not supported; use 1, 4, 8, 16, 32 or 64
; OPTION: error: {{.*}}kernel 'k': sub-group size 3 is not supported

define void @k(ptr %args) #0 {
  ret void
}

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "sublane-sg-size"="3" }
