; `if (x >= 0) a[x]` with x = l - u in `int`: InstCombine writes the index's
; sign extension as `zext nneg`, true only in the lanes that pass the guard.
; Lane 0 may not, and its zero extension of a negative x lies 16 GiB off:
; the vector load's address comes from the first active lane instead, less
; its offset from lane 0.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %[[X:.*]] = sub nsw <8 x i32>
; CHECK: %[[MASK:.*]] = icmp sgt <8 x i32> %[[X]], <i32 -1,
; CHECK: %[[TZ:.*]] = call {{.*}}i8 @llvm.cttz.i8(i8 %{{.*}}, i1 false)
; CHECK-NEXT: %[[FIRST8:.*]] = and i8 %[[TZ]], 7
; CHECK-NEXT: %[[FIRST:.*]] = zext {{.*}}i8 %[[FIRST8]] to i32
; CHECK-NEXT: %[[XF:.*]] = extractelement <8 x i32> %[[X]], i32 %[[FIRST]]
; CHECK-NEXT: %[[EXT:.*]] = zext i32 %[[XF]] to i64
; CHECK-NEXT: %[[OFF:.*]] = zext {{.*}}i8 %[[FIRST8]] to i64
; CHECK-NEXT: %[[LANE0:lane0.ext.*]] = sub {{.*}}i64 %[[EXT]], %[[OFF]]
; CHECK-NEXT: %[[ADDR:.*]] = getelementptr float, ptr %{{.*}}, i64 %[[LANE0]]
; CHECK-NEXT: call <8 x float> @llvm.masked.load.v8f32.p0(ptr %[[ADDR]], i32 4, <8 x i1> %[[MASK]], <8 x float> poison)
; CHECK-NOT: gather
define void @k(ptr %args) #0 {
entry:
  %a = load ptr, ptr %args
  %pout = getelementptr i8, ptr %args, i64 8
  %out = load ptr, ptr %pout
  %pu = getelementptr i8, ptr %args, i64 16
  %u = load i32, ptr %pu
  %lid = call i64 @__sublane_local_id(i32 0)
  %l = trunc i64 %lid to i32
  %x = sub nsw i32 %l, %u
  %in = icmp sgt i32 %x, -1
  br i1 %in, label %then, label %exit
then:
  %z = zext nneg i32 %x to i64
  %addr = getelementptr float, ptr %a, i64 %z
  %v = load float, ptr %addr
  %o = getelementptr float, ptr %out, i64 %lid
  store float %v, ptr %o
  br label %exit
exit:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
