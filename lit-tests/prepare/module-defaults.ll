; The sub-group size and variant come from the plugin options unless the
; kernel asks for its own; without either, size 1 means variant cbs and
; larger sizes hcbs.
; RUN: %opt -passes=sublane-prepare -S %s | FileCheck %s --check-prefix=CHECK-DEFAULT
; RUN: %opt -passes=sublane-prepare -sublane-sg-size=16 -sublane-variant=hcbs -S %s | FileCheck %s --check-prefix=CHECK-OPTION

; CHECK-DEFAULT: attributes #0 = { "sublane-dims"="1" "sublane-kernel" "sublane-sg-size"="1" "sublane-variant"="cbs" }
; CHECK-DEFAULT: attributes #1 = { "sublane-dims"="1" "sublane-kernel" "sublane-sg-size"="8" "sublane-variant"="wfv" }
; CHECK-OPTION: attributes #0 = { "sublane-dims"="1" "sublane-kernel" "sublane-sg-size"="16" "sublane-variant"="hcbs" }
; CHECK-OPTION: attributes #1 = { "sublane-dims"="1" "sublane-kernel" "sublane-sg-size"="8" "sublane-variant"="hcbs" }

define void @uses_default(ptr %args) #0 {
  ret void
}

define void @asks_for_8(ptr %args) #1 {
  ret void
}

attributes #0 = { "sublane-kernel" "sublane-dims"="1" }
attributes #1 = { "sublane-kernel" "sublane-dims"="1" "sublane-sg-size"="8" }
