; Calls that can reach a builtin are inlined into the kernel, transitively;
; calls that cannot stay calls.
; RUN: %opt -passes=sublane-prepare -S %s | FileCheck %s

; CHECK-LABEL: define void @k(
; CHECK-NOT: call void @outer
; CHECK-NOT: call void @inner
; CHECK: call i64 @__sublane_local_id(i32 0)
; CHECK: call void @__sublane_wg_barrier()
; CHECK: call void @no_builtins(
; CHECK: ret void
define void @k(ptr %args) #0 {
  call void @outer(ptr %args)
  call void @no_builtins(ptr %args)
  ret void
}

define void @outer(ptr %p) {
  call void @inner(ptr %p)
  call void @__sublane_wg_barrier()
  ret void
}

define void @inner(ptr %p) {
  %id = call i64 @__sublane_local_id(i32 0)
  store i64 %id, ptr %p
  ret void
}

define void @no_builtins(ptr %p) noinline {
  store i64 0, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
