; Inline assembly runs under hierarchical CBS, with a remark.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -pass-remarks-missed=sublane-wfv -disable-output %s 2>&1 | FileCheck %s

; CHECK: remark: {{.*}}kernel 'k' not vectorized: it contains inline assembly; it runs under hierarchical CBS at sub-group size 16

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %x = call i64 asm "lea 1($1), $0", "=r,r"(i64 %lid)
  %p = getelementptr i64, ptr %args, i64 %lid
  store i64 %x, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
