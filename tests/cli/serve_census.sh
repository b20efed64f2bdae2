# Command-line tests of the census explorer, `cycles serve --census FILE`:
# a small census is made here, and GET /api/census is compared with SQL
# written separately below and run by the sqlite3 command (totals, rows,
# boards, pages), every bad parameter is a 400 naming it, and a file that is
# no census is refused at start.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/serve.bash"
need_sqlite3

serve_setup
DB=$WORK/census.db
run census run --edges 1..7 --db "$DB" --quiet
[ "$RC" = 0 ] || bad "census" "census run: $ERR"
run census run --edges 1..5 --rules misere --db "$DB" --quiet
[ "$RC" = 0 ] || bad "census misere" "$ERR"
run census run --trees --edges 1..6 --db "$DB" --quiet
[ "$RC" = 0 ] || bad "census trees" "$ERR"
# half the boards of 6 edges under the draw rules: an edge count whose
# boards have not all a result under its rules
run census run --edges 6..6 --part 0/2 --rules draw --db "$DB" --quiet
[ "$RC" = 0 ] || bad "census draw" "$ERR"

start_server "$WORK/log" --census "$DB"
[ -n "$PORT" ] || { bad start "the server did not start: $(cat "$WORK/log")"; finish; exit 1; }
URL=http://127.0.0.1:$PORT

PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3

# rows_of FILE: the rows of an /api/census answer, a line each: edges, code,
# vertices, cells, winner, grundy, leaves, triangle_free (0/1), parity_breaker
# (0/1, or empty when null), then "ok" when the row's board is the board
# column's JSON, its drawing has a point per vertex and a pair per edge, and
# parity_breaker says whether the winner is not "player 1 exactly when the
# edges are odd".
rows_of() {
  "$PY" - "$1" <<'EOF'
import json, sys
a = json.load(open(sys.argv[1]))
for r in a["rows"]:
    b = r["board"]
    d = r["drawing"]
    # the board's own sizes: vertices listed, cells listed
    ok = len(b["vertices"]) == r["vertices"] and len(b["cells"]) == r["cells"]
    ok = ok and d is not None and len(d["xy"]) == 2 * r["vertices"] and len(d["edges"]) == 2 * r["edges"]
    if r["rules"] == "standard" and r["winner"] in (1, 2):
        ok = ok and r["parity_breaker"] == (r["winner"] != (1 if r["edges"] % 2 else 2))
    pb = "" if r["parity_breaker"] is None else int(r["parity_breaker"])
    print("|".join("" if x is None else str(x) for x in (r["edges"], r["code"], r["vertices"], r["cells"], r["winner"], r["grundy"],
                                    r["leaves"], int(r["triangle_free"]), pb, "ok" if ok else "BAD")))
EOF
}

# sql_rows KIND RULES WHERE: the same lines from the database, by SQL, in
# the order the API promises: by edges and code, but with filters on the
# invariants alone by edges, triangle_free, leaves and code.
sql_rows() {
  local order="r.edges, r.code"
  case "$3" in
    *r.grundy* | *r.winner* | *r.parity*) ;;
    *i.*) order="r.edges, i.triangle_free, i.leaves, r.code" ;;
  esac
  sqlite3 "$DB" "SELECT r.edges, r.code, i.vertices, i.cells, r.winner, r.grundy, i.leaves, i.triangle_free,
    r.parity_breaker, 'ok' FROM results AS r, invariants AS i
    WHERE i.kind = r.kind AND i.edges = r.edges AND i.code = r.code AND r.kind = '$1' AND r.rules = '$2' $3
    ORDER BY $order"
}

