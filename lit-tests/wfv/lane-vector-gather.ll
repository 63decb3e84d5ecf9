; Lanes' vectors that do not lie side by side (a <3 x float> takes 16 bytes,
; or the stride is not the vector's size) are a gather per element, each
; element's addresses 4 bytes past the previous one's; the store is a scatter
; per element.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %[[P:.*]] = getelementptr <3 x float>, ptr %args, <8 x i64>
; CHECK: call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %[[P]], i32 16,
; CHECK: %[[P1:.*]] = getelementptr i8, <8 x ptr> %[[P]], i64 4
; CHECK: call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> %[[P1]], i32 4,
; CHECK: %[[P2:.*]] = getelementptr i8, <8 x ptr> %[[P]], i64 8
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
