; An address that is no affine function of the lane (here, read from
; memory) is a gather or a scatter over a vector of pointers; a uniform
; address stays one scalar load.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %n = load i64, ptr %args
; CHECK: call <8 x i64> @llvm.masked.load.v8i64.p0(
; CHECK: %[[PTRS:.*]] = getelementptr float, ptr %{{.*}}, <8 x i64>
; CHECK: call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %[[PTRS]], i32 4, <8 x i1>
; CHECK: call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %{{.*}}, <8 x ptr> %[[PTRS]], i32 4, <8 x i1>

define void @k(ptr %args) #0 {
  %n = load i64, ptr %args
  %lid = call i64 @__sublane_local_id(i32 0)
  %ip = getelementptr i64, ptr %args, i64 %lid
  %i = load i64, ptr %ip
  %j = urem i64 %i, %n
  %p = getelementptr float, ptr %args, i64 %j
  %x = load float, ptr %p
  %y = fadd float %x, 1.0
  store float %y, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
