; A function of another file that takes the kernel's nd_item (its mangled
; name names sycl::nd_item) is told which work-item calls it: the runtime's
; enter call before it gets every id and range from the builtins, its leave
; call after it forgets them. A function of another file without a
; work-item parameter is called as it is.
; RUN: %opt -passes=sublane-prepare -sublane-sg-size=8 -S %s | FileCheck %s

; CHECK-LABEL: define void @k(
; CHECK: %[[GID0:.*]] = call i64 @__sublane_global_id(i32 0)
; CHECK: %[[LANE:.*]] = call i32 @__sublane_sg_local_id()
; CHECK: %[[LANE64:.*]] = zext {{.*}}i32 %[[LANE]] to i64
; CHECK: call void @sublane_external_item_enter(i64 %[[GID0]], {{.*}}, i64 %[[LANE64]],
; CHECK-NEXT: call void @_Z5writeRN4sycl7nd_itemILi1EEEPm(
; CHECK-NEXT: call void @sublane_external_item_leave()
; CHECK-NOT: sublane_external_item_enter
; CHECK: call float @_Z4axpyfff(
; CHECK-NOT: call void @sublane_external_item
; CHECK: ret void

define void @k(ptr %args) #0 {
  %item = alloca i8
  call void @_Z5writeRN4sycl7nd_itemILi1EEEPm(ptr %item, ptr %args)
  %lid = call i64 @__sublane_local_id(i32 0)
  %x = uitofp i64 %lid to float
  %y = call float @_Z4axpyfff(float 2.0, float %x, float 1.0)
  %p = getelementptr float, ptr %args, i64 %lid
  store float %y, ptr %p
  ret void
}

declare void @_Z5writeRN4sycl7nd_itemILi1EEEPm(ptr, ptr)
declare float @_Z4axpyfff(float, float, float)
declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
