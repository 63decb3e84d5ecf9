; A sub-group that spans rows of a 2D work-group needs each lane's row and
; column. x86 has no vector integer division, so the vectorizer divides the
; sub-group's first linear id once (a scalar, by a multiply with the range's
; reciprocal: row-ids-reciprocal.ll) and only the lanes' small offsets per
; lane, in single precision, which is exact for ids of any work-group the
; runtime accepts.
; (Bodies for sub-groups of several whole rows are off: row-blocks-*.ll.)
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -sublane-wfv-min-row-lanes=0 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: br i1 %{{.*}}, label %{{.*}}, label %[[GENERAL:.*]]
; CHECK: [[GENERAL]]:
; CHECK-NOT: {{udiv|urem}} <16 x i64>
; CHECK-DAG: %[[BASE_ROW:.*]] = lshr i64 %{{.*}}, 40
; CHECK-DAG: %[[BASE_COLUMN:.*]] = sub nuw nsw i64 %sg.base{{.*}}, %{{.*}}
; CHECK-DAG: %lid.quotient = fptoui <16 x float> %{{.*}} to <16 x i32>
; CHECK-DAG: %lid0 = add nuw nsw <16 x i64> %{{.*}}, %{{.*}}
; CHECK-DAG: %[[COLUMN:.*]] = sub nuw nsw <16 x i32> %{{.*}}, %{{.*}}
; CHECK-NOT: {{udiv|urem}} <16 x i64>
; CHECK: call void @llvm.masked.scatter.v16f32.v16p0(

define void @k(ptr %args) #0 {
  %y = call i64 @__sublane_local_id(i32 0)
  %x = call i64 @__sublane_local_id(i32 1)
  %row = mul i64 %y, 1024
  %i = add i64 %row, %x
  %p = getelementptr float, ptr %args, i64 %i
  store float 1.0, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
