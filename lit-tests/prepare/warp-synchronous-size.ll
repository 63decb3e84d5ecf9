; A kernel that never asks for its sub-group but reads and writes memory
; through volatile pointers, as warp-synchronous CUDA code does (a scan over
; 32 work-items in local memory without barriers), runs at 32, a CUDA warp,
; on AVX-512 and AVX2 alike, and is not left open to a fallback that would
; run its lanes one by one. A kernel without volatile accesses keeps the
; target's width; one that requests a size keeps it.
; RUN: %opt -passes=sublane-prepare -S %s | FileCheck %s
; RUN: sed 's/+avx512f,//' %s | %opt -passes=sublane-prepare -S | FileCheck %s --check-prefix=AVX2
; RUN: %opt -passes=sublane-prepare -pass-remarks=sublane-prepare -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; REMARK: remark: <unknown>:0:0: kernel 'warp_scan' accesses memory through volatile pointers, as warp-synchronous GPU code does, and requests no sub-group size: it runs at sub-group size 32, a CUDA warp
; REMARK-NOT: remark

%desc = type { i32, i32, i32, i32, i32, i32, i32, i32, i64, i64, ptr, ptr, ptr, [3 x i64] }

@warp_scan.name = private constant [10 x i8] c"warp_scan\00"
@plain.name = private constant [6 x i8] c"plain\00"
@requests.name = private constant [9 x i8] c"requests\00"
@warp_scan.desc = internal global %desc { i32 1397509681, i32 0, i32 1, i32 0, i32 0, i32 0, i32 0, i32 0, i64 0, i64 0, ptr @warp_scan.name, ptr @warp_scan, ptr null, [3 x i64] zeroinitializer }
@plain.desc = internal global %desc { i32 1397509681, i32 0, i32 1, i32 0, i32 0, i32 0, i32 0, i32 0, i64 0, i64 0, ptr @plain.name, ptr @plain, ptr null, [3 x i64] zeroinitializer }
@requests.desc = internal global %desc { i32 1397509681, i32 0, i32 1, i32 16, i32 0, i32 0, i32 0, i32 0, i64 0, i64 0, ptr @requests.name, ptr @requests, ptr null, [3 x i64] zeroinitializer }

; CHECK-LABEL: define internal void @warp_scan(
; CHECK-SAME: #[[WARP:[0-9]+]]
; CHECK-LABEL: define internal void @plain(
; CHECK-SAME: #[[PLAIN:[0-9]+]]
; CHECK-LABEL: define internal void @requests(
; CHECK-SAME: #[[REQUESTS:[0-9]+]]
; CHECK-DAG: attributes #[[WARP]] = { {{.*}}"sublane-sg-size"="32" "sublane-variant"="wfv"
; CHECK-DAG: attributes #[[PLAIN]] = { {{.*}}"sublane-open-sg-size" {{.*}}"sublane-sg-size"="16" "sublane-variant"="wfv"
; CHECK-DAG: attributes #[[REQUESTS]] = { {{.*}}"sublane-sg-size"="16" "sublane-variant"="wfv"
; CHECK-NOT: attributes #[[WARP]] = { {{.*}}"sublane-open-sg-size"

; AVX2-LABEL: define internal void @warp_scan(
; AVX2-SAME: #[[WARP:[0-9]+]]
; AVX2-LABEL: define internal void @plain(
; AVX2-SAME: #[[PLAIN:[0-9]+]]
; AVX2-DAG: attributes #[[WARP]] = { {{.*}}"sublane-sg-size"="32" "sublane-variant"="wfv"
; AVX2-DAG: attributes #[[PLAIN]] = { {{.*}}"sublane-sg-size"="8" "sublane-variant"="wfv"

define internal void @warp_scan(ptr %args) #0 {
  %l = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr i32, ptr %args, i64 %l
  %q = getelementptr i32, ptr %p, i64 -1
  %a = load volatile i32, ptr %p
  %b = load volatile i32, ptr %q
  %s = add i32 %a, %b
  store volatile i32 %s, ptr %p
  ret void
}

define internal void @plain(ptr %args) #0 {
  %l = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr i32, ptr %args, i64 %l
  %a = load i32, ptr %p
  %s = add i32 %a, 1
  store i32 %s, ptr %p
  ret void
}

define internal void @requests(ptr %args) #0 {
  %l = call i64 @__sublane_local_id(i32 0)
  %p = getelementptr i32, ptr %args, i64 %l
  store volatile i32 1, ptr %p
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx,+avx2,+avx512f,+fma" }