# same NAME QUERY KIND RULES WHERE: the API's total and rows for QUERY (all
# of them: limit=200) equal the SQL's, and the boards are the database's.
same() {
  local name=$1 query=$2 kind=$3 rules=$4 cond=$5
  local status
  status=$(curl -s --max-time 60 -o "$WORK/a.json" -w '%{http_code}' "$URL/api/census?$query&limit=200")
  [ "$status" = 200 ] || { bad "$name" "status $status: $(cat "$WORK/a.json")"; return; }
  rows_of "$WORK/a.json" >"$WORK/got" || { bad "$name" "unreadable answer"; return; }
  sql_rows "$kind" "$rules" "$cond" >"$WORK/want"
  local total want_n
  total=$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["total"])' "$WORK/a.json")
  want_n=$(wc -l <"$WORK/want")
  if [ "$total" != "$want_n" ]; then bad "$name" "total $total, SQL counts $want_n"; return; fi
  if [ "$want_n" -gt 200 ]; then head -200 "$WORK/want" >"$WORK/want200"; mv "$WORK/want200" "$WORK/want"; fi
  if ! cmp -s "$WORK/got" "$WORK/want"; then bad "$name" "rows differ: $(diff "$WORK/got" "$WORK/want" | head -5)"; return; fi
  # the boards themselves: each row's board is the database's JSON
  local boards
  boards=$("$PY" - "$WORK/a.json" "$DB" <<'EOF'
import json, sqlite3, sys
a = json.load(open(sys.argv[1]))
db = sqlite3.connect(sys.argv[2])
bad = 0
for r in a["rows"]:
    (text,) = db.execute("SELECT board FROM invariants WHERE kind = ? AND edges = ? AND code = ?",
                         (r["kind"], r["edges"], r["code"])).fetchone()
    bad += json.loads(text) != r["board"]
print(bad)
EOF
)
  [ "$boards" = 0 ] || { bad "$name" "$boards boards differ from the database's"; return; }
  ok "$name"
}

same "everything" "" board standard ""
same "edges" "edges=6" board standard "AND r.edges = 6"
same "grundy" "grundy=1" board standard "AND r.grundy = 1"
same "edges and grundy" "edges=7&grundy=3" board standard "AND r.edges = 7 AND r.grundy = 3"
same "winner" "winner=2&edges=7" board standard "AND r.winner = 2 AND r.edges = 7"
same "parity breakers" "parity_breaker=1" board standard "AND r.parity_breaker = 1"
same "not parity breakers" "parity_breaker=0&edges=6" board standard "AND r.parity_breaker = 0 AND r.edges = 6"
same "triangle-free" "triangle_free=1" board standard "AND i.triangle_free = 1"
same "triangle-free breakers" "triangle_free=1&parity_breaker=1&edges=7" board standard \
  "AND i.triangle_free = 1 AND r.parity_breaker = 1 AND r.edges = 7"
same "no leaves" "leaves=0" board standard "AND i.leaves = 0"
same "leaves" "leaves=1&edges=5" board standard "AND i.leaves > 0 AND r.edges = 5"
same "leaves and grundy" "leaves=1&grundy=2" board standard "AND i.leaves > 0 AND r.grundy = 2"
same "nothing" "edges=7&grundy=99" board standard "AND r.edges = 7 AND r.grundy = 99"
same "misere" "rules=misere" board misere ""
same "misere winner" "rules=misere&winner=1&edges=5" board misere "AND r.winner = 1 AND r.edges = 5"
same "misere parity breakers" "rules=misere&parity_breaker=1&edges=5" board misere \
  "AND r.parity_breaker = 1 AND r.edges = 5"
same "draw parity breakers" "rules=draw&parity_breaker=0&edges=6" board draw "AND r.parity_breaker = 0 AND r.edges = 6"
same "breakers and a winner" "parity_breaker=1&winner=1&edges=6" board standard \
  "AND r.parity_breaker = 1 AND r.winner = 1 AND r.edges = 6"
same "part of a rule set" "rules=draw&leaves=1" board draw "AND i.leaves > 0"
same "part of a rule set, triangle-free" "rules=draw&edges=6&triangle_free=0" board draw \
  "AND r.edges = 6 AND i.triangle_free = 0"
same "trees" "kind=tree" tree standard ""
same "trees of 5 edges" "kind=tree&edges=5&leaves=1" tree standard "AND r.edges = 5 AND i.leaves > 0"

