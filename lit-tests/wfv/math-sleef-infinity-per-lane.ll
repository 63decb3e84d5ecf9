; SLEEF's sinh, cosh, pow, asinh, acosh and log1p give an infinity for some
; finite results (next to overflow, or where an intermediate overflows).
; Lanes whose vector result is an infinity call the function again, one
; call per such lane, behind a branch; functions SLEEF gets right (exp)
; are left as they are.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %[[E:.*]] = call <16 x float> @Sleef_expf16_u10avx512f(
; CHECK-NOT: fcmp oeq <16 x float> %{{.*}}, <float 0x7FF0000000000000
; CHECK: %[[S:.*]] = call <16 x float> @Sleef_sinhf16_u10avx512f(<16 x float>
; CHECK-NEXT: %[[ABS:math.abs[0-9]*]] = call <16 x float> @llvm.fabs.v16f32(<16 x float> %[[S]])
; CHECK-NEXT: %[[INF:math.inf[0-9]*]] = fcmp oeq <16 x float> %[[ABS]], <float 0x7FF0000000000000
; CHECK: %math.repaired = phi <16 x float> [ %{{.*}}, %{{.*}} ], [ %[[S]], %{{.*}} ]
; CHECK: call float @sinhf(float

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %e = call float @llvm.exp.f32(float %x)
  %s = call float @sinhf(float %e)
  store float %s, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare float @llvm.exp.f32(float)
declare float @sinhf(float) nounwind memory(write)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx,+avx2,+fma,+avx512f,+sse2" }
