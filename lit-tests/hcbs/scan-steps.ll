; An inclusive scan over 8 lanes takes log2(8) = 3 shift-and-add steps; the
; exclusive scan shifts the result up once more, the identity in lane 0.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.sg.combine1:
; CHECK: %[[S1:.*]] = shufflevector <8 x i32> %[[V0:.*]], <8 x i32> zeroinitializer, <8 x i32> <i32 8, i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6>
; CHECK-NEXT: %[[V1:.*]] = add <8 x i32> %[[V0]], %[[S1]]
; CHECK-NEXT: %[[S2:.*]] = shufflevector <8 x i32> %[[V1]], <8 x i32> zeroinitializer, <8 x i32> <i32 8, i32 8, i32 0, i32 1, i32 2, i32 3, i32 4, i32 5>
; CHECK-NEXT: %[[V2:.*]] = add <8 x i32> %[[V1]], %[[S2]]
; CHECK-NEXT: %[[S4:.*]] = shufflevector <8 x i32> %[[V2]], <8 x i32> zeroinitializer, <8 x i32> <i32 8, i32 8, i32 8, i32 8, i32 0, i32 1, i32 2, i32 3>
; CHECK-NEXT: %[[V4:.*]] = add <8 x i32> %[[V2]], %[[S4]]
; CHECK-NEXT: %[[EX:.*]] = shufflevector <8 x i32> %[[V4]], <8 x i32> zeroinitializer, <8 x i32> <i32 8, i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6>
; CHECK-NEXT: getelementptr i32, ptr %sg_exscan_add_i32.out

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr i32, ptr %args, i64 %lid
  %x = load i32, ptr %p
  %r = call i32 @__sublane_sg_exscan_add_i32(i32 %x)
  store i32 %r, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i32 @__sublane_sg_exscan_add_i32(i32) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
