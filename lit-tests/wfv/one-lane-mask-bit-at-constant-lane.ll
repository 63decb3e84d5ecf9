; One lane of each sub-group (its first) reads under a bounds check of two
; compares. The read's condition is a bit of a mask at a constant lane,
; `extractelement` of the lane-wise `and` of the two checks (through the
; shuffle that keeps lane 0): the two checks are computed for lane 0 alone,
; on scalars, and no vector of compares is built. Without the step (the
; knob off) the bit comes out of the whole mask.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 \
; RUN:   -sublane-wfv-mask-lanes-in-scalars=false -S %s | FileCheck %s --check-prefix=OFF

; CHECK-LABEL: define internal void @first.sg(
; CHECK: wfv.body:
; CHECK-NOT: icmp {{.*}} <16 x
; CHECK-NOT: extractelement <16 x i1>
; CHECK: %[[BIT:.*]] = and i1 %{{.*}}, %{{.*}}
; CHECK-NEXT: br i1 %[[BIT]], label %[[LOAD:.*]], label %[[JOIN:.*]]
; CHECK: [[LOAD]]:
; CHECK-NEXT: load float
; CHECK: wfv.body{{[0-9]+}}:

; OFF-LABEL: define internal void @first.sg(
; OFF: wfv.body:
; OFF: icmp ult <16 x i8>
; OFF: %[[BIT:.*]] = extractelement <16 x i1> %{{.*}}, i64 0
; OFF-NEXT: br i1 %[[BIT]]

define void @first(ptr %args) #0 {
entry:
  %in = load ptr, ptr %args
  %np = getelementptr i8, ptr %args, i64 8
  %n = load i64, ptr %np
  %op = getelementptr i8, ptr %args, i64 16
  %out = load ptr, ptr %op
  %l = call i32 @__sublane_sg_local_id()
  %x = call i64 @__sublane_global_id(i32 0)
  %first = icmp eq i32 %l, 0
  br i1 %first, label %then, label %end

then:
  %x2 = add i64 %x, 2
  %ok1 = icmp slt i64 %x2, %n
  %ok2 = icmp sgt i64 %x, 3
  %ok = and i1 %ok1, %ok2
  br i1 %ok, label %read, label %store

read:
  %p = getelementptr float, ptr %in, i64 %x2
  %v = load float, ptr %p
  br label %store

store:
  %h = phi float [ %v, %read ], [ 0.0, %then ]
  %sg = call i32 @__sublane_sg_id()
  %q = getelementptr float, ptr %out, i32 %sg
  store float %h, ptr %q
  br label %end

end:
  ret void
}

declare i32 @__sublane_sg_local_id() nounwind memory(none)
declare i32 @__sublane_sg_id() nounwind memory(none)
declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
