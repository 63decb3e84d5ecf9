; A rotated loop (as LLVM's loop rotation leaves it) has its first test in a
; guard in front of the loop: the guard belongs to the loop's trip count, so
; the kernel gets the loop's warning, not the error for a divergent branch.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s 2>&1 | FileCheck %s

; CHECK: warning: {{.*}}kernel 'k': cannot prove that every work-item of the work-group runs this loop equally often
; CHECK-NOT: error:
; CHECK-LABEL: define internal void @k.wg(

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %guard = icmp ult i64 %lid, 256
  br i1 %guard, label %body, label %done
body:
  %g = phi i64 [ %lid, %entry ], [ %next, %body ]
  %p = getelementptr i32, ptr %args, i64 %g
  store i32 1, ptr %p
  call void @__sublane_wg_barrier()
  %next = add i64 %g, 64
  %more = icmp ult i64 %next, 256
  br i1 %more, label %body, label %done
done:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
