; `if (i < n) v = in[i] * 3;` before a reduction over the work-group: the
; guarded block is copied up to the join, whose phi takes the unmasked copy's
; value, and the reduction after it stays one call.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @guarded.sg(
; CHECK: %[[MASKED:.*]] = call <8 x float> @llvm.masked.load.v8f32.p0(
; CHECK: %[[PLAIN:.*]] = load <8 x float>, ptr %{{.*}}, align 4
; CHECK-NEXT: %[[TRIPLED:.*]] = fmul <8 x float> %[[PLAIN]],
; CHECK-NEXT: br label %[[JOIN:.*]]
; CHECK: [[JOIN]]:
; CHECK-NEXT: %[[V:.*]] = phi <8 x float> [ %[[TRIPLED]], %{{.*}} ], [ %{{.*}}, %{{.*}} ]
; CHECK-NEXT: call float @__sublane_wg_reduce_add_f32.v8(<8 x float> %[[V]])
; CHECK-NOT: call float @__sublane_wg_reduce_add_f32
; CHECK: wfv.body

define void @guarded(ptr %args) #0 {
entry:
  %n = load i64, ptr %args
  %i = call i64 @__sublane_global_id(i32 0)
  %in = icmp ult i64 %i, %n
  br i1 %in, label %body, label %exit

body:
  %p = getelementptr float, ptr %args, i64 %i
  %x = load float, ptr %p
  %y = fmul float %x, 3.0
  br label %exit

exit:
  %v = phi float [ %y, %body ], [ 0.0, %entry ]
  %s = call float @__sublane_wg_reduce_add_f32(float %v)
  %q = getelementptr float, ptr %args, i64 %i
  store float %s, ptr %q
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare float @__sublane_wg_reduce_add_f32(float) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
