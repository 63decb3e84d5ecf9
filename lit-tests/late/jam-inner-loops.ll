; The loop over full sub-groups (marked by sublane-wg-cbs) whose inner loop
; carries a <8 x float> chain runs four sub-groups' inner loops as one with
; AVX2: four independent chains per step, a remainder loop for the rest, and
; the marker spent. With the option off, nothing changes.
; RUN: %opt -passes=sublane-jam-sub-groups -pass-remarks=sublane-jam-sub-groups -S %s 2>&1 | FileCheck %s
; RUN: %opt -passes=sublane-jam-sub-groups -sublane-enable-jam-sub-groups=false -S %s | FileCheck %s --check-prefix=OFF

; CHECK: remark: <unknown>:0:0: kernel 'k': this loop runs for 4 sub-groups together (unroll-and-jam), 4 independent chains of <8 x float> per step instead of 1
; CHECK-LABEL: define internal void @k.wg(
; CHECK: sg:
; CHECK: %s.next.3 = add nuw i64 %s, 4
; CHECK: k.loop:
; CHECK-COUNT-4: phi <8 x float> [ zeroinitializer, %sg ]
; CHECK-COUNT-4: call <8 x float> @llvm.fmuladd.v8f32(
; CHECK: br i1 %k.done.3, label %sg.latch, label %k.loop
; CHECK: sg.latch:
; CHECK-COUNT-4: store <8 x float>
; CHECK: sg.epil:
; CHECK: call <8 x float> @llvm.fmuladd.v8f32(
; CHECK-NOT: call <8 x float> @llvm.fmuladd.v8f32(
; CHECK-NOT: sublane.loop.full_sub_groups

; OFF-LABEL: define internal void @k.wg(
; OFF: call <8 x float> @llvm.fmuladd.v8f32(
; OFF-NOT: call <8 x float> @llvm.fmuladd.v8f32(
; OFF: !{!"sublane.loop.full_sub_groups"}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Sub-group s computes c[8s .. 8s+7] = sum over k < n of a[8s + n*k ..] * b[k].
define internal void @k.wg(ptr noalias %a, ptr noalias %b, ptr noalias %c, i64 %subgroups, i64 %n) #0 {
entry:
  %any = icmp ne i64 %subgroups, 0
  %inner.any = icmp ne i64 %n, 0
  %both = and i1 %any, %inner.any
  br i1 %both, label %sg, label %exit

sg:
  %s = phi i64 [ 0, %entry ], [ %s.next, %sg.latch ]
  %base = shl i64 %s, 3
  %a.sg = getelementptr float, ptr %a, i64 %base
  br label %k.loop

k.loop:
  %k = phi i64 [ 0, %sg ], [ %k.next, %k.loop ]
  %acc = phi <8 x float> [ zeroinitializer, %sg ], [ %acc.next, %k.loop ]
  %row = mul i64 %k, %n
  %pa = getelementptr float, ptr %a.sg, i64 %row
  %va = load <8 x float>, ptr %pa, align 4, !llvm.access.group !0
  %pb = getelementptr float, ptr %b, i64 %k
  %vb = load float, ptr %pb, align 4, !llvm.access.group !0
  %vb.ins = insertelement <8 x float> poison, float %vb, i64 0
  %vb.splat = shufflevector <8 x float> %vb.ins, <8 x float> poison, <8 x i32> zeroinitializer
  %acc.next = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %va, <8 x float> %vb.splat, <8 x float> %acc)
  %k.next = add nuw i64 %k, 1
  %k.done = icmp eq i64 %k.next, %n
  br i1 %k.done, label %sg.latch, label %k.loop

sg.latch:
  %acc.lcssa = phi <8 x float> [ %acc.next, %k.loop ]
  %pc = getelementptr float, ptr %c, i64 %base
  store <8 x float> %acc.lcssa, ptr %pc, align 4, !llvm.access.group !0
  %s.next = add nuw i64 %s, 1
  %s.done = icmp eq i64 %s.next, %subgroups
  br i1 %s.done, label %exit, label %sg, !llvm.loop !1

exit:
  ret void
}

declare <8 x float> @llvm.fmuladd.v8f32(<8 x float>, <8 x float>, <8 x float>)

attributes #0 = { "target-cpu"="x86-64-v3" }

!0 = distinct !{}
!1 = distinct !{!1, !2, !3}
!2 = !{!"llvm.loop.parallel_accesses", !0}
!3 = !{!"sublane.loop.full_sub_groups"}
