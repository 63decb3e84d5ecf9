; After a diamond on the lane reconverges, its join runs under the entry
; mask itself (the dominator hands its mask on; the union of the diamond's
; edge masks would be the same lanes), so the store's mask is the entry mask.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %entry.mask = icmp
; CHECK: call void @llvm.masked.store.v8i32.p0(<8 x i32> %{{.*}}, ptr %{{.*}}, i32 4, <8 x i1> %entry.mask)

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr i32, ptr %args, i64 %lid
  %x = load i32, ptr %p
  %odd.bit = and i64 %lid, 1
  %odd = icmp ne i64 %odd.bit, 0
  br i1 %odd, label %then, label %else
then:
  %a = mul i32 %x, 3
  br label %join
else:
  %b = add i32 %x, 7
  br label %join
join:
  %v = phi i32 [ %a, %then ], [ %b, %else ]
  store i32 %v, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
