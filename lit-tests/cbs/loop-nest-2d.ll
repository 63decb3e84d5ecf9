; A 2D kernel runs as a nest of work-item loops, dimension 1 innermost (it
; varies fastest), with the row-major linear id in the inner header. Both
; loops are parallel.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: %local.range0 = load i64
; CHECK: %local.range1 = load i64
; CHECK: sublane.r0.item0:
; CHECK-NEXT: %r0.lid0 = phi i64 [ 0, %sublane.r0.pre ], [ %r0.lid.next0, %sublane.r0.next0 ]
; CHECK-NEXT: %r0.exit.max0 = phi i32 [ 0, %sublane.r0.pre ], [ %r0.next.region, %sublane.r0.next0 ]
; CHECK-NEXT: br label %sublane.r0.item1
; CHECK: sublane.r0.item1:
; CHECK-NEXT: %r0.lid1 = phi i64 [ 0, %sublane.r0.item0 ], [ %r0.lid.next1, %sublane.r0.next1 ]
; CHECK-NEXT: %r0.exit.max1 = phi i32 [ %r0.exit.max0, %sublane.r0.item0 ], [ %r0.next.region, %sublane.r0.next1 ]
; CHECK-NEXT: %[[ROW:.*]] = mul i64 %r0.lid0, %local.range1
; CHECK-NEXT: %r0.lid.linear = add i64 %[[ROW]], %r0.lid1
; CHECK: store i64 %r0.lid1,
; CHECK: store i64 %r0.lid.linear,
; CHECK: sublane.r0.next1:
; CHECK: %r0.more1 = icmp ult i64 %r0.lid.next1, %local.range1
; CHECK-NEXT: br i1 %r0.more1, label %sublane.r0.item1, label %sublane.r0.next0, !llvm.loop
; CHECK: sublane.r0.next0:
; CHECK: %r0.more0 = icmp ult i64 %r0.lid.next0, %local.range0
; CHECK-NEXT: br i1 %r0.more0, label %sublane.r0.item0, label %sublane.r0.exit, !llvm.loop

define void @k(ptr %args) #0 {
  %x = call i64 @__sublane_local_id(i32 1)
  %lin = call i64 @__sublane_local_linear_id()
  %p = getelementptr i64, ptr %args, i64 %lin
  store i64 %x, ptr %p
  %q = getelementptr i64, ptr %p, i64 1000
  store i64 %lin, ptr %q
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i64 @__sublane_local_linear_id() nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
