; A loop exit whose condition is the same in every lane is still divergent
; when it sits under a branch that is not: here odd lanes leave at k == 3 and
; even lanes go on. Such a loop repeats while any lane continues (a loop end
; that reduces the header's mask), and the counter a lane carries out is the
; one it had when it left.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: {{^}}[[LOOP:loop[0-9]+]]:
; CHECK: %[[OUT:k.out.slot.*]] = phi <8 x i32>
; CHECK: call void @llvm.masked.store.v8i32.p0(<8 x i32> %{{.*}}, ptr %{{.*}}, i32 4, <8 x i1>
; CHECK: {{^}}loop.loop.end{{[0-9]*}}:
; CHECK: %[[BITS:.*]] = bitcast <8 x i1> %{{.*}} to i8
; CHECK-NEXT: icmp eq i8 %[[BITS]], 0
; CHECK: br i1 %{{.*}}, label %{{.*}}, label %[[LOOP]]

define void @k(ptr %args) #0 {
entry:
  %n = load i32, ptr %args
  %lane = call i32 @__sublane_sg_local_id()
  %odd.bit = and i32 %lane, 1
  %odd = icmp ne i32 %odd.bit, 0
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %latch ]
  br i1 %odd, label %test, label %latch
test:
  %three = icmp eq i32 %k, 3
  br i1 %three, label %exit, label %latch
latch:
  %k.next = add i32 %k, 1
  %more = icmp ult i32 %k.next, %n
  br i1 %more, label %loop, label %exit
exit:
  %k.out = phi i32 [ %k, %test ], [ %k.next, %latch ]
  %po = getelementptr i32, ptr %args, i32 %lane
  store i32 %k.out, ptr %po
  ret void
}

declare i32 @__sublane_sg_local_id() nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
