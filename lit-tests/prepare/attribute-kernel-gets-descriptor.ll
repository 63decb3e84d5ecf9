; A front end without our header marks a kernel with attributes only; prepare
; creates its descriptor, named after the kernel, for the host to launch.
; RUN: %opt -passes=sublane-prepare -S %s | FileCheck %s

; CHECK: @kernel.sublane.name = private constant [7 x i8] c"kernel\00"
; CHECK: @kernel.sublane.desc = global %sublane.kernel_desc { i32 1397509681, i32 0, i32 3, i32 0, i32 0, i32 0, i32 0, i32 0, i64 0, i64 0, ptr @kernel.sublane.name, ptr @kernel, ptr null, [3 x i64] zeroinitializer }

; CHECK-LABEL: define void @kernel(
define void @kernel(ptr %args) #0 {
  ret void
}

attributes #0 = { "sublane-kernel" "sublane-dims"="3" }
