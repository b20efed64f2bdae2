#!/usr/bin/env bash
# bench/instructions.sh - the cost of a solve in instructions, which callgrind
# counts the same on a loaded machine as on an idle one (timings on a shared
# 2-core machine vary by 2x from run to run; these do not).
#
#   bash bench/instructions.sh [BIN_BEFORE] BIN_AFTER [BOARD...]
#
# For each board: the instructions and positions of `cycles solve BOARD
# --no-replies --no-theorems --threads 1` (one thread, so the count is
# repeatable), and instructions per position; with two binaries, both and
# their ratio, as a Markdown table on stdout.  valgrind runs a solve about
# 50 times slower than the machine: the default boards take a few minutes.
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "usage: bash bench/instructions.sh [BIN_BEFORE] BIN_AFTER [BOARD...]" >&2
  exit 2
fi
command -v valgrind >/dev/null || { echo "bench/instructions.sh: valgrind is not installed" >&2; exit 1; }
bins=("$1")
shift
if [ $# -gt 0 ] && [ -x "$1" ] && [ ! -d "$1" ]; then
  bins+=("$1")
  shift
fi
boards=("$@")
[ ${#boards[@]} -gt 0 ] || boards=(grid:3x4 grid:3x5 grid:4x4 theta:7,8,9 wedge:5,7,9)

# count BIN BOARD: prints "instructions positions"
count() {
  local out
  out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" solve "$2" --no-replies --no-theorems \
    --threads 1 --json --quiet 2>&1)
  local ir pos
  ir=$(sed -n 's/.*I *refs: *//p' <<<"$out" | tr -d ,)
  pos=$(sed -n 's/.*"positions": *\([0-9]*\).*/\1/p' <<<"$out")
  echo "${ir:-0} ${pos:-0}"
}

per() { awk -v i="$1" -v p="$2" 'BEGIN { if (p > 0) printf "%.1fk", i / p / 1000; else print "?" }'; }
giga() { awk -v i="$1" 'BEGIN { printf "%.2f G", i / 1e9 }'; }

if [ ${#bins[@]} -eq 1 ]; then
  echo "| board | instructions | positions | instructions a position |"
  echo "|---|---|---|---|"
  for b in "${boards[@]}"; do
    read -r ir pos < <(count "${bins[0]}" "$b")
    echo "| $b | $(giga "$ir") | $pos | $(per "$ir" "$pos") |"
  done
else
  echo "| board | instructions before | after | after/before | positions before | after | a position before | after |"
  echo "|---|---|---|---|---|---|---|---|"
  for b in "${boards[@]}"; do
    read -r ia pa < <(count "${bins[0]}" "$b")
    read -r ib pb < <(count "${bins[1]}" "$b")
    ratio=$(awk -v a="$ia" -v b="$ib" 'BEGIN { if (a > 0) printf "%.2f", b / a; else print "?" }')
    echo "| $b | $(giga "$ia") | $(giga "$ib") | $ratio | $pa | $pb | $(per "$ia" "$pa") | $(per "$ib" "$pb") |"
  done
fi
