; Device code has no errno, so a C math call in a kernel becomes LLVM's
; intrinsic where there is one and touches no memory otherwise. Host code,
; and a function that only shares the name of a math function, keep theirs.
; RUN: %opt -passes=sublane-prepare -S %s | FileCheck %s
; RUN: %opt -passes=sublane-device-math -S %s | FileCheck %s --check-prefix=PASS

; CHECK-LABEL: define void @k(
; CHECK: call float @llvm.sqrt.f32(float %x)
; CHECK: call {{.*}}@llvm.floor.
; CHECK: call float @fdimf(float %{{.*}}, float 1.000000e+00) #[[NOMEM:[0-9]+]]
; CHECK-NOT: @sqrtf
; CHECK: ret void
define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %s = call float @sqrtf(float %x)
  %d = fpext float %s to double
  %f = call double @floor(double %d)
  %t = fptrunc double %f to float
  %g = call float @fdimf(float %t, float 1.0)
  store float %g, ptr %p
  ret void
}

; CHECK-LABEL: define float @host(
; CHECK: call float @sqrtf(float %x){{$}}
define float @host(float %x) {
  %s = call float @sqrtf(float %x)
  ret float %s
}

; A function named like C's, with another prototype, is not the library's.
; PASS-LABEL: define void @notlibm(
; PASS: call i32 @ilogbf(i32 %v){{$}}
define void @notlibm(ptr %args) #0 {
  %v = load i32, ptr %args
  %r = call i32 @ilogbf(i32 %v)
  store i32 %r, ptr %args
  ret void
}

; CHECK: attributes #[[NOMEM]] = { nounwind willreturn memory(none) }

declare float @sqrtf(float)
declare double @floor(double)
declare float @fdimf(float, float)
declare i32 @ilogbf(i32)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
