# Command-line tests of `cycles census` (and cycles-census-mpi when MPI is
# there): counts against hand counts and published sequences, parts merged
# and the MPI run equal to one process row for row, a run killed and resumed,
# invariants cross-checked through the database, the errors.
. "$(dirname "$0")/lib.bash"

need_sqlite3
rows() { sqlite3 "$1" "SELECT * FROM boards ORDER BY kind, edges, code"; }
q() { sqlite3 "$1" "$2"; }
# expect_usage NAME ARGS...: exit status 2, nothing on stdout, one line on stderr
expect_usage() {
  local name=$1
  shift
  run "$@"
  if [ "$RC" = 2 ] && [ -z "$OUT" ] && [ "$(printf '%s\n' "$ERR" | wc -l)" = 1 ] && [ "${ERR#cycles: }" != "$ERR" ]; then
    ok "$name"
  else
    bad "$name" "rc=$RC out=$OUT err=$ERR"
  fi
}

A=$WORK/a.db
run census run --edges 1..6 --db "$A" --quiet
[ "$RC" = 0 ] && ok "run" || bad "run" "rc=$RC err=$ERR"
# by hand (issue 11): 1 board with 1 edge, 1 with 2, 3 with 3, 6 with 4
got=$(q "$A" "SELECT group_concat(n, ' ') FROM (SELECT count(*) AS n FROM boards WHERE kind = 'board' AND edges <= 4 GROUP BY edges ORDER BY edges)")
[ "$got" = "1 1 3 6" ] && ok "hand counts" || bad "hand counts" "got $got"
# the flags agree with the rows they are made of
got=$(q "$A" "SELECT count(*) FROM boards WHERE parity_breaker <> (winner <> CASE WHEN edges % 2 = 1 THEN 1 ELSE 2 END) OR (grundy = 0) <> (winner = 2)")
[ "$got" = 0 ] && ok "parity flag" || bad "parity flag" "$got rows disagree"
# outerplanar (computed from the graph alone) exactly when some board of the
# graph has every vertex on its outer face (from the embeddings)
got=$(q "$A" "SELECT count(*) FROM (SELECT graph6, min(outerplanar) AS a, max(outerplanar) AS b, max(outer_vertices = vertices) AS w FROM boards WHERE kind = 'board' GROUP BY graph6) WHERE a <> b OR a <> w")
[ "$got" = 0 ] && ok "outerplanar by embeddings" || bad "outerplanar by embeddings" "$got graphs disagree"
# a tree is a graph with one face only
got=$(q "$A" "SELECT count(*) FROM boards WHERE kind = 'board' AND tree <> (cells = 0)")
[ "$got" = 0 ] && ok "trees have no cells" || bad "trees have no cells" "$got"

# trees with special leaves: the free trees of e+1 vertices (OEIS A000055: 1, 1, 2, 3, 6, 11)
run census run --trees --edges 1..6 --db "$A" --quiet
got=$(q "$A" "SELECT group_concat(n, ' ') FROM (SELECT count(*) AS n FROM boards WHERE kind = 'tree' GROUP BY edges ORDER BY edges)")
[ "$got" = "1 1 2 3 6 11" ] && ok "tree counts" || bad "tree counts" "got $got (rc=$RC $ERR)"

# queries: JSON keys of summary, and a listed board that cycles solve reads
run census query summary --db "$A" --json
for key in edges boards N P grundy parity_breakers triangle_free_parity_breakers; do
  printf '%s' "$OUT" | grep -q "\"$key\":" && ok "summary key $key" || bad "summary key $key" "missing"
done
for name in grundy-max parity-breakers drawing-matters two-cells trees timeouts; do
  expect_out "query $name" '' census query "$name" --db "$A"
  expect_out "query $name --json" '^\{' census query "$name" --db "$A" --json
