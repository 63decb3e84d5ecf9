; A row's base must hold for the row's first lane. Where the compared value
; depends on what a lane loaded under a branch that differs between lanes,
; that lane may not have run the load: in the copy for sub-groups of whole
; rows the compare stays one of the lanes' values. Without the branch every
; lane has its value, and the whole rows' copy compares offsets too.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s

; The kernel's three copies: within a row (offsets), whole rows, any
; sub-group (lanes' values, the ids not being affine in the linear id).
; CHECK-LABEL: define internal void @guarded.sg(
; CHECK-COUNT-2: icmp slt <16 x i64>
; CHECK-NOT: icmp slt <16 x i64>
; CHECK: ret void
; CHECK-LABEL: define internal void @unguarded.sg(
; CHECK-COUNT-1: icmp slt <16 x i64>
; CHECK-NOT: icmp slt <16 x i64>
; CHECK: ret void

define void @guarded(ptr %args) #0 {
entry:
  %out = load ptr, ptr %args
  %offs.p = getelementptr i8, ptr %args, i64 8
  %offs = load ptr, ptr %offs.p
  %w.p = getelementptr i8, ptr %args, i64 16
  %w = load i64, ptr %w.p
  %y = call i64 @__sublane_global_id(i32 0)
  %x = call i64 @__sublane_global_id(i32 1)
  %odd = and i64 %x, 1
  %c = icmp ne i64 %odd, 0
  br i1 %c, label %then, label %end

then:
  %op = getelementptr i64, ptr %offs, i64 %y
  %o = load i64, ptr %op
  %i = add i64 %o, %x
  %in = icmp slt i64 %i, %w
  %v = select i1 %in, float 1.0, float 0.0
  %p = getelementptr float, ptr %out, i64 %i
  store float %v, ptr %p
  br label %end

end:
  ret void
}

define void @unguarded(ptr %args) #0 {
entry:
  %out = load ptr, ptr %args
  %offs.p = getelementptr i8, ptr %args, i64 8
  %offs = load ptr, ptr %offs.p
  %w.p = getelementptr i8, ptr %args, i64 16
  %w = load i64, ptr %w.p
  %y = call i64 @__sublane_global_id(i32 0)
  %x = call i64 @__sublane_global_id(i32 1)
  %op = getelementptr i64, ptr %offs, i64 %y
  %o = load i64, ptr %op
  %i = add i64 %o, %x
  %in = icmp slt i64 %i, %w
  %v = select i1 %in, float 1.0, float 0.0
  %p = getelementptr float, ptr %out, i64 %i
  store float %v, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
