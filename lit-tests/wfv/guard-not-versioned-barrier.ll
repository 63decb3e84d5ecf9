; A bounds check followed by a work-group barrier keeps one copy of the code
; after it: every sub-group of the work-group must reach the same barrier,
; and a copy would give those where the check holds a barrier of their own.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -pass-remarks=sublane-wfv -S %s 2>%t.remarks | FileCheck %s --implicit-check-not=.all
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

; REMARK-NOT: bounds check
; REMARK: vectorized: one sub-group per vector of width 8
; REMARK-NOT: bounds check

; CHECK-LABEL: define internal void @guarded.sg(
; CHECK: call void @llvm.masked.store.v8f32.p0(
; CHECK: call void @__sublane_wg_barrier()
; CHECK: ret void

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
