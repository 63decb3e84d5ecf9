; In a sub-group of whole rows, a value the same within each row (the row's
; y) is compared once per row in scalars, and a value affine within each
; row (x) is compared on the lanes' offsets within the row, each row against
; its own limits: the masks are put together from one splat per row.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @rows.sg(
; CHECK: %sg.first.row = shl nuw nsw i64 %{{.*}}, 1
; CHECK: %[[Y0:.*]] = icmp slt i64 %{{.*}}, %[[H:.*]]
; CHECK: %[[Y1:.*]] = icmp slt i64 %{{.*}}, %[[H]]
; CHECK: shufflevector <16 x i1> %{{.*}}, <16 x i1> %{{.*}}, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31>
; CHECK: sub nsw <16 x i8> <i8 0, i8 1, i8 2, i8 3, i8 4, i8 5, i8 6, i8 7, i8 0, i8 1, i8 2, i8 3, i8 4, i8 5, i8 6, i8 7>, %
; CHECK: icmp ult <16 x i8>
; CHECK-COUNT-2: store <8 x float>
; CHECK: ret void

define void @rows(ptr %args) #0 {
entry:
  %out = load ptr, ptr %args
  %h.p = getelementptr i8, ptr %args, i64 8
  %h = load i64, ptr %h.p
  %w.p = getelementptr i8, ptr %args, i64 16
  %w = load i64, ptr %w.p
  %y = call i64 @__sublane_global_id(i32 0)
  %x = call i64 @__sublane_global_id(i32 1)
  %in.y = icmp slt i64 %y, %h
  %in.x = icmp slt i64 %x, %w
  %in = and i1 %in.y, %in.x
  %v = select i1 %in, float 1.0, float 0.0
  %row = mul i64 %y, %w
  %i = add i64 %row, %x
  %p = getelementptr float, ptr %out, i64 %i
  store float %v, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
