#!/bin/bash
# big.sh - inputs at and past the size limits: no recursion a file can make
# deep (a BennTaylor path of 100,000 vertices, past the 70,000 that
# overflowed the stack), limits checked before the work (a drawing of a
# million vertices, a PNG of a huge picture), a line reader that keeps at
# most its limit (a line without end from /dev/zero), and long move lists
# read whole.  No check here is a timing: each asserts what is printed, and
# the memory a run takes where that is the point (plain build only).
# Usage: bash tests/cli/big.sh CYCLES_BINARY SOURCE_DIR
source "$(dirname "$0")/lib.bash"
ASAN=0
grep -aq __asan_init "$BIN" && ASAN=1

# peak_kib COMMAND...: runs it (stdin from $IN, stdout to $WORK/peak.out),
# sets PEAK to its peak resident memory in KiB and PRC to its status
peak_kib() {
  /usr/bin/time -f %M -o "$WORK/peak" timeout 120 "$@" <"${IN:-/dev/null}" >"$WORK/peak.out" 2>"$WORK/peak.err"
  PRC=$?
  PEAK=$(tail -1 "$WORK/peak")
}

# --- a BennTaylor path of 100,000 vertices (the most a board may have)
python3 - "$WORK/path.txt" <<'EOF'
import sys
n = 100000
with open(sys.argv[1], "w") as f:
    f.write("long path\n%d %d\nEDGES\n" % (n, n - 1))
    f.writelines("%d %d\n" % (i, i + 1) for i in range(n - 1))
    f.write("CYCLES")
EOF
run show "$WORK/path.txt"
check "path of 100000: read" --why "exit $RC: $ERR" [ "$RC" = 0 ]
check "path of 100000: its counts" --why "$(printf '%s\n' "$OUT" | head -1)" \
  eval '[[ "$OUT" == "board: long path (100000 vertices, 99999 edges, 0 cells)"* ]]'
for to in json table benntaylor; do
  timeout 60 "$BIN" convert "$WORK/path.txt" --to $to >"$WORK/path.$to" 2>"$WORK/err"
  check "path of 100000: converted to $to" --why "$(cat "$WORK/err")" [ -s "$WORK/path.$to" ]
  run show "$WORK/path.$to"
  check "path of 100000: the $to reads back" --why "$ERR" eval '[[ "$OUT" == *"(100000 vertices, 99999 edges, 0 cells)"* ]]'
done
# the same path as a tree with a vertex of degree 50,000 hanging off it (the
# walk round the loose edges goes both deep and wide)
python3 - "$WORK/broom.txt" <<'EOF'
import sys
n, k = 50000, 49999
with open(sys.argv[1], "w") as f:
    f.write("broom\n%d %d\nEDGES\n" % (n + k, n + k - 1))
    f.writelines("%d %d\n" % (i, i + 1) for i in range(n - 1))
    f.writelines("%d %d\n" % (n - 1, n + j) for j in range(k))
    f.write("CYCLES")
EOF
run show "$WORK/broom.txt"
check "broom: read" --why "exit $RC: $ERR" eval '[[ "$OUT" == *"(99999 vertices, 99998 edges, 0 cells)"* ]]'
# a fan of 50,000 triangles: every cell shares edges with its neighbours
python3 - "$WORK/fan.txt" <<'EOF'
import sys
n = 50000
with open(sys.argv[1], "w") as f:
    f.write("fan\n%d %d\nEDGES\n" % (n + 1, 2 * n - 1))
    f.writelines("0 %d\n" % i for i in range(1, n + 1))
    f.writelines("%d %d\n" % (i, i + 1) for i in range(1, n))
    f.write("CYCLES\n" + "\n".join("+%d +%d -%d" % (i - 1, n + i - 1, i) for i in range(1, n)))
EOF
run convert "$WORK/fan.txt" --to json
check "fan of 50000: converted" --why "exit $RC: $ERR" [ "$RC" = 0 ]
printf '%s\n' "$OUT" >"$WORK/fan.json"
run convert "$WORK/fan.json" --to benntaylor
check "fan of 50000: reads back" --why "$ERR" eval '[[ "$(printf "%s\n" "$OUT" | sed -n 2p)" == "50001 99999" ]]'
check "fan of 50000: its cells" --why "$(printf '%s\n' "$OUT" | sed -n '/^CYCLES/,$p' | wc -l)" \
  [ "$(printf '%s\n' "$OUT" | sed -n '/^CYCLES/,$p' | wc -l)" = 50000 ]
# the reader still refuses what it refused: parallel edges, a cell ring
# turned both ways
printf 'p\n3 4\nEDGES\n0 1\n1 2\n2 0\n1 0\nCYCLES\n+0 +1 +2' >"$WORK/par.txt"
expect_error "parallel edges named" "edges 0 and 3 both join vertices 1 and 0" show "$WORK/par.txt"

# --- a drawing of a million vertices (55 MB, under the 64 MiB file limit)
# is refused before it is built
python3 - "$WORK/million.json" <<'EOF'
import sys
n = 10 ** 6
with open(sys.argv[1], "w") as f:
    f.write('{"vertices": [' + ",".join('{"label": "%d", "x": %d, "y": %d}' % (i, i, i % 2) for i in range(n)))
    f.write('], "edges": [' + ",".join('["%d", "%d"]' % (i, i + 1) for i in range(n - 1)) + "]}")
