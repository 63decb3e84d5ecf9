; Variant cbs runs sub-groups of one work-item; a kernel that asks for more
; is refused rather than silently run with sub-groups of one. Variant wfv
; needs the vectorizer's pass before work-group CBS.
; RUN: not %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=cbs -disable-output %s 2>&1 | FileCheck %s
; RUN: not %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=wfv -disable-output %s 2>&1 | FileCheck %s --check-prefix=WFV

; CHECK: error: {{.*}}kernel 'k': variant 'cbs' runs sub-groups of one work-item, but the kernel asks for sub-group size 16; use variant 'hcbs'
; WFV: error: {{.*}}kernel 'k': variant 'wfv' needs the vectorizer: run sublane-wfv before sublane-wg-cbs

define void @k(ptr %args) #0 {
  ret void
}

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "sublane-sg-size"="16" }
