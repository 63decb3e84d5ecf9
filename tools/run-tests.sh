#!/usr/bin/env bash
# Builds sublane and runs every test: the lit suite (opt and clang on the
# passes), the end-to-end GoogleTest kernels at -O2 and -O0, and the
# install/find_package check.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${SUBLANE_BUILD_DIR:-$root/build}"
"$root/tools/build.sh"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
