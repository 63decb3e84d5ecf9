; A disjoint `or` affine in the lanes is an add in the vector: lanes that
; skip the guard from which InstCombine knew the bits apart need not have
; them apart, and lane 0's value must stay the others' less their offsets.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: {{^}}then{{[0-9]+}}.cont:
; CHECK-NOT: or disjoint
; CHECK: %[[FIRST:.*]] = add {{.*}}i64 %sg.base, 8
; CHECK-NEXT: %[[ADDR:.*]] = getelementptr float, ptr %a, i64 %[[FIRST]]
; CHECK-NEXT: call <8 x float> @llvm.masked.load.v8f32.p0(ptr %[[ADDR]]
define void @k(ptr %args) #0 {
entry:
  %a = load ptr, ptr %args
  %lid = call i64 @__sublane_local_id(i32 0)
  %x = add i64 %lid, -8
  %low = icmp ult i64 %x, 4
  br i1 %low, label %then, label %exit
then:
  %idx = or disjoint i64 %x, 16
  %addr = getelementptr float, ptr %a, i64 %idx
  %v = load float, ptr %addr
  %o = getelementptr float, ptr %a, i64 %lid
  store float %v, ptr %o
  br label %exit
exit:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
