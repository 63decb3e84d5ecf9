; SLEEF's fmod gives NaN where x / y overflows (a subnormal or tiny divisor),
; where fmod is exact. Lanes whose vector result is NaN call fmod again, one
; call per such lane, behind a branch on whether any active lane has one;
; the other lanes keep SLEEF's result.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: call <4 x double> @Sleef_fmodd4_avx2(
; CHECK: call <4 x double> @Sleef_fmodd4_avx2(
; CHECK: %[[R:[0-9]+]] = shufflevector <8 x double>
; CHECK-NEXT: %[[NAN:math.nan[0-9]*]] = fcmp uno <8 x double> %[[R]], zeroinitializer
; CHECK: br i1 %{{.*}}, label %[[CONT:.*]], label %[[THEN:.*]]
; CHECK: {{^}}[[THEN]]:
; CHECK-NEXT: extractelement <8 x i1> %[[NAN]], i64 0
; CHECK: {{^}}[[CONT]]:
; CHECK-NEXT: %math.repaired = phi <8 x double> [ %{{.*}}, %{{.*}} ], [ %[[R]], %{{.*}} ]
; CHECK-NEXT: extractelement
; CHECK-NEXT: store <8 x double> %math.repaired
; CHECK: call double @fmod(double %{{.*}}, double %{{.*}})

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %px = getelementptr double, ptr %args, i64 %lid
  %x = load double, ptr %px
  %y = fmul double %x, 1.0e-300
  %r = call double @fmod(double %x, double %y)
  store double %r, ptr %px
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare double @fmod(double, double) nounwind memory(write)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx,+avx2,+fma,+sse2" }
