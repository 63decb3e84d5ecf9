; Lanes a run-time stride apart (here n floats, n the same in every lane: a
; column of a tile whose row length the accessor holds) are gathered from
; the first lane's address, computed in scalars, plus each lane's multiple
; of the stride, instead of every lane's address computed in a vector.
; Lanes whose spacing is not such a product keep their vector of pointers.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -sublane-wfv-uniform-stride-gathers=false -S %s | FileCheck %s --check-prefix=OFF

; CHECK-LABEL: define internal void @column.sg(
; CHECK: wfv.body:
; CHECK: %[[BYTES:.*]] = shl i64 %n, 2
; CHECK: %[[ROW:.*]] = mul i64 %{{.*}}, %n
; CHECK-NEXT: %[[FIRST:.*]] = getelementptr float, ptr %in, i64 %[[ROW]]
; CHECK-NEXT: %[[INS:.*]] = insertelement <8 x i64> poison, i64 %[[BYTES]], i64 0
; CHECK-NEXT: %[[SPLAT:.*]] = shufflevector <8 x i64> %[[INS]], <8 x i64> poison, <8 x i32> zeroinitializer
; CHECK-NEXT: %[[OFFSETS:.*]] = mul <8 x i64> %[[SPLAT]], <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
; CHECK-NEXT: %[[PTRS:.*]] = getelementptr i8, ptr %[[FIRST]], <8 x i64> %[[OFFSETS]]
; CHECK-NEXT: call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %[[PTRS]],

; OFF-LABEL: define internal void @column.sg(
; OFF: wfv.body:
; OFF: %[[ROWS:.*]] = mul <8 x i64> %{{.*}}, %{{.*}}
; OFF: %[[PTRS:.*]] = getelementptr float, ptr %in, <8 x i64> %[[ROWS]]
; OFF: call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %[[PTRS]],

; CHECK-LABEL: define internal void @squared.sg(
; CHECK: wfv.body:
; CHECK: %[[SQ:.*]] = mul <8 x i64>
; CHECK: %[[PTRS:.*]] = getelementptr float, ptr %in, <8 x i64> %[[SQ]]
; CHECK: call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %[[PTRS]],

define void @column(ptr %args) #0 {
  %in = load ptr, ptr %args
  %np = getelementptr i8, ptr %args, i64 8
  %n = load i64, ptr %np
  %lid = call i64 @__sublane_global_id(i32 0)
  %i = mul i64 %lid, %n
  %p = getelementptr float, ptr %in, i64 %i
  %x = load float, ptr %p
  %q = getelementptr float, ptr %in, i64 %lid
  store float %x, ptr %q
  ret void
}

define void @squared(ptr %args) #0 {
  %in = load ptr, ptr %args
  %lid = call i64 @__sublane_global_id(i32 0)
  %i = mul i64 %lid, %lid
  %p = getelementptr float, ptr %in, i64 %i
  %x = load float, ptr %p
  %q = getelementptr float, ptr %in, i64 %lid
  store float %x, ptr %q
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
