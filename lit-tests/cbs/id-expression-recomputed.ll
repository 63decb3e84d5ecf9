; A value computed from the id and uniform values alone (3 * gid + n) is
; recomputed after the barrier from the next region's own id: no scratch
; slot, no store before the barrier, no reload after it.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK-NOT: .slot
; CHECK-NOT: .items
; CHECK: sublane.r0.item0:
; CHECK-NOT: store
; CHECK: sublane.r1.item0:
; CHECK: %[[GID:.*]] = add i64 %global.id.base0, %r1.lid0
; CHECK-NEXT: %[[T:.*]] = mul i64 %[[GID]], 3
; CHECK-NEXT: %[[A:.*]] = add i64 %[[T]], %n
; CHECK: store i64 %[[A]]
; CHECK-NOT: reload

define void @k(ptr %args) #0 {
  %n = load i64, ptr %args
  %gid = call i64 @__sublane_global_id(i32 0)
  %t = mul i64 %gid, 3
  %a = add i64 %t, %n
  call void @__sublane_wg_barrier()
  %gid2 = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr i64, ptr %args, i64 %gid2
  store i64 %a, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
