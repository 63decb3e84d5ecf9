; A 2D bounds check, x < w && y < h, is one check: the copy runs where both
; hold in every lane, with the row's id y not a constant stride apart
; between lanes (a sub-group may span rows), and stores without a mask.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -pass-remarks=sublane-wfv -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

; REMARK: kernel 'grid' vectorized: {{.*}}; code guarded by 1 bounds check(s)

; CHECK-LABEL: define internal void @grid.sg(
; CHECK-DAG: store <8 x float> <float 5.000000e+00,
; CHECK-DAG: call void @llvm.masked.store.v8f32.p0(<8 x float> <float 5.000000e+00,
; CHECK: ret void

define void @grid(ptr %args) #0 {
entry:
  %w = load i64, ptr %args
  %hp = getelementptr i64, ptr %args, i64 1
  %h = load i64, ptr %hp
  %y = call i64 @__sublane_global_id(i32 0)
  %x = call i64 @__sublane_global_id(i32 1)
  %inx = icmp ult i64 %x, %w
  %iny = icmp ult i64 %y, %h
  %in = and i1 %inx, %iny
  br i1 %in, label %body, label %exit

body:
  %row = mul i64 %y, %w
  %at = add i64 %row, %x
  %p = getelementptr float, ptr %args, i64 %at
  store float 5.0, ptr %p
  br label %exit

exit:
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
