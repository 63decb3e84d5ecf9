; Each work-item stores its partial sum in every step, as Polybench's
; `tmp[i] += a[i][j] * x[j]` does. A store could change what a later step of
; a tile reads, so before the loop each lane checks that its store's address
; lies outside the elements its row load reads in all steps, and a vote of
; the sub-group (an and-reduction of the lanes' answers) joins the tiles'
; condition. Only a lane's own stores matter: work-items do not see each
; other's stores without a barrier.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s \
; RUN:   | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: wfv.body:
; CHECK: ptrtoint <8 x ptr> %q.loop{{[0-9]*}} to <8 x i64>
; CHECK: [[BITS:%.*]] = bitcast <8 x i1> %{{.*}} to i8
; CHECK-NEXT: [[CLEAR:%.*]] = icmp eq i8 [[BITS]], 0
; CHECK: tile.header{{[0-9]*}}:
; CHECK: and i1 %{{.*}}, [[CLEAR]]
; CHECK: body.tile0{{[0-9]*}}:
; CHECK-COUNT-8: load <8 x float>, ptr
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
  %q.loop = getelementptr float, ptr %y.loop, i64 %gid
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
