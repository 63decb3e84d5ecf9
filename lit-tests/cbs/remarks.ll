; -Rpass=sublane / -pass-remarks=sublane says what each kernel became; the
; analysis remarks (-Rpass-analysis=sublane) point at each value kept per
; work-item across a barrier, the lowering's main memory cost.
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -pass-remarks=sublane -pass-remarks-analysis=sublane -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wg-cbs -disable-output %s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty

; CHECK: remark: k.c:3:0: a value defined here varies between work-items and is used after a barrier or collective: kept in a per-work-item array (4 bytes per work-item)
; CHECK: remark: k.c:2:0: kernel 'k' lowered by CBS at sub-group size 1: 2 regions between 1 work-group and 0 sub-group sync points; values live across them: 1 per work-item, 0 per sub-group, 1 once per group, 0 recomputed from the id; 0 private variables per work-item
; QUIET-NOT: remark

define void @k(ptr %args) #0 !dbg !5 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0), !dbg !8
  %p = getelementptr float, ptr %args, i64 %lid, !dbg !8
  %x = load float, ptr %p, !dbg !9
  %data = load ptr, ptr %args, !dbg !9
  %u = load i64, ptr %data, !dbg !9
  call void @__sublane_wg_barrier(), !dbg !9
  %q = getelementptr float, ptr %args, i64 %u, !dbg !9
  store float %x, ptr %q, !dbg !9
  ret void, !dbg !9
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 2, scope: !5)
!9 = !DILocation(line: 3, scope: !5)
