; An induction affine in the lanes steps in every lane (see
; divergent-loop-affine-induction.ll), so what its first lane holds is there
; even where that lane has left the loop: a row address `a + j * n` with a
; run-time n is lane 0's address computed in scalars plus the lanes'
; multiples of the row's length, not every lane's address arithmetic.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: {{^}}loop{{[0-9]+}}:
; CHECK: %[[J:j.slot.*]] = phi <8 x i64>
; CHECK: %[[MASK:loop.mask.slot.*]] = phi <8 x i1>
; CHECK: %[[ROW_BYTES:.*]] = shl i64 %n, 2
; CHECK: %[[FIRST:.*]] = extractelement <8 x i64> %[[J]], i64 0
; CHECK: %[[ROW:.*]] = mul i64 %[[FIRST]], %n
; CHECK: %[[BASE:.*]] = getelementptr float, ptr %a, i64 %[[ROW]]
; CHECK: %[[SPLAT:.*]] = shufflevector <8 x i64> %{{.*}}, <8 x i64> poison, <8 x i32> zeroinitializer
; CHECK: %[[OFFSETS:.*]] = mul <8 x i64> %[[SPLAT]], <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
; CHECK: %[[ADDRS:.*]] = getelementptr i8, ptr %[[BASE]], <8 x i64> %[[OFFSETS]]
; CHECK: call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> {{.*}}, <8 x ptr> %[[ADDRS]], i32 4, <8 x i1> %[[MASK]])

define void @k(ptr %args) #0 {
entry:
  %a = load ptr, ptr %args
  %pn = getelementptr i8, ptr %args, i64 16
  %n = load i64, ptr %pn
  %gid = call i64 @__sublane_global_id(i32 0)
  br label %loop
loop:
  %j = phi i64 [ %gid, %entry ], [ %next, %loop ]
  %row = mul i64 %j, %n
  %addr = getelementptr float, ptr %a, i64 %row
  store float 1.0, ptr %addr
  %next = add nuw i64 %j, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
