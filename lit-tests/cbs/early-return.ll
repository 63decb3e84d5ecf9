; A work-group that returns before the barrier ends the state machine at
; once (state 2, past the last region); the others go on to region 1. The
; branch is the same for every item of a group: no item is left behind at a
; return, and none needs a flag (returned-items.ll).
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK-NOT: returned.items
; CHECK: switch i32 %region, label %sublane.done [
; CHECK: sublane.r0.next0:
; CHECK-NEXT: %r0.item.exit = phi i32 [ 1, %work.r0 ], [ 2, %common.ret.r0 ]
; CHECK: sublane.done:
; CHECK-NEXT: br label %sublane.next.group

define void @k(ptr %args) #0 {
entry:
  %grp = call i64 @__sublane_group_id(i32 0)
  %skip = icmp eq i64 %grp, 2
  br i1 %skip, label %out, label %work
out:
  ret void
work:
  call void @__sublane_wg_barrier()
  %gid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr i64, ptr %args, i64 %gid
  store i64 %gid, ptr %p
  ret void
}

declare i64 @__sublane_group_id(i32) nounwind memory(none)
declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
