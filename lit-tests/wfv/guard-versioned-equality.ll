; An equality with the lane's id holds in at most one lane of a sub-group:
; a stencil's edge check `if (j == 0 || j == n - 1) { edge; return; }` gets a
; copy of the interior, which a sub-group runs when the check fails in all
; its lanes; a check that is commonly true in no sub-group gets none.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -pass-remarks=sublane-wfv -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

; REMARK: kernel 'edges' vectorized: {{.*}}; code guarded by 1 bounds check(s) on the work-item id runs unmasked
; REMARK-NOT: guarded by
; REMARK: kernel 'first' vectorized:
; REMARK-NOT: guarded by
; REMARK: kernel 'leader' vectorized:
; REMARK-NOT: guarded by

; A full sub-group asks in scalars whether its run of ids holds neither 0
; nor n - 1; a partial one asks its active lanes.
; CHECK-LABEL: define internal void @edges.sg(
; CHECK-DAG: icmp ne i64 %[[FIRST:[0-9]+]], %last
; CHECK-DAG: %[[FIRST]] = add i64 %global.id.base, %sg.base
; CHECK-DAG: %[[EDGE:.*]] = select <8 x i1> %{{.*}}, <8 x i1> <i1 true, {{.*}}>, <8 x i1> %{{.*}}
; CHECK-DAG: %[[BITS:.*]] = bitcast <8 x i1> %.fr{{[0-9]+}} to i8
; CHECK-DAG: %[[NONE:.*]] = icmp eq i8 %[[BITS]], 0
; CHECK-DAG: br i1 %[[NONE]], label
; CHECK-DAG: load <8 x float>, ptr
; CHECK-DAG: call <8 x float> @llvm.masked.load.v8f32.p0(
; CHECK: {{^}}}

define void @edges(ptr %args) #0 {
entry:
  %n = load i64, ptr %args
  %j = call i64 @__sublane_global_id(i32 0)
  %left = icmp eq i64 %j, 0
  %last = add i64 %n, -1
  %right = icmp eq i64 %j, %last
  %edge = select i1 %left, i1 true, i1 %right
  %p = getelementptr float, ptr %args, i64 %j
  br i1 %edge, label %boundary, label %inner

boundary:
  store float 0.0, ptr %p
  br label %exit

inner:
  %pl = getelementptr float, ptr %p, i64 -1
  %pr = getelementptr float, ptr %p, i64 1
  %l = load float, ptr %pl
  %r = load float, ptr %pr
  %s = fadd float %l, %r
  store float %s, ptr %p
  br label %exit

exit:
  ret void
}

; The work is where the equality holds: no sub-group has it in all lanes.
; CHECK-LABEL: define internal void @first.sg(
; CHECK-NOT: .all{{[0-9]*}}:
; CHECK: ret void

define void @first(ptr %args) #0 {
entry:
  %j = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %j
  %is.first = icmp eq i64 %j, 0
  br i1 %is.first, label %work, label %exit

work:
  %x = load float, ptr %p
  %y = fmul float %x, 2.0
  store float %y, ptr %p
  br label %exit

exit:
  ret void
}

; Where the equality fails, the branch leads straight to what follows it: a
; copy from there would guard nothing.
; CHECK-LABEL: define internal void @leader.sg(
; CHECK-NOT: .all{{[0-9]*}}:
; CHECK: ret void

define void @leader(ptr %args) #0 {
entry:
  %j = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %j
  %is.leader = icmp ne i64 %j, 0
  br i1 %is.leader, label %rest, label %lead

lead:
  store float 1.0, ptr %args
  br label %rest

rest:
  %x = load float, ptr %p
  %y = fmul float %x, 2.0
  store float %y, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
