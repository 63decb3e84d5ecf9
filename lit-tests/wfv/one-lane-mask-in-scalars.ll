; A halo block that one lane of a row runs (`if (lx + 1 == 16)`): the store
; it makes is the one lane's, and its read is under a bounds check. The lane
; comes from the equality, which at most one lane meets (the compare's
; lanes are consecutive: the candidate is the shared side less the first
; lane's), not from the leading zeros of the mask; the read's mask bit is
; the bounds check computed for that lane in scalars, not a bit of a mask
; of 16 64-bit compares. Without the step (the knob off) both are masks.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 \
; RUN:   -sublane-wfv-mask-lanes-in-scalars=false -S %s | FileCheck %s --check-prefix=OFF

; CHECK-LABEL: define internal void @halo.sg(
; CHECK-NOT: @llvm.ctlz
; CHECK: insertelement <16 x i8> poison, i8 %[[CANDIDATE:[0-9]+]], i64 0
; CHECK: %edge{{[0-9]+}} = icmp eq <16 x i8>
; CHECK: %[[HOLDS:.*]] = icmp ult i8 %[[CANDIDATE]], 16
; CHECK-NEXT: and i8 %[[CANDIDATE]], 15
; CHECK: %[[BIT:.*]] = select i1 %{{.*}}, i1 %{{.*}}, i1 false
; CHECK-NEXT: br i1 %[[BIT]], label %[[LOAD:.*]], label %[[JOIN:.*]]
; CHECK: [[LOAD]]:
; CHECK-NEXT: load float
; CHECK: [[JOIN]]:
; CHECK-NEXT: phi float
; CHECK-NEXT: store float
; CHECK-NOT: @llvm.ctlz
; CHECK-NOT: lshr i16
; CHECK: ret void

; OFF-LABEL: define internal void @halo.sg(
; OFF: @llvm.ctlz.i16(
; OFF: lshr i16

define void @halo(ptr %args) #0 {
entry:
  %in = load ptr, ptr %args
  %np = getelementptr i8, ptr %args, i64 8
  %n = load i64, ptr %np
  %tp = getelementptr i8, ptr %args, i64 16
  %tile = load ptr, ptr %tp
  %ly = call i64 @__sublane_local_id(i32 0)
  %lx = call i64 @__sublane_local_id(i32 1)
  %x = call i64 @__sublane_global_id(i32 1)
  %lx1 = add i64 %lx, 1
  %edge = icmp eq i64 %lx1, 16
  br i1 %edge, label %then, label %end

then:
  %x1 = add i64 %x, 1
  %ok = icmp slt i64 %x1, %n
  br i1 %ok, label %read, label %store

read:
  %p = getelementptr float, ptr %in, i64 %x1
  %v = load float, ptr %p
  br label %store

store:
  %h = phi float [ %v, %read ], [ 0.0, %then ]
  %q = getelementptr float, ptr %tile, i64 %ly
  store float %h, ptr %q
  br label %end

end:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
