; A <2 x float> per work-item (a pair of floats, as the x86-64 ABI passes a
; struct of two) through a call that is not inlined, a divergent branch and
; a bit cast: the call runs per active lane on that lane's pair, the phi
; blends both elements of a lane by the lane's bit, and the bit cast to i64
; pairs each lane's elements again (lane-major).
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=4 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: shufflevector <4 x i1> %{{.*}}, <4 x i1> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
; CHECK: %[[R:.*]] = select <8 x i1> %{{.*}}, <8 x float> %w{{[0-9]*}}, <8 x float>
; CHECK: %[[PAIRS:.*]] = shufflevector <8 x float> %[[R]], <8 x float> poison, <8 x i32> <i32 0, i32 4, i32 1, i32 5, i32 2, i32 6, i32 3, i32 7>
; CHECK: call void @llvm.masked.store.v8f32.p0(<8 x float> %[[PAIRS]],
; CHECK: %[[ARG:.*]] = shufflevector <4 x float> %{{.*}}, <4 x float> <float 2.000000e+00, float poison, float poison, float poison>, <2 x i32> <i32 0, i32 4>
; CHECK: call <2 x float> @ext(<2 x float> %[[ARG]])

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %f = uitofp i64 %lid to float
  %v0 = insertelement <2 x float> poison, float %f, i64 0
  %v = insertelement <2 x float> %v0, float 2.0, i64 1
  %odd = and i64 %lid, 1
  %c = icmp eq i64 %odd, 0
  br i1 %c, label %then, label %join
then:
  %w = call <2 x float> @ext(<2 x float> %v)
  br label %join
join:
  %r = phi <2 x float> [ %w, %then ], [ %v, %entry ]
  %bits = bitcast <2 x float> %r to i64
  %q = getelementptr i64, ptr %args, i64 %lid
  store i64 %bits, ptr %q
  ret void
}

declare <2 x float> @ext(<2 x float>)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
