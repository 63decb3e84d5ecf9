; A phi joining a branch on the id is varying even when its inputs are
; uniform, and the blocks under that branch run divergently; a branch on a
; uniform value leaves its blocks and phis uniform.
; RUN: %opt -passes='print<sublane-shape>' -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: sublane shapes for 'k' (1D):
; CHECK: block %entry
; CHECK: block %then: divergent (branch in %entry)
; CHECK: block %join
; CHECK-NEXT: %sel: varying
; CHECK: block %uthen
; CHECK-NEXT: block %ujoin
; CHECK-NEXT: %usel: uniform
define void @k(ptr %args, i64 %n) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %small = icmp ult i64 %lid, 4
  br i1 %small, label %then, label %join
then:
  br label %join
join:
  %sel = phi i32 [ 1, %then ], [ 2, %entry ]
  %grp = call i64 @__sublane_group_id(i32 0)
  %odd = icmp eq i64 %grp, 1
  br i1 %odd, label %uthen, label %ujoin
uthen:
  br label %ujoin
ujoin:
  %usel = phi i32 [ 1, %uthen ], [ 2, %join ]
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i64 @__sublane_group_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
