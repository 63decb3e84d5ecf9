; A gather or scatter of every lane at a stride, which the target would
; expand per lane anyway (AVX2 here: LLVM's x86 backend expands gathers on
; cores where they are slow, and AVX2 has no scatter), becomes one scalar
; access per lane at the first lane's address plus that lane's multiple of
; the stride, computed in scalars. Where the target keeps the gather
; (AVX-512), or some lane may be inactive, it stays a gather.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=4 -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal void @avx2.sg(
; CHECK: wfv.body:
; CHECK: %[[BYTES:.*]] = shl i64 %n, 2
; CHECK: %[[FIRST:.*]] = getelementptr float, ptr %in, i64 %{{.*}}
; CHECK-NEXT: %[[O2:.*]] = mul i64 %[[BYTES]], 2
; CHECK-NEXT: %[[O3:.*]] = mul i64 %[[BYTES]], 3
; CHECK-NEXT: %[[X0:.*]] = load float, ptr %[[FIRST]], align 4
; CHECK-NEXT: %[[V0:.*]] = insertelement <4 x float> poison, float %[[X0]], i64 0
; CHECK-NEXT: %[[P1:.*]] = getelementptr i8, ptr %[[FIRST]], i64 %[[BYTES]]
; CHECK-NEXT: %[[X1:.*]] = load float, ptr %[[P1]], align 4
; CHECK-NEXT: %[[V1:.*]] = insertelement <4 x float> %[[V0]], float %[[X1]], i64 1
; CHECK-NEXT: %[[P2:.*]] = getelementptr i8, ptr %[[FIRST]], i64 %[[O2]]
; CHECK-NEXT: %[[X2:.*]] = load float, ptr %[[P2]], align 4
; CHECK-NEXT: %[[V2:.*]] = insertelement <4 x float> %[[V1]], float %[[X2]], i64 2
; CHECK-NEXT: %[[P3:.*]] = getelementptr i8, ptr %[[FIRST]], i64 %[[O3]]
; CHECK-NEXT: %[[X3:.*]] = load float, ptr %[[P3]], align 4
; CHECK-NEXT: insertelement <4 x float> %[[V2]], float %[[X3]], i64 3
; CHECK-NOT: masked.gather
; CHECK: store float %{{.*}}, ptr %[[FIRST]], align 4
; CHECK: store float
; CHECK: store float
; CHECK: store float
; CHECK-NOT: masked.scatter
; CHECK: wfv.body{{[0-9]+}}:
; CHECK: call <4 x float> @llvm.masked.gather.v4f32.v4p0(

; CHECK-LABEL: define internal void @avx512.sg(
; CHECK: wfv.body:
; CHECK: call <4 x float> @llvm.masked.gather.v4f32.v4p0(
; CHECK: call void @llvm.masked.scatter.v4f32.v4p0(

define void @avx2(ptr %args) #0 {
  %in = load ptr, ptr %args
  %np = getelementptr i8, ptr %args, i64 8
  %n = load i64, ptr %np
  %lid = call i64 @__sublane_global_id(i32 0)
  %i = mul i64 %lid, %n
  %p = getelementptr float, ptr %in, i64 %i
  %x = load float, ptr %p
  %y = fadd float %x, 1.0
  store float %y, ptr %p
  ret void
}

define void @avx512(ptr %args) #1 {
  %in = load ptr, ptr %args
  %np = getelementptr i8, ptr %args, i64 8
  %n = load i64, ptr %np
  %lid = call i64 @__sublane_global_id(i32 0)
  %i = mul i64 %lid, %n
  %p = getelementptr float, ptr %in, i64 %i
  %x = load float, ptr %p
  %y = fadd float %x, 1.0
  store float %y, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-cpu"="x86-64-v3" }
attributes #1 = { "sublane-kernel" "sublane-dims"="1" "target-cpu"="x86-64-v4" }
