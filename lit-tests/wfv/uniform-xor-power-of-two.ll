; An xor permute by a mask that is the same in every lane but not a constant
; (a butterfly's stride in a loop) switches over the powers of two below the
; sub-group size, each a constant shuffle; any other mask permutes through
; memory.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: switch i32 %{{.*}}, label %[[OTHER:.*]] [
; CHECK-NEXT: i32 1, label
; CHECK-NEXT: i32 2, label
; CHECK-NEXT: i32 4, label
; CHECK-NEXT: ]
; CHECK: shufflevector <8 x i32> %{{.*}}, <8 x i32> poison, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
; CHECK: [[OTHER]]:
; CHECK: call <8 x i32> @llvm.masked.gather.v8i32.v8p0(
; CHECK-NOT: __sublane_sg_permute_xor

define void @k(ptr %args) #0 {
  %m = load i32, ptr %args
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr i32, ptr %args, i64 %lid
  %x = load i32, ptr %p
  %y = call i32 @__sublane_sg_permute_xor_i32(i32 %x, i32 %m)
  store i32 %y, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i32 @__sublane_sg_permute_xor_i32(i32, i32) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
