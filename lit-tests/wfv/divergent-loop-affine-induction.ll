; A loop counter that starts at the lane's id and steps by one, in a loop
; that lanes leave in different iterations (`for (j = i; j < n; ++j)`),
; stays affine in the loop: every lane of it steps while any lane goes round,
; so the load at a[j] is one masked vector load from lane 0's address rather
; than a gather. The sum each lane carries out is still blended by the lanes
; that go round.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: {{^}}loop{{[0-9]+}}:
; CHECK: %[[SUM_IN:s.slot.*]] = phi <8 x float>
; CHECK: %[[J:j.slot.*]] = phi <8 x i64>
; CHECK: %[[MASK:loop.mask.slot.*]] = phi <8 x i1>
; CHECK: %[[FIRST:.*]] = extractelement <8 x i64> %[[J]], i64 0
; CHECK: %[[ADDR:.*]] = getelementptr float, ptr %a, i64 %[[FIRST]]
; CHECK: %[[X:.*]] = call <8 x float> @llvm.masked.load.v8f32.p0(ptr %[[ADDR]], i32 4, <8 x i1> %[[MASK]], <8 x float> poison)
; CHECK: %[[SUM:.*]] = fadd <8 x float> %[[SUM_IN]], %[[X]]
; CHECK: %[[NEXT:.*]] = add nuw <8 x i64> %[[J]], <i64 1,
; CHECK: {{^}}loop.loop.end:
; CHECK-NEXT: %[[STAY:.*]] = select <8 x i1> %[[MASK]], <8 x i1> %{{.*}}, <8 x i1> zeroinitializer
; CHECK-NEXT: select <8 x i1> %[[STAY]], <8 x float> %[[SUM]], <8 x float> %[[SUM_IN]]
; CHECK-NEXT: %[[BITS:.*]] = bitcast <8 x i1> %[[STAY]] to i8
; CHECK-NEXT: %[[NONE:.*]] = icmp eq i8 %[[BITS]], 0
; CHECK-NEXT: select i1 %[[NONE]], <8 x i64> %[[J]], <8 x i64> %[[NEXT]]
; CHECK-NOT: gather
define void @k(ptr %args) #0 {
entry:
  %a = load ptr, ptr %args
  %pout = getelementptr i8, ptr %args, i64 8
  %out = load ptr, ptr %pout
  %pn = getelementptr i8, ptr %args, i64 16
  %n = load i64, ptr %pn
  %gid = call i64 @__sublane_global_id(i32 0)
  br label %loop
loop:
  %j = phi i64 [ %gid, %entry ], [ %next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %sum, %loop ]
  %addr = getelementptr float, ptr %a, i64 %j
  %x = load float, ptr %addr
  %sum = fadd float %s, %x
  %next = add nuw i64 %j, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  %o = getelementptr float, ptr %out, i64 %gid
  store float %sum, ptr %o
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
