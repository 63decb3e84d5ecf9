; Consecutive addresses are one vector access of the sub-group size, masked
; by the entry mask in the copy that may run a partial sub-group and a plain
; vector access (an all-true mask, folded) in the copy for full sub-groups.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %sg.full = icmp eq i32 %sg.lanes, 16
; CHECK: load <16 x float>, ptr
; CHECK: fmul <16 x float>
; CHECK: store <16 x float> %{{.*}}, ptr
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
