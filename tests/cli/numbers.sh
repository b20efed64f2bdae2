#!/bin/bash
# numbers.sh - coordinates are written so that they read back to the same
# value, and never as inf or nan: a board whose coordinates are not finite
# numbers of at most 1e100 in size is refused when it is read.
# Usage: bash tests/cli/numbers.sh CYCLES_BINARY SOURCE_DIR
source "$(dirname "$0")/lib.bash"

# drawing A B C D (coordinates "x,y"): the board a-b, a-c, a-d, b-c, b-d
drawing() {
  printf '{"vertices": [{"label": "a", "x": %s, "y": %s}, {"label": "b", "x": %s, "y": %s}, {"label": "c", "x": %s, "y": %s}, {"label": "d", "x": %s, "y": %s}], "edges": [["a","b"], ["a","c"], ["a","d"], ["b","c"], ["b","d"]]}\n' \
    ${1/,/ } ${2/,/ } ${3/,/ } ${4/,/ }
}

# round trips: each drawing written as a drawing, read back, is the same
# numbers (compared as doubles by Python, an independent reader)
n=0
for case in "0,0 1e9,0 1,1 1,1.001" "0,0 1,0 0.1,0.3 0.7,-0.2" "0,0 1e-9,0 3e-10,1e-9 5e-10,2e-10" \
            "-1e100,0 1e100,0 0,1e100 0,-1e100" "0,0 3,0 1,0.30000000000000004 2,0.1" \
            "0.1,0.2 123456789.123456789,0 7,-5 7,5.000000000000001"; do
  n=$((n + 1))
  drawing $case >"$WORK/d$n.json"
  run convert "$WORK/d$n.json" --to drawing
  check "round trip $n: written" --why "exit $RC: $ERR" [ "$RC" = 0 ] || continue
  printf '%s\n' "$OUT" >"$WORK/w$n.json"
  check "round trip $n: the same numbers" python3 - "$WORK/d$n.json" "$WORK/w$n.json" <<'EOF'
import json, sys
def coords(p):
    return {v["label"]: (v["x"], v["y"]) for v in json.load(open(p))["vertices"]}
a, b = coords(sys.argv[1]), coords(sys.argv[2])
for k in a:
    if (float(a[k][0]), float(a[k][1])) != (float(b[k][0]), float(b[k][1])):
        sys.exit("vertex %s: %r written as %r" % (k, a[k], b[k]))
EOF
  run show "$WORK/w$n.json"
  check "round trip $n: reads back" --why "$ERR" [ "$RC" = 0 ]
  run convert "$WORK/w$n.json" --to drawing
  check "round trip $n: written the same again" cmp -s "$WORK/w$n.json" <(printf '%s\n' "$OUT")
done

# out of range: refused on reading, in every format that carries coordinates
for x in 1.7976931348623157e308 -1e308 1e101 1e300; do
  drawing "0,0" "$x,0" "1,1" "1,2" >"$WORK/big.json"
  expect_error "x = $x refused (drawing)" "vertex (b|2) has a coordinate that is not a finite number of at most 1e100" \
    convert "$WORK/big.json" --to drawing
  expect_error "x = $x refused (draw)" "not a finite number of at most 1e100" draw "$WORK/big.json"
  printf '{"format": "cycles-board", "version": 1, "vertices": [{"label": "a", "x": 0, "y": 0}, {"label": "b", "x": %s, "y": 0}, {"label": "c", "x": 0, "y": 1}], "cells": [["a", "b", "c"]]}\n' "$x" >"$WORK/bigcells.json"
  expect_error "x = $x refused (board with cells)" "not a finite number of at most 1e100" convert "$WORK/bigcells.json" --to json
done

# pictures of drawings at the extremes of the range hold no nan or inf
for case in "-1e100,0 1e100,0 0,1e100 0,-1e100" "0,0 1e-300,0 0,1e-300 5e-301,-1e-300" "0,0 1e100,0 1,1 1,1.001"; do
  drawing $case >"$WORK/p.json"
  run draw "$WORK/p.json"
  check "svg of $case: drawn" --why "exit $RC: $ERR" [ "$RC" = 0 ] || continue
  check "svg of $case: no nan or inf" --why "$(printf '%s\n' "$OUT" | grep -Eio '[^ ]*(nan|inf)[^ ]*' | head -3)" \
    eval '! printf "%s\n" "$OUT" | grep -Eiq "nan|inf\b|=\"-?inf"'
done

finish
