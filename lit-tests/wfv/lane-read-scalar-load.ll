; One lane of a sub-group loads an element that a store to one address keeps
; (a halo element, a leader's read). The masked vector load that would load
; the whole vector and pick the lane through the stack becomes one scalar
; load of that lane, under its mask bit, which is a bit of the mask as an
; integer: an extract at a lane known only at run time would go through the
; stack again. The lane itself comes from the equality that only it meets
; (MaskLanes.cpp): InstCombine writes `(first | lane) == 3` as lanes equal
; to 3 ^ lane, so the lane is first ^ 3, there if below 8.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK-NOT: call {{.*}} @llvm.masked.load
; CHECK-NOT: @llvm.ctlz
; CHECK: %[[CANDIDATE:.*]] = xor i64 %sg.base, 3
; CHECK-NEXT: icmp ult i64 %[[CANDIDATE]], 8
; CHECK: %[[SHIFTED:.*]] = lshr i8 %{{.*}}, %{{.*}}
; CHECK-NEXT: %[[BIT:.*]] = trunc i8 %[[SHIFTED]] to i1
; CHECK-NEXT: br i1 %[[BIT]], label %[[LOAD:.*]], label %[[JOIN:.*]]
; CHECK: [[LOAD]]:
; CHECK: %[[VALUE:.*]] = load float, ptr %{{.*}}, align 4
; CHECK: [[JOIN]]:
; CHECK-NEXT: %[[KEPT:.*]] = phi float [ %[[VALUE]], %[[LOAD]] ]
; CHECK-NEXT: store float %[[KEPT]], ptr %out, align 4
; CHECK-NOT: call {{.*}} @llvm.masked.load
; CHECK-NOT: @llvm.ctlz
; CHECK: declare

define void @k(ptr %args) #0 {
  %x = call i64 @__sublane_local_id(i32 0)
  %leader = icmp eq i64 %x, 3
  br i1 %leader, label %then, label %end

then:
  %p = getelementptr float, ptr %args, i64 %x
  %v = load float, ptr %p, align 4
  %out = getelementptr i8, ptr %args, i64 4096
  store float %v, ptr %out, align 4
  br label %end

end:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
