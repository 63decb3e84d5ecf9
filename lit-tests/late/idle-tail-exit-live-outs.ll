; What a loop over sub-groups leaves to its exit must be final after the
; first idle sub-group. The region's next state, the maximum of each
; sub-group's exit, is: the idle path's exit is a constant the maximum has
; taken already. The index of the last sub-group is not.
; RUN: %opt -passes=sublane-idle-tail-exit -pass-remarks=sublane-idle-tail-exit -S %s 2>&1 | FileCheck %s

; CHECK: remark: {{.*}}kernel 'state': the loop over work-items or sub-groups stops
; CHECK-NOT: remark
; CHECK-LABEL: define internal i32 @state.wg(
; CHECK: %idle = phi i1 [ false, %work ], [ true, %sg ]
; CHECK: %exit.or.idle = or i1 %done, %idle
; CHECK-LABEL: define internal i64 @index.wg(
; CHECK-NOT: idle
; CHECK: br i1 %done, label %exit, label %sg

define internal i32 @state.wg(ptr noalias %l, i64 %count, i64 %stride) {
entry:
  br label %sg

sg:
  %s = phi i64 [ 0, %entry ], [ %s.next, %sg.latch ]
  %state = phi i32 [ 0, %entry ], [ %next.state, %sg.latch ]
  %base = shl nuw nsw i64 %s, 3
  %some = icmp ult i64 %base, %stride
  br i1 %some, label %work, label %sg.latch

work:
  %p = getelementptr inbounds float, ptr %l, i64 %base
  store <8 x float> zeroinitializer, ptr %p, align 4
  br label %sg.latch

sg.latch:
  %item.exit = phi i32 [ 2, %work ], [ 1, %sg ]
  %next.state = call i32 @llvm.umax.i32(i32 %state, i32 %item.exit)
  %s.next = add nuw nsw i64 %s, 1
  %done = icmp eq i64 %s.next, %count
  br i1 %done, label %exit, label %sg, !llvm.loop !0

exit:
  ret i32 %next.state
}

define internal i64 @index.wg(ptr noalias %l, i64 %count, i64 %stride) {
entry:
  br label %sg

sg:
  %s = phi i64 [ 0, %entry ], [ %s.next, %sg.latch ]
  %base = shl nuw nsw i64 %s, 3
  %some = icmp ult i64 %base, %stride
  br i1 %some, label %work, label %sg.latch

work:
  %p = getelementptr inbounds float, ptr %l, i64 %base
  store <8 x float> zeroinitializer, ptr %p, align 4
  br label %sg.latch

sg.latch:
  %s.next = add nuw nsw i64 %s, 1
  %done = icmp eq i64 %s.next, %count
  br i1 %done, label %exit, label %sg, !llvm.loop !1

exit:
  ret i64 %s
}

declare i32 @llvm.umax.i32(i32, i32)

!0 = distinct !{!0, !2}
!1 = distinct !{!1, !2}
!2 = !{!"sublane.loop.work_group_items"}
