; SYCL's exclusive scan starts at known_identity, +0.0 for a floating add,
; while the lanes past a partial sub-group's end are padded with -0.0, the
; exact identity: the shifted scan fills lane 0 with +0.0 and adds +0.0.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: select <8 x i1> %active, <8 x float> %lanes, <8 x float> <float -0.000000e+00,
; CHECK: [[SHIFTED:%[0-9]+]] = shufflevector <8 x float> %{{[0-9]+}}, <8 x float> zeroinitializer, <8 x i32> <i32 8, i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6>
; CHECK-NEXT: fadd <8 x float> zeroinitializer, [[SHIFTED]]

define void @k(ptr %args) #0 {
entry:
  %r = call float @__sublane_sg_exscan_add_f32(float 1.0)
  store float %r, ptr %args
  ret void
}

declare float @__sublane_sg_exscan_add_f32(float) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
