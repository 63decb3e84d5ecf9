; The vectorizer copies a kernel's body for full and partial sub-groups, and
; with it the call that stands for the kernel's group local memory. Every
; copy is the same memory: one block of scratch, not one per copy (64 bytes
; of the descriptor's uniform scratch, and a guard of 512 bytes on either
; side for the vectorizer's whole-vector accesses of local memory).
; RUN: %opt -passes=sublane-lower -sublane-sg-size=4 -S %s | FileCheck %s

; CHECK: @k.sublane.desc = {{.*}} i32 4, i32 3, i32 0, i64 0, i64 1088,
; CHECK-LABEL: define internal void @k.wg(
; CHECK: %[[GUARDED:group.local.guarded[0-9]*]] = getelementptr i8, ptr %scratch, i64 0
; CHECK-NEXT: %[[BLOCK:group.local[0-9]*]] = getelementptr inbounds i8, ptr %[[GUARDED]], i64 512
; CHECK-NOT: getelementptr i8, ptr %scratch
; CHECK-NOT: __sublane_group_local_alloc
; CHECK: getelementptr i32, ptr %[[BLOCK]]
; CHECK: getelementptr i32, ptr %[[BLOCK]]
; CHECK: ret void
define void @k(ptr %args) #0 {
  %block = call ptr @__sublane_group_local_alloc(i64 16, i64 4)
  %lid = call i64 @__sublane_local_id(i32 0)
  %bin = and i64 %lid, 3
  %p = getelementptr i32, ptr %block, i64 %bin
  store i32 1, ptr %p
  ret void
}

declare ptr @__sublane_group_local_alloc(i64, i64) convergent nounwind
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
