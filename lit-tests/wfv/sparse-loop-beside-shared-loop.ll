; A loop that every work-item runs beside the loop under a branch that one
; work-item per row takes: the shared loop is work that vectors do well, so
; the kernel stays vectorized.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -pass-remarks=sublane-wfv -pass-remarks-missed=sublane-wfv -disable-output %s 2>&1 | FileCheck %s

; CHECK-NOT: not vectorized
; CHECK: remark: {{.*}}kernel 'k' vectorized

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 1)
  %n = load i64, ptr %args
  br label %shared
shared:
  %j = phi i64 [ 0, %entry ], [ %jnext, %shared ]
  %row = mul i64 %j, 64
  %at = add i64 %row, %lid
  %q = getelementptr i32, ptr %args, i64 %at
  %u = load i32, ptr %q
  %u1 = add i32 %u, 1
  store i32 %u1, ptr %q
  %jnext = add i64 %j, 1
  %jmore = icmp ult i64 %jnext, %n
  br i1 %jmore, label %shared, label %check
check:
  %first = icmp eq i64 %lid, 0
  br i1 %first, label %loop, label %done
loop:
  %i = phi i64 [ 0, %check ], [ %next, %loop ]
  %p = getelementptr i32, ptr %args, i64 %i
  %v = load i32, ptr %p
  %w = add i32 %v, 1
  store i32 %w, ptr %p
  %next = add i64 %i, 1
  %more = icmp ult i32 %w, 100
  br i1 %more, label %loop, label %done
done:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="2" "target-features"="+avx512f" }
