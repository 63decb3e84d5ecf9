; In a sub-group of whole rows, each row's access goes to the address of the
; row's first lane, recomputed from its ids. Where the address depends on a
; value a lane loaded under a branch that differs between lanes, the row's
; first lane may not have run that load: the access stays a scatter. Without
; the branch every lane has its value and the rows' stores are vectors.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @guarded.sg(
; CHECK: %sg.first.row = shl nuw nsw i64 %{{.*}}, 1
; CHECK-NOT: store <8 x float>
; CHECK: call void @llvm.masked.scatter.v16f32.v16p0(
; CHECK-LABEL: define internal void @unguarded.sg(
; CHECK: %sg.first.row = shl nuw nsw i64 %{{.*}}, 1
; CHECK-COUNT-2: store <8 x float> <float 1.000000e+00
; CHECK-NOT: scatter
; CHECK: ret void

define void @guarded(ptr %args) #0 {
entry:
  %out = load ptr, ptr %args
  %offs.p = getelementptr i8, ptr %args, i64 8
  %offs = load ptr, ptr %offs.p
  %y = call i64 @__sublane_global_id(i32 0)
  %x = call i64 @__sublane_global_id(i32 1)
  %odd = and i64 %x, 1
  %c = icmp ne i64 %odd, 0
  br i1 %c, label %then, label %end

then:
  %op = getelementptr i64, ptr %offs, i64 %y
  %o = load i64, ptr %op
  %i = add i64 %o, %x
  %p = getelementptr float, ptr %out, i64 %i
  store float 1.0, ptr %p
  br label %end

end:
  ret void
}

define void @unguarded(ptr %args) #0 {
  %out = load ptr, ptr %args
  %offs.p = getelementptr i8, ptr %args, i64 8
  %offs = load ptr, ptr %offs.p
  %y = call i64 @__sublane_global_id(i32 0)
  %x = call i64 @__sublane_global_id(i32 1)
  %op = getelementptr i64, ptr %offs, i64 %y
  %o = load i64, ptr %op
  %i = add i64 %o, %x
  %p = getelementptr float, ptr %out, i64 %i
  store float 1.0, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
