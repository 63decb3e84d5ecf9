; With -sublane-check-sync-points, each work-item loop also keeps the minimum
; of where its items stopped, and the region's end passes both to the
; runtime, with the kernel's name, the current group's ids (K.wg runs several
; groups) and what each state means.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-check-sync-points -S %s | FileCheck %s

; CHECK: @k.sync.names = private constant [3 x ptr]
; CHECK-LABEL: define internal void @k.wg(
; CHECK: %exit.min = phi i32 [ -1, %sublane.r0.pre ], [ %exit.min.next, %sublane.r0.next0 ]
; CHECK: %exit.min.next = call i32 @llvm.umin.i32(i32 %exit.min, i32 %r0.item.exit)
; CHECK: sublane.r0.exit:
; CHECK: store i64 %group.id0, ptr
; CHECK: call void @__sublane_check_sync(ptr @{{.*}}, ptr %group.ids, i32 1, ptr @k.sync.names, i32 %exit.min.next, i32 %r0.next.region)

define void @k(ptr %args) #0 {
entry:
  %flag = load i32, ptr %args
  %set = icmp ne i32 %flag, 0
  br i1 %set, label %then, label %join
then:
  call void @__sublane_wg_barrier()
  br label %join
join:
  ret void
}

declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
