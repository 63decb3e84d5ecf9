; Sub-group size 1: a work-group reduction is a sync point. Each work-item
; adds its value to a running sum as it reaches it (not tagged as a parallel
; access: the item loop is a reduction loop); the combine step between the
; work-item loops reads the sum, resets it for the next time, and stores the
; one result every item then reads. A sub-group reduction over one lane is
; the lane's own value.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.groups:
; CHECK: %[[ACC:.*]] = getelementptr i8, ptr %scratch, i64 64
; CHECK: sublane.setup:
; CHECK: store float -0.000000e+00, ptr %[[ACC]], align 4, !alias.scope
; CHECK: sublane.after.region:
; CHECK: switch i32 %reached, label %sublane.dispatch [
; CHECK-NEXT: i32 1, label %sublane.combine1
; CHECK: sublane.r0.item0:
; CHECK: %[[X:.*]] = load float, ptr %p1.r0, align 4, !noalias !{{[0-9]+}}, !llvm.access.group
; CHECK-NEXT: %[[OLD:.*]] = load float, ptr %[[ACC]], align 4, !alias.scope ![[RUNNING:[0-9]+]], !noalias ![[LIVE:[0-9]+]]{{$}}
; CHECK-NEXT: %[[NEW:.*]] = fadd reassoc float %[[OLD]], %[[X]]
; CHECK-NEXT: store float %[[NEW]], ptr %[[ACC]], align 4, !alias.scope ![[RUNNING]], !noalias ![[LIVE]]{{$}}
; CHECK: %wg_reduce_add_f32.result.r1 = load float, ptr %wg_reduce_add_f32.out, align 4, !alias.scope ![[LIVE]], !noalias ![[RUNNING]],
; CHECK: sublane.combine1:
; CHECK-NEXT: %[[SUM:.*]] = load float, ptr %[[ACC]]
; CHECK-NEXT: store float -0.000000e+00, ptr %[[ACC]]
; CHECK-NEXT: store float %[[SUM]], ptr %wg_reduce_add_f32.out
; CHECK-NOT: __sublane_sg_reduce
; CHECK: ret void

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %own = call float @__sublane_sg_reduce_add_f32(float %x)
  %r = call float @__sublane_wg_reduce_add_f32(float %own)
  store float %r, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare float @__sublane_sg_reduce_add_f32(float) convergent nounwind
declare float @__sublane_wg_reduce_add_f32(float) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
