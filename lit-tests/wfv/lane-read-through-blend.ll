; The value a store to one address keeps comes from a blend: some lanes
; loaded a float, the others converted an integer. The lane the store takes
; is the blend of that lane's values, and the float that lane may have
; loaded is one scalar load under its mask bit, where the vector load was,
; not a masked vector load.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK: %[[ACTIVE:.*]] = extractelement <8 x i1> %{{.*}}, i64 7
; CHECK-NEXT: br i1 %[[ACTIVE]], label %[[LOAD:.*]], label %[[JOIN:.*]]
; CHECK: [[LOAD]]:
; CHECK-NEXT: %[[VALUE:.*]] = load float, ptr %{{.*}}, align 4
; CHECK: [[JOIN]]:
; CHECK-NEXT: %[[LANE:.*]] = phi float [ %[[VALUE]], %[[LOAD]] ]
; CHECK: %out = getelementptr i8, ptr %args, i64 65536
; CHECK: %[[KEPT:.*]] = select i1 %{{.*}}, float %[[LANE]], float %{{.*}}
; CHECK-NEXT: store float %[[KEPT]], ptr %out, align 4
; CHECK-NOT: call <8 x float> @llvm.masked.load
; CHECK: declare

define void @k(ptr %args) #0 {
entry:
  %x = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %x
  %low = icmp ult i64 %x, 4
  br i1 %low, label %first, label %second

first:
  %a = load float, ptr %p, align 4
  br label %join

second:
  %q = getelementptr i32, ptr %p, i64 1024
  %n = load i32, ptr %q, align 4
  %b = sitofp i32 %n to float
  br label %join

join:
  %v = phi float [ %a, %first ], [ %b, %second ]
  %out = getelementptr i8, ptr %args, i64 65536
  store float %v, ptr %out, align 4
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
