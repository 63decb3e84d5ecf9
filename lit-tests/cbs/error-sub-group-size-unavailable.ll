; Sizes above 1 need the hierarchical lowering, which this build lacks: the
; kernel is refused, not silently run with sub-groups of one.
; RUN: not %opt -passes=sublane-prepare,sublane-wg-cbs -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'k': sub-group size 16 with variant 'cbs' is not available in this build; only sub-group size 1 (variant cbs) is

define void @k(ptr %args) #0 {
  ret void
}

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "sublane-sg-size"="16" }
