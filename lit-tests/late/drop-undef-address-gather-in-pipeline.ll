; The plugin drops gathers from undefined addresses at the end of LLVM's
; optimization pipeline, after the last pass that could fold an address
; vector to undef.
; RUN: %opt -passes='default<O2>' -S %s | FileCheck %s

; CHECK-LABEL: define <8 x float> @gather_undef(
; CHECK-NOT: masked.gather
; CHECK: ret <8 x float> %pass
define <8 x float> @gather_undef(<8 x i1> %m, <8 x float> %pass) {
  %v = call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> undef, i32 4, <8 x i1> %m, <8 x float> %pass)
  ret <8 x float> %v
}

declare <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr>, i32, <8 x i1>, <8 x float>)
