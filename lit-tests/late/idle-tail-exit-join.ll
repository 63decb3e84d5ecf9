; The guarded code and the way around it meet again before the latch, where
; the region's code after the check goes on (a tree whose barrier comes
; first in the loop body: its last level stores the result). Reaching the
; latch says nothing about the way taken, so each block of the idle path
; with more ways in gets a phi that is true only along the path.
; RUN: %opt -passes=sublane-idle-tail-exit -pass-remarks=sublane-idle-tail-exit -S %s 2>&1 | FileCheck %s

; CHECK: remark: {{.*}}kernel 'k': the loop over work-items or sub-groups stops
; CHECK-LABEL: define internal void @k.wg(
; CHECK: join:
; CHECK-NEXT: %idle = phi i1 [ false, %work ], [ true, %sg ]
; CHECK: sg.latch:
; CHECK-NEXT: %idle1 = phi i1 [ false, %store ], [ false, %last ], [ %idle, %join ]
; CHECK: %exit.or.idle = or i1 %done, %idle1
; CHECK-NEXT: br i1 %exit.or.idle, label %exit, label %sg

define internal void @k.wg(ptr noalias %l, ptr noalias %out, i64 %count, i64 %stride, i1 %last.level) {
entry:
  br label %sg

sg:
  %s = phi i64 [ 0, %entry ], [ %s.next, %sg.latch ]
  %base = shl nuw nsw i64 %s, 3
  %some = icmp ult i64 %base, %stride
  br i1 %some, label %work, label %join

work:
  %p = getelementptr inbounds float, ptr %l, i64 %base
  store <8 x float> zeroinitializer, ptr %p, align 4
  br label %join

join:
  br i1 %last.level, label %last, label %sg.latch

last:
  %first = icmp eq i64 %s, 0
  br i1 %first, label %store, label %sg.latch

store:
  store float 1.0, ptr %out, align 4
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
