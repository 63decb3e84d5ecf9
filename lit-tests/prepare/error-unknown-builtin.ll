; A name in the builtin namespace that the contract does not define is most
; likely a typo: refuse it rather than leave an unresolved call.
; RUN: not %opt -passes=sublane-prepare -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'k': calls '__sublane_global_idx', which is not a sublane builtin (docs/ir-contract.md lists them)

define void @k(ptr %args) #0 {
  %id = call i64 @__sublane_global_idx(i32 0)
  store i64 %id, ptr %args
  ret void
}

declare i64 @__sublane_global_idx(i32)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
