; AddressSanitizer checks every lane of a masked access on its own, so in a
; function it instruments, a gather becomes a loop over its lanes even where
; the target has the instruction and the mask is constant: the loop's one
; scalar load gets one check. Without the sanitizer the AVX-512 gather stays.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s \
; RUN:   | FileCheck %s

; CHECK-LABEL: define internal void @asan.sg(
; CHECK: lanes.loop{{[0-9]*}}:
; CHECK: %[[LANE:.*]] = zext i16 %{{.*}} to i64
; CHECK-NEXT: %[[PTR:.*]] = getelementptr ptr, ptr %{{lane.ptrs[0-9]*}}, i64 %[[LANE]]
; CHECK-NEXT: %[[FROM:.*]] = load ptr, ptr %[[PTR]], align 8
; CHECK-NEXT: %[[SLOT:.*]] = getelementptr float, ptr %{{lanes[0-9]*}}, i64 %[[LANE]]
; CHECK-NEXT: %[[X:.*]] = load float, ptr %[[FROM]], align 4
; CHECK-NEXT: store float %[[X]], ptr %[[SLOT]], align 4
; CHECK-NOT: call {{.*}}@llvm.masked.gather
; CHECK-LABEL: define internal void @plain.sg(
; CHECK: call <16 x float> @llvm.masked.gather.v16f32.v16p0(
; CHECK-NOT: lanes.loop

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @asan(ptr %args) #0 {
entry:
  %in = load ptr, ptr %args
  %out.p = getelementptr i8, ptr %args, i64 8
  %out = load ptr, ptr %out.p
  %lid = call i64 @__sublane_local_id(i32 0)
  %i = mul i64 %lid, 7
  %p = getelementptr float, ptr %in, i64 %i
  %x = load float, ptr %p
  %q = getelementptr float, ptr %out, i64 %lid
  store float %x, ptr %q
  ret void
}

define void @plain(ptr %args) #1 {
entry:
  %in = load ptr, ptr %args
  %out.p = getelementptr i8, ptr %args, i64 8
  %out = load ptr, ptr %out.p
  %lid = call i64 @__sublane_local_id(i32 0)
  %i = mul i64 %lid, 7
  %p = getelementptr float, ptr %in, i64 %i
  %x = load float, ptr %p
  %q = getelementptr float, ptr %out, i64 %lid
  store float %x, ptr %q
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { sanitize_address "sublane-kernel" "sublane-dims"="1" "target-cpu"="x86-64-v4" }
attributes #1 = { "sublane-kernel" "sublane-dims"="1" "target-cpu"="x86-64-v4" }
