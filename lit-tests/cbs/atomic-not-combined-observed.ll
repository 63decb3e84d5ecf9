; A kernel that reads an atomic's value (here an atomic load, which could
; watch the total grow) keeps every work-item's update, and says why.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -pass-remarks-missed=sublane-wg-cbs -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

; REMARK: remark: <unknown>:0:0: atomic updates of one address not combined across work-items: the kernel has an access that orders memory or reads an atomic's value (load)

; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.r0.item0:
; CHECK: atomicrmw add ptr %count, i32 1 monotonic
; CHECK: load atomic i32, ptr %count monotonic
; CHECK-NOT: sublane.atomic.flush

define void @k(ptr %args) #0 {
  %count = load ptr, ptr %args
  %q = getelementptr i8, ptr %args, i64 8
  %out = load ptr, ptr %q
  %old = atomicrmw add ptr %count, i32 1 monotonic
  %n = load atomic i32, ptr %count monotonic, align 4
  %lid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr i32, ptr %out, i64 %lid
  store i32 %n, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
