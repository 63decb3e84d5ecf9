; A straight-line stream (consecutive loads, element-wise arithmetic,
; consecutive stores) keeps the target's preferred vector width on AVX-512:
; no 512-bit minimum on its vectorized body. -sublane-wfv-always-512 gives it
; one.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -sublane-wfv-always-512 -S %s | FileCheck %s --check-prefix=ALWAYS

; CHECK-LABEL: define internal void @stream.sg(
; CHECK: load <16 x float>, ptr
; CHECK: store <16 x float>
; CHECK-NOT: "min-legal-vector-width"

; ALWAYS-LABEL: define internal void @stream.sg(
; ALWAYS: "min-legal-vector-width"="512"

define void @stream(ptr %args) #0 {
  %gid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %gid
  %x = load float, ptr %p
  %y = fmul float %x, 2.0
  store float %y, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx,+avx2,+fma,+avx512f,+sse2" }
