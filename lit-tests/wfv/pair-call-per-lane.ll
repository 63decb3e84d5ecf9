; A call returning a pair with no vector form runs once per active lane;
; each field's results are collected in a vector of the lanes, which the
; field's extractvalue then is. Under a divergent branch only the active
; lanes call it.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=4 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: [[THEN:then[0-9]*]].then:
; CHECK-NEXT: %[[ID:.*]] = extractelement <4 x i64> %lid0, i64 0
; CHECK-NEXT: %[[PAIR:.*]] = call { float, i32 } @split(i64 %[[ID]])
; CHECK-NEXT: %[[M:.*]] = extractvalue { float, i32 } %[[PAIR]], 0
; CHECK: %[[M0:.*]] = phi float [ %[[M]], %[[THEN]].then ], [ poison, %[[THEN]] ]
; CHECK: %[[ACTIVE3:.*]] = extractelement <4 x i1> %[[C:.*]], i64 3
; CHECK-NEXT: br i1 %[[ACTIVE3]]
; CHECK: call { float, i32 } @split(
; CHECK: %[[V:.*]] = insertelement <4 x float> poison, float %[[M0]], i64 0
; CHECK: call void @llvm.masked.store.v4f32.p0(<4 x float> %{{.*}}, ptr %{{.*}}, i32 4, <4 x i1> %[[C]])
; CHECK: ret void

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %c = fcmp ogt float %x, 0.0
  br i1 %c, label %then, label %done

then:
  %pair = call { float, i32 } @split(i64 %lid)
  %m = extractvalue { float, i32 } %pair, 0
  store float %m, ptr %p
  br label %done

done:
  ret void
}

declare { float, i32 } @split(i64)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
