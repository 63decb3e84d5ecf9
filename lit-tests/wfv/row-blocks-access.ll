; Sub-groups of 32 in a work-group with rows of 16 (or 8) span two (or four)
; whole rows. The vectorizer gives them bodies of their own, in which each
; lane's ids are a scalar plus a constant, and an access that runs along the
; rows is one vector access per row at the row's first address, put together
; with shuffles, where the general body gathers. With a work-group barrier the
; choice is one of the work-group: the rows are that long and the rows before
; them split into whole blocks.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=32 -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=32 -S %s | FileCheck %s --check-prefix=COND
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=32 -pass-remarks=sublane-wfv -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; REMARK: remark: {{.*}}kernel 'k' vectorized: one sub-group per vector of width 32, its control flow kept; sub-groups of 2, 4 whole rows access memory one row at a time

; COND-LABEL: define internal void @k.sg(
; COND-DAG: %rows.length.2 = icmp eq i64 %{{.*}}, 16
; COND-DAG: %rows.length.4 = icmp eq i64 %{{.*}}, 8
; COND-DAG: and i64 %row.count{{[0-9]*}}, 1
; COND-DAG: and i64 %row.count{{[0-9]*}}, 3

; CHECK-LABEL: define internal void @k.sg(
; CHECK: br i1 %rows.whole, label %{{.*}}, label %wfv.choose
; CHECK: load <32 x float>
; CHECK: %sg.first.row = shl nuw nsw i64 %{{.*}}, 1
; CHECK-NOT: gather
; CHECK-COUNT-2: load <16 x float>, ptr
; CHECK-NOT: gather
; CHECK: call void @__sublane_wg_barrier()
; CHECK-COUNT-2: store <16 x float> %{{.*}}, ptr
; CHECK: %sg.first.row{{[0-9]+}} = shl nuw nsw i64 %{{.*}}, 2
; CHECK-NOT: gather
; CHECK-COUNT-4: load <8 x float>, ptr
; CHECK-NOT: gather
; CHECK: call void @__sublane_wg_barrier()
; CHECK-COUNT-4: store <8 x float> %{{.*}}, ptr
; CHECK: call <32 x float> @llvm.masked.gather.v32f32.v32p0(
; CHECK: wfv.choose:
; CHECK: br i1 %{{.*}}, label %{{.*}}, label %wfv.choose{{[0-9]+}}
; CHECK: wfv.choose{{[0-9]+}}:
; CHECK: br i1

define void @k(ptr %args) #0 {
  %in = load ptr, ptr %args
  %y = call i64 @__sublane_global_id(i32 0)
  %x = call i64 @__sublane_global_id(i32 1)
  %row = mul i64 %y, 1024
  %i = add i64 %row, %x
  %p = getelementptr float, ptr %in, i64 %i
  %v = load float, ptr %p
  call void @__sublane_wg_barrier()
  %w = fadd float %v, 1.0
  store float %w, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="2" }
