; The loop under a branch that one work-item per row takes stays vectorized
; where the kernel requested its sub-group size (fallback-sparse-loop.ll
; runs it per work-item where the size is sublane's to choose).
; RUN: %opt -passes=sublane-prepare,sublane-wfv -pass-remarks=sublane-wfv -pass-remarks-missed=sublane-wfv -disable-output %s 2>&1 | FileCheck %s

; CHECK-NOT: not vectorized
; CHECK: remark: {{.*}}kernel 'k' vectorized: one sub-group per vector of width 8

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 1)
  %first = icmp eq i64 %lid, 0
  br i1 %first, label %loop, label %done
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
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

attributes #0 = { "sublane-kernel" "sublane-dims"="2" "sublane-sg-size"="8" "target-features"="+avx512f" }
