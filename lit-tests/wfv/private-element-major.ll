; A private array accessed element by element is laid out for the whole
; sub-group, element-major: element j of lane l at (j * 16 + l) floats. An
; element at an offset every lane shares is then one vector access at
; offset * 16; one at an offset that differs between lanes is a gather.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @private.sg(
; CHECK: alloca [256 x i8], align 64
; CHECK: %[[P:.*]] = getelementptr inbounds i8, ptr %[[ARR:arr.elements[0-9]*]], i64 %{{.*}}
; CHECK-NEXT: store <16 x float> %{{.*}}, ptr %[[P]], align 4
; CHECK: %[[Q:.*]] = getelementptr inbounds i8, ptr %[[ARR]], <16 x i64> %{{.*}}
; CHECK-NEXT: call <16 x float> @llvm.masked.gather.v16f32.v16p0(<16 x ptr> %[[Q]],
; CHECK-NOT: scatter
; CHECK: ret void

define void @private(ptr %args) #0 {
  %arr = alloca [4 x float], align 4
  %n = load i64, ptr %args
  %k = and i64 %n, 3
  %lid = call i64 @__sublane_global_id(i32 0)
  %f = uitofp i64 %lid to float
  %p = getelementptr [4 x float], ptr %arr, i64 0, i64 %k
  store float %f, ptr %p
  %j = and i64 %lid, 3
  %q = getelementptr [4 x float], ptr %arr, i64 0, i64 %j
  %x = load float, ptr %q
  %o = getelementptr float, ptr %args, i64 %lid
  store float %x, ptr %o
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }

; A memset of a constant (`float a[4] = {}`) is a store per element, each
; one vector store for the sub-group.
; CHECK-LABEL: define internal void @filled.sg(
; CHECK: alloca [256 x i8], align 64
; CHECK-NOT: memset
; CHECK: store <16 x i32> zeroinitializer, ptr %{{.*}}, align 4
; CHECK: store <16 x i32> zeroinitializer, ptr %{{.*}}, align 4
; CHECK: store <16 x i32> zeroinitializer, ptr %{{.*}}, align 4
; CHECK: store <16 x i32> zeroinitializer, ptr %{{.*}}, align 4
; CHECK: call <16 x float> @llvm.masked.gather.v16f32.v16p0(
; CHECK: ret void

define void @filled(ptr %args) #0 {
  %arr = alloca [4 x float], align 4
  call void @llvm.memset.p0.i64(ptr %arr, i8 0, i64 16, i1 false)
  %n = load i64, ptr %args
  %k = and i64 %n, 3
  %lid = call i64 @__sublane_global_id(i32 0)
  %f = uitofp i64 %lid to float
  %p = getelementptr [4 x float], ptr %arr, i64 0, i64 %k
  store float %f, ptr %p
  %j = and i64 %lid, 3
  %q = getelementptr [4 x float], ptr %arr, i64 0, i64 %j
  %x = load float, ptr %q
  %o = getelementptr float, ptr %args, i64 %lid
  store float %x, ptr %o
  ret void
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
