; The combine step of a work-group scan is a loop in order, each step
; combining with the last one's result. Over a vectorized kernel's
; sub-groups it carries llvm.loop.unroll.runtime.disable: a few steps gain
; little from unrolling, and every copy would be compiled again at each of
; a kernel's collectives. Over the work-items of size-1 CBS it does not:
; there the chain of integer adds gains from unrolling.
; RUN: %opt -passes=sublane-prepare,sublane-wfv,sublane-wg-cbs -S %s \
; RUN:   | FileCheck %s

; CHECK-LABEL: define internal void @k8.wg(
; CHECK: sublane.scan:
; CHECK: br i1 %{{.*}}, label %sublane.scan, label %sublane.scan.done, !llvm.loop ![[LOOP:[0-9]+]]
; CHECK-LABEL: define internal void @k1.wg(
; CHECK: sublane.scan:
; CHECK: br i1 %{{.*}}, label %sublane.scan, label %sublane.scan.done{{$}}
; CHECK: ![[LOOP]] = distinct !{![[LOOP]], ![[NORUNTIME:[0-9]+]]}
; CHECK: ![[NORUNTIME]] = !{!"llvm.loop.unroll.runtime.disable"}

define void @k8(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr i32, ptr %args, i64 %lid
  %x = load i32, ptr %p
  %r = call i32 @__sublane_wg_inscan_add_i32(i32 %x)
  store i32 %r, ptr %p
  ret void
}

define void @k1(ptr %args) #1 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr i32, ptr %args, i64 %lid
  %x = load i32, ptr %p
  %r = call i32 @__sublane_wg_inscan_add_i32(i32 %x)
  store i32 %r, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i32 @__sublane_wg_inscan_add_i32(i32) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "sublane-sg-size"="8" }
attributes #1 = { "sublane-kernel" "sublane-dims"="1" "sublane-sg-size"="1" }
