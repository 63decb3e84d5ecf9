; Hierarchical CBS at sub-group size 8: a loop over the sub-groups of the
; group; for each, a region is a loop over its lanes (partial last sub-group
; included: sg.lanes = min(8, what is left)), ids from base + lane, and a
; sub-group barrier continues the same sub-group in the next region. The
; pointer computed from the id before the barrier is recomputed after it
; and takes no scratch.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK: @k.sublane.desc = {{.*}} i32 8, i32 2,
; CHECK-LABEL: define internal void @k.wg(
; CHECK: %sg.count = udiv i64 %{{.*}}, 8
; CHECK-NOT: %scratch, i64 0
; CHECK: sublane.dispatch:
; CHECK-NEXT: %region = phi i32
; CHECK: sublane.subgroup:
; CHECK-NEXT: %sg = phi i64 [ 0, %sublane.dispatch ], [ %sg.next, %sublane.next.subgroup ]
; CHECK-NEXT: %sg.base = mul i64 %sg, 8
; CHECK-NEXT: %sg.left = sub i64 %local.range0, %sg.base
; CHECK-NEXT: %sg.lanes = call i64 @llvm.umin.i64(i64 %sg.left, i64 8)
; CHECK: sublane.sg.dispatch:
; CHECK-NEXT: %sg.region = phi i32 [ %region, %sublane.subgroup ], [ 1, %sublane.sg.combine1 ]
; CHECK: sublane.r0.lane:
; CHECK-NEXT: %r0.lane = phi i64 [ 0, %sublane.r0.pre ], [ %r0.lane.next, %sublane.r0.next ]
; CHECK: %r0.lid.linear = add nuw i64 %sg.base, %r0.lane
; CHECK: sublane.r0.next:
; CHECK: %r0.more = icmp ult i64 %r0.lane.next, %sg.lanes
; CHECK-NEXT: br i1 %r0.more, label %sublane.r0.lane, label %sublane.r0.exit, !llvm.loop
; CHECK: sublane.sg.combine1:
; CHECK-NEXT: br label %sublane.sg.dispatch

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %lane = call i32 @__sublane_sg_local_id()
  %p = getelementptr i32, ptr %args, i64 %lid
  store i32 %lane, ptr %p
  call void @__sublane_sg_barrier()
  %lid2 = call i64 @__sublane_local_id(i32 0)
  %q = getelementptr i32, ptr %args, i64 %lid2
  store i32 0, ptr %q
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i32 @__sublane_sg_local_id() nounwind memory(none)
declare void @__sublane_sg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
