; A tree reduction's level over sub-groups, as LLVM leaves it: a full
; sub-group's check, then the any-vote `8s < stride`, which fails for good
; once it fails (the sub-group's first id only grows). The loop exits after
; the first sub-group the vote leaves idle. The id reaches the compares
; through the 32-bit mask of the vectorized code, which only the contract's
; bound on the trip count sees through.
; RUN: %opt -passes=sublane-idle-tail-exit -pass-remarks=sublane-idle-tail-exit -S %s 2>&1 | FileCheck %s

; CHECK: remark: {{.*}}kernel 'k': the loop over work-items or sub-groups stops at the first that this check leaves with nothing to do
; CHECK-LABEL: define internal void @k.wg(
; CHECK: sg.latch:
; CHECK-NEXT: %idle = phi i1 [ false, %full ], [ false, %partial ], [ true, %any ]
; CHECK: %exit.or.idle = or i1 %done, %idle
; CHECK-NEXT: br i1 %exit.or.idle, label %exit, label %sg

define internal void @k.wg(ptr noalias %l, i64 %count, i64 %stride, i1 %big) {
entry:
  %last.full = add nsw i64 %stride, -8
  br label %sg

sg:
  %s = phi i64 [ 0, %entry ], [ %s.next, %sg.latch ]
  %base.wide = shl i64 %s, 3
  %base = and i64 %base.wide, 34359738360
  %fits = icmp ule i64 %base, %last.full
  %fits.fr = freeze i1 %fits
  %full.cond = and i1 %big, %fits.fr
  br i1 %full.cond, label %full, label %any

any:
  %some = icmp ult i64 %base, %stride
  br i1 %some, label %partial, label %sg.latch

partial:
  %p.partial = getelementptr inbounds float, ptr %l, i64 %base
  store float 0.0, ptr %p.partial, align 4
  br label %sg.latch

full:
  %p.full = getelementptr inbounds float, ptr %l, i64 %base
  store <8 x float> zeroinitializer, ptr %p.full, align 4
  br label %sg.latch

sg.latch:
  %s.next = add nuw nsw i64 %s, 1
  %done = icmp eq i64 %s.next, %count
  br i1 %done, label %exit, label %sg, !llvm.loop !0

exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"sublane.loop.work_group_items"}
