; A loop whose trip count differs between lanes runs while any lane is in
; it: the header's mask is a phi, lanes leave through the exit mask, and the
; value a lane carries out is the one it had when it left. The counter is the
; same in every lane still in the loop and stays a scalar; the exit blends it
; into the lanes that leave.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: {{^}}[[LOOP:loop[0-9]+]]:
; CHECK: %[[OUT:next.lcssa.slot.*]] = phi <8 x i32>
; CHECK: %[[EXITS:exit.mask.slot.*]] = phi <8 x i1>
; CHECK: %[[I:i.slot.*]] = phi i32
; CHECK: %[[MASK:loop.mask.slot.*]] = phi <8 x i1>
; CHECK: %[[NEXT:.*]] = add i32 %[[I]], 1
; CHECK: %[[MORE:.*]] = icmp ult <8 x i32> %{{.*}}, <i32 0, i32 1,
; CHECK: %[[LEAVE:.*]] = select <8 x i1> %[[MASK]], <8 x i1> %{{.*}}, <8 x i1> zeroinitializer
; CHECK: %[[LEFT:.*]] = or <8 x i1> %[[EXITS]], %[[LEAVE]]
; CHECK: insertelement <8 x i32> poison, i32 %[[NEXT]], i64 0
; CHECK: %[[CARRIED:.*]] = select <8 x i1> %[[LEAVE]], <8 x i32> %{{.*}}, <8 x i32> %[[OUT]]
; CHECK: {{^}}[[EXIT:exit[0-9]+]]:
; CHECK: call void @llvm.masked.store.v8i32.p0(<8 x i32> %[[CARRIED]], ptr %{{.*}}, i32 4, <8 x i1> %[[LEFT]])
; CHECK: {{^}}loop.loop.end:
; CHECK-NEXT: %[[STAY:.*]] = select <8 x i1> %[[MASK]], <8 x i1> %[[MORE]], <8 x i1> zeroinitializer
; CHECK: %[[BITS:.*]] = bitcast <8 x i1> %[[STAY]] to i8
; CHECK-NEXT: icmp eq i8 %[[BITS]], 0
; CHECK: br i1 %{{.*}}, label %[[EXIT]], label %[[LOOP]]

define void @k(ptr %args) #0 {
entry:
  %lane = call i32 @__sublane_sg_local_id()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  %more = icmp ult i32 %next, %lane
  br i1 %more, label %loop, label %exit

exit:
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr i32, ptr %args, i64 %lid
  store i32 %next, ptr %p
  ret void
}

declare i32 @__sublane_sg_local_id() nounwind memory(none)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
