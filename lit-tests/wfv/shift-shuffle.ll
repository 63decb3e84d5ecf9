; A shift by a constant is one shufflevector; lanes whose source lies past
; the sub-group's end keep their own value.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %[[X:.*]] = call <8 x i32> @llvm.masked.load.v8i32.p0(
; CHECK: %[[SH:.*]] = shufflevector <8 x i32> %[[X]], <8 x i32> poison, <8 x i32> <i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 6, i32 7>
; CHECK: select <8 x i1> %{{.*}}, <8 x i32> %[[SH]], <8 x i32> %[[X]]
; CHECK-NOT: __sublane_sg_shift

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr i32, ptr %args, i64 %lid
  %x = load i32, ptr %p
  %y = call i32 @__sublane_sg_shift_left_i32(i32 %x, i32 2)
  store i32 %y, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i32 @__sublane_sg_shift_left_i32(i32, i32) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
