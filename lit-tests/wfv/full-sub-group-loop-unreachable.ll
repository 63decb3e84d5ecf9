; A kernel whose sub-groups never reach the end of their region (it ends in
; unreachable code) has no loop over full sub-groups to split off: its
; region loop stays as it is.
; RUN: %opt -passes=sublane-prepare,sublane-wfv,sublane-wg-cbs -sublane-sg-size=4 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK-NOT: sublane.r0.full.count
; CHECK: unreachable

define void @k() #0 {
entry:
  unreachable
}

attributes #0 = { "sublane-dims"="2" "sublane-kernel" }
