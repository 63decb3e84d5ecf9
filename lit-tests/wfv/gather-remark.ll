; An access that stays a gather or scatter in the copy for full sub-groups
; within a row, where most work-items run, gets an analysis remark naming
; the distance between consecutive work-items' addresses, once per access.
; A contiguous access gets none, nor does the general copy's gather of it.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -pass-remarks-analysis=sublane-wfv -disable-output %s 2>&1 | FileCheck %s

; CHECK: remark: <unknown>:0:0: load in kernel 'k' is a gather even in full sub-groups: consecutive work-items' addresses are 8 bytes apart
; CHECK-NEXT: remark: <unknown>:0:0: store in kernel 'k' is a scatter even in full sub-groups: consecutive work-items' addresses are not a constant distance apart
; CHECK-NOT: remark

define void @k(ptr %args) #0 {
  %gid = call i64 @__sublane_global_id(i32 0)
  %two = shl i64 %gid, 1
  %p = getelementptr float, ptr %args, i64 %two
  %x = load float, ptr %p
  %q = getelementptr i64, ptr %args, i64 %gid
  %i = load i64, ptr %q
  %r = getelementptr float, ptr %args, i64 %i
  store float %x, ptr %r
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
