; A 16-byte copy between addresses that differ between lanes, outside
; private memory (here a permutation within memory every lane sees), reads
; for every lane before it writes for any, as a GPU's warp does: one vector
; load of all lanes' sources, then the stores, not a memcpy per lane.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK-NOT: @llvm.memcpy
; CHECK: %[[SRC:.*]] = load <32 x i32>, ptr
; CHECK: %copy.lanes{{[0-9]*}} = shufflevector <32 x i32> %[[SRC]]
; CHECK: call void @llvm.masked.scatter.v8i32.v8p0(
; CHECK-NOT: @llvm.memcpy
; CHECK: ret void

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %ip = getelementptr i64, ptr %args, i64 %lid
  %i = load i64, ptr %ip
  %j = and i64 %i, 15
  %src = getelementptr [4 x i32], ptr %args, i64 %lid
  %dst = getelementptr [4 x i32], ptr %args, i64 %j
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %dst, ptr align 4 %src, i64 16, i1 false)
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
