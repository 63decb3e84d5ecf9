; Only what the target lacks becomes a loop over the active lanes: AVX2 has
; masked loads of floats and 64-bit integers but no scatter, which becomes a
; loop storing each active lane's element through its pointer, read from a
; stack slot; AVX-512 has the scatter, which stays.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s \
; RUN:   | FileCheck %s

; CHECK-LABEL: define internal void @avx2.sg(
; CHECK: %[[Y:.*]] = call <16 x float> @llvm.masked.load.v16f32.p0(
; CHECK: call <16 x i64> @llvm.masked.load.v16i64.p0(
; CHECK: store <16 x ptr> %{{.*}}, ptr %[[PTRS:lane.ptrs[0-9]*]], align 64
; CHECK-NEXT: store <16 x float> %[[Y]], ptr %[[SLOT:lanes[0-9]*]], align 64
; CHECK: lanes.loop{{[0-9]*}}:
; CHECK: %[[LANE:.*]] = zext i16 %{{.*}} to i64
; CHECK-NEXT: %[[PTR:.*]] = getelementptr ptr, ptr %[[PTRS]], i64 %[[LANE]]
; CHECK-NEXT: %[[TO:.*]] = load ptr, ptr %[[PTR]], align 8
; CHECK-NEXT: %[[FROM:.*]] = getelementptr float, ptr %[[SLOT]], i64 %[[LANE]]
; CHECK-NEXT: %[[V:.*]] = load float, ptr %[[FROM]], align 4
; CHECK-NEXT: store float %[[V]], ptr %[[TO]], align 4
; CHECK-NOT: call void @llvm.masked.scatter
; CHECK-LABEL: define internal void @avx512.sg(
; CHECK: call void @llvm.masked.scatter.v16f32.v16p0(
; CHECK-NOT: lanes.loop

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @avx2(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %positive = fcmp ogt float %x, 0.0
  br i1 %positive, label %then, label %exit

then:
  %q = getelementptr float, ptr %p, i64 64
  %y = load float, ptr %q
  %ip = getelementptr i64, ptr %args, i64 %lid
  %i = load i64, ptr %ip
  %r = getelementptr float, ptr %args, i64 %i
  store float %y, ptr %r
  br label %exit

exit:
  ret void
}

define void @avx512(ptr %args) #1 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %positive = fcmp ogt float %x, 0.0
  br i1 %positive, label %then, label %exit

then:
  %q = getelementptr float, ptr %p, i64 64
  %y = load float, ptr %q
  %ip = getelementptr i64, ptr %args, i64 %lid
  %i = load i64, ptr %ip
  %r = getelementptr float, ptr %args, i64 %i
  store float %y, ptr %r
  br label %exit

exit:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-cpu"="x86-64-v3" }
attributes #1 = { "sublane-kernel" "sublane-dims"="1" "target-cpu"="x86-64-v4" }
