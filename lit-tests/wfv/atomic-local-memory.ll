; An atomic on the work-group's local memory is a plain load, operation and
; store per active lane, in lane order: the work-group runs on one thread,
; so nothing else touches local memory in between. An atomic elsewhere
; stays an atomic per lane. Above 16 lanes the plain form was slower
; (docs/performance.md): atomics stay atomics there.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=4 -S %s | FileCheck %s
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=32 -S %s | FileCheck %s --check-prefix=WIDE
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=4 -sublane-wfv-plain-local-atomics=false -S %s | FileCheck %s --check-prefix=OFF

; CHECK-LABEL: define internal void @local.sg(
; CHECK-NOT: atomicrmw
; CHECK: %[[OLD:.*]] = load i32, ptr %[[P:.*]], align 4
; CHECK-NEXT: %[[NEW:.*]] = add i32 %[[OLD]], 1
; CHECK-NEXT: store i32 %[[NEW]], ptr %[[P]], align 4
; CHECK: %[[EQ:.*]] = icmp eq i32 %[[OLD2:.*]], 0
; CHECK-NEXT: %[[SEL:.*]] = select i1 %[[EQ]], i32 7, i32 %[[OLD2]]
; CHECK-NEXT: store i32 %[[SEL]], ptr %{{.*}}, align 4
; CHECK: atomicrmw add ptr %{{.*}}, i32 %{{.*}} monotonic
; CHECK: ret void

; WIDE-LABEL: define internal void @local.sg(
; WIDE: atomicrmw add ptr %{{.*}}, i32 1 monotonic

; OFF-LABEL: define internal void @local.sg(
; OFF: atomicrmw add ptr %{{.*}}, i32 1 monotonic

define void @local(ptr %args) #0 {
  %lm = call ptr @__sublane_local_mem()
  %lid = call i64 @__sublane_local_id(i32 0)
  %bin = and i64 %lid, 3
  %p = getelementptr i32, ptr %lm, i64 %bin
  %old = atomicrmw add ptr %p, i32 1 monotonic, align 4
  %q = getelementptr i32, ptr %lm, i64 %lid
  %pair = cmpxchg ptr %q, i32 0, i32 7 monotonic monotonic, align 4
  %g = load ptr, ptr %args
  %o = getelementptr i32, ptr %g, i64 %bin
  %r = atomicrmw add ptr %o, i32 %old monotonic, align 4
  ret void
}

declare ptr @__sublane_local_mem() nounwind memory(none)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
