; select_from_group with a lane that is the same for the whole sub-group (here
; lane 0, itself read with a select) gives every lane one value: a loop
; bounded by it holds collectives legally. With a lane that varies, the
; result varies: the loop is compiled with the warning and the run-time
; check, not silently.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=16 -S %s 2>&1 | FileCheck %s
; RUN: sed 's/i32 %zero)/i32 %lane)/' %s | %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=16 -disable-output 2>&1 | FileCheck %s --check-prefix=WARN

; CHECK-NOT: warning:
; CHECK-LABEL: define internal void @k.wg(
; CHECK: @llvm.vector.reduce.add.v16i32
; WARN: warning: {{.*}}kernel 'k': cannot prove that every work-item of the sub-group runs this loop equally often

define void @k(ptr %args) #0 {
entry:
  %lane = call i32 @__sublane_sg_local_id()
  %zero = call i32 @__sublane_sg_select_i32(i32 %lane, i32 0)
  %n = call i32 @__sublane_sg_select_i32(i32 %lane, i32 %zero)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %r = call i32 @__sublane_sg_reduce_add_i32(i32 %i)
  store i32 %r, ptr %args
  %next = add i32 %i, 1
  %more = icmp ult i32 %next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

declare i32 @__sublane_sg_local_id() nounwind memory(none)
declare i32 @__sublane_sg_select_i32(i32, i32) convergent nounwind
declare i32 @__sublane_sg_reduce_add_i32(i32) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
