; `for (int j = l; j < n; ++j) s += a[j]`: the counter's sign extension is
; affine only in the lanes still in the loop, so the load's base comes from
; the first of them (cttz of the mask), and the read is one masked vector
; load rather than a gather.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @triangular.sg(
; CHECK-NOT: @llvm.masked.gather
; CHECK: call range(i8 0, 9) i8 @llvm.cttz.i8(i8 %{{.*}}, i1 false)
; CHECK: @llvm.masked.load.v8f32.p0(
; CHECK-NOT: @llvm.masked.gather
; CHECK: ret void

define void @triangular(ptr %args) #0 {
entry:
  %a = load ptr, ptr %args, align 8
  %lid = call i64 @__sublane_local_id(i32 0)
  %l = trunc i64 %lid to i32
  br label %loop
loop:
  %j = phi i32 [ %l, %entry ], [ %j.next, %body ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %body ]
  %go = icmp slt i32 %j, 100
  br i1 %go, label %body, label %exit
body:
  %jw = sext i32 %j to i64
  %addr = getelementptr float, ptr %a, i64 %jw
  %v = load float, ptr %addr, align 4
  %sum.next = fadd float %sum, %v
  %j.next = add nsw i32 %j, 1
  br label %loop
exit:
  %out = getelementptr float, ptr %a, i64 %lid
  store float %sum, ptr %out, align 4
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
