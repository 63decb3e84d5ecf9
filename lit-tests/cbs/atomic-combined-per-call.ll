; Relaxed atomics on one address whose old value is unused, in a kernel
; without sync points: the work-items' updates go into a running value that
; the call's work-groups share, and one atomic applies it before the call
; returns. A float sum may reassociate (so the item loop vectorizes); a
; maximum on another address has a running value of its own (the two are
; never both reached by one work-item, which could not defer one past the
; other: the addresses may be the same).
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK-LABEL: define internal void @count.wg(
; CHECK: sublane.setup:
; CHECK: %[[ANY:.*]] = phi i1 [ false, %sublane.groups ]
; CHECK: sublane.r0.item0:
; CHECK-NOT: atomicrmw
; CHECK: call i32 @llvm.smax.i32(i32 %{{.*}}, i32 %step.r0)
; CHECK-NOT: atomicrmw
; CHECK: fadd reassoc float %{{.*}}, %x.r0
; CHECK-NOT: atomicrmw
; CHECK: sublane.exit:
; CHECK-NEXT: br i1 %{{.*}}, label %[[FLUSH1:.*]], label
; CHECK: [[FLUSH1]]:
; CHECK-NEXT: atomicrmw fadd ptr %total, float %{{.*}} monotonic
; CHECK: label %[[FLUSH2:sublane.atomic.flush.*]], label
; CHECK: [[FLUSH2]]:
; CHECK-NEXT: atomicrmw max ptr %total.i, i32 %{{.*}} monotonic
; CHECK: ret void

define void @count(ptr %args) #0 {
  %total = load ptr, ptr %args
  %q = getelementptr i8, ptr %args, i64 8
  %total.i = load ptr, ptr %q
  %r = getelementptr i8, ptr %args, i64 16
  %in = load ptr, ptr %r
  %lid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr float, ptr %in, i64 %lid
  %x = load float, ptr %p
  %step = fptosi float %x to i32
  %positive = fcmp ogt float %x, 0.0
  br i1 %positive, label %sum, label %max
sum:
  %old = atomicrmw fadd ptr %total, float %x monotonic
  br label %done
max:
  %old.i = atomicrmw max ptr %total.i, i32 %step monotonic
  br label %done
done:
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
