; A barrier in a loop that runs lid times: ids 0 and 1 already run it a
; different number of times, so the divergence is certain: an error.
; RUN: not %opt -passes=sublane-prepare,sublane-wg-cbs -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'k': work-group barrier in divergent control flow: the branch depends on the work-item id

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %more = icmp ult i64 %i, %lid
  br i1 %more, label %body, label %done
body:
  call void @__sublane_wg_barrier()
  %next = add i64 %i, 1
  br label %head
done:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
