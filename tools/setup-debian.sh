#!/usr/bin/env bash
# Installs everything sublane needs on Debian 12 (bookworm). Safe to re-run.
set -euo pipefail
packages=(
  cmake make git python3 file python3-matplotlib gdb
  clang-19 llvm-19-dev llvm-19-tools libclang-19-dev libomp-19-dev
  googletest libgtest-dev libgmock-dev libbenchmark-dev
  libboost-context-dev libsleef-dev
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all packages present"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
echo "setup: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
