; A work-group reduction: the sub-group passes its lanes as one vector of
; partial values (the identity in inactive lanes) to the work-group
; collective; work-group CBS loops over sub-groups, not work-items, adds
; their vectors lane-wise into a running vector and reduces across the lanes
; once per work-group.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s --check-prefix=CHECK-WFV
; RUN: %opt -passes=sublane-prepare,sublane-wfv,sublane-wg-cbs -sublane-sg-size=16 -S %s | FileCheck %s --check-prefix=CHECK-CBS

; CHECK-WFV-LABEL: define internal void @k.sg(
; CHECK-WFV-NOT: llvm.vector.reduce
; CHECK-WFV: call i32 @__sublane_wg_reduce_add_i32.v16(<16 x i32> %{{.*}})
; CHECK-WFV-NOT: llvm.vector.reduce

; CHECK-CBS-LABEL: define internal void @k.wg(
; CHECK-CBS: %sg.count = udiv i64
; CHECK-CBS: sublane.r0.item0:
; CHECK-CBS: %[[OLD:.*]] = load <16 x i32>, ptr %[[ACC:.*]], align 64
; CHECK-CBS-NEXT: %[[NEW:.*]] = add <16 x i32> %[[OLD]],
; CHECK-CBS-NEXT: store <16 x i32> %[[NEW]], ptr %[[ACC]]
; CHECK-CBS: sublane.combine1:
; CHECK-CBS-NEXT: %[[SUM:.*]] = load <16 x i32>, ptr %wg_reduce_add_i32.v16.acc,
; CHECK-CBS-NEXT: store <16 x i32> zeroinitializer, ptr %wg_reduce_add_i32.v16.acc,
; CHECK-CBS-NEXT: call i32 @llvm.vector.reduce.add.v16i32(<16 x i32> %[[SUM]])
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
