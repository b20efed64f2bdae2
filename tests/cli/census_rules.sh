# Command-line tests of `cycles census run --rules` (issue 12): every row of
# every variant against a separate `cycles solve --rules NAME --json` of the
# row's stored board; boards analysed by hand; the same boards under every
# rule set; parts merged, --resume and the MPI run equal to one process per
# rules; a schema-2 database (made here by SQL, as cycles before --rules
# made them) read, refused for writing and copied into schema 3 by merge.
. "$(dirname "$0")/lib.bash"

need_sqlite3
q() { sqlite3 "$1" "$2"; }
# results R DB: the results rows of the plane boards under rules R, in key order
results() { sqlite3 "$2" "SELECT * FROM results WHERE kind = 'board' AND rules = '$1' ORDER BY edges, code"; }

A=$WORK/a.db
# the rule sets: rules key and the options that give them (up to 6 edges
# for the four named variants, 5 for the others)
SETS="standard:6:--rules=standard misere:6:--rules=misere draw:6:--rules=draw score:6:--rules=score any-cycle:6:--rules=any-cycle score+extra-turn:5:--rules=score,--extra-turn players=3:5:--players=3"
for set in $SETS; do
  key=${set%%:*}
  rest=${set#*:}
  hi=${rest%%:*}
  opts=${rest#*:}
  run census run --edges 1..$hi --db "$A" --quiet ${opts//,/ }
  [ "$RC" = 0 ] && ok "run $key" || bad "run $key" "rc=$RC err=$ERR"
done
run census run --trees --edges 1..6 --db "$A" --quiet --rules misere
[ "$RC" = 0 ] && ok "run trees misere" || bad "run trees misere" "rc=$RC err=$ERR"

# --- every row against cycles solve --rules of its stored board (a second
# method: the CLI on the board the census stored)
mkdir -p "$WORK/b"
for set in $SETS; do
  key=${set%%:*}
  rest=${set#*:}
  opts=${rest#*:}
  q "$A" "SELECT i.kind, i.code, i.board FROM results r JOIN invariants i USING (kind, edges, code) WHERE r.rules = '$key'
          ORDER BY r.kind, r.edges, r.code" |
    while IFS='|' read -r kind code board; do
      printf '%s\n' "$board" >"$WORK/b/board.json"
      printf '%s\t%s\t%s\t' "$kind" "$key" "$code"
      timeout 30 "$BIN" solve "$WORK/b/board.json" ${opts//,/ } --json --quiet | tr -d '\n'
      printf '\n'
    done
done >"$WORK/solved.tsv"
q "$A" "SELECT kind, rules, code, outcome, winner, value, grundy, forced FROM results" | tr '|' '\t' >"$WORK/rows.tsv"
got=$(python3 - "$WORK/solved.tsv" "$WORK/rows.tsv" <<'EOF'
import json, sys
rows = {}
for line in open(sys.argv[2]):
    kind, rules, code, outcome, winner, value, grundy, forced = line.rstrip("\n").split("\t")
    rows[(kind, rules, code)] = (outcome or None, int(winner), int(value), int(grundy) if grundy else None,
                           int(forced) if forced else None)
bad, seen = [], 0
for line in open(sys.argv[1]):
    kind, rules, code, text = line.rstrip("\n").split("\t", 3)
    j = json.loads(text)
    outcome, winner, value, grundy, forced = rows[(kind, rules, code)]
    want_winner = j["winner"] if j["winner"] is not None else 0
    checks = [winner == want_winner]
    if rules.startswith("players="):
        checks.append(outcome is None)
        checks.append(forced == sum(1 << i for i, f in enumerate(j["can_force_win"]) if f))
    else:
        checks.append(outcome == j["outcome"])
    if rules == "misere":
        checks.append(grundy == j["grundy"] == value)
    if rules.startswith("score"):
        checks.append(value == j["score_difference"])
    seen += 1
    if not all(checks):
        bad.append(f"{kind} {rules} {code}: row {rows[(kind, rules, code)]} solve {text[:200]}")
print(f"{seen} {len(bad)}")
for b in bad[:5]:
    print(b)
EOF
)
total=$(q "$A" "SELECT count(*) FROM results")
[ "${got%%$'\n'*}" = "$total 0" ] && ok "rows equal cycles solve --rules" || bad "rows equal cycles solve --rules" "$got (of $total)"

# --- by hand (tests/test_variants.c has the reasoning for the triangle and
# the square).  The path of 2 edges: both edges end at an ordinary degree-1
# vertex, so neither can be marked and player 1 has no move: standard and
# any-cycle P, misere N (no move is the misere win: a finished game has the
# nim-value 1), draw and score D (no cycle cell; no points).  The path of 3
# edges: only the middle edge can be marked, once, ending the game with no
# cell: standard N (player 1 moves last), misere P (value 0), draw D.  The
# triangle: every game is three moves and player 1 completes the cell:
# misere P (0), draw N, score +1, 3 players: player 3 (forced only by 3).
# The square: player 2 completes the cell or makes the last move: misere
# N, draw P, score -1, 3 players: player 2 (forced only by 2).
hand() { # NAME WHERE RULES COLUMNS WANT
  local got
  got=$(q "$A" "SELECT $4 FROM results r JOIN invariants i USING (kind, edges, code) WHERE r.rules = '$3' AND i.kind = 'board' AND $2")
  [ "$got" = "$5" ] && ok "$1" || bad "$1" "got '$got' want '$5'"
}
P2="i.edges = 2"
P3="i.edges = 3 AND i.tree AND i.max_degree = 2"
TRI="i.edges = 3 AND i.cells = 1"
SQ="i.edges = 4 AND i.cells = 1 AND i.cell_sizes = '4'"
hand "path 2 standard" "$P2" standard "outcome, winner" "P|2"
hand "path 2 any-cycle" "$P2" any-cycle "outcome, winner" "P|2"
hand "path 2 misere" "$P2" misere "outcome, winner, grundy" "N|1|1"
hand "path 2 draw" "$P2" draw "outcome, winner" "D|0"
hand "path 2 score" "$P2" score "outcome, value" "D|0"
hand "path 3 standard" "$P3" standard "outcome, winner" "N|1"
hand "path 3 misere" "$P3" misere "outcome, winner, grundy" "P|2|0"
hand "path 3 draw" "$P3" draw "outcome, winner" "D|0"
hand "triangle misere" "$TRI" misere "outcome, winner, grundy" "P|2|0"
hand "triangle draw" "$TRI" draw "outcome, winner" "N|1"
hand "triangle score" "$TRI" score "outcome, value" "N|1"
hand "triangle score extra turn" "$TRI" score+extra-turn "outcome, value" "N|1"
hand "triangle any-cycle" "$TRI" any-cycle "outcome, winner" "N|1"
hand "triangle 3 players" "$TRI" players=3 "winner, forced, outcome IS NULL" "3|4|1"
hand "square misere" "$SQ" misere "outcome, winner" "N|1"
hand "square draw" "$SQ" draw "outcome, winner" "P|2"
hand "square score" "$SQ" score "outcome, value" "P|-1"
hand "square 3 players" "$SQ" players=3 "winner, forced" "2|2"
# a win under draw rules is a win under the standard rules (tests/test_variants.c)
got=$(q "$A" "SELECT count(*) FROM results d JOIN results s USING (kind, edges, code) WHERE d.rules = 'draw' AND s.rules = 'standard' AND d.outcome <> 'D' AND d.winner <> s.winner")
[ "$got" = 0 ] && ok "draw wins are standard wins" || bad "draw wins are standard wins" "$got boards"

# --- the same boards under every rule set: counts per edge count
want=$(q "$A" "SELECT group_concat(n, ' ') FROM (SELECT count(*) AS n FROM results WHERE kind = 'board' AND rules = 'standard' GROUP BY edges ORDER BY edges)")
[ "$want" = "1 1 3 6 19 70" ] && ok "standard counts" || bad "standard counts" "$want"
for key in misere draw score any-cycle; do
  got=$(q "$A" "SELECT group_concat(n, ' ') FROM (SELECT count(*) AS n FROM results WHERE kind = 'board' AND rules = '$key' GROUP BY edges ORDER BY edges)")
  [ "$got" = "$want" ] && ok "counts $key" || bad "counts $key" "$got"
done
got=$(q "$A" "SELECT count(*) FROM results r WHERE NOT EXISTS (SELECT 1 FROM results s WHERE s.rules = 'standard' AND s.kind = r.kind AND s.edges = r.edges AND s.code = r.code) AND r.kind = 'board'")
[ "$got" = 0 ] && ok "variant boards are the standard boards" || bad "variant boards are the standard boards" "$got others"
got=$(q "$A" "SELECT group_concat(n, ' ') FROM (SELECT count(*) AS n FROM results WHERE kind = 'tree' AND rules = 'misere' GROUP BY edges ORDER BY edges)")
[ "$got" = "1 1 2 3 6 11" ] && ok "tree counts misere" || bad "tree counts misere" "$got"

# --- summary --rules: the counts of the rows, N + D + P = boards
run census query summary --db "$A" --rules misere --json
got=$(printf '%s' "$OUT" | python3 -c 'import json,sys; s=json.load(sys.stdin)["summary"]; print(" ".join(str(r["boards"]) for r in s if r["kind"]=="board"), all(r["N"]+r["D"]+r["P"]==r["boards"] and r["rules"]=="misere" and r["exhaustive"] for r in s), sum(sum(r["values"].values()) for r in s))')
[ "$RC" = 0 ] && [ "$got" = "1 1 3 6 19 70 True $(q "$A" "SELECT count(*) FROM results WHERE rules = 'misere'")" ] && ok "summary --rules misere" || bad "summary --rules misere" "rc=$RC $got"
run census query summary --db "$A" --rules draw
[ "$RC" = 0 ] && printf '%s\n' "$OUT" | grep -q '^| board | 6 | 70 | ' && ok "summary --rules draw" || bad "summary --rules draw" "$OUT"
run census query summary --db "$A" --players 3 --json
[ "$RC" = 0 ] && printf '%s' "$OUT" | grep -q '"winners"' && ok "summary --players 3" || bad "summary --players 3" "$OUT"
expect_error "other queries are standard" "standard rules only" census query parity-breakers --db "$A" --rules misere
expect_refusal "unknown rules" 2 "--rules is standard" census run --edges 1..2 --db "$WORK/x.db" --rules nonsense
expect_refusal "extra turn without score" 2 "extra-turn" census run --edges 1..2 --db "$WORK/x.db" --extra-turn

# --- the report: a section per variant
mkdir -p "$WORK/r" "$WORK/old"
run census report --db "$A" -o "$WORK/r/census.md"
[ "$RC" = 0 ] && grep -q '^### misere rules' "$WORK/r/census.md" && grep -q '^#### trees under misere rules' "$WORK/r/census.md" &&
  grep -q '^#### boards under players=3 rules' "$WORK/r/census.md" && grep -q 'Exhaustive\*\* for boards of 1 to 6 edges' "$WORK/r/census.md" &&
  ok "report" || bad "report" "rc=$RC $ERR"

# --- parts merged, --resume: the rows of one process, per rules
for p in 0 1 2; do
  run census run --edges 1..6 --db "$WORK/p$p.db" --part $p/3 --rules misere --quiet
done
run census run --edges 1..5 --db "$WORK/p3.db" --rules draw --quiet
run census merge "$WORK/p0.db" "$WORK/p1.db" "$WORK/p2.db" "$WORK/p3.db" -o "$WORK/m.db"
[ "$RC" = 0 ] && [ "$(results misere "$WORK/m.db")" = "$(results misere "$A")" ] && ok "merged parts equal one process" || bad "merged parts equal one process" "rc=$RC $ERR"
[ "$(q "$WORK/m.db" "SELECT count(*) FROM results WHERE rules = 'draw'")" = 30 ] && ok "merge keeps each rules" || bad "merge keeps each rules" ""
expect_error "merge: a part missing" "part 2/3 .*misere.* is missing" census merge "$WORK/p0.db" "$WORK/p1.db" -o "$WORK/m2.db"
expect_error "merge: a part double" "misere.* in an earlier database" census merge "$WORK/p0.db" "$WORK/p0.db" -o "$WORK/m3.db"
run census run --edges 1..4 --db "$WORK/r.db" --rules misere --quiet
expect_error "run refuses a unit it has" "misere rules.*already" census run --edges 1..6 --db "$WORK/r.db" --rules misere --quiet
run census run --edges 1..6 --db "$WORK/r.db" --rules misere --quiet --resume
[ "$RC" = 0 ] && [ "$(results misere "$WORK/r.db")" = "$(results misere "$A")" ] && ok "resume per rules" || bad "resume per rules" "rc=$RC $ERR"
run census run --edges 1..6 --db "$WORK/r.db" --rules draw --quiet
[ "$RC" = 0 ] && [ "$(results draw "$WORK/r.db")" = "$(results draw "$A")" ] && ok "another rules into the same database" || bad "another rules into the same database" "rc=$RC $ERR"

# --- a schema-2 database, as cycles before --rules wrote them: its tables
# written out here (not the program's text), its rows those of the standard
# census above
OLD=$WORK/old.db
sqlite3 "$OLD" "ATTACH '$A' AS n;
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO meta VALUES ('schema', '2'), ('program', 'cycles 0.9');
CREATE TABLE units (kind TEXT NOT NULL, edges INTEGER NOT NULL, part INTEGER NOT NULL, parts INTEGER NOT NULL,
  done INTEGER NOT NULL, finished INTEGER NOT NULL, seconds REAL NOT NULL, cpu_seconds REAL NOT NULL,
  PRIMARY KEY (kind, edges, part, parts)) WITHOUT ROWID;
CREATE TABLE boards (kind TEXT NOT NULL, edges INTEGER NOT NULL, code TEXT NOT NULL, graph6 TEXT NOT NULL,
  vertices INTEGER NOT NULL, cells INTEGER NOT NULL, cell_sizes TEXT NOT NULL, min_degree INTEGER NOT NULL,
  max_degree INTEGER NOT NULL, leaves INTEGER NOT NULL, inner_edges INTEGER NOT NULL, outer_vertices INTEGER NOT NULL,
  biconnected INTEGER NOT NULL, triangle_free INTEGER NOT NULL, bipartite INTEGER NOT NULL, tree INTEGER NOT NULL,
  outerplanar INTEGER NOT NULL, automorphisms INTEGER NOT NULL, involutions INTEGER NOT NULL,
  thm6_involutions INTEGER NOT NULL, thm6_winner INTEGER NOT NULL, status TEXT NOT NULL, winner INTEGER,
  grundy INTEGER, parity_breaker INTEGER, moves INTEGER, board TEXT NOT NULL,
  PRIMARY KEY (kind, edges, code)) WITHOUT ROWID;
CREATE INDEX boards_graph6 ON boards (kind, graph6);
CREATE TABLE solve_times (kind TEXT NOT NULL, edges INTEGER NOT NULL, code TEXT NOT NULL, seconds REAL NOT NULL,
  positions INTEGER NOT NULL, PRIMARY KEY (kind, edges, code)) WITHOUT ROWID;
INSERT INTO units SELECT kind, edges, part, parts, done, finished, seconds, cpu_seconds FROM n.units WHERE rules = 'standard';
INSERT INTO boards SELECT kind, edges, code, graph6, vertices, cells, cell_sizes, min_degree, max_degree, leaves,
  inner_edges, outer_vertices, biconnected, triangle_free, bipartite, tree, outerplanar, automorphisms, involutions,
  thm6_involutions, thm6_winner, status, winner, grundy, parity_breaker, moves, board FROM n.boards;
INSERT INTO solve_times SELECT kind, edges, code, seconds, positions FROM n.solve_times WHERE rules = 'standard';"
for query in summary grundy-max parity-breakers drawing-matters two-cells; do
  run census query $query --db "$A" --json
  new=$OUT
  run census query $query --db "$OLD" --json
  [ "$RC" = 0 ] && [ "$OUT" = "$new" ] && ok "schema 2: $query" || bad "schema 2: $query" "rc=$RC $ERR"
done
run census query summary --db "$OLD" --rules misere --json
[ "$RC" = 0 ] && [ "$(printf '%s' "$OUT" | tr -d ' \n')" = '{"summary":[]}' ] && ok "schema 2: no variant rows" || bad "schema 2: no variant rows" "rc=$RC $OUT $ERR"
run census report --db "$OLD" -o "$WORK/old/census.md"
[ "$RC" = 0 ] && grep -q 'Exhaustive\|Proved by exhaustion' "$WORK/old/census.md" && ok "schema 2: report" || bad "schema 2: report" "rc=$RC $ERR"
expect_error "schema 2: read only" "schema 2.*census merge" census run --edges 7..7 --db "$OLD" --quiet
run census merge "$OLD" -o "$WORK/new.db"
[ "$RC" = 0 ] && [ "$(results standard "$WORK/new.db")" = "$(results standard "$A")" ] &&
  [ "$(q "$WORK/new.db" "SELECT value FROM meta WHERE key = 'schema'")" = 3 ] && ok "schema 2 copied into 3" || bad "schema 2 copied into 3" "rc=$RC $ERR"
run census run --edges 1..6 --db "$WORK/new.db" --rules misere --quiet
[ "$RC" = 0 ] && [ "$(results misere "$WORK/new.db")" = "$(results misere "$A")" ] && ok "variant rows beside copied ones" || bad "variant rows beside copied ones" "rc=$RC $ERR"

# --- cycles-census-mpi --rules with two ranks: the rows of one process
MPI_BIN=$(dirname "$BIN")/cycles-census-mpi
if [ -x "$MPI_BIN" ] && command -v mpirun >/dev/null; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_plm_rsh_agent=
  export ASAN_OPTIONS=detect_leaks=0
  timeout 120 mpirun -n 2 --oversubscribe "$MPI_BIN" --edges 1..6 --db "$WORK/mpi.db" --parts 4 --rules misere --quiet >"$WORK/mpi.out" 2>&1
  rc=$?
  [ "$rc" = 0 ] && [ "$(results misere "$WORK/mpi.db")" = "$(results misere "$A")" ] && ok "mpi --rules equals one process" || bad "mpi --rules equals one process" "rc=$rc $(tail -3 "$WORK/mpi.out")"
  timeout 120 mpirun -n 2 --oversubscribe "$MPI_BIN" --edges 1..5 --db "$WORK/mpi.db" --parts 2 --players 3 --quiet >"$WORK/mpi.out" 2>&1
  rc=$?
  [ "$rc" = 0 ] && [ "$(results players=3 "$WORK/mpi.db")" = "$(results players=3 "$A")" ] && ok "mpi --players equals one process" || bad "mpi --players equals one process" "rc=$rc $(tail -3 "$WORK/mpi.out")"
else
  echo "SKIP: cycles-census-mpi or mpirun not found: the MPI run is not tested"
fi
finish
