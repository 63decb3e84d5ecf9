; Consecutive addresses are one vector access of the sub-group size, masked
; by the entry mask in the copy that may run a partial sub-group and under an
; all-true mask (which LLVM folds to a plain access) in the copy for full
; sub-groups.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %sg.full = icmp eq i32 %sg.lanes, 16
; CHECK: call <16 x float> @llvm.masked.load.v16f32.p0(ptr %{{.*}}, i32 4, <16 x i1> <i1 true, i1 true, {{.*}}>, <16 x float> poison)
; CHECK: fmul <16 x float>
; CHECK: call void @llvm.masked.store.v16f32.p0(<16 x float> %{{.*}}, ptr %{{.*}}, i32 4, <16 x i1> <i1 true, i1 true,
; CHECK: call <16 x float> @llvm.masked.load.v16f32.p0(ptr %{{.*}}, i32 4, <16 x i1> %entry.mask, <16 x float> poison)
; CHECK: call void @llvm.masked.store.v16f32.p0(<16 x float> %{{.*}}, ptr %{{.*}}, i32 4, <16 x i1> %entry.mask)
; CHECK-NOT: gather

define void @k(ptr %args) #0 {
  %gid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %gid
  %x = load float, ptr %p
  %y = fmul float %x, 2.0
  store float %y, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
