#!/usr/bin/env bash
# The loading goals, timings the tests do not assert (no test may depend on
# the machine's speed): a drawing of a 23 x 23 grid of points (1012 edges,
# as tests/test_format.c loads) is read and its cells found in under a second
# of processor time; a native board of 100k vertices (a path of triangles,
# also as that test loads) in under five.  Prints the median of RUNS runs of
# `cycles convert --to json` on each (read, cells found, written), and whether it meets its goal (exit status 1 if not).
# Usage: bench/load_speed.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
make -s build >/dev/null
runs=${1:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp" <<'PY'
import json, sys
d, n = sys.argv[1], 23
v = [{"label": f"v{x}_{y}", "x": x, "y": y} for y in range(n) for x in range(n)]
e = [[f"v{x}_{y}", f"v{x+1}_{y}"] for y in range(n) for x in range(n - 1)]
e += [[f"v{x}_{y}", f"v{x}_{y+1}"] for y in range(n - 1) for x in range(n)]
json.dump({"vertices": v, "edges": e}, open(f"{d}/drawing.json", "w"))
m = 99999
json.dump({"vertices": [f"v{i}" for i in range(m)],
           "cells": [[f"v{i}", f"v{i+1}", f"v{i+2}"] for i in range(0, m - 2, 2)]},
          open(f"{d}/native.json", "w"))
PY
status=0
# measure FILE GOAL WHAT: the median processor seconds of cycles convert FILE.
measure() {
  local TIMEFORMAT='%U %S'
  : >"$tmp/times"
  for _ in $(seq "$runs"); do
    { time ./build/cycles convert "$1" --to json >/dev/null 2>"$tmp/err"; } 2>>"$tmp/times" ||
      { echo "cycles convert ($3) failed: $(cat "$tmp/err")" >&2; exit 1; }
  done
  local median
  median=$(awk '{print $1 + $2}' "$tmp/times" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  if awk -v m="$median" -v g="$2" 'BEGIN {exit !(m < g)}'; then verdict="goal met"; else verdict="goal missed"; status=1; fi
  echo "$3: median $median s of processor time over $runs runs (goal: under $2 s): $verdict"
}
measure "$tmp/drawing.json" 1 "drawing of 23x23 points"
measure "$tmp/native.json" 5 "native board of 100k vertices"
exit $status
