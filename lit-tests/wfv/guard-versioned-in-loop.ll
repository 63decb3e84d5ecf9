; A bounds check inside a loop, as a tree reduction writes it between
; barriers (`if (lid < s) l[lid] += l[lid + s];`): the check is asked anew
; in each iteration, so only the code it guards is copied, up to where its
; two ways meet inside the loop. Sub-groups where it holds in every lane add
; without masks, the others under the check's mask, and those where it holds
; in no lane skip the add.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -pass-remarks=sublane-wfv -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

; REMARK: vectorized: one sub-group per vector of width 8, {{.*}}; code guarded by 1 bounds check(s) on the work-item id runs unmasked

; CHECK-LABEL: define internal void @tree.sg(
; CHECK: loop{{[0-9]+}}:
; CHECK: icmp ule i64 %sg.base,
; CHECK: loop.any{{[0-9]+}}:
; CHECK-NEXT: icmp ult i64 %sg.base, %s
; CHECK: call <8 x float> @llvm.masked.load.v8f32.p0(
; CHECK: call void @llvm.masked.store.v8f32.p0(
; CHECK: add.all{{[0-9]+}}:
; CHECK: load <8 x float>, ptr
; CHECK: load <8 x float>, ptr
; CHECK: fadd <8 x float>
; CHECK: store <8 x float>
; CHECK: latch{{[0-9]+}}:{{.*}}; preds = %add.all{{[0-9]+}}, %add{{[0-9]+}}, %loop.any.edge1{{$}}
; CHECK-NEXT: call void @__sublane_wg_barrier()
; CHECK-NOT: call void @__sublane_wg_barrier()
; CHECK: wfv.body

define void @tree(ptr %args) #0 {
entry:
  %buf = load ptr, ptr %args
  %lid = call i64 @__sublane_local_id(i32 0)
  br label %loop

loop:
  %s = phi i64 [ 128, %entry ], [ %s.next, %latch ]
  %in = icmp ult i64 %lid, %s
  br i1 %in, label %add, label %latch

add:
  %j = add i64 %lid, %s
  %pj = getelementptr float, ptr %buf, i64 %j
  %pi = getelementptr float, ptr %buf, i64 %lid
  %a = load float, ptr %pj
  %b = load float, ptr %pi
  %c = fadd float %a, %b
  store float %c, ptr %pi
  br label %latch

latch:
  call void @__sublane_wg_barrier()
  %s.next = lshr i64 %s, 1
  %more = icmp ne i64 %s.next, 0
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
