; A block entered only from a block that every lane of a full sub-group
; runs, along a branch on a compare of consecutive ids (`if (lid == 0)`),
; is under a mask that is just that compare's lanes: whether any lane
; entered it (to skip the store of one lane's value otherwise) is a scalar
; vote on the first lane's id, not a vector compare. A partial sub-group
; (the second copy) still tests its mask.
; RUN: %opt -verify-each -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; any(lid == 0) over the lanes sg.base + l is sg.base == 0, which InstCombine
; writes as the sub-group id's test: the leader's store is skipped on it.
; The load of the output pointer keeps the test on the mask: a skipped
; load's value is poison, which a proof that no lane runs would spread to
; the addresses computed from it.
; CHECK-LABEL: define internal void @leader_store.sg(
; CHECK: wfv.body:
; CHECK: leader{{[0-9]+}}:
; CHECK: %[[BITS:.*]] = bitcast <8 x i1> %first{{[0-9]*}} to i8
; CHECK-NEXT: icmp eq i8 %[[BITS]], 0
; CHECK: wfv.body{{[0-9]+}}:
; CHECK: leader{{[0-9]*}}.cont:
; CHECK: %[[ANY:.*]] = icmp eq i32 %sg.id, 0
; CHECK-NEXT: br i1 %[[ANY]], label %leader{{[0-9]*}}.cont.then, label
; CHECK: leader{{[0-9]*}}.cont.then:
; CHECK: store float
; CHECK: leader{{[0-9]*}}.cont:
; CHECK: %[[BITS2:.*]] = bitcast <8 x i1> %{{.*}} to i8
; CHECK-NEXT: icmp eq i8 %[[BITS2]], 0
define void @leader_store(ptr %args) #0 {
entry:
  %out = load ptr, ptr %args
  %lid = call i64 @__sublane_local_id(i32 0)
  %gid = call i64 @__sublane_global_id(i32 0)
  %x = uitofp i64 %gid to float
  %first = icmp eq i64 %lid, 0
  br i1 %first, label %leader, label %done

leader:
  %grp = call i64 @__sublane_group_id(i32 0)
  %p = getelementptr float, ptr %out, i64 %grp
  store float %x, ptr %p
  br label %done

done:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare i64 @__sublane_group_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
