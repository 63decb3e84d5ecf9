; At -O0 clang marks everything optnone and noinline; prepare clears both on
; kernels so that the lowering and the later cleanup may do their work.
; RUN: %opt -passes=sublane-prepare -S %s | FileCheck %s

; CHECK-LABEL: define void @k(
; CHECK-SAME: #[[ATTRS:[0-9]+]]
define void @k(ptr %args) #0 {
  ret void
}

; CHECK: attributes #[[ATTRS]] =
; CHECK-NOT: optnone
; CHECK-NOT: noinline
; CHECK-SAME: "sublane-kernel"
attributes #0 = { noinline optnone "sublane-kernel" "sublane-dims"="1" }
