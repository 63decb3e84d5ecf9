; A sub-group collective that only some lanes of each sub-group reach is an
; error; a branch on the sub-group id alone is not (whole sub-groups take it).
; RUN: not %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=8 -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'k': sub-group collective in divergent control flow: the branch depends on the work-item id, so not every work-item of the sub-group reaches it

define void @k(ptr %args) #0 {
entry:
  %lane = call i32 @__sublane_sg_local_id()
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %then, label %done
then:
  %r = call i32 @__sublane_sg_reduce_add_i32(i32 1)
  store i32 %r, ptr %args
  br label %done
done:
  ret void
}

declare i32 @__sublane_sg_local_id() nounwind memory(none)
declare i32 @__sublane_sg_reduce_add_i32(i32) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
