; One barrier makes two regions, each a loop over the work-items, run one
; after the other. A varying value used after the barrier is kept per
; work-item in a 64-byte aligned scratch array: stored in region 0, loaded in
; region 1. The descriptor records the array; the address, computed from
; the id alone, is recomputed in region 1 and takes no scratch.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK: @k.sublane.desc = global %sublane.kernel_desc { i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 1, i32 1, i32 1, i64 4, i64 0,

; CHECK-LABEL: define internal void @k.wg(
; CHECK: %v.items = getelementptr i8, ptr %scratch, i64 0
; CHECK: switch i32 %region, label %sublane.done [
; CHECK-NEXT: i32 0, label %sublane.r0.pre
; CHECK-NEXT: i32 1, label %sublane.r1.pre
; CHECK-NEXT: ]
; Region 0 loads v and keeps it for item lid0, then asks for region 1.
; CHECK: %v.r0 = load float
; CHECK-NEXT: %[[SLOT0:.*]] = getelementptr float, ptr %v.items, i64 %r0.lid0
; CHECK-NEXT: store float %v.r0, ptr %[[SLOT0]]
; CHECK: %r0.item.exit = phi i32 [ 1,
; Region 1 reloads v for its own item and finishes.
; CHECK: sublane.r1.item0:
; CHECK: %[[SLOT1:.*]] = getelementptr float, ptr %v.items, i64 %r1.lid0
; CHECK-NEXT: %v.reload = load float, ptr %[[SLOT1]]
; CHECK: fadd float %v.reload, 1.0
; CHECK: %r1.item.exit = phi i32 [ 2,
; CHECK-NOT: __sublane_wg_barrier

define void @k(ptr %args) #0 {
  %gid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %gid
  %v = load float, ptr %p
  call void @__sublane_wg_barrier()
  %w = fadd float %v, 1.0
  store float %w, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
