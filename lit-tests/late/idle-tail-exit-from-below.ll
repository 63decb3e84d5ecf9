; A check whose idle sub-groups come first (a scan's `lid >= s`): once it
; passes it passes for good, so an idle sub-group says nothing about the
; next. The loop is left as it is.
; RUN: %opt -passes=sublane-idle-tail-exit -pass-remarks=sublane-idle-tail-exit -S %s 2>&1 | FileCheck %s

; CHECK-NOT: remark
; CHECK-LABEL: define internal void @k.wg(
; CHECK-NOT: idle
; CHECK: br i1 %done, label %exit, label %sg

define internal void @k.wg(ptr noalias %l, i64 %count, i64 %stride) {
entry:
  br label %sg

sg:
  %s = phi i64 [ 0, %entry ], [ %s.next, %sg.latch ]
  %base = shl nuw nsw i64 %s, 3
  %last = or disjoint i64 %base, 7
  %some = icmp uge i64 %last, %stride
  br i1 %some, label %work, label %sg.latch

work:
  %p = getelementptr inbounds float, ptr %l, i64 %base
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
