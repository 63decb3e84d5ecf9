; A kernel that asks for variant wfv at sub-group size 1 is recorded as cbs:
; a sub-group of one lane has nothing to vectorize, and every later pass
; reads the decision that sublane-prepare records. The vectorizer leaves it
; alone, and work-group CBS lowers it without sub-group loops.
; RUN: %opt -passes=sublane-prepare -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wfv,sublane-wg-cbs -S %s \
; RUN:   | FileCheck %s --check-prefix=LOWERED

; CHECK-LABEL: define void @k(
; CHECK: attributes #0 = { "sublane-dims"="1" "sublane-kernel" "sublane-sg-size"="1" "sublane-variant"="cbs" }

; LOWERED-NOT: define {{.*}} @k.sg(
; LOWERED-LABEL: define internal void @k.wg(
; LOWERED-NOT: sublane.sg
; LOWERED: ret void

define void @k(ptr %args) #0 {
  ret void
}

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "sublane-sg-size"="1" "sublane-variant"="wfv" }
