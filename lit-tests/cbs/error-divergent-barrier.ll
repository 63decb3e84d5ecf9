; A barrier that only the first work-item reaches (ids 0 and 1 go different
; ways) is an error, with the barrier's location and the line of the branch
; that decides it.
; RUN: not %opt -passes=sublane-prepare,sublane-wg-cbs -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: kernel.cpp:7:5: in function k void (ptr): kernel 'k': work-group barrier in divergent control flow: the branch at line 5 depends on the work-item id, so not every work-item of the work-group reaches it

define void @k(ptr %args) #0 !dbg !5 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0), !dbg !8
  %first = icmp eq i64 %lid, 0, !dbg !9
  br i1 %first, label %then, label %join, !dbg !9
then:
  call void @__sublane_wg_barrier(), !dbg !10
  br label %join, !dbg !10
join:
  ret void, !dbg !11
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "test", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.cpp", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 3, type: !6, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 4, column: 14, scope: !5)
!9 = !DILocation(line: 5, column: 7, scope: !5)
!10 = !DILocation(line: 7, column: 5, scope: !5)
!11 = !DILocation(line: 9, column: 1, scope: !5)
