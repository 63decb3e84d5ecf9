; A private array read or written in pieces wider than its elements (a
; `float x[8]` moved as `uint4`, GPU code's vector copies) or copied whole
; with memcpy is split into element-sized accesses first, so that it is laid
; out element-major: each piece becomes one vector access per element.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s

; A <4 x i32> store of a lane's 16 bytes: four stores of 16 lanes' i32.
; CHECK-LABEL: define internal void @wide_store.sg(
; CHECK: %[[ARR:arr.elements[0-9]*]] = alloca [512 x i8], align 64
; CHECK-NOT: alloca [16 x [8 x float]]
; CHECK: store <16 x i32> %{{.*}}, ptr %{{.*}}, align 4
; CHECK: store <16 x i32> %{{.*}}, ptr %{{.*}}, align 4
; CHECK: store <16 x i32> %{{.*}}, ptr %{{.*}}, align 4
; CHECK: store <16 x i32> %{{.*}}, ptr %{{.*}}, align 4
; CHECK-NOT: scatter
; CHECK: ret void

define void @wide_store(ptr %args) #0 {
  %arr = alloca [8 x float], align 16
  %lid = call i64 @__sublane_global_id(i32 0)
  %in = getelementptr <4 x i32>, ptr %args, i64 %lid
  %v = load <4 x i32>, ptr %in, align 16
  %hi = getelementptr [8 x float], ptr %arr, i64 0, i64 4
  store <4 x i32> %v, ptr %hi, align 16
  %n = load i64, ptr %args
  %k = and i64 %n, 7
  %p = getelementptr [8 x float], ptr %arr, i64 0, i64 %k
  %x = load float, ptr %p
  %o = getelementptr float, ptr %args, i64 %lid
  store float %x, ptr %o
  ret void
}

; A memcpy of 16 bytes into the array: every element loaded, then stored.
; CHECK-LABEL: define internal void @copied_in.sg(
; CHECK: alloca [256 x i8], align 64
; CHECK-NOT: alloca [16 x [4 x float]]
; CHECK-NOT: memcpy
; CHECK: load <64 x i32>
; CHECK-COUNT-4: store <16 x i32> %{{.*}}, ptr %{{.*}}, align 4
; CHECK: ret void

define void @copied_in(ptr %args) #0 {
  %srcp = getelementptr ptr, ptr %args, i64 1
  %src = load ptr, ptr %srcp
  %arr = alloca [4 x float], align 4
  %lid = call i64 @__sublane_global_id(i32 0)
  %from = getelementptr [4 x float], ptr %src, i64 %lid
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %arr, ptr align 4 %from, i64 16, i1 false)
  %n = load i64, ptr %args
  %k = and i64 %n, 3
  %p = getelementptr [4 x float], ptr %arr, i64 0, i64 %k
  %x = load float, ptr %p
  %o = getelementptr float, ptr %args, i64 %lid
  store float %x, ptr %o
  ret void
}

; A double read from a float array: two i32 loads, put back together.
; CHECK-LABEL: define internal void @double_of_floats.sg(
; CHECK: alloca [256 x i8], align 64
; CHECK: %[[LO:.*]] = load <16 x i32>, ptr %[[ARR:arr.elements[0-9]*]],
; CHECK: %[[HI:.*]] = load <16 x i32>
; CHECK: shufflevector <16 x i32> %[[LO]], <16 x i32> %[[HI]], <32 x i32> <i32 0, i32 16, i32 1, i32 17,
; CHECK: ret void

define void @double_of_floats(ptr %args) #0 {
  %arr = alloca [4 x float], align 8
  %n = load i64, ptr %args
  %k = and i64 %n, 3
  %lid = call i64 @__sublane_global_id(i32 0)
  %f = uitofp i64 %lid to float
  %p = getelementptr [4 x float], ptr %arr, i64 0, i64 %k
  store float %f, ptr %p
  %d = load double, ptr %arr
  %o = getelementptr double, ptr %args, i64 %lid
  store double %d, ptr %o
  ret void
}

; A copy of a run-time length cannot be split: the array stays lane-major.
; CHECK-LABEL: define internal void @copied_unknown_length.sg(
; CHECK: alloca [16 x [4 x float]]
; CHECK: ret void

define void @copied_unknown_length(ptr %args) #0 {
  %srcp = getelementptr ptr, ptr %args, i64 1
  %src = load ptr, ptr %srcp
  %arr = alloca [4 x float], align 4
  %lid = call i64 @__sublane_global_id(i32 0)
  %n = load i64, ptr %args
  %len = and i64 %n, 15
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %arr, ptr align 4 %src, i64 %len, i1 false)
  %k = and i64 %n, 3
  %p = getelementptr [4 x float], ptr %arr, i64 0, i64 %k
  %x = load float, ptr %p
  %o = getelementptr float, ptr %args, i64 %lid
  store float %x, ptr %o
  ret void
}

; Over 256 bytes a lane, a variable's wide accesses are not split: laid out
; element-major and indexed by constants once LLVM unrolls the loops over it,
; it would become as many vector values as it has elements.
; CHECK-LABEL: define internal void @wide_store_large.sg(
; CHECK: alloca [16 x [72 x float]]
; CHECK: ret void

define void @wide_store_large(ptr %args) #0 {
  %arr = alloca [72 x float], align 16
  %lid = call i64 @__sublane_global_id(i32 0)
  %in = getelementptr <4 x i32>, ptr %args, i64 %lid
  %v = load <4 x i32>, ptr %in, align 16
  store <4 x i32> %v, ptr %arr, align 16
  %n = load i64, ptr %args
  %k = and i64 %n, 63
  %p = getelementptr [72 x float], ptr %arr, i64 0, i64 %k
  %x = load float, ptr %p
  %o = getelementptr float, ptr %args, i64 %lid
  store float %x, ptr %o
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
