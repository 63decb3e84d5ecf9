; An indirect call may reach a barrier when some address-taken function does:
; the kernel cannot be lowered, and the message names the suspect.
; RUN: not %opt -passes=sublane-prepare -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'k': indirect call may reach '__sublane_wg_barrier' (through 'syncs'); barriers, collectives and id queries must be reached through direct calls

@table = global [1 x ptr] [ptr @syncs]

define void @k(ptr %args) #0 {
  %f = load ptr, ptr @table
  call void %f()
  ret void
}

define void @syncs() {
  call void @__sublane_wg_barrier()
  ret void
}

declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
