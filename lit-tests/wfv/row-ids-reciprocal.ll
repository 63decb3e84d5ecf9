; A sub-group within one row of a 2D work-group finds its row and column by
; dividing its first linear id by the row length, which only the launch
; knows. x86's division takes tens of cycles for every sub-group, so the
; quotient is a multiply by 2^40 / length + 1 and a shift (exact for every
; work-group the runtime accepts); the one division left depends on the
; launch alone, and LLVM hoists it out of the loops over sub-groups.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -sublane-wfv-min-row-lanes=0 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: wfv.body:
; CHECK: %[[RANGE:.*]] = call i64 @__sublane_local_range(i32 1)
; CHECK-NOT: udiv i64 %sg.base
; CHECK-NOT: urem
; CHECK: %[[NONZERO:.*]] = call i64 @llvm.umax.i64(i64 %[[RANGE]], i64 1)
; CHECK: %[[DIV:.*]] = udiv i64 1099511627776, %[[NONZERO]]
; CHECK: %[[RECIPROCAL:.*]] = add nuw nsw i64 %[[DIV]], 1
; CHECK: %[[PRODUCT:.*]] = mul nuw nsw i64 %sg.base, %[[RECIPROCAL]]
; CHECK: %[[ROW:.*]] = lshr i64 %[[PRODUCT]], 40
; CHECK: %[[ROW_START:.*]] = mul i64 %[[ROW]], %[[RANGE]]
; CHECK: %[[COLUMN:.*]] = sub nuw nsw i64 %sg.base, %[[ROW_START]]
; CHECK: store <8 x float>
; CHECK: ret void

define void @k(ptr %args) #0 {
  %y = call i64 @__sublane_local_id(i32 0)
  %x = call i64 @__sublane_local_id(i32 1)
  %row = mul i64 %y, 1024
  %i = add i64 %row, %x
  %p = getelementptr float, ptr %args, i64 %i
  store float 1.0, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
