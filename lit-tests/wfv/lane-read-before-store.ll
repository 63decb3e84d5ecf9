; A masked load whose only reader takes one lane (a work-group broadcast of
; lane 2's value) becomes a scalar load of that lane, which reads where the
; vector load read: here before the store of 0 to the same address.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=4 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: {{^}}exit{{[0-9]+}}:
; CHECK: %[[P:.*]] = getelementptr i32, ptr %{{.*}}, i64 2
; CHECK: br i1 %{{.*}}, label %[[READ:.*]], label %[[JOIN:.*]]
; CHECK: [[READ]]:
; CHECK-NEXT: %[[L:.*]] = load i32, ptr %[[P]]
; CHECK: [[JOIN]]:
; CHECK-NEXT: %[[V:.*]] = phi i32 [ %[[L]], %[[READ]] ], [ poison,
; CHECK: call void @llvm.masked.store.v4i32.p0(<4 x i32> zeroinitializer
; CHECK-NEXT: call i32 @__sublane_wg_broadcast_u32(i32 %[[V]], i64 0)

define void @k(ptr %args) #0 {
entry:
  %out = load ptr, ptr %args
  %gid = call i64 @__sublane_global_id(i32 0)
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr i32, ptr %out, i64 %gid
  %start = urem i64 %lid, 3
  br label %loop

loop:
  %j = phi i64 [ %start, %entry ], [ %next, %loop ]
  %t = trunc i64 %j to i32
  %pr = getelementptr i32, ptr %p, i64 128
  store i32 %t, ptr %pr
  %next = add i64 %j, 1
  %more = icmp ult i64 %next, 8
  br i1 %more, label %loop, label %exit

exit:
  %v = load i32, ptr %p
  store i32 0, ptr %p
  %b = call i32 @__sublane_wg_broadcast_u32(i32 %v, i64 2)
  %q = getelementptr i32, ptr %p, i64 64
  store i32 %b, ptr %q
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i32 @__sublane_wg_broadcast_u32(i32, i64) convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
