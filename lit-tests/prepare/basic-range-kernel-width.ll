; A basic range kernel (descriptor flag 2) that requests no sub-group size
; and calls no sub-group builtin, once its callees are inlined, runs at 32
; lanes on AVX2; one with more than 256 bytes of private arrays per
; work-item keeps the target's 8, as does every kernel when the option is
; off or -sublane-sg-size decides. (One that asks for its sub-group gets
; the size of every such kernel: sub-group-user-default-size.ll.)
; RUN: %opt -passes=sublane-prepare -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare -sublane-widen-basic-range-kernels=false -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -passes=sublane-prepare -sublane-sg-size=16 -S %s | FileCheck %s --check-prefix=SIZE
; RUN: %opt -passes=sublane-prepare -pass-remarks=sublane-prepare -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; REMARK: remark: <unknown>:0:0: basic range kernel 'k' runs at sub-group size 32 rather than the target's 8: it never asks for its sub-group
; REMARK-NOT: remark

%desc = type { i32, i32, i32, i32, i32, i32, i32, i32, i64, i64, ptr, ptr, ptr, [3 x i64] }

@name = private constant [2 x i8] c"k\00"
@wide.desc = internal global %desc { i32 1397509681, i32 2, i32 1, i32 0, i32 0, i32 0, i32 0, i32 0, i64 0, i64 0, ptr @name, ptr @wide, ptr null, [3 x i64] zeroinitializer }
@private.desc = internal global %desc { i32 1397509681, i32 2, i32 1, i32 0, i32 0, i32 0, i32 0, i32 0, i64 0, i64 0, ptr @name, ptr @private, ptr null, [3 x i64] zeroinitializer }

; CHECK: define internal void @wide(ptr %args) #[[WIDE:[0-9]+]]
; CHECK: define internal void @private(ptr %args) #[[NATIVE:[0-9]+]]
; CHECK-DAG: attributes #[[WIDE]] = { {{.*}}"sublane-sg-size"="32" "sublane-variant"="wfv"
; CHECK-DAG: attributes #[[NATIVE]] = { {{.*}}"sublane-sg-size"="8" "sublane-variant"="wfv"
; OFF-NOT: "sublane-sg-size"="32"
; SIZE-NOT: "sublane-sg-size"="32"
; SIZE: "sublane-sg-size"="16"
; SIZE-NOT: "sublane-sg-size"="32"

define internal void @wide(ptr %args) #0 {
  %i = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %i
  store float 1.0, ptr %p
  ret void
}

define internal void @private(ptr %args) #0 {
  %a = alloca [80 x float]
  %i = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr float, ptr %a, i64 %i
  store float 1.0, ptr %p
  %q = getelementptr float, ptr %a, i64 3
  %v = load float, ptr %q
  store float %v, ptr %args
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx,+avx2,+fma" }
