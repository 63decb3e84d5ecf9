; With -sublane-variant=cbs, a kernel that requests no sub-group size gets
; size 1 rather than its target's vector width (which cbs cannot run).
; RUN: %opt -passes=sublane-prepare -sublane-variant=cbs -S %s | FileCheck %s

; CHECK-LABEL: define void @avx2_kernel(
; CHECK: attributes #0 = { "sublane-dims"="1" "sublane-kernel" "sublane-sg-size"="1" "sublane-variant"="cbs" "target-features"="+avx,+avx2" }

define void @avx2_kernel(ptr %args) #0 {
  ret void
}

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx,+avx2" }
