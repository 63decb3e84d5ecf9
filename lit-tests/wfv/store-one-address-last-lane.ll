; Lanes storing different values to one address leave the last active
; lane's value there, as a scatter in lane order would; the vectorizer has
; that lane store it as a scalar, found from the mask's leading zeros. In a
; sub-group of whole rows, an address that is one per row gets one such
; store per row.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=32 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @uniform.sg(
; CHECK-NOT: scatter
; CHECK: %[[LZ:.*]] = call {{.*}}i32 @llvm.ctlz.i32(i32 %{{.*}}, i1 false)
; CHECK: %[[LAST:.*]] = sub nsw i32 31, %[[LZ]]
; CHECK: %[[LANE:.*]] = and i32 %[[LAST]], 31
; CHECK: %[[V:.*]] = extractelement <32 x i32> %{{.*}}, i32 %[[LANE]]
; CHECK: store i32 %[[V]], ptr %{{.*}}, align 4
; CHECK-NOT: scatter
; CHECK: ret void

define void @uniform(ptr %args) #0 {
  %out = load ptr, ptr %args
  %lid = call i64 @__sublane_local_id(i32 0)
  %odd = and i64 %lid, 1
  %c = icmp ne i64 %odd, 0
  br i1 %c, label %then, label %end
then:
  %v = trunc i64 %lid to i32
  store i32 %v, ptr %out
  br label %end
end:
  ret void
}

; CHECK-LABEL: define internal void @rows.sg(
; CHECK-NOT: scatter
; CHECK-COUNT-2: call {{.*}}i16 @llvm.ctlz.i16(
; CHECK-NOT: scatter
; CHECK-COUNT-4: call {{.*}}i8 @llvm.ctlz.i8(
; CHECK: call void @llvm.masked.scatter.v32f32.v32p0(
; CHECK: ret void

define void @rows(ptr %args) #1 {
  %in = load ptr, ptr %args
  %y = call i64 @__sublane_global_id(i32 0)
  %x = call i64 @__sublane_global_id(i32 1)
  %row = mul i64 %y, 1024
  %i = add i64 %row, %x
  %p = getelementptr float, ptr %in, i64 %i
  %v = load float, ptr %p
  %last = icmp eq i64 %x, 15
  br i1 %last, label %then, label %end
then:
  %q = getelementptr float, ptr %in, i64 %row
  store float %v, ptr %q
  br label %end
end:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
attributes #1 = { "sublane-kernel" "sublane-dims"="2" }
