#!/usr/bin/env bash
# Builds sublane and runs every test: the lit suite (opt and clang on the
# passes), the end-to-end GoogleTest kernels at -O2 and -O0, the random
# kernel and IR fuzzing samples, and the install/find_package check; then
# the instrumented suites in an AddressSanitizer + UBSan build
# (docs/testing.md). SUBLANE_SKIP_SANITIZERS=1 skips that second build.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${SUBLANE_BUILD_DIR:-$root/build}"
"$root/tools/build.sh"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
if [ "${SUBLANE_SKIP_SANITIZERS:-0}" != 1 ]; then
  SUBLANE_PREBUILT_PLUGINS="$build/lib" "$root/tools/run-sanitized-tests.sh"
fi
