; A lane-strided loop whose bound adds a value each lane loads for itself:
; the exit count is that value, which may differ between lanes, so the
; collective inside gets the loop's warning (a uniform value would prove
; the count, as in lane-strided-loop-proven.ll).
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=16 -S %s 2>&1 | FileCheck %s

; CHECK: warning: {{.*}}kernel 'k': cannot prove that every work-item of the sub-group runs this loop equally often
; CHECK-LABEL: define internal void @k.wg(

define void @k(ptr %args) #0 {
entry:
  %lane = call i32 @__sublane_sg_local_id()
  %lane64 = zext i32 %lane to i64
  %p = getelementptr i32, ptr %args, i64 %lane64
  %n = load i32, ptr %p
  %end = add i32 %lane, %n
  br label %head
head:
  %j = phi i32 [ %lane, %entry ], [ %next, %body ]
  %more = icmp ult i32 %j, %end
  br i1 %more, label %body, label %done
body:
  %r = call i32 @__sublane_sg_reduce_add_i32(i32 %j)
  store i32 %r, ptr %args
  %next = add i32 %j, 1
  br label %head
done:
  ret void
}

declare i32 @__sublane_sg_local_id() nounwind memory(none)
declare i32 @__sublane_sg_reduce_add_i32(i32) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
