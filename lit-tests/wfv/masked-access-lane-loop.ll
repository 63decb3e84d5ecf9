; A masked store that the target has no instruction for (SSE2 here) becomes a
; loop over the active lanes, lowest first, one scalar store per lane read
; from a stack slot, instead of the backend's branch per lane; at 4 lanes it
; stays an intrinsic (-sublane-wfv-lane-loop-min-lanes, 8 by default).
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s \
; RUN:   | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=4 -S %s \
; RUN:   | FileCheck %s --check-prefix=NARROW

; CHECK-LABEL: define internal void @k.sg(
; CHECK: alloca [16 x float], align 64
; CHECK: %[[Y:.*]] = fmul <16 x float>
; CHECK: store <16 x float> %[[Y]], ptr %[[SLOT:lanes[0-9]*]], align 64
; CHECK-NEXT: %[[MASK:.*]] = bitcast <16 x i1> %positive{{[0-9]*}} to i16
; CHECK-NEXT: %[[ANY:.*]] = icmp ne i16 %[[MASK]], 0
; CHECK-NEXT: br i1 %[[ANY]], label %[[LOOP:lanes.loop[0-9]*]], label %[[DONE:lanes.done[0-9]*]]
; CHECK: [[LOOP]]:
; CHECK-NEXT: %[[LEFT:.*]] = phi i16 [ %[[MASK]], %{{.*}} ], [ %[[REST:.*]], %[[LOOP]] ]
; CHECK-NEXT: %[[LANE:.*]] = call i16 @llvm.cttz.i16(i16 %[[LEFT]], i1 true)
; CHECK-NEXT: %[[IDX:.*]] = zext i16 %[[LANE]] to i64
; CHECK-NEXT: %[[TO:.*]] = getelementptr float, ptr %{{.*}}, i64 %[[IDX]]
; CHECK-NEXT: %[[FROM:.*]] = getelementptr float, ptr %[[SLOT]], i64 %[[IDX]]
; CHECK-NEXT: %[[V:.*]] = load float, ptr %[[FROM]], align 4
; CHECK-NEXT: store float %[[V]], ptr %[[TO]], align 4
; CHECK-NEXT: %[[MINUS:.*]] = sub i16 %[[LEFT]], 1
; CHECK-NEXT: %[[REST]] = and i16 %[[LEFT]], %[[MINUS]]
; CHECK-NEXT: %[[MORE:.*]] = icmp ne i16 %[[REST]], 0
; CHECK-NEXT: br i1 %[[MORE]], label %[[LOOP]], label %[[DONE]]
; CHECK-NOT: @llvm.masked.store
; CHECK-LABEL: declare

; NARROW-LABEL: define internal void @k.sg(
; NARROW: call void @llvm.masked.store.v4f32.p0(<4 x float> %{{.*}}, ptr %{{.*}}, i32 4, <4 x i1> %positive
; NARROW-NOT: lanes.loop
; NARROW-LABEL: declare

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %positive = fcmp ogt float %x, 0.0
  br i1 %positive, label %then, label %exit

then:
  %y = fmul float %x, 2.0
  store float %y, ptr %p
  br label %exit

exit:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-cpu"="x86-64" }
