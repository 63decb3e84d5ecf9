; A vectorized body with a loop gets 512-bit vectors on AVX-512: a sub-group
; of 16 floats is one register.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @loop.sg(
; CHECK-SAME: #[[ATTRS:[0-9]+]]
; CHECK: fadd <16 x float>
; CHECK: attributes #[[ATTRS]] = {{{.*}}"min-legal-vector-width"="512"

define void @loop(ptr %args) #0 {
entry:
  %n = load i64, ptr %args
  %gid = call i64 @__sublane_global_id(i32 0)
  %data = getelementptr i8, ptr %args, i64 8
  %p = getelementptr float, ptr %data, i64 %gid
  br label %body

body:
  %i = phi i64 [ 0, %entry ], [ %i.next, %body ]
  %x = load float, ptr %p
  %y = fadd float %x, 1.0
  store float %y, ptr %p
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %body, label %exit

exit:
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx,+avx2,+fma,+avx512f,+sse2" }
