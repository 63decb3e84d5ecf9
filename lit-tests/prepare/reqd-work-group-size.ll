; A kernel's "sublane.reqd_work_group_size=..." annotation (the clang plugin's
; form of [[sycl::reqd_work_group_size]]), on the kernel or on the function it
; calls, becomes its descriptor's required work-group size.
; RUN: %opt -passes=sublane-prepare -S %s | FileCheck %s

%desc = type { i32, i32, i32, i32, i32, i32, i32, i32, i64, i64, ptr, ptr, ptr, [3 x i64] }

@name = private constant [21 x i8] c"type_name() [T = k2]\00"
@k.desc = internal global %desc { i32 1397509681, i32 0, i32 2, i32 0, i32 0, i32 0, i32 0, i32 0, i64 0, i64 0, ptr @name, ptr @k, ptr null, [3 x i64] zeroinitializer }
@kernel = private constant [15 x i8] c"sublane.kernel\00", section "llvm.metadata"
@wg = private constant [33 x i8] c"sublane.reqd_work_group_size=4,8\00", section "llvm.metadata"
@llvm.global.annotations = appending global [2 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @k, ptr @kernel, ptr null, i32 0, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @body, ptr @wg, ptr null, i32 0, ptr null }], section "llvm.metadata"

; CHECK: @k.desc = internal global %desc { i32 1397509681, i32 0, i32 2, i32 0, i32 0, i32 0, i32 0, i32 0, i64 0, i64 0, ptr @name, ptr @k, ptr null, [3 x i64] [i64 4, i64 8, i64 0] }

; CHECK-LABEL: define internal void @k(
define internal void @k(ptr %args) {
  call void @body(ptr %args)
  ret void
}

define internal void @body(ptr %args) noinline {
  ret void
}
