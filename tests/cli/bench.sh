# Command-line tests of `cycles bench`: its table parsed by column name, and
# each column checked for sense: the value and winner of each board are those
# of `cycles solve` (and agree with each other), counts are positive whole
# numbers (k and M suffixes read), every time is a number not below zero and
# the plain engine's, the slowest, above zero, speed-ups are positive, memory
# is whole MiB.  No time is compared with a goal (bench/ does that).
. "$(dirname "$0")/lib.bash"

PY=/usr/bin/python3
BOARDS="k4 grid:3x3 theta:3,4,5 wedge:4,5"
run bench --boards "$BOARDS" --runs 1 --quiet --threads 1 --timeout 120
check "bench runs" --why "exit status $RC: $ERR" [ "$RC" = 0 ]
printf '%s\n' "$OUT" >"$WORK/bench.md"
# the table as lines "board column value", one a cell
$PY - "$WORK/bench.md" >"$WORK/cells" 2>"$WORK/py" <<'PYEOF'
import sys
rows = [l.strip() for l in open(sys.argv[1]) if l.startswith("|")]
head = [c.strip() for c in rows[0].strip("|").split("|")]
for r in rows[2:]:
    cells = [c.strip() for c in r.strip("|").split("|")]
    assert len(cells) == len(head), r
    for h, c in zip(head, cells):
        print(cells[0], h.replace(" ", "_"), c)
PYEOF
check "the table parses" --why "$(cat "$WORK/py")" [ -s "$WORK/cells" ]
# cell BOARD COLUMN: the value of a cell ("" when absent).
cell() { awk -v b="$1" -v c="$2" '$1 == b && $2 == c {print $3}' "$WORK/cells"; }
# num TEXT: the number TEXT with its k or M suffix read, or "" if none.
num() { awk -v t="$1" 'BEGIN { m = 1; if (t ~ /[kM]$/) { m = (t ~ /k$/) ? 1e3 : 1e6; t = substr(t, 1, length(t) - 1) }
  if (t ~ /^[0-9]+(\.[0-9]+)?$/) printf "%.6f\n", t * m }'; }
# positive TEXT / nonneg TEXT: a number above zero / not below zero.
positive() { local n; n=$(num "$1"); [ -n "$n" ] && awk -v n="$n" 'BEGIN {exit !(n > 0)}'; }
nonneg() { [ -n "$(num "$1")" ]; }
for b in $BOARDS; do
  check "$b: a row" --why "no row for $b in: $OUT" [ -n "$(cell "$b" edges)" ]
  run solve "$b" --json --quiet --no-replies
  g=$(sed -n 's/^  "grundy": \([0-9]*\),$/\1/p' <<<"$OUT")
  w=$(sed -n 's/^  "winner": \([12]\),$/\1/p' <<<"$OUT")
  e=$(sed -n 's/^  "edges": \([0-9]*\),$/\1/p' <<<"$OUT")
  check "$b: the value of solve ($g)" --why "bench says $(cell "$b" grundy)" eval '[ -n "$g" ] && [ "$(cell "$b" grundy)" = "$g" ]'
  check "$b: the winner of solve ($w)" --why "bench says $(cell "$b" winner)" eval '[ -n "$w" ] && [ "$(cell "$b" winner)" = "$w" ]'
  check "$b: the edges of solve ($e)" --why "bench says $(cell "$b" edges)" [ "$(cell "$b" edges)" = "$e" ]
  check "$b: winner and value agree" --why "grundy $(cell "$b" grundy), winner $(cell "$b" winner)" \
    eval '[ "$(cell "$b" winner)" = "$( [ "$(cell "$b" grundy)" = 0 ] && echo 2 || echo 1)" ]'
  for c in positions positions/s table_hits plain_positions; do
    check "$b: $c positive" --why "'$(cell "$b" "$c")'" positive "$(cell "$b" "$c")"
  done
  for c in fast_s 1_thread_s solve_s "solve_--no-replies_s" winner_rounds_s winner_dfpn_s dfpn_s; do
    check "$b: $c a time" --why "'$(cell "$b" "$c")'" nonneg "$(cell "$b" "$c")"
  done
  check "$b: plain s above zero" --why "'$(cell "$b" plain_s)'" positive "$(cell "$b" plain_s)"
  for c in threads_speed-up replies_cost speed-up; do
    v=$(cell "$b" "$c")
    check "$b: $c positive" --why "'$v'" eval '[ "${v%x}" != "$v" ] && positive "${v%x}"'
  done
  for c in peak_MiB plain_peak_MiB most_memory_MiB; do
    check "$b: $c whole MiB" --why "'$(cell "$b" "$c")'" eval '[[ "$(cell "$b" "$c")" =~ ^[1-9][0-9]*$ ]]'
  done
done
# the plain engine searches more positions than the fast one, which shares
# symmetric and decomposed positions (on boards of 9 edges and more)
for b in grid:3x3 theta:3,4,5; do
  check "$b: plain searches more" --why "fast $(cell "$b" positions), plain $(cell "$b" plain_positions)" \
    awk -v f="$(num "$(cell "$b" positions)")" -v p="$(num "$(cell "$b" plain_positions)")" 'BEGIN {exit !(p > f)}'
done
expect_usage "bench --runs 0" 'runs' bench --runs 0
finish
