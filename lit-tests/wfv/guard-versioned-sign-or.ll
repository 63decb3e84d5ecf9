; InstCombine joins `y >= 0 && x >= 0` into `(y | x) > -1`: a bitwise or of
; ids is still a value that steps with the lane, so the check before the
; load gets a copy whose load is a plain vector load.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -pass-remarks=sublane-wfv -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

; REMARK: kernel 'halo' vectorized: {{.*}}; code guarded by 1 bounds check(s)

; CHECK-LABEL: define internal void @halo.sg(
; CHECK-DAG: icmp eq i8 %{{.*}}, -1
; CHECK-DAG: load <8 x float>, ptr
; CHECK-DAG: call <8 x float> @llvm.masked.load.v8f32.p0(
; CHECK: ret void

define void @halo(ptr %args) #0 {
entry:
  %n = load i64, ptr %args
  %y = call i64 @__sublane_global_id(i32 0)
  %x = call i64 @__sublane_global_id(i32 1)
  %ym = add i64 %y, -1
  %xm = add i64 %x, -1
  %yx = or i64 %ym, %xm
  %nonneg = icmp sgt i64 %yx, -1
  %inx = icmp slt i64 %xm, %n
  %in = and i1 %nonneg, %inx
  br i1 %in, label %load, label %join

load:
  %row = mul i64 %ym, %n
  %p = getelementptr float, ptr %args, i64 %row
  %q = getelementptr float, ptr %p, i64 %xm
  %v = load float, ptr %q
  br label %join

join:
  %r = phi float [ %v, %load ], [ 0.0, %entry ]
  %o = getelementptr float, ptr %args, i64 %x
  store float %r, ptr %o
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
