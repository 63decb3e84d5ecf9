; A blended store to local memory writes the inactive lanes' bytes back as
; its load read them, which another sub-group's store must not come
; between: the load and the store stay out of the region's parallel access
; group, so neither LLVM's vectorizer nor sublane-jam-sub-groups interleaves
; sub-groups around them. The plain store to global memory keeps the group.
; RUN: %opt -passes=sublane-prepare,sublane-wfv,sublane-wg-cbs -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @pairs.wg(
; CHECK: load <8 x float>, ptr %{{.*}}, align 4, !sublane.lane_blend ![[B:[0-9]+]]{{$}}
; CHECK: select <8 x i1>
; CHECK: store <8 x float> %{{.*}}, ptr %{{.*}}, align 4, !sublane.lane_blend ![[B]]{{$}}
; CHECK: store <8 x float> <float 2.000000e+00, {{.*}}>, ptr %{{.*}}, align 4, !llvm.access.group
; CHECK: ret void

define void @pairs(ptr %args) #0 {
entry:
  %lm = call ptr @__sublane_local_mem()
  %lid = call i64 @__sublane_local_id(i32 0)
  %odd = and i64 %lid, 1
  %even = icmp eq i64 %odd, 0
  br i1 %even, label %then, label %done

then:
  %p = getelementptr float, ptr %lm, i64 %lid
  store float 1.0, ptr %p, align 4
  br label %done

done:
  %g = load ptr, ptr %args, align 8
  %gp = getelementptr float, ptr %g, i64 %lid
  store float 2.0, ptr %gp, align 4
  ret void
}

declare ptr @__sublane_local_mem() nounwind memory(none)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx,+avx2" }
