# Command-line tests of `cycles census twocell`: the boards with exactly two
# cells and no degree-1 vertex, in the same database as a census run,
# against the census's own such boards row for row (codes, graphs, winners
# and Grundy values), their number against (E - 3)(E - 4), a run killed and
# resumed, the report's section, the errors.
. "$(dirname "$0")/lib.bash"

need_sqlite3
q() { sqlite3 "$1" "$2"; }
rows() { sqlite3 "$1" "SELECT * FROM boards WHERE kind = 'twocell' ORDER BY edges, code"; }

A=$WORK/a.db
run census twocell --edges 1..9 --db "$A" --quiet
check "twocell run" --why "rc=$RC err=$ERR" [ "$RC" = 0 ]
# (up to 8 edges: 1,442 boards of 8, 7,712 of 9, which take long under the sanitizers)
timeout 300 "$BIN" census run --edges 1..8 --db "$A" --quiet 2>"$WORK/cerr"
rc=$?
check "census run beside it" --why "rc=$rc err=$(cat "$WORK/cerr")" [ "$rc" = 0 ]
# the closed form, worked out by hand from the three shapes (thetas, figure-
# eights, dumbbells with every face outer): (E - 3)(E - 4) from 3 edges on
got=$(q "$A" "SELECT group_concat(e || ':' || n, ' ') FROM (SELECT edges AS e, count(*) AS n FROM boards WHERE kind = 'twocell' GROUP BY edges ORDER BY edges)")
check "counts (E - 3)(E - 4)" --why "got $got" [ "$got" = "5:2 6:6 7:12 8:20 9:30" ]
# the census's boards of two cells without degree-1 vertices, found among all
# plane boards by nauty and every embedding, are the same boards solved alike
cols="edges, code, graph6, vertices, cell_sizes, inner_edges, automorphisms, winner, grundy, parity_breaker, moves"
only_census=$(q "$A" "SELECT count(*) FROM (SELECT $cols FROM boards WHERE kind = 'board' AND cells = 2 AND leaves = 0 EXCEPT SELECT $cols FROM boards WHERE kind = 'twocell')")
only_twocell=$(q "$A" "SELECT count(*) FROM (SELECT $cols FROM boards WHERE kind = 'twocell' AND edges <= 8 EXCEPT SELECT $cols FROM boards WHERE kind = 'board' AND cells = 2 AND leaves = 0)")
check "the same rows as the census's two-cell boards" --why "$only_census only in the census, $only_twocell only in twocell" \
  eval '[ "$only_census" = 0 ] && [ "$only_twocell" = 0 ] && [ "$(q "$A" "SELECT count(*) FROM boards WHERE kind = '\''board'\'' AND cells = 2 AND leaves = 0")" = 40 ]'
# the census's summary lists the kind after the boards
run census query summary --db "$A"
check "summary has the twocell rows last" --why "$OUT" eval 'printf "%s\n" "$OUT" | tail -1 | grep -q "^| twocell | 9 | 30 |"'

# killed with SIGKILL by the test hook after 40 boards (in the boards of 8
# edges: 20 up to 7), resumed: the same rows as a run straight through
K=$WORK/killed.db
(CYCLES_TEST_KILL_AFTER=40 timeout 300 "$BIN" census twocell --edges 1..9 --db "$K" --batch 5 --quiet; exit $?) 2>/dev/null
rc=$?
check "killed by the hook" --why "exit status $rc, want 137 (SIGKILL)" [ "$rc" = 137 ]
check "the kill left 8 edges unfinished" --why "units: $(q "$K" "SELECT edges, done, finished FROM units")" \
  eval '[ "$(q "$K" "SELECT count(*) FROM units WHERE kind = '\''twocell'\'' AND edges = 8 AND NOT finished")" = 1 ]'
expect_error "no resume, refused" 'resume' census twocell --edges 1..9 --db "$K"
timeout 300 "$BIN" census twocell --edges 1..9 --db "$K" --resume --quiet
check "resume after kill" --why "rows differ" eval '[ "$(rows "$K")" = "$(rows "$A")" ]'

# the report's section: its table's boards equal the formula column
run census report --db "$A"
check "report section" --why "rc=$RC" eval 'printf "%s\n" "$OUT" | grep -q "^## 6\. Two-cell boards beyond the census"'
# (the table of counts: from its header to the first line that is no row)
printf '%s\n' "$OUT" | sed -n '/^## 6\./,/^## /p' | sed -n '/^| edges | boards | formula |/,/^[^|]/p' >"$WORK/table"
bad_rows=$(awk -F' [|] ' '/^\| [0-9]+ \|/ && $2 != $3' "$WORK/table" | wc -l)
table_rows=$(grep -c '^| [0-9]* |' "$WORK/table")
check "report: boards = formula" --why "$bad_rows of $table_rows rows differ" eval '[ "$bad_rows" = 0 ] && [ "$table_rows" = 5 ]'

# errors
expect_usage "no --edges" 'edges A..B is required' census twocell --db "$WORK/x.db"
expect_usage "--trees is not an option of twocell" 'unknown option --trees' census twocell --edges 5..6 --db "$WORK/x.db" --trees
expect_usage "a stray argument" 'unexpected argument' census twocell --edges 5..6 --db "$WORK/x.db" extra
expect_error "more edges than the census takes" '60' census twocell --edges 61..61 --db "$WORK/y.db"
finish
