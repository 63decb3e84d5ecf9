; A sub-group reduction is one llvm.vector.reduce on the sub-group's vector,
; with the identity (-0.0) in lanes the mask leaves out and reassociation as
; SYCL allows; it splits nothing, and its result stays scalar.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; The copy for full sub-groups: all lanes count.
; CHECK: %[[FX:.*]] = load <16 x float>, ptr
; CHECK: %[[FR:.*]] = call reassoc float @llvm.vector.reduce.fadd.v16f32(float -0.000000e+00, <16 x float> %[[FX]])
; CHECK: fmul float %[[FR]], 5.000000e-01
; The copy for any sub-group: lanes past its end add -0.0.
; CHECK: %[[X:.*]] = call <16 x float> @llvm.masked.load.v16f32.p0(
; CHECK: %[[M:.*]] = select <16 x i1> %entry.mask, <16 x float> %[[X]], <16 x float> <float -0.000000e+00,
; CHECK: %[[R:.*]] = call reassoc float @llvm.vector.reduce.fadd.v16f32(float -0.000000e+00, <16 x float> %[[M]])
; CHECK: fmul float %[[R]], 5.000000e-01
; CHECK-NOT: __sublane_sg_reduce

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %r = call float @__sublane_sg_reduce_add_f32(float %x)
  %s = fmul float %r, 0.5
  store float %s, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare float @__sublane_sg_reduce_add_f32(float) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
