; With AVX-512 a masked store of 32-bit elements is a store under a mask
; register, as cheap as a plain one: a masked store to local memory stays
; masked. 16-bit elements have mask registers only with AVX512BW; without
; it their masked store is blended.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @floats.sg(
; CHECK-NOT: lane_blend
; CHECK: call void @llvm.masked.store.v16f32.p0(
; CHECK: ret void

; CHECK-LABEL: define internal void @halves.sg(
; CHECK: load <16 x i16>, ptr %{{.*}}, align 2, !sublane.lane_blend
; CHECK: store <16 x i16> %{{.*}}, ptr %{{.*}}, align 2, !sublane.lane_blend
; CHECK: ret void

define void @floats(ptr %args) #0 {
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
  ret void
}

define void @halves(ptr %args) #0 {
entry:
  %lm = call ptr @__sublane_local_mem()
  %lid = call i64 @__sublane_local_id(i32 0)
  %odd = and i64 %lid, 1
  %even = icmp eq i64 %odd, 0
  br i1 %even, label %then, label %done

then:
  %p = getelementptr i16, ptr %lm, i64 %lid
  store i16 1, ptr %p, align 2
  br label %done

done:
  ret void
}

declare ptr @__sublane_local_mem() nounwind memory(none)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx,+avx2,+avx512f" }
