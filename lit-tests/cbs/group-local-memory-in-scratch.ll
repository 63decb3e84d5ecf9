; Group local memory is a block of the work-group's part of scratch, which
; the descriptor counts (64 bytes of uniform scratch here), set up once per
; work-group function and the same for every work-item across the barrier.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK: @k.sublane.desc = {{.*}} i32 1, i32 1, i32 0, i64 0, i64 64,
; CHECK-LABEL: define internal void @k.wg(
; CHECK: %group.local{{[0-9]*}} = getelementptr i8, ptr %scratch, i64 0
; CHECK-NOT: __sublane_group_local_alloc
; CHECK: store i64 %{{.*}}, ptr %{{.*}}
; CHECK: ret void
define void @k(ptr %args) #0 {
  %block = call ptr @__sublane_group_local_alloc(i64 32, i64 8)
  %lid = call i64 @__sublane_local_id(i32 0)
  %mine = getelementptr i64, ptr %block, i64 %lid
  store i64 %lid, ptr %mine
  call void @__sublane_wg_barrier()
  %other = getelementptr i64, ptr %block, i64 1
  %v = load i64, ptr %other
  %gid = call i64 @__sublane_global_id(i32 0)
  %out = getelementptr i64, ptr %args, i64 %gid
  store i64 %v, ptr %out
  ret void
}

declare ptr @__sublane_group_local_alloc(i64, i64) convergent nounwind
declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
