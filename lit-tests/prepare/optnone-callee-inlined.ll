; clang -O0 marks every function optnone and noinline. Such callees are
; inlined all the same, so that the analyses see the kernel -O2 would give
; them (here: the id reaching a branch through an accessor call). A callee
; that asked for noinline without optnone keeps its call.
; RUN: %opt -passes=sublane-prepare -S %s | FileCheck %s

; CHECK-LABEL: define void @k(
; CHECK-NOT: call i64 @get_id
; CHECK: call void @keep(
define void @k(ptr %args) #0 {
entry:
  %id = call i64 @get_id()
  store i64 %id, ptr %args
  call void @keep(ptr %args)
  ret void
}

define linkonce_odr i64 @get_id() #1 {
  %r = call i64 @__sublane_global_id(i32 0)
  ret i64 %r
}

define linkonce_odr i64 @plain() #1 {
  ret i64 7
}

define void @keep(ptr %p) #2 {
  %v = call i64 @plain()
  store i64 %v, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { noinline optnone "sublane-kernel" "sublane-dims"="1" }
attributes #1 = { noinline optnone }
attributes #2 = { noinline }
