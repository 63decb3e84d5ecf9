; An intrinsic returning a pair of scalars (sycl::frexp's llvm.frexp, the
; overflow checks of __builtin_add_overflow) is called once on the lanes'
; vectors, and each extractvalue takes its field's vector.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @frexp.sg(
; CHECK: %[[PAIR:.*]] = call { <8 x float>, <8 x i32> } @llvm.frexp.v8f32.v8i32(<8 x float> %{{.*}})
; CHECK-DAG: extractvalue { <8 x float>, <8 x i32> } %[[PAIR]], 0
; CHECK-DAG: extractvalue { <8 x float>, <8 x i32> } %[[PAIR]], 1
; CHECK-NOT: call { float, i32 } @llvm.frexp
; CHECK: ret void

; CHECK-LABEL: define internal void @overflow.sg(
; CHECK: %[[SUM:.*]] = call { <8 x i32>, <8 x i1> } @llvm.uadd.with.overflow.v8i32(<8 x i32> %{{.*}}, <8 x i32> <i32 7,
; CHECK-DAG: extractvalue { <8 x i32>, <8 x i1> } %[[SUM]], 0
; CHECK-DAG: extractvalue { <8 x i32>, <8 x i1> } %[[SUM]], 1
; CHECK: ret void

define void @frexp(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %lid
  %x = load float, ptr %p
  %pair = call { float, i32 } @llvm.frexp.f32.i32(float %x)
  %m = extractvalue { float, i32 } %pair, 0
  %e = extractvalue { float, i32 } %pair, 1
  %ef = sitofp i32 %e to float
  %r = fadd float %m, %ef
  store float %r, ptr %p
  ret void
}

define void @overflow(ptr %args) #0 {
  %lid = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr i32, ptr %args, i64 %lid
  %x = load i32, ptr %p
  %pair = call { i32, i1 } @llvm.uadd.with.overflow.i32(i32 %x, i32 7)
  %s = extractvalue { i32, i1 } %pair, 0
  %o = extractvalue { i32, i1 } %pair, 1
  store i32 %s, ptr %p
  %q = getelementptr i8, ptr %args, i64 %lid
  %ob = zext i1 %o to i8
  store i8 %ob, ptr %q
  ret void
}

declare { float, i32 } @llvm.frexp.f32.i32(float)
declare { i32, i1 } @llvm.uadd.with.overflow.i32(i32, i32)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
