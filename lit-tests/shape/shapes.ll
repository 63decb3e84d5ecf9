; Shapes of values in a 1D kernel: ids are affine with stride 1, arithmetic
; with constants keeps them affine, anything else that depends on an id is
; varying, and values that do not are uniform.
; RUN: %opt -passes='print<sublane-shape>' -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: sublane shapes for 'k' (1D):
; CHECK: %lid: affine(1)
; CHECK: %gid: affine(1)
; CHECK: %grp: uniform
; CHECK: %x4: affine(4)
; CHECK: %x4p1: affine(4)
; CHECK: %shl: affine(8)
; CHECK: %narrow: affine(1)
; CHECK: %addr: affine(16)
; CHECK: %square: varying
; CHECK: %loaded: varying
; CHECK: %uload: uniform
; CHECK: %wide: varying
define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %gid = call i64 @__sublane_global_id(i32 0)
  %grp = call i64 @__sublane_group_id(i32 0)
  %x4 = mul i64 %gid, 4
  %x4p1 = add i64 %x4, %grp
  %shl = shl i64 %lid, 3
  %narrow = trunc i64 %gid to i32
  %addr = getelementptr <4 x float>, ptr %args, i64 %lid
  %square = mul i64 %lid, %lid
  %loaded = load i32, ptr %addr
  %uload = load i32, ptr %args
  %wide = sext i32 %narrow to i64
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare i64 @__sublane_group_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
