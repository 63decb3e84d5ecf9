; A C math call the front end left with errno (clang's default) is no call
; per lane: sqrtf on 64 lanes is one llvm.sqrt on <64 x float>, a function
; with no vector form (fdimf) runs once per lane without a branch on the
; lane's mask bit, and once for a sub-group when its operands are uniform.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=64 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: call <64 x float> @llvm.sqrt.v64f32(<64 x float>
; CHECK-NOT: call float @sqrtf
; CHECK: call float @fdimf(float %{{.*}}, float 2.000000e+00)
; CHECK-NOT: extractelement <64 x i1>
; CHECK: ret void
define void @k(ptr %args) #0 {
  %u = load float, ptr %args
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %s = call float @sqrtf(float %x)
  %d = call float @fdimf(float %s, float 1.0)
  %e = call float @fdimf(float %u, float 2.0)
  %r = fadd float %d, %e
  store float %r, ptr %p
  ret void
}

declare float @sqrtf(float)
declare float @fdimf(float, float)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx2,+avx512f,+fma" }