# pages: limit and offset walk the same list as one page, without gaps or
# repeats, and the total stays
pages() {
  local name=$1 query=$2 step=$3 off=0 total=1
  : >"$WORK/paged"
  while [ "$off" -lt "$total" ]; do
    curl -s --max-time 60 -o "$WORK/p.json" "$URL/api/census?$query&limit=$step&offset=$off"
    rows_of "$WORK/p.json" >>"$WORK/paged"
    total=$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["total"])' "$WORK/p.json")
    off=$((off + step))
  done
  curl -s --max-time 60 -o "$WORK/all.json" "$URL/api/census?$query&limit=200"
  rows_of "$WORK/all.json" >"$WORK/whole"
  [ "$total" -le 200 ] || { bad "$name" "the test's filter matches $total boards, more than a page of 200"; return; }
  if [ "$(wc -l <"$WORK/paged")" = "$total" ] && cmp -s "$WORK/paged" "$WORK/whole"; then ok "$name"
  else bad "$name" "pages of $step differ from the whole list ($(wc -l <"$WORK/paged") rows, total $total)"; fi
}
pages "pages of 7" "edges=6" 7
pages "pages of 1" "grundy=2&edges=6" 1
pages "pages with a filter on invariants" "triangle_free=1&edges=7" 13

# past the end: no rows, the total still
curl -s -o "$WORK/p.json" "$URL/api/census?edges=3&offset=50"
got=$("$PY" -c 'import json,sys; a=json.load(open(sys.argv[1])); print(a["total"], len(a["rows"]), a["offset"])' "$WORK/p.json")
want=$(sqlite3 "$DB" "SELECT count(*) FROM results WHERE kind = 'board' AND rules = 'standard' AND edges = 3")
[ "$got" = "$want 0 50" ] && ok "past the end" || bad "past the end" "$got, want $want 0 50"

# the default page holds 50 rows; the census's rule sets are listed
got=$("$PY" -c 'import json,sys; a=json.load(open(sys.argv[1])); print(len(a["rows"]), a["limit"], ",".join(a["census_rules"]))' "$WORK/a.json")
curl -s -o "$WORK/d.json" "$URL/api/census"
got=$("$PY" -c 'import json,sys; a=json.load(open(sys.argv[1])); print(len(a["rows"]), a["limit"], ",".join(a["census_rules"]))' "$WORK/d.json")
[ "$got" = "50 50 draw,misere,standard" ] && ok "default page" || bad "default page" "$got"

# bad parameters: 400 with {"error"} naming the parameter, the value echoed
# escaped and short
refused() {
  local name=$1 query=$2 pat=$3 status
  status=$(curl -s --max-time 60 -o "$WORK/e.json" -w '%{http_code}' "$URL/api/census?$query")
  if [ "$status" != 400 ]; then bad "$name" "status $status, want 400: $(cat "$WORK/e.json")"; return; fi
  local msg
  msg=$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["error"])' "$WORK/e.json" 2>/dev/null)
  if [ -z "$msg" ]; then bad "$name" "no JSON error: $(cat "$WORK/e.json")"; return; fi
  if ! printf '%s\n' "$msg" | grep -Eq -- "$pat"; then bad "$name" "'$msg' does not match '$pat'"; return; fi
  ok "$name"
}
refused "edges not a number" "edges=abc" "^edges: 'abc' is not a whole number"
refused "edges negative" "edges=-1" "^edges: '-1' is not a whole number"
refused "edges empty" "edges=" "^edges: '' is not a whole number"
refused "edges too large" "edges=100001" "^edges: '100001' is not a whole number from 0 to 100000"
refused "edges with blanks" "edges=%207" "^edges: ' 7' is not"
refused "grundy" "grundy=1.5" "^grundy: '1.5' is not a whole number"
refused "winner" "winner=x" "^winner: 'x' is not a whole number"
refused "parity_breaker" "parity_breaker=2" "^parity_breaker: '2' is not 0 or 1"
refused "triangle_free" "triangle_free=yes" "^triangle_free: 'yes' is not 0 or 1"
refused "leaves" "leaves=-0" "^leaves: '-0' is not 0 or 1"
refused "limit zero" "limit=0" "^limit: '0' is not a whole number from 1 to 200"
refused "limit too large" "limit=201" "^limit: '201' is not a whole number from 1 to 200"
refused "offset" "offset=1e3" "^offset: '1e3' is not a whole number"
refused "offset huge" "offset=99999999999999999999" "^offset: '99999999999999999999' is not"
refused "kind" "kind=graph" "^kind: 'graph' is not board or tree"
refused "rules" "rules=bogus" "^rules: the census has no boards solved under 'bogus' \(it has draw, misere, standard\)"
refused "rules of no run" "rules=score" "^rules: the census has no boards solved under 'score'"
refused "unknown parameter" "edges=3&colour=red" "^unknown parameter 'colour' \(/api/census takes kind, rules, edges"
refused "control characters escaped" "edges=%01%1b%5B31m" "^edges: '.x01.x1b\[31m' is not"
refused "quotes" "kind=%22%7D%2C%22x" "^kind: '\"\},\"x' is not board or tree"
long=$(printf 'z%.0s' $(seq 300))
refused "long value shortened" "kind=$long" "^kind: 'z{40}\.\.\.' is not"
refused "long name shortened" "$long=1" "^unknown parameter 'z{40}\.\.\.'"
refused "bad UTF-8" "rules=%ff%fe" "^rules: the census has no boards solved under '.xff.xfe'"

