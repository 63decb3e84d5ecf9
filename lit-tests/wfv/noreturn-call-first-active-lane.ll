; A call that does not return under a condition that differs between lanes
; (here UBSan's handler for a misaligned pointer) is made once, by the first
; active lane, behind one branch on "any lane": made in lane order, the first
; call would end the program before the others. A branch per lane made
; UBSan-checked kernels several times larger.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s \
; RUN:   | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: [[MASK:%.*]] = xor <8 x i1> %ok{{[0-9]*}}, <i1 true,
; CHECK: [[BITS:%.*]] = bitcast <8 x i1> [[MASK]] to i8
; CHECK-NEXT: [[NONE:%.*]] = icmp eq i8 [[BITS]], 0
; CHECK-NEXT: br i1 [[NONE]], label %{{.*}}, label %[[THEN:handler[0-9]*.then]]
; CHECK-NOT: __ubsan_handle
; CHECK: [[THEN]]:
; CHECK-NEXT: %lane.bits = bitcast <8 x i1> [[MASK]] to i8
; CHECK-NEXT: %first.lane = call {{.*}}i8 @llvm.cttz.i8(i8 %lane.bits, i1 true)
; CHECK-NEXT: [[P:%.*]] = extractelement <8 x i64> %pi{{[0-9]*}}, i8 %first.lane
; CHECK-NEXT: call void @__ubsan_handle_type_mismatch_v1_abort(ptr nonnull @data, i64 [[P]])
; CHECK-NEXT: br label
; CHECK-NOT: __ubsan_handle
; CHECK: ret void

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@data = private global [4 x i8] zeroinitializer

define void @k(ptr %args) #0 {
entry:
  %gid = call i64 @__sublane_global_id(i32 0)
  %in = load ptr, ptr %args
  %p = getelementptr i32, ptr %in, i64 %gid
  %pi = ptrtoint ptr %p to i64
  %low = and i64 %pi, 3
  %ok = icmp eq i64 %low, 0
  br i1 %ok, label %cont, label %handler

handler:
  call void @__ubsan_handle_type_mismatch_v1_abort(ptr @data, i64 %pi)
  unreachable

cont:
  store i32 1, ptr %p, align 4
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare void @__ubsan_handle_type_mismatch_v1_abort(ptr, i64) noreturn nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
