; `int i = id[0]` is the global id truncated to 32 bits and extended back,
; which InstCombine may write as a shift pair (scaled, for an array index) or
; a mask. Within a sub-group
; of the vectorizer's fast copies the launch's global ids along rows are
; known to fit in an `int` (the copy's condition checks it), so these are
; the id again: contiguous. Without that bound (any sub-group) they stay
; varying, since a launch may have 2^31 work-items. A global id truncated to
; fewer than 31 bits wraps either way; local ids (below 2^16) fit in 16 bits
; unsigned but not signed.
; RUN: %opt -passes='print<sublane-sg-row-shape>' -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -passes='print<sublane-sg-shape>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ANY

; CHECK-LABEL: sublane row sub-group shapes for 'k' (1D):
; CHECK-NEXT: assumes global ids of dimension 0 below 2^31
; CHECK: %i: affine(1)
; CHECK-NEXT: %sext: affine(1)
; CHECK-NEXT: %zext: affine(1)
; CHECK-NEXT: %shl: affine(4294967296)
; CHECK-NEXT: %ashr: affine(1)
; CHECK-NEXT: %lshr: affine(1)
; CHECK-NEXT: %scaled: affine(4)
; CHECK-NEXT: %mask: affine(1)
; CHECK-NEXT: %i16: affine(1)
; CHECK-NEXT: %sext16: varying
; CHECK-NEXT: %lshl: affine(281474976710656)
; CHECK-NEXT: %lashr: varying
; CHECK-NEXT: %llshr: affine(1)
; CHECK-NEXT: %addr: affine(4)
; CHECK-NEXT: %saddr: affine(4)

; ANY-LABEL: sublane sub-group shapes for 'k' (1D):
; ANY-NOT: assumes
; ANY: %i: affine(1)
; ANY-NEXT: %sext: varying
; ANY-NEXT: %zext: varying
; ANY-NEXT: %shl: affine(4294967296)
; ANY-NEXT: %ashr: varying
; ANY-NEXT: %lshr: varying
; ANY-NEXT: %scaled: varying
; ANY-NEXT: %mask: varying
; ANY-NEXT: %i16: affine(1)
; ANY-NEXT: %sext16: varying
; ANY-NEXT: %lshl: affine(281474976710656)
; ANY-NEXT: %lashr: varying
; ANY-NEXT: %llshr: affine(1)
; ANY-NEXT: %addr: varying
; ANY-NEXT: %saddr: varying
define void @k(ptr %args) #0 {
entry:
  %gid = call i64 @__sublane_global_id(i32 0)
  %lid = call i64 @__sublane_local_id(i32 0)
  %i = trunc i64 %gid to i32
  %sext = sext i32 %i to i64
  %zext = zext i32 %i to i64
  %shl = shl i64 %gid, 32
  %ashr = ashr exact i64 %shl, 32
  %lshr = lshr i64 %shl, 32
  %scaled = ashr exact i64 %shl, 30
  %mask = and i64 %gid, 4294967295
  %i16 = trunc i64 %gid to i16
  %sext16 = sext i16 %i16 to i64
  %lshl = shl i64 %lid, 48
  %lashr = ashr i64 %lshl, 48
  %llshr = lshr i64 %lshl, 48
  %addr = getelementptr float, ptr %args, i64 %sext
  %saddr = getelementptr i8, ptr %args, i64 %scaled
  %sum = add i64 %zext, %ashr
  %sum2 = add i64 %lshr, %mask
  %sum3 = add i64 %sext16, %lashr
  %sum4 = add i64 %sum3, %llshr
  store i64 %sum, ptr %addr
  store i64 %sum2, ptr %args
  store i64 %sum4, ptr %args
  store i64 %sum, ptr %saddr
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
