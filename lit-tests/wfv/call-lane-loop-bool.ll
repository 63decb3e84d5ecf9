; A lane loop's stack slots hold one byte per lane for a call's i1 operand
; and result, which a <16 x i1> load or store would pack into bits.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %lane.args = alloca [16 x i8], align 16
; CHECK: %lane.results = alloca [16 x i8], align 16
; CHECK: %[[WIDE:.*]] = zext <16 x i1> %{{.*}} to <16 x i8>
; CHECK: store <16 x i8> %[[WIDE]], ptr %lane.args, align 16
; CHECK: lane.call:
; CHECK: %[[BYTE:.*]] = load i8, ptr %{{.*}}, align 1
; CHECK-NEXT: %[[ARG:.*]] = trunc i8 %[[BYTE]] to i1
; CHECK-NEXT: %[[R:.*]] = call i1 @ext(i1 %[[ARG]])
; CHECK-NEXT: %[[RBYTE:.*]] = zext i1 %[[R]] to i8
; CHECK: store i8 %[[RBYTE]], ptr %{{.*}}, align 1
; CHECK: lane.done:
; CHECK: %lane.collected = load <16 x i8>, ptr %lane.results, align 16

define void @k(ptr %out) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %q = getelementptr i32, ptr %out, i64 %lid
  %x = load i32, ptr %q
  %nz = icmp ne i32 %x, 0
  %r = call i1 @ext(i1 %nz)
  %v = zext i1 %r to i32
  store i32 %v, ptr %q
  ret void
}

declare i1 @ext(i1)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
