; When an item can reach its own new definition of a uniform value without
; crossing a barrier, it must read that new value: here region 1 runs
; E -> U (reading the value from before) -> H (redefining it) -> U (reading the
; new one). One slot, or a second one published at the region's end, would
; give item 1 item 0's value or the stale one; the value is kept per item.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: %u.items = getelementptr i8, ptr %scratch
; CHECK-NOT: %u.next.slot
; CHECK: sublane.r1.item0:

define void @k(ptr %args) #0 {
entry:
  %data = load ptr, ptr %args
  br label %H
H:
  %n = phi i32 [ 0, %entry ], [ %n.next, %U ]
  %u = load i32, ptr %data
  %sync = icmp eq i32 %u, 7
  br i1 %sync, label %Bar, label %U
Bar:
  call void @__sublane_wg_barrier()
  br label %U
U:
  %use = add i32 %u, %n
  %out = getelementptr i32, ptr %data, i32 %use
  store i32 %n, ptr %out
  %n.next = add i32 %n, 1
  %more = icmp slt i32 %n.next, 3
  br i1 %more, label %H, label %done
done:
  ret void
}

declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
