; A kernel whose attribute and descriptor disagree is refused rather than
; lowered for the wrong shape.
; RUN: not %opt -passes=sublane-prepare -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'k': the 'sublane-dims' attribute (2) disagrees with its descriptor (1)

%desc = type { i32, i32, i32, i32, i32, i32, i32, i32, i64, i64, ptr, ptr, ptr, [3 x i64] }
@k.desc = global %desc { i32 1397509681, i32 0, i32 1, i32 0, i32 0, i32 0, i32 0, i32 0, i64 0, i64 0, ptr null, ptr @k, ptr null, [3 x i64] zeroinitializer }

define void @k(ptr %args) #0 {
  ret void
}

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
