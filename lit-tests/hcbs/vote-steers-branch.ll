; A vote's result is the same for every lane of the sub-group, whatever its
; operand: a collective under a branch on it is legal and lowered.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: @llvm.vector.reduce.add.v8i32

define void @k(ptr %args) #0 {
entry:
  %lane = call i32 @__sublane_sg_local_id()
  %is1 = icmp eq i32 %lane, 1
  %p = zext i1 %is1 to i32
  %any = call i32 @__sublane_sg_any(i32 %p)
  %take = icmp ne i32 %any, 0
  br i1 %take, label %then, label %done
then:
  %r = call i32 @__sublane_sg_reduce_add_i32(i32 1)
  store i32 %r, ptr %args
  br label %done
done:
  ret void
}

declare i32 @__sublane_sg_local_id() nounwind memory(none)
declare i32 @__sublane_sg_any(i32) convergent nounwind
declare i32 @__sublane_sg_reduce_add_i32(i32) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
