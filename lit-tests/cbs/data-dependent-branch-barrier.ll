; A branch on loaded data is not provably divergent: SYCL makes the kernel
; responsible for reaching barriers uniformly, so this compiles.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: i32 1, label %sublane.r1.pre

define void @k(ptr %args) #0 {
entry:
  %flag = load i32, ptr %args
  %set = icmp ne i32 %flag, 0
  br i1 %set, label %then, label %join
then:
  call void @__sublane_wg_barrier()
  br label %join
join:
  ret void
}

declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
