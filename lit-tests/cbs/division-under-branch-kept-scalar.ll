; LLVM 19's loop vectorizer computes a division that is the same in every
; iteration once, under the first lane's condition, when the division sits
; under a branch that differs between iterations, and gives every lane that
; result (poison where the first lane skipped it). A work-item loop with such
; a division is kept from it (vectorize.width 1) and says so in a remark; a
; division whose operands differ between work-items is predicated per lane
; correctly and left alone.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -pass-remarks-missed=sublane-wg-cbs -S %s 2>&1 | FileCheck %s

; CHECK: remark: {{.*}}kernel 'k': a loop over work-items left to run one work-item at a time: it divides values that are the same for its work-items under a branch that differs between them, which LLVM 19's vectorizer miscompiles
; CHECK-NOT: remark:
; CHECK-LABEL: define internal void @k.wg(
; CHECK: br i1 %r0.more0, label %sublane.r0.item0, label %sublane.r0.exit, !llvm.loop ![[KEPT:[0-9]+]]
; CHECK-LABEL: define internal void @varying.wg(
; CHECK: br i1 %r0.more0, label %sublane.r0.item0, label %sublane.r0.exit, !llvm.loop ![[LEFT:[0-9]+]]
; CHECK-DAG: ![[KEPT]] = distinct !{![[KEPT]], !{{[0-9]+}}, !{{[0-9]+}}, !{{[0-9]+}}, ![[WIDTH1:[0-9]+]]}
; CHECK-DAG: ![[WIDTH1]] = !{!"llvm.loop.vectorize.width", i32 1}
; CHECK-DAG: ![[LEFT]] = distinct !{![[LEFT]], !{{[0-9]+}}, !{{[0-9]+}}, !{{[0-9]+}}}

define void @k(ptr %args) #0 {
entry:
  %n.p = getelementptr i8, ptr %args, i64 8
  %n = load i32, ptr %n.p
  %gid = call i64 @__sublane_global_id(i32 0)
  %odd = and i64 %gid, 1
  %c = icmp ne i64 %odd, 0
  br i1 %c, label %then, label %end

then:
  %g = call i64 @__sublane_group_id(i32 0)
  %g32 = trunc i64 %g to i32
  %q = urem i32 %g32, %n
  %q64 = zext i32 %q to i64
  %p = getelementptr float, ptr %args, i64 %q64
  store float 1.0, ptr %p
  br label %end

end:
  ret void
}

define void @varying(ptr %args) #0 {
entry:
  %n.p = getelementptr i8, ptr %args, i64 8
  %n = load i32, ptr %n.p
  %gid = call i64 @__sublane_global_id(i32 0)
  %odd = and i64 %gid, 1
  %c = icmp ne i64 %odd, 0
  br i1 %c, label %then, label %end

then:
  %g32 = trunc i64 %gid to i32
  %q = urem i32 %g32, %n
  %q64 = zext i32 %q to i64
  %p = getelementptr float, ptr %args, i64 %q64
  store float 1.0, ptr %p
  br label %end

end:
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare i64 @__sublane_group_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
