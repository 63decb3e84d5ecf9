; Each lane's <4 x float> lies 32 bytes past its neighbour's: one load of 4
; floats per lane and a transpose in registers (4x4 squares: two rounds of
; interleaving), rather than a gather per element. In the copy for full
; sub-groups the loads read the lanes' addresses; in the copy for any
; sub-group inactive lanes read a stack slot instead (a select on the
; addresses), so the loads are plain there too: a masked load per lane is a
; branch per element on targets without masked loads.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s \
; RUN:   | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %idle.lane = alloca [4 x float], align 16
; CHECK: %sg.full = icmp eq i32 %sg.lanes, 8
; CHECK: wfv.body:
; CHECK-COUNT-8: load <4 x float>, ptr
; CHECK-NEXT: shufflevector <4 x float> %{{.*}}, <4 x float> %{{.*}}, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
; CHECK-NOT: gather
; CHECK: ret void
; CHECK: [[IDLE:%.*]] = insertelement <8 x ptr> poison, ptr %idle.lane, i64 0
; CHECK: [[IDLES:%.*]] = shufflevector <8 x ptr> [[IDLE]], <8 x ptr> poison, <8 x i32> zeroinitializer
; CHECK: %lane.ptrs = select <8 x i1> %entry.mask, <8 x ptr> %{{.*}}, <8 x ptr> [[IDLES]]
; CHECK: [[P0:%.*]] = extractelement <8 x ptr> %lane.ptrs, i64 0
; CHECK-NEXT: load <4 x float>, ptr [[P0]], align 16
; CHECK: [[P7:%.*]] = extractelement <8 x ptr> %lane.ptrs, i64 7
; CHECK-NEXT: load <4 x float>, ptr [[P7]], align 16
; CHECK-NOT: masked.load
; CHECK-NOT: gather
; CHECK: ret void

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @k(ptr %args) #0 {
  %gid = call i64 @__sublane_global_id(i32 0)
  %in.field = getelementptr i8, ptr %args, i64 8
  %in = load ptr, ptr %in.field
  %p = getelementptr [8 x float], ptr %in, i64 %gid
  %x = load <4 x float>, ptr %p, align 16
  %s = call float @llvm.vector.reduce.fadd.v4f32(float 0.0, <4 x float> %x)
  %out = load ptr, ptr %args
  %q = getelementptr float, ptr %out, i64 %gid
  store float %s, ptr %q
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare float @llvm.vector.reduce.fadd.v4f32(float, <4 x float>)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
