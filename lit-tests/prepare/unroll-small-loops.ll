; A loop over the dimensions of an id keeps a private object in memory, which
; the lowering would give every work-item (and the vectorizer every lane) a
; copy of. Preparation unrolls such loops so that SROA promotes the object.
; A loop with a barrier stays a loop: the lowering handles it as one.
; RUN: %opt -passes=sublane-prepare -S %s | FileCheck %s

; CHECK-LABEL: define void @k(
; CHECK-NOT: alloca
; CHECK-NOT: br label %dims
; CHECK: ret void
define void @k(ptr %args) #0 {
entry:
  %id = alloca [2 x i64]
  %y = call i64 @__sublane_local_id(i32 0)
  %x = call i64 @__sublane_local_id(i32 1)
  store i64 %y, ptr %id
  %id.x = getelementptr i64, ptr %id, i64 1
  store i64 %x, ptr %id.x
  br label %dims
dims:
  %d = phi i64 [ 0, %entry ], [ %d.next, %dims ]
  %lin = phi i64 [ 0, %entry ], [ %lin.next, %dims ]
  %p = getelementptr i64, ptr %id, i64 %d
  %v = load i64, ptr %p
  %scaled = mul i64 %lin, 16
  %lin.next = add i64 %scaled, %v
  %d.next = add i64 %d, 1
  %more = icmp ult i64 %d.next, 2
  br i1 %more, label %dims, label %done
done:
  %out = getelementptr float, ptr %args, i64 %lin.next
  store float 1.0, ptr %out
  ret void
}

; CHECK-LABEL: define void @b(
; CHECK: loop:
; CHECK: call void @__sublane_wg_barrier()
; CHECK: br i1 %more, label %loop, label %done
define void @b(ptr %args) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @__sublane_wg_barrier()
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, 4
  br i1 %more, label %loop, label %done
done:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
