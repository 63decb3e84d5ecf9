; Blocks from which no return and no sync point is reached are dead ends: a
; branch into one is not divergent, so what follows it is not divergently
; executed; a branch whose targets both go on is.
; RUN: %opt -passes='print<sublane-shape>' -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: sublane shapes for 'k' (1D):
; CHECK: block %trap: dead end
; CHECK: block %go{{$}}
; CHECK: block %then: divergent (branch in %go)
; CHECK: block %join{{$}}
define void @k(ptr %args) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %ok = icmp ult i64 %lid, 64
  br i1 %ok, label %go, label %trap
trap:
  call void @llvm.trap()
  unreachable
go:
  %odd = trunc i64 %lid to i1
  br i1 %odd, label %then, label %join
then:
  store i32 1, ptr %args
  br label %join
join:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)
declare void @llvm.trap() noreturn nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
