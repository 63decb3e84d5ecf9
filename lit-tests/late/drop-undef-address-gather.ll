; A gather whose every address is undefined can only run with no lane
; active: it is its pass-through value. The scatter to poison addresses does
; nothing; accesses with some defined address lanes stay.
; RUN: %opt -passes=sublane-drop-undef-address-accesses -S %s | FileCheck %s

; CHECK-LABEL: define <8 x float> @gather_undef(
; CHECK-NOT: masked.gather
; CHECK: ret <8 x float> %pass
define <8 x float> @gather_undef(<8 x i1> %m, <8 x float> %pass) {
  %v = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> undef, i32 4, <8 x i1> %m, <8 x float> %pass)
  ret <8 x float> %v
}

; CHECK-LABEL: define void @scatter_poison(
; CHECK-NOT: masked.scatter
; CHECK: ret void
define void @scatter_poison(<8 x i1> %m, <8 x float> %v) {
  call void @llvm.masked.scatter.v8f32.v8p0(<8 x float> %v, <8 x ptr> poison, i32 4, <8 x i1> %m)
  ret void
}

; CHECK-LABEL: define <8 x float> @gather_some_defined(
; CHECK: call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %ps,
define <8 x float> @gather_some_defined(ptr %p, <8 x i1> %m) {
  %ps = insertelement <8 x ptr> undef, ptr %p, i64 0
  %v = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %ps, i32 4, <8 x i1> %m, <8 x float> poison)
  ret <8 x float> %v
}

declare <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr>, i32, <8 x i1>, <8 x float>)
declare void @llvm.masked.scatter.v8f32.v8p0(<8 x float>, <8 x ptr>, i32, <8 x i1>)
