; A bounds check on the lane's id that the whole sub-group reaches gets a
; copy of the code after it: a sub-group whose lanes all pass the check
; (sub_group all_of) runs the copy, whose load and store are plain vector
; accesses; any other runs the original under the check's mask.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -pass-remarks=sublane-wfv -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -sublane-wfv-version-guards=false -S %s | FileCheck %s --check-prefix=OFF

; REMARK: vectorized: one sub-group per vector of width 8, {{.*}}; code guarded by 1 bounds check(s) on the work-item id runs unmasked

; A full sub-group asks in scalars: its first id plus 7 is below n. A partial
; one (the general copy) asks its active lanes. Where the check does not
; hold in all lanes, a sub-group asks whether it holds in any (in scalars:
; its first id is below n) and skips the masked code if not.
; CHECK-LABEL: define internal void @guarded.sg(
; CHECK-DAG: %[[ROOM:.*]] = icmp ugt i64 %n, 7
; CHECK-DAG: %[[LAST:.*]] = add i64 %n, -8
; CHECK-DAG: %[[FITS:.*]] = icmp ule i64 %[[FIRST:[0-9]+]], %[[LAST]]
; CHECK-DAG: %[[FIRST]] = add i64 %global.id.base, %sg.base
; CHECK-DAG: %[[ALL:.*]] = and i1 %[[ROOM]], %[[FITS]]
; CHECK-DAG: icmp ult i64 %[[FIRST_ANY:[0-9]+]], %n
; CHECK-DAG: %[[FIRST_ANY]] = add i64 %global.id.base, %sg.base
; CHECK-DAG: %[[SOME:.*]] = icmp eq i8 %[[PASS:[0-9]+]], -1
; CHECK-DAG: %[[PASS]] = bitcast <8 x i1> %.fr{{[0-9]*}} to i8
; CHECK-DAG: br i1 %[[SOME]], label
; CHECK-DAG: load <8 x float>, ptr
; CHECK-DAG: store <8 x float> %{{.*}}, ptr
; CHECK-DAG: call <8 x float> @llvm.masked.load.v8f32.p0(
; CHECK-DAG: call void @llvm.masked.store.v8f32.p0(
; CHECK: {{^}}}

; OFF-LABEL: define internal void @guarded.sg(
; OFF-NOT: vector.reduce.and
; OFF: call void @llvm.masked.store.v8f32.p0(

define void @guarded(ptr %args) #0 {
entry:
  %n = load i64, ptr %args
  %i = call i64 @__sublane_global_id(i32 0)
  %in = icmp ult i64 %i, %n
  br i1 %in, label %body, label %exit

body:
  %p = getelementptr float, ptr %args, i64 %i
  %x = load float, ptr %p
  %y = fmul float %x, 3.0
  store float %y, ptr %p
  br label %exit

exit:
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }

; An early return: the work is on the check's false side, so the copy is of
; that side and the sub-group asks whether the check fails in all lanes.
; CHECK-LABEL: define internal void @early.sg(
; CHECK-DAG: icmp ule i64 %[[FIRST:[0-9]+]], %{{.*}}
; CHECK-DAG: %[[FIRST]] = add i64 %global.id.base, %sg.base
; CHECK-DAG: %[[IN:.*]] = icmp ult <8 x i64> %{{.*}}, %{{.*}}
; CHECK-DAG: icmp eq i8 %[[BITS:[0-9]+]], -1
; CHECK-DAG: %[[BITS]] = bitcast <8 x i1> %.fr{{[0-9]*}} to i8
; CHECK-DAG: store <8 x float> <float 2.000000e+00,
; CHECK-DAG: call void @llvm.masked.store.v8f32.p0(<8 x float> <float 2.000000e+00,
; CHECK: {{^}}}

define void @early(ptr %args) #0 {
entry:
  %n = load i64, ptr %args
  %i = call i64 @__sublane_global_id(i32 0)
  %out = icmp uge i64 %i, %n
  br i1 %out, label %exit, label %body

body:
  %p = getelementptr float, ptr %args, i64 %i
  store float 2.0, ptr %p
  br label %exit

exit:
  ret void
}
