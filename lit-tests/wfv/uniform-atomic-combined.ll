; Read-modify-write atomics on one address whose old value is unused run
; once per sub-group with the active lanes' operands combined: a varying
; float sum is a vector reduction, a uniform integer sum is the operand
; times the number of active lanes, and a uniform maximum is the operand
; itself. An atomic whose old value is used stays one per active lane.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; Each kernel has two bodies: whole sub-groups in a row, then any sub-group.
; CHECK-LABEL: define internal void @sum.sg(
; CHECK: %[[R:.*]] = call reassoc float @llvm.vector.reduce.fadd.v8f32(float -0.000000e+00, <8 x float> %{{.*}})
; CHECK-NEXT: atomicrmw fadd ptr %total, float %[[R]] monotonic
; CHECK: %[[R2:.*]] = call reassoc float @llvm.vector.reduce.fadd.v8f32(float -0.000000e+00, <8 x float> %{{.*}})
; CHECK: atomicrmw fadd ptr %{{.*}}, float %[[R2]] monotonic
; CHECK-NOT: atomicrmw

define void @sum(ptr %args) #0 {
  %total = load ptr, ptr %args
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %old = atomicrmw fadd ptr %total, float %x monotonic
  ret void
}

; CHECK-LABEL: define internal void @count.sg(
; CHECK: atomicrmw add ptr %total, i32 %{{.*}} monotonic
; CHECK: atomicrmw max ptr %total, i32 %step monotonic
; CHECK: %[[N:.*]] = call range(i8 0, 5) i8 @llvm.ctpop.i8(
; CHECK: %[[W:.*]] = zext nneg i8 %[[N]] to i32
; CHECK: %[[V:.*]] = mul i32 %[[STEP:.*]], %[[W]]
; CHECK: atomicrmw add ptr %{{.*}}, i32 %[[V]] monotonic
; CHECK: atomicrmw max ptr %{{.*}}, i32 %[[STEP]] monotonic
; CHECK-NOT: atomicrmw

define void @count(ptr %args) #0 {
  %total = load ptr, ptr %args
  %q = getelementptr i8, ptr %args, i64 8
  %step = load i32, ptr %q
  %lid = call i64 @__sublane_local_id(i32 0)
  %odd = and i64 %lid, 1
  %c = icmp eq i64 %odd, 1
  br i1 %c, label %then, label %done
then:
  %a = atomicrmw add ptr %total, i32 %step monotonic
  %b = atomicrmw max ptr %total, i32 %step monotonic
  br label %done
done:
  ret void
}

; CHECK-LABEL: define internal void @fetch.sg(
; CHECK-COUNT-16: atomicrmw add ptr %{{.*}}, i32 1 monotonic
; CHECK-NOT: atomicrmw

define void @fetch(ptr %args) #0 {
  %total = load ptr, ptr %args
  %lid = call i64 @__sublane_local_id(i32 0)
  %old = atomicrmw add ptr %total, i32 1 monotonic
  %p = getelementptr i32, ptr %args, i64 %lid
  store i32 %old, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
