; A sub-group collective that only the lanes below 4 reach: lanes 0 and 1
; agree, but every full sub-group of 8 also has lane 7, which does not take
; the branch, so the divergence is certain: an error, for hcbs and wfv.
; RUN: not %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=8 -disable-output %s 2>&1 | FileCheck %s
; RUN: not %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -disable-output %s 2>&1 | FileCheck %s
; A sub-group of 4 lanes takes the branch as a whole: it compiles.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=4 -disable-output %s 2>&1 | FileCheck %s --check-prefix=FOUR --allow-empty

; CHECK: error: {{.*}}kernel 'k': sub-group collective in divergent control flow: the branch depends on the work-item id, so not every work-item of the sub-group reaches it
; FOUR-NOT: error:

define void @k(ptr %args) #0 {
entry:
  %lane = call i32 @__sublane_sg_local_id()
  %low = icmp ult i32 %lane, 4
  br i1 %low, label %then, label %done
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
