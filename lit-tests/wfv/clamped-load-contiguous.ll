; A load at a neighbour's coordinate clamped to the image (`in[clamp(x - 1,
; 0, n - 1)]`) is contiguous in every sub-group away from the image's ends,
; which no shape says. Where the address would be contiguous with the clamp
; the identity, the sub-group asks in scalars whether its first and last
; lanes' values lie within the bounds, and then loads one vector; otherwise
; it gathers. Where a step on the way is not linear (a mask), the lanes'
; addresses are compared with the first lane's. An address without a clamp
; keeps its gather, and so does one whose clamped lanes are never an
; element apart.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -sublane-wfv-clamped-contiguous-loads=false -S %s | FileCheck %s --check-prefix=OFF

; CHECK-LABEL: define internal void @clamped.sg(
; CHECK-NOT: ptrtoint <8 x ptr>
; CHECK: %[[FIRST:.*]] = add i64 %{{.*}}, -1
; CHECK: icmp sle i64 %{{.*}}, %last
; CHECK: br i1 %{{.*}}, label %.vload, label %.gather
; CHECK: .vload:
; CHECK: load <8 x float>, ptr
; CHECK: .gather:
; CHECK: call <8 x float> @llvm.masked.gather.v8f32.v8p0(
; CHECK: .loaded:
; CHECK-NEXT: phi <8 x float>
; The copy for a partial sub-group loads under its mask.
; CHECK: .vload{{[0-9]+}}:
; CHECK: call <8 x float> @llvm.masked.load.v8f32.p0({{.*}}%entry.mask

; OFF-LABEL: define internal void @clamped.sg(
; OFF-NOT: .vload
; OFF: call <8 x float> @llvm.masked.gather.v8f32.v8p0(

; CHECK-LABEL: define internal void @masked-index.sg(
; CHECK: ptrtoint <8 x ptr>
; CHECK: icmp ne <8 x i64> %{{.*}}, <i64 0, i64 4, i64 8, i64 12, i64 16, i64 20, i64 24, i64 28>
; CHECK: br i1 %{{.*}}, label %.vload, label %.gather

; CHECK-LABEL: define internal void @every-other.sg(
; CHECK-NOT: .vload
; CHECK: call <8 x float> @llvm.masked.gather.v8f32.v8p0(

; CHECK-LABEL: define internal void @indexed.sg(
; CHECK-NOT: .vload
; CHECK: call <8 x float> @llvm.masked.gather.v8f32.v8p0(

define void @clamped(ptr %args) #0 {
  %in = load ptr, ptr %args
  %np = getelementptr i64, ptr %args, i64 1
  %n = load i64, ptr %np
  %x = call i64 @__sublane_global_id(i32 0)
  %left = add i64 %x, -1
  %last = add i64 %n, -1
  %lo = call i64 @llvm.smax.i64(i64 %left, i64 0)
  %c = call i64 @llvm.smin.i64(i64 %lo, i64 %last)
  %p = getelementptr float, ptr %in, i64 %c
  %v = load float, ptr %p
  %q = getelementptr float, ptr %in, i64 %x
  store float %v, ptr %q
  ret void
}

define void @masked-index(ptr %args) #0 {
  %in = load ptr, ptr %args
  %x = call i64 @__sublane_global_id(i32 0)
  %left = add i64 %x, -1
  %lo = call i64 @llvm.smax.i64(i64 %left, i64 0)
  %c = and i64 %lo, 4294967295
  %p = getelementptr float, ptr %in, i64 %c
  %v = load float, ptr %p
  %q = getelementptr float, ptr %in, i64 %x
  store float %v, ptr %q
  ret void
}

define void @every-other(ptr %args) #0 {
  %in = load ptr, ptr %args
  %x = call i64 @__sublane_global_id(i32 0)
  %left = add i64 %x, -1
  %lo = call i64 @llvm.smax.i64(i64 %left, i64 0)
  %two = shl i64 %lo, 1
  %p = getelementptr float, ptr %in, i64 %two
  %v = load float, ptr %p
  %q = getelementptr float, ptr %in, i64 %x
  store float %v, ptr %q
  ret void
}

define void @indexed(ptr %args) #0 {
  %in = load ptr, ptr %args
  %x = call i64 @__sublane_global_id(i32 0)
  %ip = getelementptr i32, ptr %in, i64 %x
  %j = load i32, ptr %ip
  %js = sext i32 %j to i64
  %p = getelementptr float, ptr %in, i64 %js
  %v = load float, ptr %p
  store float %v, ptr %ip
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare i64 @llvm.smax.i64(i64, i64)
declare i64 @llvm.smin.i64(i64, i64)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
