; A sub-group reduction: each lane stores its value, the combine step loads
; the sub-group's lanes as one <8 x float>, puts the identity (-0.0) in lanes
; past a partial sub-group's end, and reduces with llvm.vector.reduce.fadd,
; reassociating as SYCL allows; every lane then reads the result.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.r0.lane:
; CHECK: store float %x.r0, ptr %{{.*}}, align 4, !alias.scope
; CHECK: sublane.r1.lane:
; CHECK: %sg_reduce_add_f32.result{{.*}} = load float
; CHECK: sublane.sg.combine1:
; CHECK-NEXT: %[[BASE:.*]] = getelementptr float, ptr %sg_reduce_add_f32.in, i64 %sg.base
; CHECK-NEXT: %lanes = load <8 x float>, ptr %[[BASE]], align 4, !alias.scope
; CHECK-NEXT: %[[N:.*]] = trunc i64 %sg.lanes to i32
; CHECK: %active = icmp ult <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>, %{{.*}}
; CHECK-NEXT: %[[M:.*]] = select <8 x i1> %active, <8 x float> %lanes, <8 x float> <float -0.000000e+00,
; CHECK-NEXT: %[[R:.*]] = call reassoc float @llvm.vector.reduce.fadd.v8f32(float -0.000000e+00, <8 x float> %[[M]])
; CHECK: store <8 x float> %{{.*}}, ptr %{{.*}}, align 4

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %r = call float @__sublane_sg_reduce_add_f32(float %x)
  store float %r, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare float @__sublane_sg_reduce_add_f32(float) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
