; A barrier under a branch on a uniform value is legal: the join block after
; it belongs to both regions, and the region reached depends on the branch.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.r0.next0:
; CHECK-NEXT: %r0.item.exit = phi i32 [ 2, %join.r0 ], [ 1, %then.r0 ]
; CHECK: sublane.r1.next0:
; CHECK-NEXT: %r1.item.exit = phi i32 [ 2, %join.r1 ]

define void @k(ptr %args) #0 {
entry:
  %grp = call i64 @__sublane_group_id(i32 0)
  %odd = trunc i64 %grp to i1
  br i1 %odd, label %then, label %join
then:
  call void @__sublane_wg_barrier()
  br label %join
join:
  %gid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr i64, ptr %args, i64 %gid
  store i64 %gid, ptr %p
  ret void
}

declare i64 @__sublane_group_id(i32) nounwind memory(none)
declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
