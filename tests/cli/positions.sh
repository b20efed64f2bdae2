# Command-line tests of `cycles positions`: the listing against the state
# digraph of `cycles tree` (a second method: backward induction over the
# positions, not the solver), the start against `cycles solve`, the JSON form
# against the CSV form, and one-line errors.
. "$(dirname "$0")/lib.bash"

# per number of moves: positions, P and N, from the CSV (column 1 and 5)
levels() { awk -F, 'NR > 1 { n[$1]++; if ($5 == "P") p[$1]++; else q[$1]++ }
  END { for (k in n) printf "%d %d %d %d\n", k, n[k], p[k] + 0, q[k] + 0 }' | sort -n; }
# the same from the summary of cycles tree
tree_levels() { awk '/^ *[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+$/ { printf "%d %d %d %d\n", $1, $2, $3, $4 }'; }

for spec in k4 cycle:5 grid:2x3 butterfly butterfly:closed "lollipop:4 --moves 1->2"; do
  # shellcheck disable=SC2086
  run positions $spec
  if [ "$RC" != 0 ]; then bad "positions $spec" "rc $RC: $ERR"; continue; fi
  mine=$(printf '%s\n' "$OUT" | levels)
  # shellcheck disable=SC2086
  run tree $spec
  theirs=$(printf '%s\n' "$OUT" | tree_levels)
  if [ -n "$mine" ] && [ "$mine" = "$theirs" ]; then ok "positions $spec = tree"
  else bad "positions $spec = tree" "positions: $mine; tree: $theirs"; fi
done

# the start position's winner and Grundy value are those of cycles solve
for spec in k4 grid:2x3 theta:2,2,3; do
  run positions "$spec"
  start=$(printf '%s\n' "$OUT" | sed -n 2p)
  run solve "$spec" --json --quiet
  w=$(printf '%s\n' "$OUT" | grep -o '"winner": [0-9]' | grep -o '[0-9]$')
  g=$(printf '%s\n' "$OUT" | grep -o '"grundy": [0-9]*' | grep -o '[0-9]*$')
  if [ "$start" = "0,1,,0,$( [ "$w" = 1 ] && echo N || echo P),$w,$g" ]; then ok "start of $spec"
  else bad "start of $spec" "positions: $start; solve: winner $w grundy $g"; fi
done

# --json holds the same records as the CSV
run positions grid:2x3 --json
printf '%s\n' "$OUT" >"$WORK/p.json"
run positions grid:2x3 --csv
printf '%s\n' "$OUT" >"$WORK/p.csv"
if /usr/bin/python3 - "$WORK/p.json" "$WORK/p.csv" <<'PY'
import csv, json, sys
js = json.load(open(sys.argv[1]))
rows = list(csv.DictReader(open(sys.argv[2])))
assert len(js) == len(rows) > 100, (len(js), len(rows))
for j, r in zip(js, rows):
    assert j["moves"] == r["moves"] and j["outcome"] == r["outcome"], (j, r)
    assert j["grundy"] == (int(r["grundy"]) if r["grundy"] else None), (j, r)
    assert int(j["over"]) == int(r["over"]) and j["winner"] == int(r["winner"])
PY
then ok "json = csv"; else bad "json = csv" "records differ"; fi

# -o writes the file, nothing on stdout
run positions k4 -o "$WORK/k4.csv"
if [ "$RC" = 0 ] && [ -z "$OUT" ] && [ "$(wc -l <"$WORK/k4.csv")" = 550 ]; then ok "-o"; else bad "-o" "rc $RC"; fi

expect_error "too many edges" 'grid:3x5: the board has 22 edges; every position is listed for boards of at most 20' \
  positions grid:3x5
expect_error "bad board" 'nosuch' positions nosuch
expect_error "illegal start" 'move 2' positions cycle:3 --moves "3->1 2->1"
run positions k4 --csv --json
[ "$RC" = 2 ] && [ -z "$OUT" ] && ok "csv and json" || bad "csv and json" "rc $RC"
run positions
[ "$RC" = 2 ] && [ -z "$OUT" ] && ok "no board" || bad "no board" "rc $RC"
finish
