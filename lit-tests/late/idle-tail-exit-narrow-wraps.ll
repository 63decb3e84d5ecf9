; The check sees the sub-group index through an 8-bit truncation, which
; wraps after 32 sub-groups of 8: a sub-group past the wrap may pass the
; check again. The loop is left as it is.
; RUN: %opt -passes=sublane-idle-tail-exit -pass-remarks=sublane-idle-tail-exit -S %s 2>&1 | FileCheck %s

; CHECK-NOT: remark
; CHECK-LABEL: define internal void @k.wg(
; CHECK-NOT: idle
; CHECK: br i1 %done, label %exit, label %sg

define internal void @k.wg(ptr noalias %l, i64 %count, i8 %stride) {
entry:
  br label %sg

sg:
  %s = phi i64 [ 0, %entry ], [ %s.next, %sg.latch ]
  %s.narrow = trunc i64 %s to i8
  %base = shl i8 %s.narrow, 3
  %some = icmp ult i8 %base, %stride
  br i1 %some, label %work, label %sg.latch

work:
  %p = getelementptr inbounds float, ptr %l, i64 %s
  store <8 x float> zeroinitializer, ptr %p, align 4
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
