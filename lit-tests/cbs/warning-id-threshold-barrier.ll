; A barrier that the work-items below an id threshold reach: ids 0 and 1 take
; the branch alike, and groups of up to four items all take it, so without
; the group's size the divergence is not certain. The kernel is compiled,
; with a warning that names the branch and the barrier.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s 2>&1 | FileCheck %s

; CHECK: warning: {{.*}}kernel 'k': cannot prove that every work-item of the work-group takes this branch the same way: its condition depends on the work-item id, and it leads to a work-group barrier. It is compiled on SYCL's rule that all work-items of a work-group reach the same barriers and collectives
; CHECK-LABEL: define internal void @k.wg(

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %small = icmp ult i64 %lid, 4
  br i1 %small, label %then, label %join
then:
  call void @__sublane_wg_barrier()
  br label %join
join:
  %p = getelementptr i32, ptr %args, i64 %lid
  store i32 1, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
