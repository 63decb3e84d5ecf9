#!/usr/bin/env bash
# Installs the build tree into a fresh prefix, then builds and runs a project
# against it twice: with find_package(sublane) and with the installed
# sublane-clang++ wrapper.
set -euo pipefail
build="$1"; source_dir="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"
cmake -S "$source_dir/unittests/install/consumer" -B "$work/consumer" \
  -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_PREFIX_PATH="$work/prefix" \
  > "$work/configure.log" || { cat "$work/configure.log"; exit 1; }
cmake --build "$work/consumer" > "$work/build.log" || { cat "$work/build.log"; exit 1; }
"$work/consumer/consumer"
"$work/prefix/bin/sublane-clang++" -O2 "$source_dir/unittests/install/consumer/main.cpp" \
  -o "$work/wrapped"
"$work/wrapped"
