; Blocks that add up to more local memory than a work-group has: an error
; at the site that goes over.
; RUN: not %opt -passes=sublane-prepare -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'k': asks for 1048580 bytes of group local memory; a work-group has 1048576

define void @k(ptr %args) #0 {
  %a = call ptr @__sublane_group_local_alloc(i64 4, i64 4)
  %b = call ptr @__sublane_group_local_alloc(i64 1048576, i64 4)
  store ptr %b, ptr %a
  ret void
}

declare ptr @__sublane_group_local_alloc(i64, i64) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
