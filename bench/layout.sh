#!/usr/bin/env bash
# Pictures of every plane board of up to 8 edges without coordinates: sizes,
# vertex resolution and layout time (bench/layout.c).
# Usage: bench/layout.sh   (writes bench/layout.md)
set -euo pipefail
cd "$(dirname "$0")/.."
make -s build >/dev/null
# the libraries the program links with, as CMake found them
libs=$(sed 's/.*libcycles\.a//' build/CMakeFiles/cycles.dir/link.txt)
cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -Iinclude -o build/layout-bench bench/layout.c build/libcycles.a $libs -lm -lpthread
{
  echo "Made by \`bench/layout.sh\` on $(date -u +%Y-%m-%d), $(nproc) cores:"
  echo
  timeout 600 ./build/layout-bench | sed 's/^/    /'
} | tee bench/layout.md
