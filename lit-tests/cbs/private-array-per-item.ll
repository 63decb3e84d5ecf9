; A private array whose contents must survive a barrier gets one copy per
; work-item in scratch, addressed by the linear local id; one used within a
; single region stays a plain alloca shared by the items in turn.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK: @k.sublane.desc = {{.*}} i32 1, i64 16,
; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.groups:
; CHECK: %scratchpad = alloca [4 x i32]
; CHECK: %kept.items = getelementptr i8, ptr %scratch, i64 0
; CHECK-NOT: %kept = alloca
; CHECK: sublane.r0.item0:
; CHECK: %[[OFF0:.*]] = mul i64 %r0.lid0, 16
; CHECK-NEXT: %kept{{[0-9]*}}.r0 = getelementptr i8, ptr %kept.items, i64 %[[OFF0]]
; CHECK: sublane.r1.item0:
; CHECK: %[[OFF1:.*]] = mul i64 %r1.lid0, 16
; CHECK: getelementptr i8, ptr %kept.items, i64 %[[OFF1]]
; CHECK: load i32

define void @k(ptr %args) #0 {
  %kept = alloca [4 x i32]
  %scratchpad = alloca [4 x i32]
  %lid = call i64 @__sublane_local_id(i32 0)
  %idx = and i64 %lid, 3
  %slot = getelementptr [4 x i32], ptr %kept, i64 0, i64 %idx
  store i32 7, ptr %slot
  %tmp = getelementptr [4 x i32], ptr %scratchpad, i64 0, i64 %idx
  store i32 1, ptr %tmp
  %other = xor i64 %idx, 2
  %tmp2 = getelementptr [4 x i32], ptr %scratchpad, i64 0, i64 %other
  %back = load i32, ptr %tmp2
  %out = getelementptr i32, ptr %args, i64 1
  store i32 %back, ptr %out
  call void @__sublane_wg_barrier()
  %lid2 = call i64 @__sublane_local_id(i32 0)
  %idx2 = xor i64 %lid2, 1
  %idx3 = and i64 %idx2, 3
  %slot2 = getelementptr [4 x i32], ptr %kept, i64 0, i64 %idx3
  %v = load i32, ptr %slot2
  store i32 %v, ptr %args
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
