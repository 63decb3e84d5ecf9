; Without barriers a kernel is one region: a loop over the work-items whose
; memory accesses are marked parallel (and which asks the vectorizer not to
; interleave, so short work-item loops stay in the vector body), in a
; work-group function recorded in the descriptor together with the
; "lowered" flag.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK: @k.sublane.desc = global %sublane.kernel_desc { i32 1397509681, i32 1, i32 1, i32 0, i32 0, i32 1, i32 1, i32 0, i64 0, i64 0, ptr @k.sublane.name, ptr @k, ptr @k.wg, [3 x i64] zeroinitializer }

; CHECK-LABEL: define internal void @k.wg(ptr %closure, ptr %ctx)
; CHECK-SAME: #[[WG:[0-9]+]]
; CHECK: sublane.groups:
; CHECK: %first.group.id0 = load i64, ptr {{.*}}, !invariant.load
; CHECK: %local.range0 = load i64, ptr {{.*}}, !invariant.load
; CHECK: sublane.setup:
; CHECK: %group.id0 = phi i64 [ %first.group.id0, %sublane.groups ], [ %group.id.next0, %sublane.next.group ]
; CHECK: %global.id.base0 = mul i64 %group.id0, %local.range0
; CHECK: sublane.dispatch:
; CHECK-NEXT: %region = phi i32 [ 0, %sublane.setup ], [ %reached, %sublane.after.region ]
; CHECK-NEXT: switch i32 %region, label %sublane.done [
; CHECK-NEXT: i32 0, label %sublane.r0.pre
; CHECK: sublane.r0.item0:
; CHECK-NEXT: %r0.lid0 = phi i64 [ 0, %sublane.r0.pre ], [ %r0.lid.next0, %sublane.r0.next0 ]
; CHECK: %global.id0 = add i64 %global.id.base0, %r0.lid0
; CHECK: getelementptr float, ptr %closure, i64 %global.id0
; CHECK: store float {{.*}}, !llvm.access.group ![[AG:[0-9]+]]
; CHECK: sublane.r0.next0:
; CHECK-NEXT: %r0.item.exit = phi i32 [ 1, %{{.*}} ]
; CHECK-NEXT: %r0.next.region = call i32 @llvm.umax.i32(i32 %r0.exit.max0, i32 %r0.item.exit)
; CHECK-NEXT: %r0.lid.next0 = add nuw i64 %r0.lid0, 1
; CHECK-NEXT: %r0.more0 = icmp ult i64 %r0.lid.next0, %local.range0
; CHECK-NEXT: br i1 %r0.more0, label %sublane.r0.item0, label %sublane.r0.exit, !llvm.loop ![[LOOP:[0-9]+]]

; CHECK: attributes #[[WG]] = {{.*}}"sublane-wg-function"="k"
; CHECK: ![[LOOP]] = distinct !{![[LOOP]], ![[PAR:[0-9]+]], ![[ITEMS:[0-9]+]], ![[IC:[0-9]+]]}
; CHECK: ![[PAR]] = !{!"llvm.loop.parallel_accesses", ![[AG]]}
; CHECK: ![[ITEMS]] = !{!"sublane.loop.work_group_items"}
; CHECK: ![[IC]] = !{!"llvm.loop.interleave.count", i32 1}

define void @k(ptr %args) #0 {
  %gid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %gid
  store float 1.0, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
