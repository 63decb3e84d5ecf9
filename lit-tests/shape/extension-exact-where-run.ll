; An extension keeps its operand's stride in every lane when the operand is
; an id (or an id truncated to bits it fits in), but only in the lanes that
; run it when it rests on a flag: a `zext nneg`, which InstCombine derives
; from a guard such as `x >= 0`, or an operand's nsw. The analysis says so
; ("where run"), and so for a GEP whose narrow index is such a value.
; RUN: %opt -passes='print<sublane-sg-shape>' -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: sublane sub-group shapes for 'guarded' (1D):
; CHECK: %l: affine(1){{$}}
; CHECK-NEXT: %lwide: affine(1){{$}}
; CHECK-NEXT: %x: affine(1){{$}}
; CHECK: block %then: divergent (branch in %entry)
; CHECK-NEXT: %z: affine(1) where run
; CHECK-NEXT: %s: affine(1) where run
; CHECK-NEXT: %addr: affine(4){{$}}
; CHECK-NEXT: %naddr: affine(4) where run
define void @guarded(ptr %a, i32 %u) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %l = trunc i64 %lid to i32
  %lwide = sext i32 %l to i64
  %x = sub nsw i32 %l, %u
  %in = icmp sgt i32 %x, -1
  br i1 %in, label %then, label %exit
then:
  %z = zext nneg i32 %x to i64
  %s = sext i32 %x to i64
  %addr = getelementptr float, ptr %a, i64 %z
  %naddr = getelementptr float, ptr %a, i32 %x
  %v = load float, ptr %addr
  store float %v, ptr %naddr
  br label %exit
exit:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
