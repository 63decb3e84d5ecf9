; `c ? frexp(a, &e) : frexp(b, &e)` becomes a select of two pairs once
; SimplifyCFG has run both calls. A select whose condition differs between
; lanes blends each field; one on a uniform condition stays a select of
; the pair of vectors.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %[[A:.*]] = call { <8 x float>, <8 x i32> } @llvm.frexp.v8f32.v8i32(
; CHECK: %[[B:.*]] = call { <8 x float>, <8 x i32> } @llvm.frexp.v8f32.v8i32(
; CHECK-DAG: %[[AM:.*]] = extractvalue { <8 x float>, <8 x i32> } %[[A]], 0
; CHECK-DAG: %[[BM:.*]] = extractvalue { <8 x float>, <8 x i32> } %[[B]], 0
; CHECK-DAG: select <8 x i1> %{{.*}}, <8 x float> %[[AM]], <8 x float> %[[BM]]
; CHECK-DAG: %[[AE:.*]] = extractvalue { <8 x float>, <8 x i32> } %[[A]], 1
; CHECK-DAG: %[[BE:.*]] = extractvalue { <8 x float>, <8 x i32> } %[[B]], 1
; CHECK-DAG: select <8 x i1> %{{.*}}, <8 x i32> %[[AE]], <8 x i32> %[[BE]]
; CHECK: ret void

; CHECK-LABEL: define internal void @u.sg(
; CHECK: select i1 %{{.*}}, { <8 x float>, <8 x i32> } %{{.*}}, { <8 x float>, <8 x i32> } %{{.*}}
; CHECK: ret void

define void @k(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %c = fcmp olt float %x, -1.0
  %a = fmul float %x, 5.0
  %fa = call { float, i32 } @llvm.frexp.f32.i32(float %a)
  %b = fadd float %x, 2.0
  %fb = call { float, i32 } @llvm.frexp.f32.i32(float %b)
  %pair = select i1 %c, { float, i32 } %fa, { float, i32 } %fb
  %m = extractvalue { float, i32 } %pair, 0
  %e = extractvalue { float, i32 } %pair, 1
  store float %m, ptr %p
  %q = getelementptr i32, ptr %args, i64 %lid
  %q4 = getelementptr i8, ptr %q, i64 4096
  store i32 %e, ptr %q4
  ret void
}

define void @u(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %flag = getelementptr i8, ptr %args, i64 8192
  %cv = load i8, ptr %flag
  %c = icmp ne i8 %cv, 0
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %a = fmul float %x, 5.0
  %fa = call { float, i32 } @llvm.frexp.f32.i32(float %a)
  %b = fadd float %x, 2.0
  %fb = call { float, i32 } @llvm.frexp.f32.i32(float %b)
  %pair = select i1 %c, { float, i32 } %fa, { float, i32 } %fb
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
