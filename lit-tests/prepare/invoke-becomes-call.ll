; Device code cannot throw: an invoke in a kernel (a call clang could not
; prove nounwind, inside the noexcept entry) becomes a plain call and its
; landing pad goes.
; RUN: %opt -passes=sublane-prepare,verify -S %s | FileCheck %s

; CHECK-LABEL: define void @k(
; CHECK-NOT: invoke
; CHECK-NOT: landingpad
; CHECK: %r = call i32 @external(i32 %v)
; CHECK-NEXT: store i32 %r, ptr %args
; CHECK-NEXT: ret void
define void @k(ptr %args) #0 personality ptr @__gxx_personality_v0 {
entry:
  %v = load i32, ptr %args
  %r = invoke i32 @external(i32 %v)
          to label %done unwind label %terminate
done:
  store i32 %r, ptr %args
  ret void
terminate:
  %lp = landingpad { ptr, i32 }
          catch ptr null
  call void @abort()
  unreachable
}

declare i32 @external(i32)
declare void @abort() noreturn nounwind
declare i32 @__gxx_personality_v0(...)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
