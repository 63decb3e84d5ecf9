; A masked load of local memory, without AVX-512's mask registers, is a load
; of the whole vector: the runtime's guard bytes around local memory make
; every lane's address readable once one lane's is, and the inactive lanes'
; values are never used. Under a mask with no lane on, it reads the start of
; local memory.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @odd.sg(
; CHECK: %lm = call ptr @__sublane_local_mem()
; CHECK: %[[M:.*]] = fcmp ogt <8 x float>
; CHECK: %[[ANY:.*]] = call i1 @llvm.vector.reduce.or.v8i1(<8 x i1> %[[M]])
; CHECK-NEXT: %[[W:.*]] = select i1 %[[ANY]], ptr %{{.*}}, ptr %lm
; CHECK-NEXT: %{{.*}} = load <8 x float>, ptr %[[W]], align 4{{$}}
; CHECK: ret void

define void @odd(ptr %args) #0 {
entry:
  %lm = call ptr @__sublane_local_mem()
  %lid = call i64 @__sublane_local_id(i32 0)
  %g = load ptr, ptr %args, align 8
  %gp = getelementptr float, ptr %g, i64 %lid
  %x = load float, ptr %gp, align 4
  %pos = fcmp ogt float %x, 0.0
  br i1 %pos, label %then, label %done

then:
  %p = getelementptr float, ptr %lm, i64 %lid
  %v = load float, ptr %p, align 4
  br label %done

done:
  %r = phi float [ %v, %then ], [ 0.0, %entry ]
  store float %r, ptr %gp, align 4
  ret void
}

declare ptr @__sublane_local_mem() nounwind memory(none)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx,+avx2" }
