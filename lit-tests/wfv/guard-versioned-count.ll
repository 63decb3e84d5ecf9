; How many bounds checks get a copy. In the copy of the first check, a later
; check it implies (here the same compare, operands swapped) is a constant
; and gets none; a later check it does not imply (i + 4 < n) gets one there,
; but not in the original, which only boundary sub-groups run.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -pass-remarks=sublane-wfv -disable-output %s 2>&1 | FileCheck %s

; CHECK: kernel 'implied' vectorized: {{.*}}; code guarded by 1 bounds check(s)
; CHECK: kernel 'boundary' vectorized: {{.*}}; code guarded by 2 bounds check(s)

define void @implied(ptr %args) #0 {
entry:
  %n = load i64, ptr %args
  %i = call i64 @__sublane_global_id(i32 0)
  %in = icmp ult i64 %i, %n
  br i1 %in, label %body, label %mid

body:
  %p = getelementptr float, ptr %args, i64 %i
  store float 1.0, ptr %p
  br label %mid

mid:
  %again = icmp ugt i64 %n, %i
  br i1 %again, label %body2, label %exit

body2:
  %q = getelementptr float, ptr %args, i64 %i
  %x = load float, ptr %q
  %y = fadd float %x, 2.0
  store float %y, ptr %q
  br label %exit

exit:
  ret void
}

define void @boundary(ptr %args) #0 {
entry:
  %n = load i64, ptr %args
  %i = call i64 @__sublane_global_id(i32 0)
  %in = icmp ult i64 %i, %n
  br i1 %in, label %body, label %mid

body:
  %p = getelementptr float, ptr %args, i64 %i
  store float 1.0, ptr %p
  br label %mid

mid:
  %i4 = add i64 %i, 4
  %in4 = icmp ult i64 %i4, %n
  br i1 %in4, label %body2, label %exit

body2:
  %q = getelementptr float, ptr %args, i64 %i4
  store float 2.0, ptr %q
  br label %exit

exit:
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
