; A plain read-modify-write that replaces an atomic on local memory stays
; out of the region's parallel access group: other sub-groups update the
; same addresses, and with the accesses in the group LLVM interleaved the
; loop over sub-groups and lost updates (difftest seed 49393). Other
; accesses of the region stay in the group.
; RUN: %opt -passes=sublane-lower -sublane-sg-size=4 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @local.wg(
; CHECK-NOT: atomicrmw
; CHECK: %[[OLD:.*]] = load i32, ptr %[[P:.*]], align 4, !sublane.plain_atomic ![[MARK:[0-9]+]]{{$}}
; CHECK: store i32 %{{.*}}, ptr %[[P]], align 4, !sublane.plain_atomic ![[MARK]]{{$}}
; CHECK: store <4 x i32> %{{.*}}, ptr %{{.*}}, align 4, !llvm.access.group ![[GROUP:[0-9]+]]
; CHECK: ![[MARK]] = !{}

define void @local(ptr %args) #0 {
  %lm = call ptr @__sublane_local_mem()
  %lid = call i64 @__sublane_local_id(i32 0)
  %bin = and i64 %lid, 3
  %p = getelementptr i32, ptr %lm, i64 %bin
  %old = atomicrmw add ptr %p, i32 1 monotonic, align 4
  %g = load ptr, ptr %args
  %o = getelementptr i32, ptr %g, i64 %lid
  store i32 %old, ptr %o, align 4
  ret void
}

declare ptr @__sublane_local_mem() nounwind memory(none)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
