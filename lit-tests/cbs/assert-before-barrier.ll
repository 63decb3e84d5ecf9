; A branch into a failed assertion (a noreturn call, then unreachable) is not
; divergent control flow: the items that take it never reach a barrier. The
; kernel is lowered and the assertion stays in the work-group function.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s 2>&1 | FileCheck %s

; CHECK-NOT: error:
; CHECK-LABEL: define internal void @k.wg(
; CHECK: call void @__assert_fail(
; CHECK-NEXT: unreachable

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %ok = icmp ult i64 %lid, 64
  br i1 %ok, label %go, label %fail
fail:
  call void @__assert_fail(ptr null, ptr null, i32 13, ptr null)
  unreachable
go:
  %p = getelementptr i32, ptr %args, i64 %lid
  store i32 1, ptr %p
  call void @__sublane_wg_barrier()
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind
declare void @__assert_fail(ptr, ptr, i32, ptr) noreturn nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