done
# the answers of the queries against SQL written here on the rows (the
# boards view), a second way to the same numbers: each query's JSON reduced
# by python to lines, each line's numbers counted by sqlite3 separately
PY=/usr/bin/python3
# jq_lines NAME PROGRAM: `census query NAME --db $A --json --limit 100000`
# read by the python PROGRAM (the JSON is in d), printing lines.
jq_lines() {
  "$BIN" census query "$1" --db "$A" --json --limit 100000 2>"$WORK/qerr" >"$WORK/q.json" || { echo "query failed: $(cat "$WORK/qerr")"; return; }
  $PY -c "import json, sys; d = json.load(open(sys.argv[1]))
$2" "$WORK/q.json"
}
# same_lines NAME GOT WANT: the two texts are equal (the difference otherwise).
same_lines() { check "$1" --why "query: [$(tr '\n' ';' <<<"$2")] SQL: [$(tr '\n' ';' <<<"$3")]" [ "$2" = "$3" ]; }
got=$(jq_lines summary 'for r in d["summary"]:
    print(r["kind"], r["edges"], r["boards"], r["N"], r["P"], r["parity_breakers"], r["unsolved"],
          " ".join("%s:%s" % (k, v) for k, v in sorted(r["grundy"].items(), key=lambda kv: int(kv[0]))))')
want=$(q "$A" "SELECT b.kind, b.edges, count(*),
    (SELECT count(*) FROM boards n WHERE n.kind = b.kind AND n.edges = b.edges AND n.winner = 1),
    (SELECT count(*) FROM boards p WHERE p.kind = b.kind AND p.edges = b.edges AND p.winner = 2),
    (SELECT count(*) FROM boards x WHERE x.kind = b.kind AND x.edges = b.edges
       AND x.winner <> CASE WHEN x.edges % 2 = 1 THEN 1 ELSE 2 END),
    (SELECT count(*) FROM boards u WHERE u.kind = b.kind AND u.edges = b.edges AND u.status <> 'solved'),
    (SELECT group_concat(g || ':' || n, ' ') FROM (SELECT grundy AS g, count(*) AS n FROM boards h
       WHERE h.kind = b.kind AND h.edges = b.edges AND h.status = 'solved' GROUP BY grundy ORDER BY grundy))
  FROM boards b GROUP BY b.kind, b.edges ORDER BY b.kind <> 'board', b.edges" | tr '|' ' ')
same_lines "query summary = SQL" "$got" "$want"
got=$(jq_lines grundy-max 'print(d["grundy_max"], d["boards_count"]); print("\n".join(sorted(b["code"] for b in d["boards"])))')
want=$(q "$A" "SELECT max(grundy), (SELECT count(*) FROM boards c WHERE c.kind = 'board' AND c.grundy =
  (SELECT max(grundy) FROM boards WHERE kind = 'board')) FROM boards WHERE kind = 'board'" | tr '|' ' '
  q "$A" "SELECT code FROM boards WHERE kind = 'board' AND grundy = (SELECT max(grundy) FROM boards WHERE kind = 'board')" | LC_ALL=C sort)
got=$(LC_ALL=C; printf '%s\n' "$got" | { read -r first; echo "$first"; sort; })
same_lines "query grundy-max = SQL" "$got" "$want"
got=$(jq_lines parity-breakers 'print(d["parity_breakers_count"], d["triangle_free_parity_breakers_count"])
print("\n".join(sorted(b["code"] + " " + str(b["winner"]) for b in d["parity_breakers"])))')
want=$(q "$A" "SELECT count(*), sum(triangle_free) FROM boards WHERE kind = 'board' AND edges % 2 = winner - 1" | tr '|' ' '
  q "$A" "SELECT code, winner FROM boards WHERE kind = 'board' AND edges % 2 = winner - 1" | tr '|' ' ' | LC_ALL=C sort)
got=$(printf '%s\n' "$got" | { read -r first; echo "$first"; LC_ALL=C sort; })
same_lines "query parity-breakers = SQL" "$got" "$want"
got=$(jq_lines drawing-matters 'for r in d["per_edges"]:
    print(r["edges"], r["graphs"], r["graphs_with_several_boards"], r["graphs_drawing_matters"])')
want=$(q "$A" "SELECT e.edges, (SELECT count(DISTINCT graph6) FROM boards WHERE kind = 'board' AND edges = e.edges),
    (SELECT count(DISTINCT a.graph6) FROM boards a JOIN boards b ON a.graph6 = b.graph6 AND a.code <> b.code
       WHERE a.kind = 'board' AND b.kind = 'board' AND a.edges = e.edges),
    (SELECT count(DISTINCT a.graph6) FROM boards a JOIN boards b ON a.graph6 = b.graph6 AND a.winner <> b.winner
       WHERE a.kind = 'board' AND b.kind = 'board' AND a.edges = e.edges)
  FROM (SELECT DISTINCT edges FROM boards WHERE kind = 'board') e ORDER BY e.edges" | tr '|' ' ')
same_lines "query drawing-matters = SQL" "$got" "$want"
got=$(jq_lines two-cells 'print(sum(c["boards"] for c in d["classes"]), sum(c["player_1_wins"] for c in d["classes"]),
      sum(c["player_2_wins"] for c in d["classes"]))')
want=$(q "$A" "SELECT count(*), sum(winner = 1), sum(winner = 2) FROM boards WHERE kind = 'board' AND cells = 2" | tr '|' ' ')
same_lines "query two-cells = SQL" "$got" "$want"
got=$(jq_lines trees 'for r in d["trees"]:
    print(r["edges"], r["trees"], r["N"], r["P"])')
want=$(q "$A" "SELECT edges, count(*), count(CASE winner WHEN 1 THEN 1 END), count(CASE winner WHEN 2 THEN 1 END)
  FROM boards WHERE kind = 'tree' GROUP BY edges ORDER BY edges" | tr '|' ' ')
same_lines "query trees = SQL" "$got" "$want"
got=$(jq_lines timeouts 'print(d["unsolved_count"])')
want=$(q "$A" "SELECT count(*) FROM boards WHERE kind = 'board' AND status <> 'solved'")
same_lines "query timeouts = SQL" "$got" "$want"
# (and the SQL is not empty: there are boards of each kind to count)
check "the queries compared had rows" --why "$(q "$A" "SELECT kind, count(*) FROM boards GROUP BY kind")" \
  eval '[ "$(q "$A" "SELECT count(*) FROM boards WHERE kind = '"'"'tree'"'"'")" -gt 0 ] && [ "$(q "$A" "SELECT count(*) FROM boards WHERE edges % 2 = winner - 1")" -gt 0 ]'

run census query parity-breakers --db "$A" --limit 1
printf '%s\n' "$OUT" | grep '^ *{' | head -1 >"$WORK/pb.json"
want=$(printf '%s\n' "$OUT" | grep -o 'winner [12]' | head -1)
run solve "$WORK/pb.json" --json --quiet
printf '%s' "$OUT" | grep -q "\"winner\": ${want#winner }" && ok "listed board solves" || bad "listed board solves" "want $want: $OUT"

# parts merged equal the whole, row for row; a part missing or double is refused
run census run --edges 1..6 --db "$WORK/p0.db" --part 0/2 --quiet
run census run --edges 1..6 --db "$WORK/p1.db" --part 1/2 --quiet
run census run --trees --edges 1..6 --db "$WORK/p1.db" --quiet
run census merge "$WORK/p0.db" "$WORK/p1.db" -o "$WORK/m.db"
[ "$RC" = 0 ] && [ "$(rows "$WORK/m.db")" = "$(rows "$A")" ] && ok "merge equals whole" || bad "merge equals whole" "rc=$RC $ERR"
expect_error "merge missing part" 'part 1/2 of the boards \(standard rules\) of [0-9]+ edges is missing' census merge "$WORK/p0.db" -o "$WORK/m2.db"
expect_error "merge double part" 'earlier database' census merge "$WORK/p0.db" "$WORK/p1.db" "$WORK/p0.db" -o "$WORK/m3.db"
[ ! -e "$WORK/m2.db" ] && [ ! -e "$WORK/m3.db" ] && ok "failed merge writes nothing" || bad "failed merge writes nothing" "file left"
expect_error "merge output exists" 'exists' census merge "$WORK/p0.db" "$WORK/p1.db" -o "$WORK/m.db"

# a run killed with SIGKILL goes on with --resume and ends with the same rows.
# The kill is not raced against the run (which may finish first): the test
# hook CYCLES_TEST_KILL_AFTER (src/cli/census.c) makes the run kill itself
# with SIGKILL after 300 boards, in the middle of the boards of 7 edges (there
# are 100 boards of at most 6 edges and 295 of 7: counted by hand and OEIS up
# to 4, by the run of 1..8 here), its open batch of 20 lost.
timeout 300 "$BIN" census run --edges 1..8 --db "$WORK/whole.db" --quiet
K=$WORK/killed.db
(CYCLES_TEST_KILL_AFTER=300 timeout 300 "$BIN" census run --edges 1..8 --db "$K" --batch 20 --quiet; exit $?) 2>/dev/null
rc=$?
check "killed by the hook" --why "exit status $rc, want 137 (SIGKILL)" [ "$rc" = 137 ]
done7=$(q "$K" "SELECT done FROM units WHERE edges = 7 AND NOT finished")
check "the kill left boards of 7 edges unfinished" --why "units: $(q "$K" "SELECT edges, done, finished FROM units")" \
  eval '[ -n "$done7" ] && [ "$done7" -lt 295 ] && [ "$(q "$K" "SELECT count(*) FROM units WHERE edges = 8")" = 0 ]'
check "the kill lost the open batch" --why "$(q "$K" "SELECT count(*) FROM boards") rows" \
  eval '[ "$(q "$K" "SELECT count(*) FROM boards")" -lt 300 ] && [ "$(q "$K" "SELECT count(*) FROM boards WHERE edges = 7")" = "$done7" ]'
expect_error "no resume, refused" 'resume' census run --edges 1..8 --db "$K"
timeout 300 "$BIN" census run --edges 1..8 --db "$K" --resume --quiet
check "resume after kill ($done7 boards of 7 edges done at the kill)" --why "rows differ" \
  eval '[ "$(rows "$K")" = "$(rows "$WORK/whole.db")" ] && [ "$(q "$K" "SELECT count(*) FROM units WHERE NOT finished")" = 0 ]'

# the report: markdown, charts and pictures
run census report --db "$A" -o "$WORK/census.md"
[ "$RC" = 0 ] && grep -q '^## 1\. Which boards break parity' "$WORK/census.md" && [ -s "$WORK/census/counts.svg" ] &&
  [ -s "$WORK/census/parity-smallest.svg" ] && ok "report" || bad "report" "rc=$RC $ERR"
# -o goes through the common writer (as every command's -o): a symbolic
# link stays a link to the file it names, which gets the report; a file
# replaced keeps its mode; a picture that cannot be written (its directory
# is a file) is refused, naming it, and the report is not written
mkdir -p "$WORK/o"
printf 'old\n' >"$WORK/o/real.md"
chmod 600 "$WORK/o/real.md"
ln -s real.md "$WORK/o/link.md"
run census report --db "$A" -o "$WORK/o/link.md"
check "report -o through a symbolic link" --why "rc=$RC $ERR; $(ls -l "$WORK/o")" \
  eval '[ "$RC" = 0 ] && [ -L "$WORK/o/link.md" ] && grep -q "^## 1\. Which boards break parity" "$WORK/o/real.md" && [ -s "$WORK/o/link/counts.svg" ]'
check "report -o keeps the mode" --why "$(stat -c %a "$WORK/o/real.md")" [ "$(stat -c %a "$WORK/o/real.md")" = 600 ]
printf 'x\n' >"$WORK/o/flat"
expect_error "report: pictures' directory is a file" 'o/flat/[a-z0-9-]*\.svg: Not a directory' census report --db "$A" -o "$WORK/o/flat.md"
check "report: nothing written when refused" [ ! -e "$WORK/o/flat.md" ]

# errors: usage (exit 2) and files (exit 1), one line each
expect_usage "no --db" census run --edges 1..3
expect_usage "bad --edges" census run --edges 3..1 --db "$WORK/x.db"
expect_usage "bad --part" census run --edges 1..3 --part 2/2 --db "$WORK/x.db"
expect_usage "unknown query" census query 'nope$(x)' --db "$A"
expect_usage "unknown option" census query summary --db "$A" --frob
expect_usage "no subcommand" census
# -h and --help after a subcommand: that subcommand's usage on stdout, exit 0
for sub in run merge query report; do
  expect_out "census $sub --help" "^usage: cycles census $sub " census $sub --help
  expect_out "census $sub -h" "^usage: cycles census $sub " census $sub --db x.db -h
done
printf 'not a database\n' >"$WORK/junk.db"
expect_error "not a database" 'junk.db' census query summary --db "$WORK/junk.db"
expect_error "no such database" 'no such file' census query summary --db "$WORK/none.db"
expect_error "split otherwise" 'split' census run --edges 1..6 --db "$WORK/p0.db" --part 0/3

# cycles-census-mpi with two ranks: the rows of one process
MPI_BIN=$(dirname "$BIN")/cycles-census-mpi
if [ -x "$MPI_BIN" ] && command -v mpirun >/dev/null; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_plm_rsh_agent=
  export ASAN_OPTIONS=detect_leaks=0
  timeout 120 mpirun -n 2 --oversubscribe "$MPI_BIN" --edges 1..6 --db "$WORK/mpi.db" --parts 5 --quiet >"$WORK/mpi.out" 2>&1
  rc=$?
  # (trees in one part each: nauty-gentreeg's res/mod repeats the smallest trees in every part)
  timeout 120 mpirun -n 2 --oversubscribe "$MPI_BIN" --trees --edges 1..6 --db "$WORK/mpi.db" --parts 1 --quiet >>"$WORK/mpi.out" 2>&1
  [ "$rc" = 0 ] && [ "$(rows "$WORK/mpi.db")" = "$(rows "$A")" ] && ok "mpi equals one process" || bad "mpi equals one process" "rc=$rc $(tail -3 "$WORK/mpi.out")"
  timeout 120 mpirun -n 2 --oversubscribe "$MPI_BIN" --edges 1..6 --db "$WORK/mpi.db" --parts 5 --quiet >"$WORK/mpi.out" 2>&1
  [ $? = 1 ] && grep -q 'resume' "$WORK/mpi.out" && ok "mpi refuses a second run" || bad "mpi refuses a second run" "$(cat "$WORK/mpi.out")"
  timeout 60 mpirun -n 2 --oversubscribe "$MPI_BIN" --help >"$WORK/mpi.out" 2>&1
  [ $? = 0 ] && grep -q '^usage: cycles-census-mpi' "$WORK/mpi.out" && ok "mpi --help" || bad "mpi --help" "$(cat "$WORK/mpi.out")"
else
  echo "SKIP: cycles-census-mpi or mpirun not found: the MPI run is not tested"
fi
# the small edges of the command line: a query named by nobody lists the
# queries (every one the program knows, from its own error message), as
# does `cycles help census`; --limit N says it listed N; the trees query of
# a database without trees says how to make them; singulars
S=$WORK/small.db
"$BIN" census run --edges 1..3 --db "$S" 2>"$WORK/run.err"
grep -q '^census: boards of 1 edge, standard rules, part 0/1: 1 board, ' "$WORK/run.err" && ok "singulars" ||
  bad "singulars" "$(cat "$WORK/run.err")"
names=$("$BIN" census query nosuch --db "$S" 2>&1 | sed -n 's/.*(the queries: \(.*\)).*/\1/p' | tr -d ,)
run census query --db "$S"
lst=$OUT
"$BIN" help census >"$WORK/help.out" 2>&1
n=0
for q in $names; do
  printf '%s\n' "$lst" | grep -q "^  $q  " && grep -q "^  $q  " "$WORK/help.out" && n=$((n + 1))
done
[ "$RC" = 0 ] && [ "$n" -ge 7 ] && [ "$n" = "$(echo $names | wc -w)" ] && ok "queries listed" ||
  bad "queries listed" "$n of '$names': $lst"
run census query grundy-max --db "$S" --limit 1
printf '%s\n' "$OUT" | grep -q '(the first 1 listed; --limit N lists N, --limit 0 all)' && ok "limit said" ||
  bad "limit said" "$OUT"
run census query trees --db "$S"
printf '%s\n' "$OUT" | grep -q 'holds no trees: cycles census run --trees' && ok "no trees hint" || bad "no trees hint" "$OUT"
run census query trees --db "$A"
! printf '%s\n' "$OUT" | grep -q 'holds no trees' && ok "no hint with trees" || bad "no hint with trees" "$OUT"
finish
