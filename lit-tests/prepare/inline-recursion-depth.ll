; Mutual recursion (which LLVM's isInlineViable does not see) is inlined
; along one chain of calls at most 8 times per function; the call left after
; that stays a call.
; RUN: %opt -passes=sublane-prepare -S %s | FileCheck %s

; CHECK-LABEL: define void @k(
; CHECK-COUNT-8: mul {{(nuw )?}}i32 {{.*}}, 3
; CHECK-NOT: mul
; CHECK: call i32 @ping(
; CHECK-NOT: call i32 @ping(
; CHECK: ret void
define void @k(ptr %args) #0 {
  %n = load i32, ptr %args
  %r = call i32 @ping(i32 %n)
  store i32 %r, ptr %args
  ret void
}

define i32 @ping(i32 %n) {
  %done = icmp eq i32 %n, 0
  br i1 %done, label %out, label %again
again:
  %m = mul i32 %n, 3
  %r = call i32 @pong(i32 %m)
  ret i32 %r
out:
  ret i32 0
}

define i32 @pong(i32 %n) {
  %m = lshr i32 %n, 2
  %r = call i32 @ping(i32 %m)
  ret i32 %r
}

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
