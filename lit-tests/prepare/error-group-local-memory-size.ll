; Group local memory of a size known only at run time cannot be laid out:
; an error naming the kernel, not a crash in a later pass.
; RUN: not %opt -passes=sublane-prepare -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'k': group local memory needs a size known at compile time, at most 1048576 bytes, and an alignment that is a power of two up to 4096

define void @k(ptr %args) #0 {
  %n = load i64, ptr %args
  %block = call ptr @__sublane_group_local_alloc(i64 %n, i64 4)
  store i32 1, ptr %block
  ret void
}

declare ptr @__sublane_group_local_alloc(i64, i64) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
