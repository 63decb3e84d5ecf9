; Lanes a constant stride apart (here 12 bytes: every third float) are
; gathered and scattered from the first lane's address with constant
; offsets, which fit in 32 bits, so that x86 takes one 32-bit-index gather
; per vector (vgatherdps, where 64-bit addresses need two vgatherqps); other
; addresses keep their vector of pointers.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -sublane-wfv-narrow-gather-offsets=false -S %s | FileCheck %s --check-prefix=WIDE

; CHECK-LABEL: define internal void @strided.sg(
; CHECK: %[[BASE:.*]] = extractelement <16 x ptr> %{{.*}}, i64 0
; CHECK: %[[PTRS:.*]] = getelementptr i8, ptr %[[BASE]], <16 x i64> <i64 0, i64 12, i64 24, i64 36, i64 48, i64 60, i64 72, i64 84, i64 96, i64 108, i64 120, i64 132, i64 144, i64 156, i64 168, i64 180>
; CHECK: call <16 x float> @llvm.masked.gather.v16f32.v16p0(<16 x ptr> %[[PTRS]],
; CHECK: call void @llvm.masked.scatter.v16f32.v16p0(<16 x float> %{{.*}}, <16 x ptr> %{{.*}},

; WIDE-LABEL: define internal void @strided.sg(
; WIDE-NOT: <i64 0, i64 12
; WIDE: call <16 x float> @llvm.masked.gather.v16f32.v16p0(

; CHECK-LABEL: define internal void @indexed.sg(
; CHECK: %[[IDX:.*]] = getelementptr float, ptr %{{.*}}, <16 x i64> %{{.*}}
; CHECK: call <16 x float> @llvm.masked.gather.v16f32.v16p0(<16 x ptr> %[[IDX]],

define void @strided(ptr %args) #0 {
  %in = load ptr, ptr %args
  %lid = call i64 @__sublane_global_id(i32 0)
  %i = mul i64 %lid, 3
  %p = getelementptr float, ptr %in, i64 %i
  %x = load float, ptr %p
  %y = fadd float %x, 1.0
  store float %y, ptr %p
  ret void
}

define void @indexed(ptr %args) #0 {
  %in = load ptr, ptr %args
  %lid = call i64 @__sublane_global_id(i32 0)
  %ip = getelementptr i32, ptr %in, i64 %lid
  %j = load i32, ptr %ip
  %js = sext i32 %j to i64
  %p = getelementptr float, ptr %in, i64 %js
  %x = load float, ptr %p
  store float %x, ptr %ip
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }

