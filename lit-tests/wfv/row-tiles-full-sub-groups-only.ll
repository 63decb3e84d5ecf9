; A tiled loop runs its tiles only in the copy for full sub-groups: in the
; general copy, which partial sub-groups run, each lane's tile load would be
; masked (lane by lane on many targets), so its tiles are dropped there and
; the original loop runs every step. (Its gathers stay intrinsics here, not
; loops over the active lanes, so that the check can find them.)
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s \
; RUN:   -sublane-wfv-lane-loop-min-lanes=0 | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: tile.guard{{[0-9]*}}:
; CHECK-NEXT: br label %tile.header
; CHECK: load <8 x float>, ptr
; CHECK: wfv.body{{[0-9]+}}:
; CHECK: tile.guard{{[0-9]*}}:
; CHECK-NEXT: br label %tile.exit
; CHECK-NOT: tile.header
; CHECK-NOT: load <8 x float>, ptr
; CHECK: call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %{{.*}}, i32 4, <8 x i1> %entry.mask, <8 x float> poison)
; CHECK-NOT: tile.header
; CHECK-LABEL: declare

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

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx,+avx2" }
