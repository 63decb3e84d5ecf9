; `if (lid == 0 && sum < min) skip; else barrier;`: ids 0 and 1 take the
; first branch differently, but the first item still reaches the barrier
; unless the data says otherwise, so the kernel is compiled with a warning
; (options pricing codes exit early like this), not refused.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s 2>&1 | FileCheck %s

; CHECK: warning: {{.*}}kernel 'k': cannot prove that every work-item of the work-group takes this branch the same way
; CHECK-NOT: error:
; CHECK-LABEL: define internal void @k.wg(

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %first = icmp eq i64 %lid, 0
  br i1 %first, label %check, label %sync
check:
  %sum = load i32, ptr %args
  %few = icmp slt i32 %sum, 16
  br i1 %few, label %skip, label %sync
sync:
  call void @__sublane_wg_barrier()
  br label %join
skip:
  br label %join
join:
  %p = getelementptr i32, ptr %args, i64 %lid
  store i32 1, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
