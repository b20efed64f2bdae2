#!/usr/bin/env bash
# bench/compdb.sh - solve boards with and without a component database
# (cycles compdb build) and print a Markdown table of medians: positions
# searched, user CPU seconds, and the database's lookups and finds.  Each
# run is `cycles solve BOARD --no-theorems --no-replies --threads 1`, one
# process, the two kinds in turn; the Grundy values must agree.
# Usage: bench/compdb.sh RUNS TIMEOUT DB BOARD...
#   e.g. bench/compdb.sh 3 600 k12.db grid:3x5 theta:7,8,9 grid:2x9
# CYCLES (default build/cycles) names the program.
set -euo pipefail
runs=$1 timeout=$2 db=$3
shift 3
bin=${CYCLES:-build/cycles}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() { sort -g | awk '{a[NR]=$1} END {print NR ? a[int((NR + 1) / 2)] : "-"}'; }

# one WITH BOARD: a run; appends "grundy positions user lookups found" to $tmp/WITH
one() {
  local with=$1 b=$2 args=()
  [ "$with" = with ] && args=(--compdb "$db")
  /usr/bin/time -f '%U' -o "$tmp/time" "$bin" solve "$b" --no-theorems --no-replies --threads 1 \
    --timeout "$timeout" "${args[@]}" >"$tmp/out" 2>"$tmp/err" || true
  local g p l f
  g=$(sed -n 's/^grundy: \([0-9]*\).*/\1/p' "$tmp/out")
  p=$(sed -n 's/^searched: \([0-9]*\) positions.*/\1/p' "$tmp/out")
  l=$(sed -n 's/^cycles: compdb: \([0-9]*\) lookups, \([0-9]*\) found$/\1/p' "$tmp/err")
  f=$(sed -n 's/^cycles: compdb: \([0-9]*\) lookups, \([0-9]*\) found$/\2/p' "$tmp/err")
  echo "${g:-?} ${p:-0} $(tail -1 "$tmp/time") ${l:-0} ${f:-0}" >>"$tmp/$with"
}

echo "| board | grundy | positions without | positions with | ratio | user s without | user s with | ratio | lookups | found |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for b in "$@"; do
  rm -f "$tmp/with" "$tmp/without"
  for ((r = 0; r < runs; r++)); do
    one without "$b"
    one with "$b"
  done
  gw=$(cut -d' ' -f1 "$tmp/without" | sort -u | tr '\n' ' ')
  gd=$(cut -d' ' -f1 "$tmp/with" | sort -u | tr '\n' ' ')
  [ "$gw" = "$gd" ] || echo "DIFFERENT VALUES on $b: without $gw, with $gd" >&2
  pw=$(cut -d' ' -f2 "$tmp/without" | median) pd=$(cut -d' ' -f2 "$tmp/with" | median)
  uw=$(cut -d' ' -f3 "$tmp/without" | median) ud=$(cut -d' ' -f3 "$tmp/with" | median)
  l=$(cut -d' ' -f4 "$tmp/with" | median) f=$(cut -d' ' -f5 "$tmp/with" | median)
  echo "| $b | $gw| $pw | $pd | $(awk -v a="$pd" -v b="$pw" 'BEGIN {if (b > 0) printf "%.2f", a / b; else printf "-"}') | $uw | $ud |" \
       "$(awk -v a="$ud" -v b="$uw" 'BEGIN {if (b > 0) printf "%.2f", a / b; else printf "-"}') | $l | $f |"
done
