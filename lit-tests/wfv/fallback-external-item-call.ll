; A kernel that hands its work-item to a function of another file runs
; under hierarchical CBS, with a remark naming the function: the runtime
; answers that function's id queries for one work-item at a time.
; RUN: %opt -passes=sublane-prepare,sublane-wfv -sublane-sg-size=16 -pass-remarks-missed=sublane-wfv -disable-output %s 2>&1 | FileCheck %s

; CHECK: remark: {{.*}}kernel 'k' not vectorized: it passes its work-item to 'write(sycl::nd_item<1>&, unsigned long*)' of another file, which asks it for ids one work-item at a time; it runs under hierarchical CBS at sub-group size 16

define void @k(ptr %args) #0 {
  %item = alloca i8
  call void @_Z5writeRN4sycl7nd_itemILi1EEEPm(ptr %item, ptr %args)
  ret void
}

declare void @_Z5writeRN4sycl7nd_itemILi1EEEPm(ptr, ptr)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
