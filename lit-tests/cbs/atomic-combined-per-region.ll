; A kernel with a barrier: work-items' relaxed additions to one address
; before the barrier become one atomic when the region's loop ends, before
; the next region, where every work-item may read the total.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.after.region:
; CHECK-DAG: %[[ANY:.*]] = phi i1 [ false, %sublane.r1.exit ], [ true, %sublane.r0.exit ]
; CHECK-DAG: %[[ACC:.*]] = phi i32 [ 0, %sublane.r1.exit ], [ %[[NEXT:.*]], %sublane.r0.exit ]
; CHECK: br i1 %[[ANY]], label %sublane.atomic.flush, label
; CHECK: sublane.atomic.flush:
; CHECK-NEXT: atomicrmw add ptr %count, i32 %[[ACC]] monotonic
; CHECK: sublane.r0.item0:
; CHECK-NEXT: %[[OLD:.*]] = phi i32 [ 0, %sublane.r0.pre ], [ %[[NEXT]], %sublane.r0.next0 ]
; CHECK-NOT: atomicrmw
; CHECK: %[[NEXT]] = add i32 %[[OLD]], 1
; CHECK: sublane.r1.item0:
; CHECK: load i32, ptr %count
; CHECK-NOT: atomicrmw
; CHECK: ret void

define void @k(ptr %args) #0 {
  %count = load ptr, ptr %args
  %q = getelementptr i8, ptr %args, i64 8
  %out = load ptr, ptr %q
  %old = atomicrmw add ptr %count, i32 1 monotonic
  call void @__sublane_wg_barrier()
  %n = load i32, ptr %count
  %lid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr i32, ptr %out, i64 %lid
  store i32 %n, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
