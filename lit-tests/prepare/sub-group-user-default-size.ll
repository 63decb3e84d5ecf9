; A kernel that requests no sub-group size and asks for its sub-group (here
; through a callee, once inlined) runs at 32 on AVX-512 and AVX2 alike: the
; largest size info::device::sub_group_sizes lists, which GPU code takes as
; its warp size. A kernel that never asks keeps the target's width; one
; that requests a size, and every kernel under -sublane-sg-size, keeps what
; was asked; IR without target features keeps size 1. The size is settled
; before the lane ids get their ranges, which must use it.
; RUN: %opt -passes=sublane-prepare -S %s | FileCheck %s
; RUN: sed 's/+avx512f,//' %s | %opt -passes=sublane-prepare -S | FileCheck %s --check-prefix=AVX2
; RUN: %opt -passes=sublane-prepare -sublane-sg-size=8 -S %s | FileCheck %s --check-prefix=SIZE
; RUN: sed 's/"target-features"="[^"]*"//' %s | %opt -passes=sublane-prepare -S | FileCheck %s --check-prefix=NOTARGET
; RUN: %opt -passes=sublane-prepare -pass-remarks=sublane-prepare -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; REMARK: remark: <unknown>:0:0: kernel 'asks' uses its sub-group and requests no size: it runs at sub-group size 32, the largest size info::device::sub_group_sizes lists
; REMARK-NOT: remark

%desc = type { i32, i32, i32, i32, i32, i32, i32, i32, i64, i64, ptr, ptr, ptr, [3 x i64] }

@asks.name = private constant [5 x i8] c"asks\00"
@ignores.name = private constant [8 x i8] c"ignores\00"
@requests.name = private constant [9 x i8] c"requests\00"
@asks.desc = internal global %desc { i32 1397509681, i32 0, i32 1, i32 0, i32 0, i32 0, i32 0, i32 0, i64 0, i64 0, ptr @asks.name, ptr @asks, ptr null, [3 x i64] zeroinitializer }
@ignores.desc = internal global %desc { i32 1397509681, i32 0, i32 1, i32 0, i32 0, i32 0, i32 0, i32 0, i64 0, i64 0, ptr @ignores.name, ptr @ignores, ptr null, [3 x i64] zeroinitializer }
@requests.desc = internal global %desc { i32 1397509681, i32 0, i32 1, i32 8, i32 0, i32 0, i32 0, i32 0, i64 0, i64 0, ptr @requests.name, ptr @requests, ptr null, [3 x i64] zeroinitializer }

; CHECK-LABEL: define internal void @asks(
; CHECK-SAME: #[[ASKS:[0-9]+]]
; CHECK: call i32 @__sublane_sg_local_id(), !range ![[LANES32:[0-9]+]]
; CHECK-LABEL: define internal void @ignores(
; CHECK-SAME: #[[IGNORES:[0-9]+]]
; CHECK-LABEL: define internal void @requests(
; CHECK-SAME: #[[REQUESTS:[0-9]+]]
; CHECK-DAG: ![[LANES32]] = !{i32 0, i32 32}
; CHECK-DAG: attributes #[[ASKS]] = { {{.*}}"sublane-sg-size"="32" "sublane-variant"="wfv"
; CHECK-DAG: attributes #[[IGNORES]] = { {{.*}}"sublane-sg-size"="16" "sublane-variant"="wfv"
; CHECK-DAG: attributes #[[REQUESTS]] = { {{.*}}"sublane-sg-size"="8" "sublane-variant"="wfv"

; AVX2-LABEL: define internal void @asks(
; AVX2-SAME: #[[ASKS:[0-9]+]]
; AVX2-LABEL: define internal void @ignores(
; AVX2-SAME: #[[IGNORES:[0-9]+]]
; AVX2-DAG: attributes #[[ASKS]] = { {{.*}}"sublane-sg-size"="32" "sublane-variant"="wfv"
; AVX2-DAG: attributes #[[IGNORES]] = { {{.*}}"sublane-sg-size"="8" "sublane-variant"="wfv"

; SIZE-NOT: "sublane-sg-size"="32"
; SIZE: "sublane-sg-size"="8"
; SIZE-NOT: "sublane-sg-size"="32"

; NOTARGET-NOT: "sublane-sg-size"="32"
; NOTARGET: "sublane-sg-size"="1"
; NOTARGET-NOT: "sublane-sg-size"="32"

define internal void @asks(ptr %args) #0 {
  call void @lane(ptr %args)
  ret void
}

define internal void @lane(ptr %args) noinline {
  %l = call i32 @__sublane_sg_local_id()
  store i32 %l, ptr %args
  ret void
}

define internal void @ignores(ptr %args) #0 {
  %l = call i64 @__sublane_local_id(i32 0)
  store i64 %l, ptr %args
  ret void
}

define internal void @requests(ptr %args) #0 {
  %l = call i32 @__sublane_sg_local_id()
  store i32 %l, ptr %args
  ret void
}

declare i32 @__sublane_sg_local_id() nounwind memory(none)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx,+avx2,+avx512f,+fma" }
