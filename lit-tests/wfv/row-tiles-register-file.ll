; A tile of a row load, for the whole sub-group, must fit the vector
; registers (its transpose holds all of it): at 64 lanes, AVX2's sixteen
; 256-bit registers take tiles of 2 floats per lane, and SSE's sixteen
; 128-bit ones none, so that kernel's loop gathers at every step.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=64 \
; RUN:   -pass-remarks=sublane-wfv -disable-output %s 2>&1 | FileCheck %s

; CHECK: remark: <unknown>:0:0: loop in kernel 'k' where each work-item reads along its own row runs in tiles of 2 steps
; CHECK-NOT: loop in kernel 'k.sse'
; CHECK: remark: <unknown>:0:0: kernel 'k.sse' vectorized: one sub-group per vector of width 64
; CHECK-NOT: loop in kernel 'k.sse'

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @k(ptr %args) #0 {
entry:
  %gid = call i64 @__sublane_global_id(i32 0)
  br label %header

header:
  %j = phi i64 [ 0, %entry ], [ %j.next, %body ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %body ]
  %m = load i64, ptr %args
  %more = icmp ult i64 %j, %m
  br i1 %more, label %body, label %exit

body:
  %a.field = getelementptr i8, ptr %args, i64 8
  %a = load ptr, ptr %a.field
  %row = mul i64 %gid, %m
  %row.ptr = getelementptr float, ptr %a, i64 %row
  %p = getelementptr float, ptr %row.ptr, i64 %j
  %x = load float, ptr %p
  %sum.next = fadd float %sum, %x
  %j.next = add i64 %j, 1
  br label %header

exit:
  %y.field = getelementptr i8, ptr %args, i64 16
  %y = load ptr, ptr %y.field
  %q = getelementptr float, ptr %y, i64 %gid
  store float %sum, ptr %q
  ret void
}

define void @k.sse(ptr %args) #1 {
entry:
  %gid = call i64 @__sublane_global_id(i32 0)
  br label %header

header:
  %j = phi i64 [ 0, %entry ], [ %j.next, %body ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %body ]
  %m = load i64, ptr %args
  %more = icmp ult i64 %j, %m
  br i1 %more, label %body, label %exit

body:
  %a.field = getelementptr i8, ptr %args, i64 8
  %a = load ptr, ptr %a.field
  %row = mul i64 %gid, %m
  %row.ptr = getelementptr float, ptr %a, i64 %row
  %p = getelementptr float, ptr %row.ptr, i64 %j
  %x = load float, ptr %p
  %sum.next = fadd float %sum, %x
  %j.next = add i64 %j, 1
  br label %header

exit:
  %y.field = getelementptr i8, ptr %args, i64 16
  %y = load ptr, ptr %y.field
  %q = getelementptr float, ptr %y, i64 %gid
  store float %sum, ptr %q
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx,+avx2" }
attributes #1 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+sse2" }
