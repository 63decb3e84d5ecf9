; UBSan's object-size check asks llvm.objectsize about each work-item's
; pointer. Even at sizes where calls run in a loop over the lanes, it is
; called once per lane, on operands left unfrozen, so that the optimizer
; folds every lane's size into a constant vector and keeps each lane's object
; (32 calls: the copies for full and for partial sub-groups).
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -S %s | FileCheck %s

; CHECK-LABEL: define internal void @k.sg(
; CHECK-NOT: lane.call
; CHECK-NOT: freeze
; CHECK-COUNT-32: call i64 @llvm.objectsize.i64.p0(ptr %{{.*}}, i1 false, i1 false, i1 false)
; CHECK-NOT: llvm.objectsize
; CHECK: ret void

define void @k(ptr %out) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %q = getelementptr i32, ptr %out, i64 %lid
  %size = call i64 @llvm.objectsize.i64.p0(ptr %q, i1 false, i1 false, i1 false)
  %ok = icmp uge i64 %size, 4
  br i1 %ok, label %store, label %done
store:
  store i32 1, ptr %q
  br label %done
done:
  ret void
}

declare i64 @llvm.objectsize.i64.p0(ptr, i1 immarg, i1 immarg, i1 immarg)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
