; A barrier under a branch on the row block of the id (lid / 128), as
; word2vec launches it with groups of 128: ids 0 and 1 take the branch
; alike, so the kernel is compiled with a warning, not refused.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s 2>&1 | FileCheck %s

; CHECK: warning: {{.*}}kernel 'k': cannot prove that every work-item of the work-group takes this branch the same way
; CHECK-NOT: error:
; CHECK-LABEL: define internal void @k.wg(

define void @k(ptr %args) #0 {
entry:
  %rows = load i64, ptr %args
  %lid = call i64 @__sublane_local_id(i32 0)
  %row = lshr i64 %lid, 7
  %in = icmp ult i64 %row, %rows
  br i1 %in, label %then, label %join
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
