; Live-value slots are the lowering's own memory: their accesses carry an
; alias scope that every other memory access of the work-group function is
; declared not to alias, so LLVM may keep a reloaded value in a register
; across stores to user memory.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -S %s | FileCheck %s

; The running values of work-group reductions have a scope of their own in
; the same domain, which the live values are declared not to alias.
; CHECK-LABEL: define internal void @k.wg(
; CHECK: store float %v.r0, ptr %{{.*}}, !alias.scope ![[LIVE:[0-9]+]], !noalias ![[RUNNING:[0-9]+]]
; CHECK: %v.reload = load float, ptr %{{.*}}, !alias.scope ![[LIVE]], !noalias ![[RUNNING]]
; CHECK: store float %w.r1, ptr %{{.*}}, !noalias ![[BOTH:[0-9]+]]
; CHECK: ![[BOTH]] = !{![[LSCOPE:[0-9]+]], ![[RSCOPE:[0-9]+]]}
; CHECK: ![[LSCOPE]] = distinct !{![[LSCOPE]], ![[DOMAIN:[0-9]+]], !"live values"}
; CHECK: ![[DOMAIN]] = distinct !{![[DOMAIN]], !"sublane.scratch"}
; CHECK: ![[RSCOPE]] = distinct !{![[RSCOPE]], ![[DOMAIN]], !"running values"}
; CHECK: ![[LIVE]] = !{![[LSCOPE]]}
; CHECK: ![[RUNNING]] = !{![[RSCOPE]]}

define void @k(ptr %args) #0 {
  %gid = call i64 @__sublane_global_id(i32 0)
  %p = getelementptr float, ptr %args, i64 %gid
  %v = load float, ptr %p
  call void @__sublane_wg_barrier()
  %w = fadd float %v, 1.0
  store float %w, ptr %p
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
