; Calls that reach no builtin are inlined too (within a budget), so that
; objects passed to them by pointer dissolve instead of needing per-item
; memory across barriers; calls marked noinline stay, and recursion stops.
; RUN: %opt -passes=sublane-prepare -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare -sublane-inline-budget=0 -S %s | FileCheck %s --check-prefix=NOBUDGET

; CHECK-LABEL: define void @k(
; CHECK-NOT: alloca
; CHECK-NOT: call void @fill(
; CHECK: call void @kept(
; CHECK: call i32 @countdown(
; CHECK: ret void
; NOBUDGET-LABEL: define void @k(
; NOBUDGET: call void @fill(
define void @k(ptr %args) #0 {
  %pair = alloca [2 x i64]
  call void @fill(ptr %pair)
  %second = getelementptr i64, ptr %pair, i64 1
  %v = load i64, ptr %second
  store i64 %v, ptr %args
  call void @kept(ptr %args)
  %n = load i32, ptr %args
  %r = call i32 @countdown(i32 %n)
  %out = getelementptr i32, ptr %args, i64 4
  store i32 %r, ptr %out
  ret void
}

define void @fill(ptr %p) {
  store i64 1, ptr %p
  %q = getelementptr i64, ptr %p, i64 1
  store i64 2, ptr %q
  ret void
}

define void @kept(ptr %p) noinline {
  store i64 0, ptr %p
  ret void
}

define i32 @countdown(i32 %n) {
  %done = icmp eq i32 %n, 0
  br i1 %done, label %out, label %again
again:
  %m = sub i32 %n, 1
  %r = call i32 @countdown(i32 %m)
  %r1 = add i32 %r, %n
  ret i32 %r1
out:
  ret i32 0
}

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
