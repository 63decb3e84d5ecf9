; A loop every lane runs, with barriers, whose `if (lid == 0)` block checks
; its result into a trap: the exit into that dead end has the vectorizer
; linearize the loop, whose last pass runs its blocks with no lane. Whether
; any lane is in the leader's block is then the loop's mask and the lane
; test together, not a vote on lane 0's id (`sg.id == 0`), which said yes in
; that last pass and stored once more.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %[[LOOP:[0-9]+]] = select i1 {{%.*}}, <8 x i1> %head.mask.slot.0, <8 x i1> zeroinitializer
; CHECK: %first{{[0-9]*}} = icmp eq <8 x i64>
; CHECK-NEXT: %[[LEADER:[0-9]+]] = select <8 x i1> %[[LOOP]], <8 x i1> %first{{[0-9]*}}, <8 x i1> zeroinitializer
; CHECK-NOT: icmp eq i32 %sg.id, 0
; CHECK: leader{{[0-9]+}}:
; CHECK-NEXT: {{%.*}} = bitcast <8 x i1> %[[LEADER]] to i8

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %k = load i32, ptr %args
  %out.at = getelementptr i8, ptr %args, i64 8
  %out = load ptr, ptr %out.at
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %inext, %latch ]
  %more = icmp slt i32 %i, %k
  br i1 %more, label %body, label %done
body:
  call void @__sublane_wg_barrier()
  %first = icmp eq i64 %lid, 0
  br i1 %first, label %leader, label %latch
leader:
  %p = getelementptr i32, ptr %out, i32 %i
  store i32 %i, ptr %p
  %v = load i32, ptr %p
  %bad = icmp slt i32 %v, 0
  br i1 %bad, label %trap, label %latch
trap:
  call void @llvm.trap()
  unreachable
latch:
  call void @__sublane_wg_barrier()
  %inext = add i32 %i, 1
  br label %head
done:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind
declare void @llvm.trap() noreturn nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
