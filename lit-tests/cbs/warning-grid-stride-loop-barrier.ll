; A grid-stride loop around a barrier: its bound depends on the id, but every
; work-item may run it equally often (it does when the stride covers the
; group). That cannot be proven without the group's size, so the kernel is
; compiled, with a warning that names the loop.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s 2>&1 | FileCheck %s

; CHECK: warning: {{.*}}kernel 'k': cannot prove that every work-item of the work-group runs this loop equally often: its bound depends on the work-item id, and it holds a work-group barrier. It is compiled on SYCL's rule that all work-items of a work-group reach the same barriers and collectives, and work-items that return drop out of later barriers as on a GPU; SUBLANE_ENGINE=fibers and -sublane-check-sync-points check that rule at run time
; CHECK-LABEL: define internal void @k.wg(

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %wg = call i64 @__sublane_local_range(i32 0)
  br label %head
head:
  %g = phi i64 [ %lid, %entry ], [ %next, %body ]
  %more = icmp ult i64 %g, 256
  br i1 %more, label %body, label %done
body:
  %p = getelementptr i32, ptr %args, i64 %g
  store i32 1, ptr %p
  call void @__sublane_wg_barrier()
  %next = add i64 %g, %wg
  br label %head
done:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i64 @__sublane_local_range(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
