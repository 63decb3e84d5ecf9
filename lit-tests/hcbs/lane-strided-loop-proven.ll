; A lane-strided loop whose bound is a multiple of the sub-group size: lanes
; are below the size (the contract's !range on the lane), so ScalarEvolution
; proves every lane runs it 16 times, and the collective inside is lowered
; without a warning.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=16 -S %s 2>&1 | FileCheck %s

; CHECK-NOT: warning:
; CHECK-LABEL: define internal void @k.wg(
; CHECK: @llvm.vector.reduce.fadd.v16f32

define void @k(ptr %args) #0 {
entry:
  %lane = call i32 @__sublane_sg_local_id()
  br label %head
head:
  %j = phi i32 [ %lane, %entry ], [ %next, %body ]
  %s = phi float [ 0.0, %entry ], [ %sum, %body ]
  %more = icmp ult i32 %j, 256
  br i1 %more, label %body, label %done
body:
  %x = uitofp i32 %j to float
  %r = call float @__sublane_sg_reduce_add_f32(float %x)
  %sum = fadd float %s, %r
  %next = add i32 %j, 16
  br label %head
done:
  store float %s, ptr %args
  ret void
}

declare i32 @__sublane_sg_local_id() nounwind memory(none)
declare float @__sublane_sg_reduce_add_f32(float) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
