; Each work-item sums its own row, a[i * m + j] over j: neighbouring lanes
; read a row apart, one element further each step. The loop first runs in
; tiles of 8 steps (a 256-bit register of floats) while 8 steps are left:
; each lane loads its 8 elements at once, and the lanes' vectors are
; transposed in registers; the original loop runs what is left, a scalar
; load per lane at the row's stride. The row's
; length is a field of the kernel's arguments, read in the loop's header,
; and moves out of the loop.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s \
; RUN:   -pass-remarks=sublane-wfv 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

; REMARK: remark: <unknown>:0:0: loop in kernel 'k' where each work-item reads along its own row runs in tiles of 8 steps: 1 load(s) per step become one vector load per work-item and tile, transposed in registers, instead of a gather per step

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %m = load i64, ptr %args
; CHECK: tile.header{{[0-9]*}}:
; CHECK-NEXT: %j.tile = phi i64 [ 0, %{{.*}} ], [ %j.next.tile7, %{{.*}} ]
; CHECK: %tile.left = sub i64 %m, %j.tile
; CHECK-NEXT: %tile.fits = icmp ugt i64 %tile.left, 7
; CHECK-NEXT: [[MORE:%.*]] = icmp ult i64 %j.tile, %m
; CHECK-NEXT: [[GO:%.*]] = and i1 [[MORE]], %tile.fits
; CHECK-NEXT: br i1 [[GO]], label %header.tile0{{.*}}, label %tile.exit
; CHECK: header{{[0-9]*}}:
; CHECK-NEXT: %j = phi i64 [ %j.tile, %tile.exit{{[0-9]*}} ], [ %j.next, %body{{[0-9]*}} ]
; CHECK-COUNT-8: load float, ptr
; CHECK: body.tile0{{[0-9]*}}:
; CHECK: [[P:%.*]] = getelementptr float, <8 x ptr> %{{.*}}, i64 %j.tile
; CHECK-COUNT-8: load <8 x float>, ptr
; CHECK-NEXT: shufflevector <8 x float> %{{.*}}, <8 x float> %{{.*}}, <8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 4, i32 12, i32 5, i32 13>
; CHECK-NOT: @llvm.masked.gather
; CHECK: br label %tile.header

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
