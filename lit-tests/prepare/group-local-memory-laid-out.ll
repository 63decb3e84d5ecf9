; Each call site of __sublane_group_local_alloc owns a block. Preparation
; lays the blocks out in one call at the kernel's entry, before unrolling
; can copy a site: the site in the loop stays one block (offset 256, after
; the first site's 100 bytes rounded up to its 256-byte alignment), and the
; loop is unrolled around it.
; RUN: %opt -passes=sublane-prepare -S %s | FileCheck %s

; CHECK-LABEL: define void @k(
; CHECK: entry:
; CHECK-NEXT: %group.local = call ptr @__sublane_group_local_alloc(i64 264, i64 256)
; CHECK-NOT: call ptr @__sublane_group_local_alloc
; CHECK: store i32 1, ptr %group.local
; CHECK: %[[KEPT:.*]] = getelementptr inbounds i8, ptr %group.local, i64 256
; CHECK-NOT: call ptr @__sublane_group_local_alloc
; CHECK: store i32 {{.*}}, ptr %[[KEPT]]
; CHECK-NOT: call ptr @__sublane_group_local_alloc
; CHECK: ret void
define void @k(ptr %args) #0 {
entry:
  %a = call ptr @__sublane_group_local_alloc(i64 100, i64 4)
  store i32 1, ptr %a
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %b = call ptr @__sublane_group_local_alloc(i64 8, i64 256)
  store i32 %i, ptr %b
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, 2
  br i1 %more, label %loop, label %done
done:
  ret void
}

declare ptr @__sublane_group_local_alloc(i64, i64) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
