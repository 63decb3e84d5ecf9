; A kernel built with -fsanitize=function carries its type's hash for the
; check at indirect calls. The work-group function has another type, and the
; runtime calls it through a pointer of that type: it must not inherit the
; kernel's hash, or every launch fails the check.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; CHECK-LABEL: define void @k(ptr %args) {{.*}}!func_sanitize
; CHECK-LABEL: define internal void @k.wg(
; CHECK-NOT: !func_sanitize
; CHECK-SAME: {
define void @k(ptr %args) #0 !func_sanitize !0 {
entry:
  call void @__sublane_wg_barrier()
  ret void
}

declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
!0 = !{i32 -1056584962, i32 905068220}
