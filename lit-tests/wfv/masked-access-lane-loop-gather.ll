; A gather the target lacks (SSE2) under a mask that varies becomes a loop
; over the active lanes: the lanes' pointers go to one stack slot, each
; active lane loads through its own into a second, and the vector is read
; back from it after the loop; both slots live only around the loop.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s \
; RUN:   | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %[[PTRS:.*]] = getelementptr float, ptr %args, <8 x i64>
; CHECK-NEXT: call void @llvm.lifetime.start.p0(i64 32, ptr %[[SLOT:lanes[0-9]*]])
; CHECK-NEXT: call void @llvm.lifetime.start.p0(i64 64, ptr %[[PSLOT:lane.ptrs[0-9]*]])
; CHECK-NEXT: store <8 x ptr> %[[PTRS]], ptr %[[PSLOT]], align 64
; CHECK-NEXT: %[[MASK:.*]] = bitcast <8 x i1> %odd{{[0-9]*}} to i8
; CHECK: [[LOOP:lanes.loop[0-9]*]]:
; CHECK: %[[LANE:.*]] = zext i8 %{{.*}} to i64
; CHECK-NEXT: %[[PTR:.*]] = getelementptr ptr, ptr %[[PSLOT]], i64 %[[LANE]]
; CHECK-NEXT: %[[FROM:.*]] = load ptr, ptr %[[PTR]], align 8
; CHECK-NEXT: %[[TO:.*]] = getelementptr float, ptr %[[SLOT]], i64 %[[LANE]]
; CHECK-NEXT: %[[V:.*]] = load float, ptr %[[FROM]], align 4
; CHECK-NEXT: store float %[[V]], ptr %[[TO]], align 4
; CHECK: lanes.done{{[0-9]*}}:
; CHECK-NEXT: %[[X:.*]] = load <8 x float>, ptr %[[SLOT]], align 32
; CHECK-NEXT: call void @llvm.lifetime.end.p0(i64 32, ptr %[[SLOT]])
; CHECK-NEXT: call void @llvm.lifetime.end.p0(i64 64, ptr %[[PSLOT]])
; CHECK-NOT: call <8 x float> @llvm.masked.gather
; CHECK-LABEL: declare

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %ip = getelementptr i64, ptr %args, i64 %lid
  %i = load i64, ptr %ip
  %odd = trunc i64 %i to i1
  br i1 %odd, label %then, label %exit

then:
  %p = getelementptr float, ptr %args, i64 %i
  %x = load float, ptr %p
  %q = getelementptr float, ptr %args, i64 %lid
  store float %x, ptr %q
  br label %exit

exit:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-cpu"="x86-64" }
