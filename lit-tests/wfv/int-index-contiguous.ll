; An access indexed by `int i = id[0]` is one vector access in the copy for
; full sub-groups, which now also requires the launch's global range along
; rows to fit in an `int`; the copy for any sub-group gathers and scatters,
; since its lanes' ids may straddle 2^31.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %sg.full = icmp eq i32 %sg.lanes, 16
; CHECK: %global.range = call i64 @__sublane_global_range(i32 0)
; CHECK-NEXT: %global.ids.fit.int = icmp ult i64 %global.range, 2147483649
; CHECK-NEXT: [[COND:%.*]] = and i1 %sg.full, %global.ids.fit.int
; CHECK-NEXT: br i1 [[COND]]
; CHECK: = load <16 x float>, ptr
; CHECK: store <16 x float> %{{.*}}, ptr
; CHECK: call <16 x float> @llvm.masked.gather.v16f32.v16p0(
; CHECK: call void @llvm.masked.scatter.v16f32.v16p0(

define void @k(ptr %args) #0 {
  %gid = call i64 @__sublane_global_id(i32 0)
  %shl = shl i64 %gid, 32
  %i = ashr exact i64 %shl, 32
  %p = getelementptr float, ptr %args, i64 %i
  %x = load float, ptr %p
  %y = fmul float %x, 2.0
  store float %y, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
