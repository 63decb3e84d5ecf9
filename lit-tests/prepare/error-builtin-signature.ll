; A builtin called with the wrong type is malformed kernel IR: an error
; naming the builtin and both types, not a crash in a later pass.
; RUN: not %opt -passes=sublane-prepare -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'k': calls builtin '__sublane_local_id' as 'i32 ()'; the IR contract gives it type 'i64 (i32)'

define void @k(ptr %args) #0 {
  %id = call i32 @__sublane_local_id()
  store i32 %id, ptr %args
  ret void
}

declare i32 @__sublane_local_id()

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
