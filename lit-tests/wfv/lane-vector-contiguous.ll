; A <4 x float> per work-item at consecutive addresses (a sycl::float4 per
; work-item) is one <64 x float> access for a sub-group of 16; element-wise
; arithmetic stays one instruction on the wide vector. The partial copy
; masks each lane's four elements with the lane's bit.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: load <64 x float>, ptr %{{.*}}, align 16
; CHECK: fmul <64 x float>
; CHECK: store <64 x float> %{{.*}}, ptr %{{.*}}, align 16
; CHECK: shufflevector <64 x i1> %{{.*}}, <64 x i1> poison, <64 x i32> <i32 0, i32 16, i32 32, i32 48, i32 1, i32 17,
; CHECK: call <64 x float> @llvm.masked.load.v64f32.p0(
; CHECK: call void @llvm.masked.store.v64f32.p0(
; CHECK-NOT: gather

define void @k(ptr %args) #0 {
  %gid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr <4 x float>, ptr %args, i64 %gid
  %x = load <4 x float>, ptr %p, align 16
  %y = fmul <4 x float> %x, %x
  store <4 x float> %y, ptr %p, align 16
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
