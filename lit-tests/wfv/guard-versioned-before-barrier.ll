; A bounds check followed by a work-group barrier: only the code the check
; guards is copied, up to where its two ways meet, so that every sub-group
; still reaches the one barrier after them. Sub-groups whose work-items all
; pass the check store without a mask.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -pass-remarks=sublane-wfv -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

; REMARK: vectorized: one sub-group per vector of width 8, {{.*}}; code guarded by 1 bounds check(s) on the work-item id runs unmasked

; CHECK-LABEL: define internal void @guarded.sg(
; CHECK: call void @llvm.masked.store.v8f32.p0(
; CHECK-NEXT: br label %[[JOIN:.*]]
; CHECK: store <8 x float> %{{.*}}, ptr %{{.*}}, align 4
; CHECK-NEXT: br label %[[JOIN]]
; CHECK: [[JOIN]]:
; CHECK-NEXT: call void @__sublane_wg_barrier()
; CHECK-NOT: call void @__sublane_wg_barrier()
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
  store float %y, ptr %p
  br label %exit

exit:
  call void @__sublane_wg_barrier()
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
