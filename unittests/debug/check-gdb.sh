#!/usr/bin/env bash
# A kernel built without the plugin, run on the fiber engine under gdb: the
# breakpoint on line 9 stops in work-item 0 (v = 0), then work-item 1 (v = 3).
set -euo pipefail
build="$1"; source_dir="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
clang++-19 -g -O0 -I"$source_dir/include" "$source_dir/unittests/debug/step_kernel.cpp" \
  -L"$build/lib" -Wl,-rpath,"$build/lib" -lsublane -o "$work/step"
SUBLANE_ENGINE=fibers gdb -batch -ex "break step_kernel.cpp:9" -ex run \
  -ex "print v" -ex continue -ex "print v" "$work/step" 2>&1 | grep -E '^\$'
