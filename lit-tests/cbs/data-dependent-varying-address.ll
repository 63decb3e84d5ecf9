; A branch on data loaded from a per-item address is not provably divergent
; either: every item may read the same value. The kernel compiles (a run-time
; check or the fiber engine can tell).
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: i32 1, label %sublane.r1.pre

define void @k(ptr %args) #0 {
entry:
  %gid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr i32, ptr %args, i64 %gid
  %flag = load i32, ptr %p
  %set = icmp ne i32 %flag, 0
  br i1 %set, label %then, label %join
then:
  call void @__sublane_wg_barrier()
  br label %join
join:
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
