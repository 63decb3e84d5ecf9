; Without work-group sync points, the full sub-groups of a 1D work-group
; (the leading wg_size / S) run in a loop of their own, in which the
; sub-group size is the constant S: the vectorizer's copy for partial
; sub-groups is gone from it, loads are plain vector loads, and no branch
; per sub-group chooses. The original loop runs what is left (the partial
; last sub-group), starting where the full loop stopped, with the state its
; sub-groups left with; each loop is skipped when its range is empty. Only
; the full loop carries the marker for sublane-jam-sub-groups.
; RUN: %opt -passes=sublane-prepare,sublane-wfv,sublane-wg-cbs -sublane-sg-size=16 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: switch i32 %region, label %sublane.done [
; CHECK-NEXT: i32 0, label %sublane.r0.full.count
; CHECK: sublane.r0.item0:
; CHECK-NEXT: %r0.lid0 = phi i64 [ %full.subgroups, %sublane.r0.pre ], [ %r0.lid.next0, %sublane.r0.next0 ]
; CHECK-NEXT: %r0.exit.max0 = phi i32 [ %r0.exit.max0.carried, %sublane.r0.pre ],
; CHECK: call <16 x float> @llvm.masked.load.v16f32.p0(
; CHECK: sublane.r0.full.count:
; CHECK-NEXT: %full.subgroups = udiv i64 %local.range0, 16
; CHECK-NEXT: %[[ANY:.*]] = icmp ult i64 0, %full.subgroups
; CHECK-NEXT: br i1 %[[ANY]], label %sublane.r0.pre.full, label %sublane.r0.after.full
; CHECK: sublane.r0.after.full:
; CHECK-NEXT: %r0.exit.max0.carried = phi i32 [ 0, %sublane.r0.full.count ], [ %r0.next.region.full, %sublane.r0.exit.full ]
; CHECK-NEXT: %[[LEFT:.*]] = icmp ult i64 %full.subgroups, %sg.count
; CHECK-NEXT: br i1 %[[LEFT]], label %sublane.r0.pre, label %sublane.r0.loops.done
; CHECK: sublane.r0.item0.full:
; CHECK-NOT: masked.load
; CHECK: load <16 x float>, ptr
; CHECK-NOT: masked.load
; CHECK: sublane.r0.next0.full:
; CHECK: %r0.more0.full = icmp ult i64 %r0.lid.next0.full, %full.subgroups
; CHECK-NEXT: br i1 %r0.more0.full, label %sublane.r0.item0.full, label %sublane.r0.exit.full, !llvm.loop ![[FULL:[0-9]+]]
; CHECK: ![[ORIGINAL:[0-9]+]] = distinct !{![[ORIGINAL]], ![[PAR:[0-9]+]], ![[ITEMS:[0-9]+]], ![[IC:[0-9]+]]}
; CHECK: ![[FULL]] = distinct !{![[FULL]], ![[PAR]], ![[ITEMS]], ![[IC]], ![[MARK:[0-9]+]]}
; CHECK: ![[MARK]] = !{!"sublane.loop.full_sub_groups"}

define void @k(ptr %args) #0 {
  %in = load ptr, ptr %args
  %out.addr = getelementptr i8, ptr %args, i64 8
  %out = load ptr, ptr %out.addr
  %i = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr float, ptr %in, i64 %i
  %x = load float, ptr %p
  %r = call float @__sublane_sg_reduce_add_f32(float %x)
  %sg = call i32 @__sublane_sg_id()
  %sg64 = zext i32 %sg to i64
  %q = getelementptr float, ptr %out, i64 %sg64
  store float %r, ptr %q
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare i32 @__sublane_sg_id() nounwind memory(none)
declare float @__sublane_sg_reduce_add_f32(float) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
