; A store whose address moves in each step (here along the work-item's row
; of an output matrix) is not checked against the tiles' reads: the loop is
; not tiled, and the row load stays a load per lane (AVX2 has no fast
; gather: one scalar load per lane at the row's stride).
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s \
; RUN:   | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK-NOT: tile.header
; CHECK-COUNT-8: load float, ptr
; CHECK-NOT: load <8 x float>, ptr
; CHECK: ret void

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
  %y.field.loop = getelementptr i8, ptr %args, i64 16
  %y.loop = load ptr, ptr %y.field.loop
  %q.row = getelementptr float, ptr %y.loop, i64 %row
  %q.loop = getelementptr float, ptr %q.row, i64 %j
  store float %sum.next, ptr %q.loop
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
