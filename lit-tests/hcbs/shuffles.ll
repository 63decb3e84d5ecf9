; A constant xor mask is a constant shuffle (lanes whose partner is past a
; partial sub-group's end keep their value); a run-time shift amount becomes
; a masked gather of the lanes' sources.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=4 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.sg.combine1:
; CHECK: shufflevector <4 x i64> %lanes, <4 x i64> %lanes, <4 x i32> <i32 2, i32 3, i32 0, i32 1>
; CHECK: sublane.sg.combine2:
; CHECK: call <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr>

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr i64, ptr %args, i64 %lid
  %x = load i64, ptr %p
  %y = call i64 @__sublane_sg_permute_xor_i64(i64 %x, i32 2)
  store i64 %y, ptr %p
  %d = load i32, ptr %args
  %t = trunc i64 %x to i32
  %z = call i32 @__sublane_sg_shift_left_i32(i32 %t, i32 %d)
  %q = getelementptr i32, ptr %args, i64 %lid
  store i32 %z, ptr %q
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i64 @__sublane_sg_permute_xor_i64(i64, i32) convergent nounwind
declare i32 @__sublane_sg_shift_left_i32(i32, i32) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
