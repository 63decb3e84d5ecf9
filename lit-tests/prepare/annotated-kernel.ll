; The C++ header marks kernel entries with the "sublane.kernel" annotation and
; describes them in a descriptor; prepare turns that into the canonical
; attributes, taking dimensions and requests from the descriptor.
; RUN: %opt -passes=sublane-prepare -S %s | FileCheck %s

%desc = type { i32, i32, i32, i32, i32, i32, i32, i32, i64, i64, ptr, ptr, ptr, [3 x i64] }

@name = private constant [21 x i8] c"type_name() [T = k2]\00"
@k.desc = internal global %desc { i32 1397509681, i32 0, i32 2, i32 0, i32 0, i32 0, i32 0, i32 0, i64 0, i64 0, ptr @name, ptr @k, ptr null, [3 x i64] zeroinitializer }
@.str = private constant [15 x i8] c"sublane.kernel\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @k, ptr @.str, ptr null, i32 0, ptr null }], section "llvm.metadata"

; CHECK-LABEL: define internal void @k(
; CHECK-SAME: #[[ATTRS:[0-9]+]]
define internal void @k(ptr %args) {
  ret void
}

; A function that is not annotated stays as it is.
; CHECK-LABEL: define void @not_a_kernel(
; CHECK-SAME: #[[PLAIN:[0-9]+]]
define void @not_a_kernel(ptr %args) #0 {
  ret void
}

attributes #0 = { nounwind }

; CHECK: attributes #[[ATTRS]] = { "sublane-dims"="2" "sublane-kernel" "sublane-sg-size"="1" "sublane-variant"="cbs" }
; CHECK: attributes #[[PLAIN]] = { nounwind }
