; A loop counter started at an id and stepped by an add with nsw does not
; wrap in a lane while that lane goes round (`for (int j = l; j < n; ++j)`),
; so its sign extension keeps the stride in the lanes still in the loop;
; lanes that left step on with the others and may wrap ("where run"). A
; step without the flag, or a start whose extension may wrap, leaves the
; extension varying.
; RUN: %opt -passes='print<sublane-sg-shape>' -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: sublane sub-group shapes for 'triangular' (1D):
; CHECK: block %loop: divergent
; CHECK: %j: affine(1){{$}}
; CHECK: block %body: divergent
; CHECK-NEXT: %jw: affine(1) where run
; CHECK-NEXT: %addr: affine(4){{$}}
; CHECK: %jw.wrap: varying
; CHECK: %jw.start: varying
define void @triangular(ptr %a, i32 %n, i32 %u) #0 {
entry:
  %lid = call i64 @__sublane_local_id(i32 0)
  %l = trunc i64 %lid to i32
  %s = add i32 %l, %u
  br label %loop
loop:
  %j = phi i32 [ %l, %entry ], [ %j.next, %body ]
  %k = phi i32 [ %l, %entry ], [ %k.next, %body ]
  %m = phi i32 [ %s, %entry ], [ %m.next, %body ]
  %go = icmp slt i32 %j, %n
  br i1 %go, label %body, label %exit
body:
  %jw = sext i32 %j to i64
  %addr = getelementptr float, ptr %a, i64 %jw
  store float 1.0, ptr %addr
  %jw.wrap = sext i32 %k to i64
  %addr.wrap = getelementptr float, ptr %a, i64 %jw.wrap
  store float 2.0, ptr %addr.wrap
  %jw.start = sext i32 %m to i64
  %addr.start = getelementptr float, ptr %a, i64 %jw.start
  store float 3.0, ptr %addr.start
  %j.next = add nsw i32 %j, 1
  %k.next = add i32 %k, 1
  %m.next = add nsw i32 %m, 1
  br label %loop
exit:
  ret void
}

declare i64 @__sublane_local_id(i32) nounwind memory(none)

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
