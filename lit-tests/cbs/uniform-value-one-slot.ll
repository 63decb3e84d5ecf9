; A uniform value defined before a barrier and used after it is kept once
; per work-group, not per work-item.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK: @k.sublane.desc = {{.*}} i32 1, i32 1, i32 0, i64 0, i64 64,
; CHECK-LABEL: define internal void @k.wg(
; CHECK: %u.slot = getelementptr i8, ptr %scratch, i64 0
; CHECK: %u.r0 = load float, ptr %data
; CHECK-NEXT: store float %u.r0, ptr %u.slot
; CHECK: sublane.r1.item0:
; CHECK: %u.reload = load float, ptr %u.slot
; CHECK-NOT: getelementptr float, ptr %u.slot

define void @k(ptr %args) #0 {
  %data = load ptr, ptr %args
  %u = load float, ptr %data
  call void @__sublane_wg_barrier()
  %gid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %gid
  store float %u, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
