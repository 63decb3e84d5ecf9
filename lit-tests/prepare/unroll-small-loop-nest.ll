; A sorting network over a private window (`for (i = 0; i < 3; ++i) for (j =
; i + 1; j < 4; ++j) sort2(w[i], w[j])`): the inner loop's trip count is no
; constant until the outer loop is unrolled, so preparation unrolls the outer
; loop, then each copy of the inner one, and SROA promotes the window.
; RUN: %opt -passes=sublane-prepare -S %s | FileCheck %s

; CHECK-LABEL: define void @k(
; CHECK-NOT: alloca
; CHECK-NOT: phi
; CHECK-NOT: br
; CHECK: call float @llvm.minnum.f32(
; CHECK-NOT: br
; CHECK: store float
; CHECK-NEXT: ret void
define void @k(ptr %args) #0 {
entry:
  %w = alloca [4 x float]
  %x = call i64 @__sublane_global_id(i32 0)
  br label %fill
fill:
  %f = phi i64 [ 0, %entry ], [ %f.next, %fill ]
  %src.i = add i64 %x, %f
  %src = getelementptr float, ptr %args, i64 %src.i
  %v = load float, ptr %src
  %dst = getelementptr float, ptr %w, i64 %f
  store float %v, ptr %dst
  %f.next = add i64 %f, 1
  %filled = icmp eq i64 %f.next, 4
  br i1 %filled, label %outer, label %fill
outer:
  %i = phi i64 [ 0, %fill ], [ %i.next, %outer.latch ]
  %j0 = add i64 %i, 1
  br label %inner
inner:
  %j = phi i64 [ %j0, %outer ], [ %j.next, %inner ]
  %pi = getelementptr float, ptr %w, i64 %i
  %pj = getelementptr float, ptr %w, i64 %j
  %a = load float, ptr %pi
  %b = load float, ptr %pj
  %lo = call float @llvm.minnum.f32(float %a, float %b)
  %hi = call float @llvm.maxnum.f32(float %a, float %b)
  store float %lo, ptr %pi
  store float %hi, ptr %pj
  %j.next = add i64 %j, 1
  %inner.done = icmp eq i64 %j.next, 4
  br i1 %inner.done, label %outer.latch, label %inner
outer.latch:
  %i.next = add i64 %i, 1
  %outer.done = icmp eq i64 %i.next, 3
  br i1 %outer.done, label %out, label %outer
out:
  %mid = getelementptr float, ptr %w, i64 1
  %m = load float, ptr %mid
  %o = getelementptr float, ptr %args, i64 %x
  store float %m, ptr %o
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare float @llvm.minnum.f32(float, float)
declare float @llvm.maxnum.f32(float, float)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
