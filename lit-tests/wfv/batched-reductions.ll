; Where the loop over full sub-groups is straight-line code around a
; horizontal reduction, a copy of it runs first and takes the full
; sub-groups in batches that fill a register with results (8 at size 8 with
; AVX-512's 16 float lanes capped by the sub-group's 8): the batch's vectors
; reduce together, each level pairing two vectors and adding their halves
; (shuffles and one fadd of 8 lanes), and each sub-group's result is a lane
; of the last vector. The full loop then takes the full sub-groups left over,
; the original loop the partial one.
; RUN: %opt -passes=sublane-prepare,sublane-wfv,sublane-wg-cbs -sublane-sg-size=8 -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wfv,sublane-wg-cbs -sublane-sg-size=8 -sublane-batch-reductions=false -S %s | FileCheck %s --check-prefix=OFF

; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.r0.full.count:
; CHECK-NEXT: %full.subgroups = udiv i64 %local.range0, 8
; CHECK-NEXT: %[[BATCHES:.*]] = udiv i64 %full.subgroups, 8
; CHECK-NEXT: %batched.subgroups = mul i64 %[[BATCHES]], 8
; CHECK: br i1 %loop.nonempty, label %sublane.r0.pre.full.batch, label %sublane.r0.after.batched
; CHECK: sublane.r0.after.batched:
; CHECK: br i1 %{{.*}}, label %sublane.r0.pre.full, label %sublane.r0.after.full
; CHECK: sublane.r0.item0.full:
; CHECK-NEXT: %r0.lid0.full = phi i64 [ %batched.subgroups, %sublane.r0.pre.full ]
; CHECK: sublane.r0.batch:
; CHECK-COUNT-8: load <8 x float>
; CHECK-NOT: llvm.vector.reduce
; CHECK-COUNT-4: fadd reassoc <8 x float>
; CHECK-COUNT-2: fadd reassoc <8 x float>
; CHECK: %[[LAST:.*]] = fadd reassoc <8 x float>
; CHECK-NEXT: extractelement <8 x float> %[[LAST]], i32 0
; CHECK: extractelement <8 x float> %[[LAST]], i32 7
; CHECK-COUNT-8: store float
; CHECK: sublane.r0.next0.full.batch:
; CHECK: %r0.lid.next0.full.batch = add nuw i64 %r0.lid0.full.batch, 8
; CHECK-NEXT: icmp ult i64 %r0.lid.next0.full.batch, %batched.subgroups

; OFF-LABEL: define internal void @k.wg(
; OFF-NOT: batch

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

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx2,+avx512f" }
