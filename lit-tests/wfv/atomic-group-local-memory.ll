; Group local memory (group_local_memory_for_overwrite) is the work-group's
; alone, as local memory is: an atomic on it is a plain load, operation and
; store per active lane, and the block's address is one scalar for the
; sub-group.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=4 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %group.local = call ptr @__sublane_group_local_alloc(i64 16, i64 4)
; CHECK-NOT: atomicrmw
; CHECK: %[[OLD:.*]] = load i32, ptr %[[P:.*]], align 4
; CHECK-NEXT: %[[NEW:.*]] = add i32 %[[OLD]], 1
; CHECK-NEXT: store i32 %[[NEW]], ptr %[[P]], align 4
; CHECK: ret void
define void @k(ptr %args) #0 {
  %hist = call ptr @__sublane_group_local_alloc(i64 16, i64 4)
  %lid = call i64 @__sublane_local_id(i32 0)
  %bin = and i64 %lid, 3
  %p = getelementptr i32, ptr %hist, i64 %bin
  %old = atomicrmw add ptr %p, i32 1 monotonic, align 4
  ret void
}

declare ptr @__sublane_group_local_alloc(i64, i64) convergent nounwind
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
