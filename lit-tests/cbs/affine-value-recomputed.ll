; A value affine in the id (here a freeze of 3 * gid + n, which cannot be
; recomputed by copying: each freeze may pick its own value) is not kept per
; work-item: its uniform base is stored once and the value is recomputed
; from the id.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: %a.slot = getelementptr i8, ptr %scratch, i64 0
; CHECK: %a.r0 = freeze i64
; CHECK-NEXT: %[[NEG:.*]] = mul i64 %r0.lid0, -3
; CHECK-NEXT: %[[BASE:.*]] = add i64 %a.r0, %[[NEG]]
; CHECK-NEXT: store i64 %[[BASE]], ptr %a.slot
; CHECK: sublane.r1.item0:
; CHECK: %a.reload = load i64, ptr %a.slot
; CHECK-NEXT: %[[STEP:.*]] = mul i64 %r1.lid0, 3
; CHECK-NEXT: %[[A:.*]] = add i64 %a.reload, %[[STEP]]
; CHECK: store i64 %[[A]]

define void @k(ptr %args) #0 {
  %n = load i64, ptr %args
  %gid = call i64 @__sublane_global_id(i32 0)
  %t = mul i64 %gid, 3
  %s = add i64 %t, %n
  %a = freeze i64 %s
  call void @__sublane_wg_barrier()
  %gid2 = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr i64, ptr %args, i64 %gid2
  store i64 %a, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
