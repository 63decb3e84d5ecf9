; A private array whose address leaves it (here into a call), or that is
; accessed as floats and as a pointer (which has no split into floats), keeps
; one whole copy per lane, side by side: an element at an offset every lane
; shares is a copy's size (16 bytes) from lane to lane.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -sublane-wfv-element-major-privates=false -S %s | FileCheck %s --check-prefix=OFF

; CHECK-LABEL: define internal void @escapes.sg(
; CHECK: alloca [16 x [4 x float]]
; CHECK: getelementptr i8, ptr %{{.*}}, <16 x i64> <i64 0, i64 16, i64 32, i64 48,
; CHECK: call void @llvm.masked.scatter.v16f32.v16p0(

define void @escapes(ptr %args) #0 {
  %arr = alloca [4 x float], align 4
  %n = load i64, ptr %args
  %k = and i64 %n, 3
  %lid = call i64 @__sublane_global_id(i32 0)
  %f = uitofp i64 %lid to float
  %p = getelementptr [4 x float], ptr %arr, i64 0, i64 %k
  store float %f, ptr %p
  call void @use(ptr %arr)
  ret void
}

; CHECK-LABEL: define internal void @mixed.sg(
; CHECK: alloca [16 x [4 x float]]
; CHECK: call void @llvm.masked.scatter.v16f32.v16p0(
; CHECK: call <16 x ptr> @llvm.masked.gather.v16p0.v16p0(

define void @mixed(ptr %args) #0 {
  %arr = alloca [4 x float], align 8
  %n = load i64, ptr %args
  %k = and i64 %n, 3
  %lid = call i64 @__sublane_global_id(i32 0)
  %f = uitofp i64 %lid to float
  %p = getelementptr [4 x float], ptr %arr, i64 0, i64 %k
  store float %f, ptr %p
  %d = load ptr, ptr %arr
  %o = getelementptr ptr, ptr %args, i64 %lid
  store ptr %d, ptr %o
  ret void
}

; The knob turns element-major layout off: every private array is lane-major.
; OFF-LABEL: define internal void @element.sg(
; OFF: alloca [16 x [4 x float]]
; OFF: call void @llvm.masked.scatter.v16f32.v16p0(

define void @element(ptr %args) #0 {
  %arr = alloca [4 x float], align 4
  %n = load i64, ptr %args
  %k = and i64 %n, 3
  %lid = call i64 @__sublane_global_id(i32 0)
  %f = uitofp i64 %lid to float
  %p = getelementptr [4 x float], ptr %arr, i64 0, i64 %k
  store float %f, ptr %p
  %n2 = lshr i64 %n, 2
  %k2 = and i64 %n2, 3
  %q = getelementptr [4 x float], ptr %arr, i64 0, i64 %k2
  %x = load float, ptr %q
  %o = getelementptr float, ptr %args, i64 %lid
  store float %x, ptr %o
  ret void
}

declare void @use(ptr)
declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
