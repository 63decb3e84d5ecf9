; A masked load whose value a masked store writes elsewhere: both become
; loops over the active lanes, the store's reading the load's result from
; the first loop's slot.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s \
; RUN:   | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: lanes.loop{{[0-9]*}}:
; CHECK: %[[V:.*]] = load float, ptr %{{.*}}, align 4
; CHECK-NEXT: store float %[[V]], ptr %[[IN:.*]], align 4
; CHECK: lanes.done{{[0-9]*}}:
; CHECK-NEXT: %[[Y:.*]] = load <16 x float>, ptr %[[SLOT:lanes[0-9]*]], align 64
; CHECK: store <16 x float> %[[Y]], ptr %{{lanes[0-9]*}}, align 64
; CHECK: lanes.loop{{[0-9]*}}:
; CHECK-NOT: @llvm.masked
; CHECK-LABEL: declare

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
  %q = getelementptr float, ptr %p, i64 64
  %y = load float, ptr %q
  store float %y, ptr %p
  br label %exit

exit:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-cpu"="x86-64" }
