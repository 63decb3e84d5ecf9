; The lanes' <2 x float> results of a call that runs once per lane are joined
; by shuffles, lane-major, then reordered element-major in the last one: not
; inserted element by element, a chain of S*N insertions whose length LLVM's
; SLP vectorizer takes quadratic time over (minutes at sub-group size 64).
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=4 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK-NOT: insertelement <8 x float>
; CHECK: %[[R0:.*]] = call <2 x float> @ext(
; CHECK: %[[R1:.*]] = call <2 x float> @ext(
; CHECK: %[[R2:.*]] = call <2 x float> @ext(
; CHECK: %[[R3:.*]] = call <2 x float> @ext(
; CHECK: %[[L01:.*]] = shufflevector <2 x float> %[[R0]], <2 x float> %[[R1]], <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; CHECK: %[[L23:.*]] = shufflevector <2 x float> %[[R2]], <2 x float> %[[R3]], <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; CHECK: %w{{[0-9]*}} = shufflevector <4 x float> %[[L01]], <4 x float> %[[L23]], <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 1, i32 3, i32 5, i32 7>
; CHECK-NOT: insertelement <8 x float>
; CHECK: ret void

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %f = uitofp i64 %lid to float
  %v = insertelement <2 x float> <float poison, float 2.0>, float %f, i64 0
  %w = call <2 x float> @ext(<2 x float> %v)
  %q = getelementptr <2 x float>, ptr %args, i64 %lid
  store <2 x float> %w, ptr %q
  ret void
}

declare <2 x float> @ext(<2 x float>)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
