; A kernel entry takes one pointer (to its arguments) and returns void.
; RUN: not %opt -passes=sublane-prepare -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'returns_int': a kernel entry must have type 'void (ptr)' (a pointer to its arguments)

define i32 @returns_int(ptr %args) #0 {
  ret i32 0
}

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
