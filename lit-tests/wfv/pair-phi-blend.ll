; Pairs joined by a phi stay a pair of vectors: under a divergent branch
; the join blends each field by the lanes that came along each edge, and
; a constant or uniform pair is splat field by field.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: call { <8 x float>, <8 x i32> } @llvm.frexp.v8f32.v8i32(
; The constant pair's lanes sum to 0.5 + 3 once InstCombine has folded the
; fields' blends:
; CHECK: select <8 x i1> %{{.*}}, <8 x float> %{{.*}}, <8 x float> <float 3.500000e+00,
; CHECK-NOT: call { float, i32 }
; CHECK: ret void

; CHECK-LABEL: define internal void @u.sg(
; CHECK: %[[U:.*]] = call { float, i32 } @llvm.frexp.f32.i32(float %{{.*}})
; CHECK: %[[UM:.*]] = extractvalue { float, i32 } %[[U]], 0
; CHECK: %[[SPLAT:.*]] = insertelement <8 x float> poison, float %[[UM]], i64 0
; CHECK: ret void

define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %c = fcmp ogt float %x, 0.0
  br i1 %c, label %then, label %join

then:
  %fr = call { float, i32 } @llvm.frexp.f32.i32(float %x)
  br label %join

join:
  %pair = phi { float, i32 } [ %fr, %then ], [ { float 0.5, i32 3 }, %entry ]
  %m = extractvalue { float, i32 } %pair, 0
  %e = extractvalue { float, i32 } %pair, 1
  %ef = sitofp i32 %e to float
  %r = fadd float %m, %ef
  store float %r, ptr %p
  ret void
}

; The other way a pair the same in every lane: one call, splat per field.
define void @u(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %y = load float, ptr %args
  %c = fcmp ogt float %x, 0.0
  br i1 %c, label %then, label %else

then:
  %fr = call { float, i32 } @llvm.frexp.f32.i32(float %x)
  br label %join

else:
  %fu = call { float, i32 } @llvm.frexp.f32.i32(float %y)
  br label %join

join:
  %pair = phi { float, i32 } [ %fr, %then ], [ %fu, %else ]
  %m = extractvalue { float, i32 } %pair, 0
  %e = extractvalue { float, i32 } %pair, 1
  %ef = sitofp i32 %e to float
  %r = fadd float %m, %ef
  store float %r, ptr %p
  ret void
}

declare { float, i32 } @llvm.frexp.f32.i32(float)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
