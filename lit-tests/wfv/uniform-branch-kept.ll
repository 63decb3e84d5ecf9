; A branch on a value that is the same in every lane stays a branch on a
; scalar, and the blocks after it run under the entry mask: nothing is
; linearized.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -pass-remarks=sublane-wfv -S %s 2>&1 | FileCheck %s

; CHECK: remark: {{.*}}kernel 'k' vectorized: one sub-group per vector of width 8, its control flow kept
; CHECK-LABEL: define internal void @k.sg(
; CHECK: %n = load i32, ptr %args
; CHECK: %big = icmp ugt i32 %n, 100
; CHECK-NEXT: br i1 %big, label %then{{[0-9]*}}, label %done{{[0-9]*}}
; CHECK-NOT: reduce.or

define void @k(ptr %args) #0 {
entry:
  %n = load i32, ptr %args
  %big = icmp ugt i32 %n, 100
  br i1 %big, label %then, label %done

then:
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr i32, ptr %args, i64 %lid
  store i32 %n, ptr %p
  br label %done

done:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
