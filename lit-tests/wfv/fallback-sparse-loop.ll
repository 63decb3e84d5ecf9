; A kernel whose only loop runs under a branch that one work-item per row
; takes (local id 0 along the rows), and whose sub-group size is sublane's to
; choose: vectorized, each step of the loop would run a whole vector for one
; lane, so it runs under hierarchical CBS, with a remark saying why.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -pass-remarks-missed=sublane-wfv -disable-output %s 2>&1 | FileCheck %s

; CHECK: remark: {{.*}}kernel 'k' not vectorized: its repeated work is the loop, which runs under a branch that one work-item per row takes: vectorized, each step would run the whole vector for one lane of it (-sublane-sparse-loops-per-work-item=false vectorizes it); it runs under hierarchical CBS

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

attributes #0 = { "sublane-kernel" "sublane-dims"="2" "target-features"="+avx512f" }
