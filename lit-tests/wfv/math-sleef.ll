; Math functions on vectors of lanes call SLEEF's vector functions of the
; target's width, in pieces for wider sub-groups: exp on 32 floats is two
; Sleef_expf16_u10avx512f calls with AVX-512 and four Sleef_expf8_u10avx2
; with AVX2; the C library's tanf (what clang emits with errno) is
; recognized too. With -sublane-vector-math=none, the intrinsic stays an
; intrinsic of the vector type.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=32 -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=32 -sublane-vector-math=none -S %s | FileCheck %s --check-prefix=CHECK-NONE

; CHECK-LABEL: define internal void @k512.sg(
; CHECK-COUNT-2: call <16 x float> @Sleef_expf16_u10avx512f(<16 x float>
; CHECK-COUNT-2: call <16 x float> @Sleef_tanf16_u10avx512f(<16 x float>
; CHECK-LABEL: define internal void @k2.sg(
; CHECK-COUNT-4: call <8 x float> @Sleef_expf8_u10avx2(<8 x float>
; CHECK-COUNT-4: call <8 x float> @Sleef_tanf8_u10avx2(<8 x float>

; CHECK-NONE-LABEL: define internal void @k512.sg(
; CHECK-NONE: call <32 x float> @llvm.exp.v32f32(
; CHECK-NONE-NOT: Sleef

define void @k512(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %e = call float @llvm.exp.f32(float %x)
  %t = call float @tanf(float %e)
  store float %t, ptr %p
  ret void
}

define void @k2(ptr %args) #1 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %e = call float @llvm.exp.f32(float %x)
  %t = call float @tanf(float %e)
  store float %t, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare float @llvm.exp.f32(float)
declare float @tanf(float) nounwind memory(write)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx,+avx2,+fma,+avx512f,+sse2" }
attributes #1 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx,+avx2,+fma,+sse2" }
