; Without AVX-512's mask registers a masked store costs several times a
; load, a blend and a store (microcoded on AMD's Zen cores). A masked store
; to local memory becomes those three: the work-group runs on one thread and
; the runtime keeps guard bytes around local memory, so the inactive lanes'
; bytes are read and written back unchanged. Under a mask with no lane on,
; the base may be any address: the access goes to the start of local memory
; then. A store elsewhere stays masked.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -sublane-wfv-blend-local-accesses=false -S %s | FileCheck %s --check-prefix=OFF

; CHECK-LABEL: define internal void @pairs.sg(
; CHECK: %lm = call ptr @__sublane_local_mem()
; CHECK: %[[LM:.*]] = call ptr @__sublane_local_mem()
; CHECK-NEXT: %[[M:.*]] = and <8 x i1> %entry.mask,
; The copy for full sub-groups: the branch's mask is a constant with lanes
; on, so the base is always an active lane's neighbour.
; CHECK: %[[P:.*]] = getelementptr float, ptr %lm, i64 %sg.base
; CHECK: %[[OLD:.*]] = load <8 x float>, ptr %[[P]], align 4, !sublane.lane_blend
; CHECK-NEXT: %[[NEW:.*]] = select <8 x i1> <i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false>, <8 x float> %{{.*}}, <8 x float> %[[OLD]]
; CHECK-NEXT: store <8 x float> %[[NEW]], ptr %[[P]], align 4, !sublane.lane_blend
; CHECK: call void @llvm.masked.store.v8f32.p0(<8 x float> %{{.*}}, ptr %{{.*}}, i32 4, <8 x i1> <i1 true, i1 false,
; The copy for any sub-group, under the entry mask.
; CHECK: %[[Q:.*]] = getelementptr float, ptr %[[LM]], i64 %sg.base{{[0-9]+}}
; CHECK: %[[ANY:.*]] = call i1 @llvm.vector.reduce.or.v8i1(<8 x i1> %[[M]])
; CHECK-NEXT: %[[W:.*]] = select i1 %[[ANY]], ptr %[[Q]], ptr %[[LM]]
; CHECK-NEXT: %[[OLD2:.*]] = load <8 x float>, ptr %[[W]], align 4, !sublane.lane_blend
; CHECK-NEXT: %[[NEW2:.*]] = select <8 x i1> %[[M]], <8 x float> %{{.*}}, <8 x float> %[[OLD2]]
; CHECK-NEXT: store <8 x float> %[[NEW2]], ptr %[[W]], align 4, !sublane.lane_blend
; CHECK: call void @llvm.masked.store.v8f32.p0(<8 x float> %{{.*}}, ptr %{{.*}}, i32 4, <8 x i1> %[[M]])
; CHECK: ret void

; OFF-LABEL: define internal void @pairs.sg(
; OFF-NOT: lane_blend
; OFF: ret void

define void @pairs(ptr %args) #0 {
entry:
  %lm = call ptr @__sublane_local_mem()
  %lid = call i64 @__sublane_local_id(i32 0)
  %odd = and i64 %lid, 1
  %even = icmp eq i64 %odd, 0
  br i1 %even, label %then, label %done

then:
  %p = getelementptr float, ptr %lm, i64 %lid
  %v = load float, ptr %args, align 4
  store float %v, ptr %p, align 4
  %g = load ptr, ptr %args, align 8
  %gp = getelementptr float, ptr %g, i64 %lid
  store float %v, ptr %gp, align 4
  br label %done

done:
  ret void
}

declare ptr @__sublane_local_mem() nounwind memory(none)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx,+avx2" }
