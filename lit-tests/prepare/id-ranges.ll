; The contract's facts about ids become !range metadata: a lane is below the
; sub-group size, a sub-group's size is at most it, a local id is below the
; largest work-group.
; RUN: %opt -passes=sublane-prepare -sublane-sg-size=16 -S %s | FileCheck %s

; CHECK-LABEL: define void @k(
; CHECK: call i32 @__sublane_sg_local_id(){{.*}}, !range ![[LANE:[0-9]+]]
; CHECK: call i32 @__sublane_sg_size(){{.*}}, !range ![[SIZE:[0-9]+]]
; CHECK: call i64 @__sublane_local_id(i32 0){{.*}}, !range ![[LID:[0-9]+]]
; CHECK-DAG: ![[LANE]] = !{i32 0, i32 16}
; CHECK-DAG: ![[SIZE]] = !{i32 1, i32 17}
; CHECK-DAG: ![[LID]] = !{i64 0, i64 65536}
define void @k(ptr %args) #0 {
entry:
  %lane = call i32 @__sublane_sg_local_id()
  %size = call i32 @__sublane_sg_size()
  %lid = call i64 @__sublane_local_id(i32 0)
  %a = add i32 %lane, %size
  %b = zext i32 %a to i64
  %c = add i64 %b, %lid
  store i64 %c, ptr %args
  ret void
}

declare i32 @__sublane_sg_local_id() nounwind memory(none)
declare i32 @__sublane_sg_size() nounwind memory(none)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
