#!/usr/bin/env bash
# Configures and builds sublane in ${SUBLANE_BUILD_DIR:-build} with clang-19.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${SUBLANE_BUILD_DIR:-$root/build}"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_C_COMPILER=clang-19 "$@"
cmake --build "$build" -j "$(nproc)"
