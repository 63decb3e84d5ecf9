; A call returning a small struct in registers, a vector field and a scalar
; one (x86-64 returns `struct { float x, y, z; int id; }` as
; `{ <2 x float>, i64 }`), runs once per lane; each field's results are
; collected in a vector of the lanes, the <2 x float> field element by
; element, and the kernel is vectorized rather than sent to hierarchical CBS.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=4 \
; RUN:   -pass-remarks-missed=sublane-wfv -S %s 2>&1 | FileCheck %s

; CHECK-NOT: not vectorized
; CHECK-LABEL: define internal void @k.sg(
; CHECK-COUNT-4: call { <2 x float>, i64 } @shift(
; Lane i's x is element 0 of its call's first field.
; CHECK: %[[X:.*]] = shufflevector <4 x float> %{{.*}}, <4 x float> %{{.*}}, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
; CHECK: store <4 x float> %[[X]],
; CHECK: store <4 x i64> %{{.*}},
; CHECK: ret void

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %f = uitofp i64 %lid to float
  %p = call { <2 x float>, i64 } @shift(float %f)
  %xy = extractvalue { <2 x float>, i64 } %p, 0
  %x = extractelement <2 x float> %xy, i64 0
  %zid = extractvalue { <2 x float>, i64 } %p, 1
  %px = getelementptr float, ptr %args, i64 %lid
  store float %x, ptr %px
  %pz = getelementptr i64, ptr %args, i64 %lid
  store i64 %zid, ptr %pz
  ret void
}

declare { <2 x float>, i64 } @shift(float)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
