#!/usr/bin/env bash
# Builds sublane and runs the example kernels, printing each one's check
# against a host reference and its time against hand-written OpenMP.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${SUBLANE_BUILD_DIR:-$root/build}"
"$root/tools/build.sh"
"$build/examples/sublane-examples" "$@"
