; With AVX-512 a <16 x float> chain is one register, even though LLVM's
; vectorizers prefer 256-bit vectors on this target: four sub-groups run
; together; a <32 x float> chain is two registers, so two sub-groups make
; four chains.
; RUN: %opt -passes=sublane-jam-sub-groups -pass-remarks=sublane-jam-sub-groups -S %s 2>&1 | FileCheck %s

; CHECK: remark: <unknown>:0:0: kernel 'k16': this loop runs for 4 sub-groups together (unroll-and-jam), 4 independent chains of <16 x float> per step instead of 1
; CHECK: remark: <unknown>:0:0: kernel 'k32': this loop runs for 2 sub-groups together (unroll-and-jam), 4 independent chains of <32 x float> per step instead of 2
; CHECK-LABEL: define internal void @k16.wg(
; CHECK: k.loop:
; CHECK-COUNT-4: call <16 x float> @llvm.fmuladd.v16f32(
; CHECK-NEXT: %k.next.3 = add nuw i64 %k.3, 1
; CHECK-LABEL: define internal void @k32.wg(
; CHECK: k.loop:
; CHECK-COUNT-2: call <32 x float> @llvm.fmuladd.v32f32(
; CHECK-NEXT: %k.next.1 = add nuw i64 %k.1, 1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define internal void @k16.wg(ptr noalias %a, ptr noalias %b, ptr noalias %c, i64 %subgroups, i64 %n) #0 {
entry:
  %any = icmp ne i64 %subgroups, 0
  %inner.any = icmp ne i64 %n, 0
  %both = and i1 %any, %inner.any
  br i1 %both, label %sg, label %exit

sg:
  %s = phi i64 [ 0, %entry ], [ %s.next, %sg.latch ]
  %base = shl i64 %s, 4
  %a.sg = getelementptr float, ptr %a, i64 %base
  br label %k.loop

k.loop:
  %k = phi i64 [ 0, %sg ], [ %k.next, %k.loop ]
  %acc = phi <16 x float> [ zeroinitializer, %sg ], [ %acc.next, %k.loop ]
  %row = mul i64 %k, %n
  %pa = getelementptr float, ptr %a.sg, i64 %row
  %va = load <16 x float>, ptr %pa, align 4, !llvm.access.group !0
  %pb = getelementptr float, ptr %b, i64 %k
  %vb = load float, ptr %pb, align 4, !llvm.access.group !0
  %vb.ins = insertelement <16 x float> poison, float %vb, i64 0
  %vb.splat = shufflevector <16 x float> %vb.ins, <16 x float> poison, <16 x i32> zeroinitializer
  %acc.next = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %va, <16 x float> %vb.splat, <16 x float> %acc)
  %k.next = add nuw i64 %k, 1
  %k.done = icmp eq i64 %k.next, %n
  br i1 %k.done, label %sg.latch, label %k.loop

sg.latch:
  %acc.lcssa = phi <16 x float> [ %acc.next, %k.loop ]
  %pc = getelementptr float, ptr %c, i64 %base
  store <16 x float> %acc.lcssa, ptr %pc, align 4, !llvm.access.group !0
  %s.next = add nuw i64 %s, 1
  %s.done = icmp eq i64 %s.next, %subgroups
  br i1 %s.done, label %exit, label %sg, !llvm.loop !1

exit:
  ret void
}

define internal void @k32.wg(ptr noalias %a, ptr noalias %b, ptr noalias %c, i64 %subgroups, i64 %n) #0 {
entry:
  %any = icmp ne i64 %subgroups, 0
  %inner.any = icmp ne i64 %n, 0
  %both = and i1 %any, %inner.any
  br i1 %both, label %sg, label %exit

sg:
  %s = phi i64 [ 0, %entry ], [ %s.next, %sg.latch ]
  %base = shl i64 %s, 5
  %a.sg = getelementptr float, ptr %a, i64 %base
  br label %k.loop

k.loop:
  %k = phi i64 [ 0, %sg ], [ %k.next, %k.loop ]
  %acc = phi <32 x float> [ zeroinitializer, %sg ], [ %acc.next, %k.loop ]
  %row = mul i64 %k, %n
  %pa = getelementptr float, ptr %a.sg, i64 %row
  %va = load <32 x float>, ptr %pa, align 4, !llvm.access.group !0
  %pb = getelementptr float, ptr %b, i64 %k
  %vb = load float, ptr %pb, align 4, !llvm.access.group !0
  %vb.ins = insertelement <32 x float> poison, float %vb, i64 0
  %vb.splat = shufflevector <32 x float> %vb.ins, <32 x float> poison, <32 x i32> zeroinitializer
  %acc.next = call <32 x float> @llvm.fmuladd.v32f32(<32 x float> %va, <32 x float> %vb.splat, <32 x float> %acc)
  %k.next = add nuw i64 %k, 1
  %k.done = icmp eq i64 %k.next, %n
  br i1 %k.done, label %sg.latch, label %k.loop

sg.latch:
  %acc.lcssa = phi <32 x float> [ %acc.next, %k.loop ]
  %pc = getelementptr float, ptr %c, i64 %base
  store <32 x float> %acc.lcssa, ptr %pc, align 4, !llvm.access.group !0
  %s.next = add nuw i64 %s, 1
  %s.done = icmp eq i64 %s.next, %subgroups
  br i1 %s.done, label %exit, label %sg, !llvm.loop !1

exit:
  ret void
}

declare <16 x float> @llvm.fmuladd.v16f32(<16 x float>, <16 x float>, <16 x float>)
declare <32 x float> @llvm.fmuladd.v32f32(<32 x float>, <32 x float>, <32 x float>)

attributes #0 = { "target-cpu"="x86-64-v4" }

!0 = distinct !{}
!1 = distinct !{!1, !2, !3}
!2 = !{!"llvm.loop.parallel_accesses", !0}
!3 = !{!"sublane.loop.full_sub_groups"}
