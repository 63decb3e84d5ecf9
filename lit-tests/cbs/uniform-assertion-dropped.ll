; __sublane_{sg,wg}_uniform declares a value the same across a group (the
; init of a scan). The fiber engine checks it; the lowering drops it, and it
; is no sync point.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-sg-size=8 -sublane-variant=hcbs -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK-NOT: __sublane_sg_uniform
; CHECK-NOT: sublane.sg.combine
; CHECK: ret void

define void @k(ptr %args) #0 {
  %init = load i64, ptr %args
  call void @__sublane_sg_uniform(i64 %init)
  store i64 %init, ptr %args
  ret void
}

declare void @__sublane_sg_uniform(i64) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