# the method and the page
status=$(curl -s -o "$WORK/e.json" -w '%{http_code}' -X POST --data x "$URL/api/census")
[ "$status" = 405 ] && grep -q '"error"' "$WORK/e.json" && ok "POST" || bad "POST" "status $status"
status=$(curl -s -o "$WORK/page" -w '%{http_code}' "$URL/census")
[ "$status" = 200 ] && grep -q 'census.js' "$WORK/page" && ok "page" || bad "page" "status $status"
status=$(curl -s -o /dev/null -w '%{http_code}' "$URL/census.js")
[ "$status" = 200 ] && ok "script" || bad "script" "status $status"

# the database was only read: the same bytes as before the server (a
# census written meanwhile is another test: census_concurrent.sh)
before=$(sqlite3 "$DB" "SELECT count(*) FROM results")
stop_server TERM
[ "$RC" = 0 ] && ok "stops" || bad "stops" "exit status $RC"
[ "$(sqlite3 "$DB" "SELECT count(*) FROM results")" = "$before" ] && ok "unchanged" || bad "unchanged" "rows changed"

# a census made before the explorer's indexes: the server says so on stderr
# and answers the same without them
cp "$DB" "$WORK/old.db"
sqlite3 "$WORK/old.db" "DROP INDEX results_grundy; DROP INDEX results_winner; DROP INDEX invariants_flags"
DB=$WORK/old.db
start_server "$WORK/log3" --census "$DB"
URL=http://127.0.0.1:$PORT
grep -q "old.db has not the census explorer's indexes" "$WORK/log3" && ok "no indexes: told" ||
  bad "no indexes: told" "$(cat "$WORK/log3")"
same "no indexes: grundy" "grundy=2" board standard "AND r.grundy = 2"
same "no indexes: winner" "winner=1&edges=6" board standard "AND r.winner = 1 AND r.edges = 6"
same "no indexes: leaves" "leaves=0" board standard "AND i.leaves = 0"
same "no indexes: both" "grundy=1&triangle_free=1" board standard "AND r.grundy = 1 AND i.triangle_free = 1"
pages "no indexes: pages" "triangle_free=1&edges=7" 11
stop_server TERM

# a server without --census says how to get one
start_server "$WORK/log2"
status=$(curl -s -o "$WORK/e.json" -w '%{http_code}' "http://127.0.0.1:$PORT/api/census")
[ "$status" = 404 ] && grep -q 'cycles serve --census FILE' "$WORK/e.json" && ok "no census" || bad "no census" "status $status"
stop_server TERM

# files that are no census are refused at start, naming the file
expect_error "missing file" "^cycles: serve: .*nothing\.db: cannot open the census database" \
  serve --port 0 --census "$WORK/nothing.db"
printf 'not a database at all, but long enough to be read as one ... %0500d\n' 0 >"$WORK/text.db"
expect_error "text file" "^cycles: serve: .*text\.db: not a census database" serve --port 0 --census "$WORK/text.db"
sqlite3 "$WORK/other.db" "CREATE TABLE t (x)"
expect_error "other database" "^cycles: serve: .*other\.db: not a census database" serve --port 0 --census "$WORK/other.db"
expect_usage "no file named" "census" serve --census
finish
