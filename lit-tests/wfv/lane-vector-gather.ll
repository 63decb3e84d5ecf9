; Lanes' vectors that do not lie side by side (a <3 x float> takes 16 bytes,
; or the stride is not the vector's size) are a gather per element, each
; element's addresses 4 bytes past the previous one's, all of them the first
; lane's address plus constant offsets; the store is a scatter per element.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %[[P:.*]] = getelementptr <3 x float>, ptr %args, <8 x i64>
; CHECK: %[[B0:.*]] = extractelement <8 x ptr> %[[P]], i64 0
; CHECK: %[[P0:.*]] = getelementptr i8, ptr %[[B0]], <8 x i64> <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112>
; CHECK: call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %[[P0]], i32 16,
; CHECK: %[[B1:.*]] = extractelement <8 x ptr> %[[P]], i64 0
; CHECK: %[[P1:.*]] = getelementptr i8, ptr %[[B1]], <8 x i64> <i64 4, i64 20, i64 36, i64 52, i64 68, i64 84, i64 100, i64 116>
; CHECK: call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %[[P1]], i32 4,
; CHECK: %[[B2:.*]] = extractelement <8 x ptr> %[[P]], i64 0
; CHECK: %[[P2:.*]] = getelementptr i8, ptr %[[B2]], <8 x i64> <i64 8, i64 24, i64 40, i64 56, i64 72, i64 88, i64 104, i64 120>
; CHECK: call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %[[P2]], i32 8,
; CHECK: call void @llvm.masked.scatter.v8f32.v8p0(
; CHECK: call void @llvm.masked.scatter.v8f32.v8p0(
; CHECK: call void @llvm.masked.scatter.v8f32.v8p0(
; CHECK-NOT: scatter
; CHECK: ret void

define void @k(ptr %args) #0 {
  %gid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr <3 x float>, ptr %args, i64 %gid
  %x = load <3 x float>, ptr %p, align 16
  %y = fadd <3 x float> %x, %x
  store <3 x float> %y, ptr %p, align 16
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
