; Shapes within a sub-group, what the vectorizer asks of each value: the
; lane and the linear id are contiguous (stride 1 per lane), arithmetic and
; addresses on them affine; the sub-group id, its size, a sub-group
; reduction and a select from a uniform lane are uniform in the sub-group
; though they differ between sub-groups; a branch on the lane is divergent,
; one on the sub-group id is not. In 2D the local id of the last dimension
; may wrap inside a sub-group: varying.
; RUN: %opt -passes='print<sublane-sg-shape>' -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: sublane sub-group shapes for 'k' (1D):
; CHECK: block %entry
; CHECK-NEXT: %lane: affine(1)
; CHECK-NEXT: %sg: uniform
; CHECK-NEXT: %size: uniform
; CHECK-NEXT: %lin: affine(1)
; CHECK-NEXT: %twice: affine(2)
; CHECK-NEXT: %lane64: affine(1)
; CHECK-NEXT: %addr: affine(4)
; CHECK-NEXT: %x: varying
; CHECK-NEXT: %sum: uniform
; CHECK-NEXT: %first: uniform
; CHECK-NEXT: %odd: affine(1)
; CHECK: block %lane_then: divergent (branch in %entry)
; CHECK: block %sg_check
; CHECK-NEXT: %even_sg: uniform
; CHECK: block %sg_then{{$}}
define void @k(ptr %args) #0 {
entry:
  %lane = call i32 @__sublane_sg_local_id()
  %sg = call i32 @__sublane_sg_id()
  %size = call i32 @__sublane_sg_size()
  %lin = call i64 @__sublane_local_linear_id()
  %twice = shl i32 %lane, 1
  %lane64 = zext i32 %lane to i64
  %addr = getelementptr float, ptr %args, i64 %lane64
  %x = load float, ptr %addr
  %sum = call float @__sublane_sg_reduce_add_f32(float %x)
  %first = call float @__sublane_sg_select_f32(float %x, i32 %sg)
  %odd = trunc i32 %lane to i1
  br i1 %odd, label %lane_then, label %sg_check
lane_then:
  store float %sum, ptr %addr
  br label %sg_check
sg_check:
  %even_sg = trunc i32 %sg to i1
  br i1 %even_sg, label %sg_then, label %done
sg_then:
  store float %first, ptr %addr
  br label %done
done:
  ret void
}

; CHECK-LABEL: sublane sub-group shapes for 'k2' (2D):
; CHECK: %lid1: varying
; CHECK: %lin2: affine(1)
define void @k2(ptr %args) #1 {
entry:
  %lid1 = call i64 @__sublane_local_id(i32 1)
  %lin2 = call i64 @__sublane_local_linear_id()
  %s = add i64 %lid1, %lin2
  store i64 %s, ptr %args
  ret void
}

declare i32 @__sublane_sg_local_id() nounwind memory(none)
declare i32 @__sublane_sg_id() nounwind memory(none)
declare i32 @__sublane_sg_size() nounwind memory(none)
declare i64 @__sublane_local_linear_id() nounwind memory(none)
declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare float @__sublane_sg_reduce_add_f32(float) convergent nounwind
declare float @__sublane_sg_select_f32(float, i32) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
attributes #1 = { "sublane-kernel" "sublane-dims"="2" }
