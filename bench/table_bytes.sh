#!/usr/bin/env bash
# What the fast engine's table holds per position searched (bench/table_bytes.c):
# the search alone on one thread, the positions, the entries in the table
# and its bytes a position, for each libcycles.a given (two builds side by
# side, before and after a change of the table), the value and who wins.
# Usage: bench/table_bytes.sh [MEMORY_MIB] [LIB.a...]
#        (default 1024 and build/libcycles.a; BOARDS="..." chooses the boards)
set -euo pipefail
cd "$(dirname "$0")/.."
mib=${1:-1024}
shift || true
libs=("$@")
if [ ${#libs[@]} -eq 0 ]; then
  make -s build >/dev/null
  libs=(build/libcycles.a)
fi
boards=${BOARDS:-grid:2x7 grid:3x4 theta:7,8,9 wedge:5,7,9}
# the libraries the program links with, as CMake found them
deps=$(sed 's/.*libcycles\.a//' build/CMakeFiles/cycles.dir/link.txt)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "Made by \`bench/table_bytes.sh $mib ${libs[*]}\` on $(date -u +%Y-%m-%d):"
echo
echo "| library | board | asked | answer | positions | entries | bytes a position |"
echo "|---|---|---|---|---|---|---|"
for lib in "${libs[@]}"; do
  [ -f "$lib" ] || { echo "bench/table_bytes.sh: $lib: no such file" >&2; exit 1; }
  # shellcheck disable=SC2086 # $deps: several words
  cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -Iinclude -o "$tmp/tb" bench/table_bytes.c "$lib" $deps -lm -lpthread
  for asked in "" --no-grundy; do
    # shellcheck disable=SC2086
    "$tmp/tb" "$mib" $asked $boards | while read -r b q v p e bpp; do
      echo "| $lib | $b | $q | $v | $p | $e | $bpp |"
    done
  done
done
