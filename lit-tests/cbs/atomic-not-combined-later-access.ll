; A work-item that accesses memory after its atomic update, where the update
; could be (another pointer to the same memory), must see its own update:
; that update stays an atomic of its own. A private variable cannot be at
; the address: an update followed only by private accesses is combined.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -pass-remarks-missed=sublane-wg-cbs -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

; REMARK: remark: <unknown>:0:0: atomic update not combined across work-items: the work-item may access its address afterwards
; REMARK-NOT: atomic update not combined

; CHECK-LABEL: define internal void @later.wg(
; CHECK: sublane.r0.item0:
; CHECK: atomicrmw add ptr %count, i32 1 monotonic
; CHECK-NEXT: load i32, ptr %n.p
; CHECK-NOT: sublane.atomic.flush

define void @later(ptr %args) #0 {
  %count = load ptr, ptr %args
  %q = getelementptr i8, ptr %args, i64 8
  %n.p = load ptr, ptr %q
  %old = atomicrmw add ptr %count, i32 1 monotonic
  %n = load i32, ptr %n.p
  %lid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr i32, ptr %n.p, i64 %lid
  store i32 %n, ptr %p
  ret void
}

; CHECK-LABEL: define internal void @private.wg(
; CHECK: sublane.r0.item0:
; CHECK-NOT: atomicrmw
; CHECK: load i32, ptr %s1.r0
; CHECK-NOT: atomicrmw
; CHECK: sublane.atomic.flush:
; CHECK-NEXT: atomicrmw add ptr %count, i32 %{{.*}} monotonic

define void @private(ptr %args) #0 {
  %slot = alloca [4 x i32]
  %count = load ptr, ptr %args
  %q = getelementptr i8, ptr %args, i64 8
  %out = load ptr, ptr %q
  %lid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr i32, ptr %out, i64 %lid
  %x = load i32, ptr %p
  %e = and i64 %lid, 3
  %s = getelementptr i32, ptr %slot, i64 %e
  store i32 %x, ptr %s
  %old = atomicrmw add ptr %count, i32 1 monotonic
  %lid1 = add i64 %lid, 1
  %e1 = and i64 %lid1, 3
  %s1 = getelementptr i32, ptr %slot, i64 %e1
  %y = load i32, ptr %s1
  %old1 = atomicrmw add ptr %count, i32 %y monotonic
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
