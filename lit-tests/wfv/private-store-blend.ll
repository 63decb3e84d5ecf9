; Without AVX-512's mask registers, a masked store to a sub-group's
; element-major private array at an index the lanes share becomes a load, a
; blend of the active lanes and a store, and a masked load a load: the
; vector is that index's elements of the sub-group's lanes, inside the
; array, which no other sub-group's code sees. Under a mask with no lane on
; the index may be anything: the access goes to the array's start then. A
; gather of the same array at indices that differ stays one, and so does
; everything with AVX-512.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=8 -S %s -mattr=+avx512f \
; RUN:   | FileCheck %s --check-prefix=AVX512

; CHECK-LABEL: define internal void @count.sg(
; CHECK: alloca [128 x i8], align 32, !sublane.sub_group_array
; The read at indices that differ (the blocks under the branch come last).
; CHECK: call <8 x i32> @llvm.masked.gather.v8i32.v8p0(
; The increment under the branch.
; CHECK: then{{[0-9]+}}.cont:
; CHECK: %[[P:.*]] = getelementptr inbounds i8, ptr %[[ARR:cnt.elements[0-9]*]], i64 %{{.*}}
; CHECK-NEXT: %[[ANY:.*]] = call i1 @llvm.vector.reduce.or.v8i1(<8 x i1> %[[M:.*]])
; CHECK-NEXT: %[[W:.*]] = select i1 %[[ANY]], ptr %[[P]], ptr %[[ARR]]
; CHECK-NEXT: %[[X:.*]] = load <8 x i32>, ptr %[[W]], align 4{{$}}
; CHECK-NEXT: %[[INC:.*]] = add <8 x i32> %[[X]], <i32 1,
; CHECK: %[[OLD:.*]] = load <8 x i32>, ptr %[[W2:.*]], align 4{{$}}
; CHECK-NEXT: %[[NEW:.*]] = select <8 x i1> %[[M]], <8 x i32> %[[INC]], <8 x i32> %[[OLD]]
; CHECK-NEXT: store <8 x i32> %[[NEW]], ptr %[[W2]], align 4{{$}}
; CHECK: ret void

; AVX512-LABEL: define internal void @count.sg(
; AVX512: call void @llvm.masked.store.v8i32.p0(
; AVX512: ret void

define void @count(ptr %args) #0 {
entry:
  %cnt = alloca [4 x i32], align 4
  call void @llvm.memset.p0.i64(ptr %cnt, i8 0, i64 16, i1 false)
  %n = load i64, ptr %args
  %k = and i64 %n, 3
  %lid = call i64 @__sublane_global_id(i32 0)
  %odd = and i64 %lid, 1
  %c = icmp eq i64 %odd, 0
  br i1 %c, label %then, label %done

then:
  %p = getelementptr [4 x i32], ptr %cnt, i64 0, i64 %k
  %old = load i32, ptr %p
  %inc = add i32 %old, 1
  store i32 %inc, ptr %p
  br label %done

done:
  %j = and i64 %lid, 3
  %q = getelementptr [4 x i32], ptr %cnt, i64 0, i64 %j
  %x = load i32, ptr %q
  %o = getelementptr i32, ptr %args, i64 %lid
  store i32 %x, ptr %o
  ret void
}

declare i64 @__sublane_global_id(i32) nounwind memory(none)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" "target-features"="+avx,+avx2" }
