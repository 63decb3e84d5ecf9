; A ballot is the active lanes' predicates as a bit mask: the i1 vector
; bitcast to an integer of the sub-group's width.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -sublane-variant=hcbs -sublane-sg-size=16 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.wg(
; CHECK: sublane.sg.combine1:
; CHECK: %[[SET:.*]] = icmp ne <16 x i32> %lanes, zeroinitializer
; CHECK-NEXT: %[[LIVE:.*]] = and <16 x i1> %[[SET]], %active
; CHECK-NEXT: %[[BITS:.*]] = bitcast <16 x i1> %[[LIVE]] to i16
; CHECK-NEXT: zext i16 %[[BITS]] to i64

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %odd = and i64 %lid, 1
  %pred = trunc i64 %odd to i32
  %mask = call i64 @__sublane_sg_ballot(i32 %pred)
  %p = getelementptr i64, ptr %args, i64 %lid
  store i64 %mask, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i64 @__sublane_sg_ballot(i32) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