EOF
peak_kib "$BIN" show "$WORK/million.json"
check "million vertices: refused" --why "exit $PRC: $(cat "$WORK/peak.err")" \
  grep -q "the board has more than 4000000 JSON values" "$WORK/peak.err"
if [ "$ASAN" = 0 ]; then
  check "million vertices: refused within 100 MiB" --why "peak $PEAK KiB" [ "$PEAK" -lt 102400 ]
fi

# --- a picture too detailed for PNG is refused, in bounded memory
if "$BIN" draw k4 -o "$WORK/k4.png" 2>/dev/null; then
  peak_kib "$BIN" draw cycle:99999 -o "$WORK/huge.png"
  check "png of cycle:99999: refused" --why "exit $PRC: $(cat "$WORK/peak.err")" \
    grep -q "too detailed for PNG" "$WORK/peak.err"
  check "png of cycle:99999: nothing written" [ ! -e "$WORK/huge.png" ]
  if [ "$ASAN" = 0 ]; then
    check "png of cycle:99999: refused within 200 MiB" --why "peak $PEAK KiB" [ "$PEAK" -lt 204800 ]
  fi
else
  echo "note: this build writes no PNG: those checks are left out"
fi

# --- a line without end: at most the reader's limit is kept
head -c 50000000 /dev/zero >"$WORK/zeros"
printf '\nquit\n' >>"$WORK/zeros"
head -c 20000000 /dev/zero | tr '\0' a >"$WORK/as"
printf '\nquit\n' >>"$WORK/as"
for rules in standard misere; do
  for input in zeros as; do
    IN=$WORK/$input peak_kib "$BIN" play k4 --rules $rules
    check "play $rules, a long line of $input: said too long" --why "exit $PRC: $(tail -3 "$WORK/peak.out")" \
      grep -q "that line is too long" "$WORK/peak.out"
    check "play $rules, a long line of $input: then quit" --why "$(tail -2 "$WORK/peak.out")" \
      grep -q "game abandoned after 0 moves" "$WORK/peak.out"
    if [ "$ASAN" = 0 ]; then
      check "play $rules, a long line of $input: within 30 MiB" --why "peak $PEAK KiB" [ "$PEAK" -lt 30720 ]
    fi
  done
done

# --- 99,997 moves along path:99999, from a file: all read and played (the
# last move would make a sink, so the game shows it as illegal)
"$BIN" convert path:99999 --to json >"$WORK/p.json"
python3 - "$WORK/p.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["moves"] = ["%d->%d" % (i, i + 1) for i in range(1, 99998)]
json.dump(d, open(sys.argv[1], "w"))
EOF
run show "$WORK/p.json"
check "99997 moves: played" --why "exit $RC: $ERR" eval '[[ "$OUT" == *"moves played: 99997"* ]]'
# a cycle cell completed by the last of many moves ends the game for the
# next move, as the rules say
"$BIN" convert cycle:2000 --to json >"$WORK/c.json"
python3 - "$WORK/c.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["moves"] = ["%d->%d" % (i, i % 2000 + 1) for i in range(1, 2001)]
json.dump(d, open(sys.argv[1], "w"))
EOF
run show "$WORK/c.json"
check "cycle:2000 marked round: a cycle cell" --why "exit $RC: $ERR $(printf '%s\n' "$OUT" | head -5)" eval '[[ "$OUT" == *"cycle cell"* ]]'
expect_error "a move after the cycle cell: the game is over" "the game is over" show "$WORK/c.json" --moves "1->2"

# --- show on big boards: every edge classified (on an empty board whose
# cells have at least three edges and whose vertices have degree at least
# two, every direction of every edge is legal and none is a death move)
run show windmill:20000
printf '%s\n' "$OUT" >"$WORK/show.txt"
check "windmill:20000: shown" --why "exit $RC: $ERR" [ "$RC" = 0 ]
check "windmill:20000: 120000 legal moves" grep -q '^legal moves (120000): ' "$WORK/show.txt"
check "windmill:20000: no death move" grep -qx 'death moves (0): none' "$WORK/show.txt"
check "windmill:20000: every edge both ways" --why "$(grep -c 'markable both ways$' "$WORK/show.txt")" \
  [ "$(grep -c 'markable both ways$' "$WORK/show.txt")" = 60000 ]
python3 -c 'import json; n = 99999; print(json.dumps({"vertices": [str(i) for i in range(n)], "cells": [[str(i) for i in range(n)]]}))' >"$WORK/one.json"
run show "$WORK/one.json"
printf '%s\n' "$OUT" >"$WORK/show.txt"
check "one cell of 99999: shown" --why "exit $RC: $ERR" [ "$RC" = 0 ]
check "one cell of 99999: 199998 legal moves" grep -q '^legal moves (199998): ' "$WORK/show.txt"
check "one cell of 99999: no death move" grep -qx 'death moves (0): none' "$WORK/show.txt"

finish
