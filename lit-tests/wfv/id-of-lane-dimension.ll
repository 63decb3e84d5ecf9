; An id query whose dimension differs between lanes (in the kernel behind
; this test, a loop over the dimensions whose counter UBSan's overflow
; checks hid from the shape analysis). Local and global ids pick each
; lane's dimension from the dimensions' vectors, 0 beyond the kernel's; a
; group range is called once per lane. It used to crash the vectorizer.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; Here the lanes' dimensions are known (even lanes 0, odd lanes 1), and
; InstCombine folds the picks to each lane's dimension.
; CHECK-LABEL: define internal void @k.sg(
; CHECK: call i64 @__sublane_group_id(i32 0)
; CHECK: call i64 @__sublane_group_id(i32 1)
; CHECK-COUNT-4: call i64 @__sublane_group_range(i32 0)
; CHECK: ret void

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_linear_id()
  %odd = and i64 %lid, 1
  %d = trunc i64 %odd to i32
  %g = call i64 @__sublane_global_id(i32 %d)
  %r = call i64 @__sublane_group_range(i32 %d)
  %s = add i64 %g, %r
  %p = getelementptr i64, ptr %args, i64 %lid
  store i64 %s, ptr %p
  ret void
}

declare i64 @__sublane_local_linear_id() nounwind memory(none)
declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare i64 @__sublane_group_range(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
