; A kernel that comes without a descriptor must say its dimensions.
; RUN: not %opt -passes=sublane-prepare -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'no_dims': a kernel needs a descriptor or a 'sublane-dims' attribute

define void @no_dims(ptr %args) #0 {
  ret void
}

attributes #0 = { "sublane-kernel" }
