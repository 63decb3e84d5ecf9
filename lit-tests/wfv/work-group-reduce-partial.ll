; A work-group reduction: the sub-group reduces its lanes in place, and the
; work-group collective that work-group CBS lowers sees one partial per
; sub-group; CBS then loops over sub-groups, not work-items.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s --check-prefix=CHECK-WFV
; RUN: %opt -passes=sublane-prepare,sublane-wfv,sublane-wg-cbs -sublane-sg-size=16 -S %s | FileCheck %s --check-prefix=CHECK-CBS

; CHECK-WFV-LABEL: define internal void @k.sg(
; CHECK-WFV: %[[P:.*]] = call i32 @llvm.vector.reduce.add.v16i32(<16 x i32>
; CHECK-WFV: call i32 @__sublane_wg_reduce_add_i32(i32 %[[P]])

; CHECK-CBS-LABEL: define internal void @k.wg(
; CHECK-CBS: %sg.count = udiv i64
; CHECK-CBS: sublane.r0.item0:
; CHECK-CBS: %[[MORE:.*]] = icmp ult i64 %r0.lid.next0, %sg.count
; CHECK-CBS: sublane.reduce:
; CHECK-CBS: icmp ult i64 %{{.*}}, %sg.count
; CHECK-CBS: attributes #{{.*}} "sublane-variant"="wfv"

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr i32, ptr %args, i64 %lid
  %x = load i32, ptr %p
  %r = call i32 @__sublane_wg_reduce_add_i32(i32 %x)
  store i32 %r, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i32 @__sublane_wg_reduce_add_i32(i32) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
