; IR that skipped sublane-prepare's checks (here, already carrying the
; descriptor prepare would make) may still ask for group local memory of a
; size known only at run time: the lowering refuses it with the same error,
; naming the kernel, rather than crash.
; RUN: not %opt -passes=sublane-wg-cbs -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'k': group local memory needs a size known at compile time, at most 1048576 bytes, and an alignment that is a power of two up to 4096

%sublane.kernel_desc = type { i32, i32, i32, i32, i32, i32, i32, i32, i64, i64, ptr, ptr, ptr, [3 x i64] }

@k.sublane.name = private constant [2 x i8] c"k\00"
@k.sublane.desc = global %sublane.kernel_desc { i32 1397509681, i32 0, i32 1, i32 0, i32 0, i32 0, i32 0, i32 0, i64 0, i64 0, ptr @k.sublane.name, ptr @k, ptr null, [3 x i64] zeroinitializer }

define void @k(ptr %args) #0 {
  %n = load i64, ptr %args
  %block = call ptr @__sublane_group_local_alloc(i64 %n, i64 4)
  store i32 1, ptr %block
  ret void
}

declare ptr @__sublane_group_local_alloc(i64, i64) convergent nounwind

attributes #0 = { "sublane-dims"="1" "sublane-kernel" "sublane-sg-size"="1" "sublane-variant"="cbs" }
