; Lanes' <4 x float> values live element-major in one <16 x float> (sub-group
; of 4: element e of lane l at 4*e + l): a constant extract is one
; sub-vector, a shuffle of elements one shuffle of sub-vectors, an extract
; at an index that differs between lanes a select per element.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=4 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %[[X:.*]] = shufflevector <16 x float> %{{.*}}, <16 x float> poison, <16 x i32> <i32 0, i32 4, i32 8, i32 12, i32 1, i32 5, i32 9, i32 13, i32 2, i32 6, i32 10, i32 14, i32 3, i32 7, i32 11, i32 15>
; CHECK: %[[S:.*]] = shufflevector <16 x float> %{{.*}}, <16 x float> %[[X]], <16 x i32> <i32 12, i32 13, i32 14, i32 15, i32 8, i32 9, i32 10, i32 11, i32 20, i32 21, i32 22, i32 23, i32 0, i32 1, i32 2, i32 3>
; CHECK: shufflevector <16 x float> %{{.*}}, <16 x float> poison, <4 x i32> <i32 8, i32 9, i32 10, i32 11>
; CHECK: icmp eq <4 x i32> %[[J:.*]], <i32 1, i32 1, i32 1, i32 1>
; CHECK: select <4 x i1>
; CHECK: icmp eq <4 x i32> %[[J]], <i32 2, i32 2, i32 2, i32 2>
; CHECK: select <4 x i1>
; CHECK: icmp eq <4 x i32> %[[J]], <i32 3, i32 3, i32 3, i32 3>
; CHECK: select <4 x i1>

define void @k(ptr %args) #0 {
  %gid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr <4 x float>, ptr %args, i64 %gid
  %x = load <4 x float>, ptr %p, align 16
  %y = fadd <4 x float> %x, <float 1.0, float 2.0, float 3.0, float 4.0>
  %s = shufflevector <4 x float> %y, <4 x float> %x, <4 x i32> <i32 3, i32 2, i32 5, i32 0>
  %e = extractelement <4 x float> %s, i64 1
  %q = getelementptr float, ptr %args, i64 %gid
  store float %e, ptr %q
  %i = trunc i64 %gid to i32
  %j = and i32 %i, 3
  %f = extractelement <4 x float> %s, i32 %j
  %q2 = getelementptr float, ptr %q, i64 1024
  store float %f, ptr %q2
  store <4 x float> %s, ptr %p, align 16
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
