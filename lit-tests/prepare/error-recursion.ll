; A barrier reached through recursion cannot be inlined into the kernel.
; RUN: not %opt -passes=sublane-prepare -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: {{.*}}kernel 'k': recursive call to 'helper' reaches '__sublane_wg_barrier'; barriers, collectives and id queries must not be reached through recursion

define void @k(ptr %args) #0 {
  call void @helper(i32 3)
  ret void
}

define void @helper(i32 %n) {
entry:
  call void @__sublane_wg_barrier()
  %more = icmp sgt i32 %n, 0
  br i1 %more, label %again, label %done
again:
  %m = sub i32 %n, 1
  call void @helper(i32 %m)
  br label %done
done:
  ret void
}

declare void @__sublane_wg_barrier() convergent nounwind

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
