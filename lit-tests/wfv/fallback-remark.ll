; What the vectorizer cannot do yet (here, a struct value that differs
; between work-items and joins two paths, not only taken apart by field)
; sends the kernel to hierarchical CBS, and a missed remark says why; the
; kernel is still lowered.
; RUN: %opt -passes=sublane-prepare,sublane-wfv,sublane-wg-cbs -sublane-sg-size=8 -pass-remarks-missed=sublane-wfv -S %s 2>&1 | FileCheck %s

; CHECK: remark: {{.*}}kernel 'k' not vectorized: a value of type '{ float, i32 }' differs between work-items (only scalars and vectors of them are vectorized yet); it runs under hierarchical CBS at sub-group size 8
; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.r0.item0:
; CHECK: attributes #{{.*}} "sublane-variant"="hcbs"

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %c = icmp ult i64 %lid, 3
  br i1 %c, label %a, label %b

a:
  %pa = call { float, i32 } @split(i64 %lid)
  br label %join

b:
  %pb = call { float, i32 } @split2(i64 %lid)
  br label %join

join:
  %pair = phi { float, i32 } [ %pa, %a ], [ %pb, %b ]
  %x = extractvalue { float, i32 } %pair, 0
  %p = getelementptr float, ptr %args, i64 %lid
  store float %x, ptr %p
  ret void
}

declare { float, i32 } @split(i64)
declare { float, i32 } @split2(i64)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
