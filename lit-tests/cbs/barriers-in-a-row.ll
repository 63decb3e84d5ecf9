; Two barriers back to back make three regions; the middle one is an empty
; work-item loop that only moves the state machine on to region 2.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: switch i32 %region, label %sublane.done [
; CHECK-NEXT: i32 0, label %sublane.r0.pre
; CHECK-NEXT: i32 1, label %sublane.r1.pre
; CHECK-NEXT: i32 2, label %sublane.r2.pre
; CHECK-NEXT: ]
; CHECK: %r0.item.exit = phi i32 [ 1,
; CHECK: sublane.after.sync.r1:
; CHECK-NEXT: br label %sublane.r1.next0
; CHECK: %r1.item.exit = phi i32 [ 2,
; CHECK: %r2.item.exit = phi i32 [ 3,

define void @k(ptr %args) #0 {
  %gid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr i64, ptr %args, i64 %gid
  store i64 %gid, ptr %p
  call void @__sublane_wg_barrier()
  call void @__sublane_wg_barrier()
  %gid2 = call i64 @__sublane_global_id(i32 0)
  %q = getelementptr i64, ptr %args, i64 %gid2
  store i64 0, ptr %q
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
