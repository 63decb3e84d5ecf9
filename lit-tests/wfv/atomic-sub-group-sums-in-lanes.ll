; Each sub-group's leader adds its sub-group's sum to one total: across the
; work-items of a call, the full sub-groups' lanes add up in a vector, and
; the horizontal reduction and the atomic run once, when the call ends.
; RUN: %opt -passes=sublane-prepare,sublane-wfv,sublane-wg-cbs -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.setup:
; CHECK: phi <8 x float> [ <float -0.000000e+00,
; The loop over full sub-groups: a vector addition, no reduction.
; CHECK: sublane.r0.item0.full:
; CHECK-NOT: llvm.vector.reduce
; CHECK: %[[X:.*]] = load <8 x float>, ptr
; CHECK-NOT: llvm.vector.reduce
; CHECK: fadd reassoc <8 x float> %{{.*}}, %[[X]]
; CHECK-NOT: llvm.vector.reduce
; CHECK: sublane.exit:
; CHECK: sublane.atomic.flush:
; CHECK-NEXT: %[[SUM:.*]] = call reassoc float @llvm.vector.reduce.fadd.v8f32(float -0.000000e+00, <8 x float> %{{.*}})
; CHECK-NEXT: atomicrmw fadd ptr %{{.*}}, float %[[SUM]] monotonic
; CHECK-NOT: atomicrmw

define void @k(ptr %args) #0 {
  %total = load ptr, ptr %args
  %q = getelementptr i8, ptr %args, i64 8
  %in = load ptr, ptr %q
  %gid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr float, ptr %in, i64 %gid
  %x = load float, ptr %p
  %r = call float @__sublane_sg_reduce_add_f32(float %x)
  %lane = call i32 @__sublane_sg_local_id()
  %leader = icmp eq i32 %lane, 0
  br i1 %leader, label %add, label %done
add:
  %old = atomicrmw fadd ptr %total, float %r monotonic
  br label %done
done:
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare i32 @__sublane_sg_local_id() nounwind memory(none)
declare float @__sublane_sg_reduce_add_f32(float) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
