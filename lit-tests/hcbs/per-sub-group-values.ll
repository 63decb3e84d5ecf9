; A sub-group reduction's result, and a value loaded from an address
; computed from the sub-group id, differ between sub-groups but not within
; one: across a barrier they are kept once per sub-group (indexed by the
; sub-group id), not per work-item. A value loaded by each lane still needs
; one slot per work-item. (Values computed from ids alone are recomputed
; after the barrier instead: id-expression-recomputed.ll.)
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK-DAG: %sg_reduce_add_i32.result.subgroups = getelementptr i8, ptr %scratch
; CHECK-DAG: %twice.subgroups = getelementptr i8, ptr %scratch
; CHECK-DAG: %odd.items = getelementptr i8, ptr %scratch
; CHECK-DAG: getelementptr i32, ptr %twice.subgroups, i64 %sg
; CHECK-DAG: getelementptr i32, ptr %sg_reduce_add_i32.result.subgroups, i64 %sg
; CHECK-DAG: getelementptr i32, ptr %odd.items, i64 %r{{[0-9]}}.lid.linear

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr i32, ptr %args, i64 %lid
  %x = load i32, ptr %p
  %r = call i32 @__sublane_sg_reduce_add_i32(i32 %x)
  %sg = call i32 @__sublane_sg_id()
  %sg.p = getelementptr i32, ptr %args, i32 %sg
  %twice = load i32, ptr %sg.p
  %odd = and i32 %x, 1
  call void @__sublane_wg_barrier()
  %a = add i32 %r, %twice
  %b = add i32 %a, %odd
  %lid2 = call i64 @__sublane_local_id(i32 0)
  %q = getelementptr i32, ptr %args, i64 %lid2
  store i32 %b, ptr %q
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i32 @__sublane_sg_id() nounwind memory(none)
declare i32 @__sublane_sg_reduce_add_i32(i32) convergent nounwind
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
