; A compare of a value affine in the lane against a uniform bound is done on
; the lanes' offsets from the base, in bytes: limits worked out once in
; scalars, then one byte compare and a complement, however wide the values.
; A negative stride counts the offsets from the last lane.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=32 -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=32 -sublane-compare-offsets=false -S %s | FileCheck %s --check-prefix=OFF

; CHECK-LABEL: define internal void @bounds.sg(
; CHECK: %[[START:.*]] = sub i64 -9223372036854775808, %[[BASE:.*]]
; CHECK: %[[STOP:.*]] = sub i64 %n, %[[BASE]]
; CHECK: call i64 @llvm.umin.i64(i64 %[[START]], i64 32)
; CHECK: call i64 @llvm.umin.i64(i64 %[[STOP]], i64 32)
; CHECK: sub nsw <32 x i8> <i8 0, i8 1, i8 2, {{.*}}, i8 31>, %
; CHECK: icmp ult <32 x i8>
; CHECK: %in{{[0-9]*}} = xor <32 x i1>
; CHECK-NOT: icmp slt <32 x i64>
; CHECK: ret void

; OFF-LABEL: define internal void @bounds.sg(
; OFF: icmp slt <32 x i64>
; OFF-NOT: <32 x i8>
; OFF: ret void

define void @bounds(ptr %args) #0 {
entry:
  %n = load i64, ptr %args
  %i = call i64 @__sublane_global_id(i32 0)
  %in = icmp slt i64 %i, %n
  %v = select i1 %in, float 1.0, float 0.0
  %p = getelementptr float, ptr %args, i64 %i
  store float %v, ptr %p
  ret void
}

; CHECK-LABEL: define internal void @reversed.sg(
; CHECK: call i32 @llvm.umin.i32(i32 %{{.*}}, i32 94)
; CHECK: sub nsw <32 x i8> <i8 93, i8 90, i8 87, {{.*}}, i8 3, i8 0>, %
; CHECK: icmp ult <32 x i8>
; CHECK-NOT: icmp ugt <32 x i32>
; CHECK: ret void

define void @reversed(ptr %args) #0 {
entry:
  %n = load i32, ptr %args
  %i = call i64 @__sublane_global_id(i32 0)
  %t = trunc i64 %i to i32
  %s = mul i32 %t, 3
  %j = sub i32 %n, %s
  %in = icmp ugt i32 %j, 100
  %v = select i1 %in, float 1.0, float 0.0
  %p = getelementptr float, ptr %args, i64 %i
  store float %v, ptr %p
  ret void
}

; On AVX-512, 32 lanes of 64 bits fill four registers: compared as they are.
; CHECK-LABEL: define internal void @few_registers.sg(
; CHECK: icmp slt <32 x i64>
; CHECK-NOT: <32 x i8>
; CHECK: ret void

define void @few_registers(ptr %args) #1 {
entry:
  %n = load i64, ptr %args
  %i = call i64 @__sublane_global_id(i32 0)
  %in = icmp slt i64 %i, %n
  %v = select i1 %in, float 1.0, float 0.0
  %p = getelementptr float, ptr %args, i64 %i
  store float %v, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
attributes #1 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx2,+avx512f" }
