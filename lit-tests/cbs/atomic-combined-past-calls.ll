; Calls between atomic updates: neither a C math function (LLVM's intrinsic
; after sublane-prepare, since device code has no errno) nor a failed
; assertion, which ends the kernel, keeps the updates apart; an opaque call
; could read the address, so the kernel's updates stay, and the remark names
; the callee.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -pass-remarks-missed=sublane-wg-cbs -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

; REMARK: atomic updates of one address not combined across work-items: the kernel has an access that orders memory or reads an atomic's value (call to ext)
; REMARK-NOT: remark

; CHECK-LABEL: define internal void @math.wg(
; CHECK: sublane.r0.item0:
; CHECK-NOT: atomicrmw
; CHECK: call float @llvm.sqrt.f32(
; CHECK-NOT: atomicrmw
; CHECK: sublane.atomic.flush:
; CHECK-NEXT: atomicrmw fadd ptr %total, float %{{.*}} monotonic

define void @math(ptr %args) #0 {
  %total = load ptr, ptr %args
  %q = getelementptr i8, ptr %args, i64 8
  %in = load ptr, ptr %q
  %lid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr float, ptr %in, i64 %lid
  %x = load float, ptr %p
  %ok = fcmp oge float %x, 0.0
  br i1 %ok, label %root, label %fail
fail:
  call void @__assert_fail(ptr null, ptr null, i32 1, ptr null)
  unreachable
root:
  %r = call float @sqrtf(float %x)
  %old = atomicrmw fadd ptr %total, float %r monotonic
  ret void
}

; A math call after an update is no access to its address either.
; CHECK-LABEL: define internal void @math.after.wg(
; CHECK: sublane.r0.item0:
; CHECK-NOT: atomicrmw
; CHECK: call float @llvm.sqrt.f32(
; CHECK-NOT: atomicrmw
; CHECK: sublane.atomic.flush:
; CHECK-NEXT: atomicrmw fadd ptr %total, float %{{.*}} monotonic
; CHECK-NOT: atomicrmw

define void @math.after(ptr %args) #0 {
  %total = load ptr, ptr %args
  %q = getelementptr i8, ptr %args, i64 8
  %in = load ptr, ptr %q
  %lid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr float, ptr %in, i64 %lid
  %x = load float, ptr %p
  %old = atomicrmw fadd ptr %total, float %x monotonic
  %r = call float @sqrtf(float %x)
  %old.r = atomicrmw fadd ptr %total, float %r monotonic
  ret void
}

; CHECK-LABEL: define internal void @opaque.wg(
; CHECK: sublane.r0.item0:
; CHECK: atomicrmw fadd ptr %total, float %x.r0 monotonic
; CHECK-NOT: sublane.atomic.flush

define void @opaque(ptr %args) #0 {
  %total = load ptr, ptr %args
  %q = getelementptr i8, ptr %args, i64 8
  %in = load ptr, ptr %q
  %lid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr float, ptr %in, i64 %lid
  %x = load float, ptr %p
  call void @ext(ptr %in)
  %old = atomicrmw fadd ptr %total, float %x monotonic
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare float @sqrtf(float)
declare void @ext(ptr)
declare void @__assert_fail(ptr, ptr, i32, ptr) noreturn

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
