; A collective under a branch on the sub-group id: every lane of a sub-group
; agrees, so this is legal and lowered.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.sg.combine1:
; CHECK: @llvm.vector.reduce.add.v8i32

define void @k(ptr %args) #0 {
entry:
  %sg = call i32 @__sublane_sg_id()
  %even = and i32 %sg, 1
  %take = icmp eq i32 %even, 0
  br i1 %take, label %then, label %done
then:
  %r = call i32 @__sublane_sg_reduce_add_i32(i32 1)
  store i32 %r, ptr %args
  br label %done
done:
  ret void
}

declare i32 @__sublane_sg_id() nounwind memory(none)
declare i32 @__sublane_sg_reduce_add_i32(i32) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
