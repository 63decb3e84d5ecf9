#!/usr/bin/env bash
# Builds sublane with AddressSanitizer and UndefinedBehaviorSanitizer in
# ${SUBLANE_SANITIZE_BUILD_DIR:-build-sanitize} and runs the tests whose code
# is instrumented: the end-to-end kernels at -O2 for AVX2 on both engines,
# the work-group and joint algorithms under hierarchical CBS, the validation
# tests and the analysis unit tests (not their copies at -O0 and per ISA,
# which differ only in the code the plugin emits; docs/testing.md says why).
# Any report fails the run. The lit tests, the difftest and the IR fuzzer
# run the uninstrumented plugin and tools, the benchmarks are left out, and
# the install and gdb checks build or debug uninstrumented programs.
# SUBLANE_PREBUILT_PLUGINS=<a build's lib directory> takes that build's
# plugins (never instrumented) instead of building them again, and leaves
# out the analysis unit tests, which that build runs; run-tests.sh passes
# its own.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${SUBLANE_SANITIZE_BUILD_DIR:-$root/build-sanitize}"
SUBLANE_BUILD_DIR="$build" "$root/tools/build.sh" \
  -DSUBLANE_SANITIZE="${SUBLANE_SANITIZE:-address,undefined}" \
  -DSUBLANE_BUILD_BENCHMARKS=OFF -DSUBLANE_BUILD_ISA_TESTS=OFF \
  -DSUBLANE_BUILD_EXAMPLES=OFF \
  -DSUBLANE_PREBUILT_PLUGINS="${SUBLANE_PREBUILT_PLUGINS:-}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" \
  -E '^(lit|install\.|debug\.|difftest\.|irfuzz\.|bench\.)'
