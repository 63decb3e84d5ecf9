; Loads of kernel arguments from the (read-only) closure and arithmetic on
; them are the same for every work-item and work-group: they move to the
; entry, run once per call of K.wg (which runs several work-groups), and need
; no scratch across the barrier. Division stays where it was, since hoisting
; it could trap.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK: @k.sublane.desc = {{.*}} i32 0, i64 0, i64 0,
; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.groups:
; CHECK: %out = load ptr, ptr %closure
; CHECK: %n.addr = getelementptr i8, ptr %closure, i64 8
; CHECK-NEXT: %n = load i64, ptr %n.addr
; CHECK-NEXT: %twice = shl i64 %n, 1
; CHECK: sublane.setup:
; CHECK: sublane.r1.item0:
; CHECK: %ratio.r1 = udiv i64 %global.id0, %twice
; CHECK: getelementptr i64, ptr %out, i64 %global.id0

define void @k(ptr %args) #0 {
  %out = load ptr, ptr %args
  %n.addr = getelementptr i8, ptr %args, i64 8
  %n = load i64, ptr %n.addr
  %twice = shl i64 %n, 1
  call void @__sublane_wg_barrier()
  %gid = call i64 @__sublane_global_id(i32 0)
  %ratio = udiv i64 %gid, %twice
  %p = getelementptr i64, ptr %out, i64 %gid
  store i64 %ratio, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
