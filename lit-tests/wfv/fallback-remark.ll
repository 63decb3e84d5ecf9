; What the vectorizer cannot do yet (here, an array value a call returns
; that differs between work-items) sends the kernel to hierarchical CBS,
; and a missed remark says why; the kernel is still lowered.
; RUN: %opt -passes=sublane-prepare,sublane-wfv,sublane-wg-cbs -sublane-sg-size=8 -pass-remarks-missed=sublane-wfv -S %s 2>&1 | FileCheck %s

; CHECK: remark: {{.*}}kernel 'k' not vectorized: a value of type '[2 x float]' differs between work-items (only scalars and vectors of them are vectorized yet); it runs under hierarchical CBS at sub-group size 8
; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.r0.item0:
; CHECK: attributes #{{.*}} "sublane-variant"="hcbs"

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %pair = call [2 x float] @split(i64 %lid)
  %x = extractvalue [2 x float] %pair, 0
  %p = getelementptr float, ptr %args, i64 %lid
  store float %x, ptr %p
  ret void
}

declare [2 x float] @split(i64)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
