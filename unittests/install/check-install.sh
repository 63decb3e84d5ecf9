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
# Code that keeps SYCL's own header names builds unchanged with the wrapper,
# with the DPC++ driver options its Makefile passes (dropped by the wrapper;
# clang++ alone would compile device code only under -fsycl).
for program in legacy sycl2020 dpcpp_style; do
  "$work/prefix/bin/sublane-clang++" -O2 -fsycl -fsycl-targets=spir64 \
    -Xsycl-target-backend "-device pvc" \
    "$source_dir/unittests/install/consumer/$program.cpp" -o "$work/$program"
  "$work/$program"
done
# Errors of the plugin point at the consumer's own line (the package turns on
# the location tracking the wrapper does).
cmake -S "$source_dir/unittests/install/consumer" -B "$work/divergent" \
  -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCONSUMER_DIVERGENT=ON > "$work/configure-divergent.log"
if cmake --build "$work/divergent" --target divergent > "$work/divergent.log" 2>&1; then
  echo "consumer: a divergent barrier compiled"; exit 1
fi
grep -q "divergent.cpp:9:14: error: kernel 'divergent_in_consumer': work-group barrier in divergent control flow" \
  "$work/divergent.log" || { cat "$work/divergent.log"; exit 1; }
echo "consumer: divergent barrier reported at the user's line"
