; A work-group reduction of vectorized sub-groups keeps as many running
; vectors as fill four registers and rotates them: each sub-group adds into
; the first and moves it last, so that consecutive sub-groups' adds do not
; wait on each other. The combine step adds them up before the reduction
; across lanes. A vector of four registers keeps one.
; RUN: %opt -verify-each -passes=sublane-prepare,sublane-wfv,sublane-wg-cbs -sublane-sg-size=8 -S %s | FileCheck %s
; RUN: %opt -verify-each -passes=sublane-prepare,sublane-wfv,sublane-wg-cbs -sublane-sg-size=32 -S %s | FileCheck %s --check-prefix=WIDE
; RUN: %opt -verify-each -passes=sublane-prepare,sublane-wfv,sublane-wg-cbs -sublane-sg-size=8 -sublane-reduce-running-registers=1 -S %s | FileCheck %s --check-prefix=ONE

; CHECK-LABEL: define internal void @sum.wg(
; CHECK: sublane.r0.item0:
; CHECK: %[[A0:.*]] = load <8 x float>, ptr %[[ACC:wg_reduce_add_f32.v8.acc[0-9]*]],
; CHECK-NEXT: %[[P1:.*]] = getelementptr inbounds <8 x float>, ptr %[[ACC]], i64 1
; CHECK-NEXT: %[[A1:.*]] = load <8 x float>, ptr %[[P1]]
; CHECK-NEXT: %[[P2:.*]] = getelementptr inbounds <8 x float>, ptr %[[ACC]], i64 2
; CHECK-NEXT: %[[A2:.*]] = load <8 x float>, ptr %[[P2]]
; CHECK-NEXT: %[[P3:.*]] = getelementptr inbounds <8 x float>, ptr %[[ACC]], i64 3
; CHECK-NEXT: %[[A3:.*]] = load <8 x float>, ptr %[[P3]]
; CHECK-NEXT: %[[NEW:.*]] = fadd reassoc <8 x float> %[[A0]],
; CHECK-NEXT: store <8 x float> %[[A1]], ptr %[[ACC]]
; CHECK-NEXT: getelementptr inbounds <8 x float>, ptr %[[ACC]], i64 1
; CHECK-NEXT: store <8 x float> %[[A2]], ptr
; CHECK-NEXT: getelementptr inbounds <8 x float>, ptr %[[ACC]], i64 2
; CHECK-NEXT: store <8 x float> %[[A3]], ptr
; CHECK-NEXT: getelementptr inbounds <8 x float>, ptr %[[ACC]], i64 3
; CHECK-NEXT: store <8 x float> %[[NEW]], ptr
; CHECK: sublane.combine1:
; CHECK-NEXT: %[[S0:.*]] = load <8 x float>, ptr %[[SUM:wg_reduce_add_f32.v8.acc[0-9]*]],
; CHECK-NEXT: store <8 x float> <float -0.000000e+00, {{.*}}>, ptr %[[SUM]]
; CHECK-NEXT: %[[Q1:.*]] = getelementptr inbounds <8 x float>, ptr %[[SUM]], i64 1
; CHECK-NEXT: %[[S1:.*]] = load <8 x float>, ptr %[[Q1]]
; CHECK-NEXT: %[[T1:.*]] = fadd reassoc <8 x float> %[[S0]], %[[S1]]
; CHECK: %[[T2:.*]] = fadd reassoc <8 x float> %[[T1]],
; CHECK: %[[T3:.*]] = fadd reassoc <8 x float> %[[T2]],
; CHECK: call reassoc float @llvm.vector.reduce.fadd.v8f32(float -0.000000e+00, <8 x float> %[[T3]])

; WIDE-LABEL: define internal void @sum.wg(
; WIDE: sublane.r0.item0:
; WIDE: %[[OLD:.*]] = load <32 x float>, ptr %[[ACC:.*]], align
; WIDE-NEXT: %[[NEW:.*]] = fadd reassoc <32 x float> %[[OLD]],
; WIDE-NEXT: store <32 x float> %[[NEW]], ptr %[[ACC]]
; WIDE-NOT: getelementptr inbounds <32 x float>

; ONE-LABEL: define internal void @sum.wg(
; ONE: sublane.r0.item0:
; ONE: %[[OLD:.*]] = load <8 x float>, ptr %[[ACC:.*]], align
; ONE-NEXT: %[[NEW:.*]] = fadd reassoc <8 x float> %[[OLD]],
; ONE-NEXT: store <8 x float> %[[NEW]], ptr %[[ACC]]
; ONE-NOT: getelementptr inbounds <8 x float>

define void @sum(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %r = call float @__sublane_wg_reduce_add_f32(float %x)
  store float %r, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare float @__sublane_wg_reduce_add_f32(float) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx,+avx2" }
