; A freeze of id arithmetic (InstCombine moves the vectorizer's frozen branch
; conditions onto it) would keep the ids per work-item across the barrier,
; since no copy of a freeze may stand for it. Its arithmetic reads only
; builtins, so the same arithmetic without no-wrap flags, never poison,
; replaces it and is recomputed after the barrier: no scratch slot.
; Where the frozen arithmetic reads a value that may be poison (a load),
; the freeze stays, and so does the slot.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK-LABEL: define internal void @builtins_only.wg(
; CHECK-NOT: .items
; CHECK-NOT: freeze
; CHECK: sublane.r1.item0:
; CHECK: %[[GID:.*]] = add i64 %global.id.base0, %r1.lid0
; CHECK: mul i64 %[[GID]], %
; CHECK-NOT: freeze
; CHECK: ret void
define void @builtins_only(ptr %args) #0 {
  %gid = call i64 @__sublane_global_id(i32 0)
  %range = call i64 @__sublane_local_range(i32 0)
  %t = mul nuw nsw i64 %gid, %range
  %f = freeze i64 %t
  call void @__sublane_wg_barrier()
  %gid2 = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr i64, ptr %args, i64 %gid2
  store i64 %f, ptr %p
  ret void
}

; CHECK-LABEL: define internal void @loaded_factor.wg(
; CHECK: %f.items = getelementptr i8, ptr %scratch
; CHECK: freeze i64
; CHECK: %f.reload = load i64
define void @loaded_factor(ptr %args) #0 {
  %n = load i64, ptr %args
  %gid = call i64 @__sublane_global_id(i32 0)
  %t = mul nuw nsw i64 %gid, %n
  %f = freeze i64 %t
  call void @__sublane_wg_barrier()
  %gid2 = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr i64, ptr %args, i64 %gid2
  store i64 %f, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare i64 @__sublane_local_range(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
