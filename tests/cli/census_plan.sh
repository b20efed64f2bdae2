# `cycles census plan`: the counts against a published sequence and against
# a census run counted another way (distinct graphs and boards per edge and
# vertex count in its database), a sampled estimate against the exact count,
# the output forms and the errors.
. "$(dirname "$0")/lib.bash"

need_sqlite3
# py CODE: runs python on the JSON in $OUT
py() { printf '%s' "$OUT" | python3 -c "import json, sys
p = json.load(sys.stdin)
$1"; }

# connected planar graphs by vertices, summed over every possible edge count
# (at most 3n - 6 = 15 for n = 7): OEIS A003094 (1), 1, 2, 6, 20, 99, 646
run census plan --edges 1..15 --vertices 2..7 --samples 0 --json --quiet
got=$(py 'c = {}
for s in p["strata"]: c[s["vertices"]] = c.get(s["vertices"], 0) + s["graphs"]
print(" ".join(str(c[n]) for n in sorted(c)))')
[ "$RC" = 0 ] && [ "$got" = "1 2 6 20 99 646" ] && ok "A003094" || bad "A003094" "rc=$RC got '$got' $ERR"
# the totals are the sums of their strata
got=$(py 'print(all(t["graphs"] == sum(s["graphs"] for s in p["strata"] if s["edges"] == t["edges"]) for t in p["totals"]), len(p["totals"]))')
[ "$got" = "True 15" ] && ok "totals" || bad "totals" "$got"

# every graph sampled and every board made a row: the plan's graphs and
# boards per (edges, vertices) are those of a census run's database
timeout 300 "$BIN" census run --edges 1..8 --db "$WORK/c.db" --quiet
want=$(sqlite3 -separator ' ' "$WORK/c.db" "SELECT edges, vertices, count(DISTINCT graph6), count(*) FROM boards
  WHERE kind = 'board' GROUP BY edges, vertices ORDER BY edges, vertices")
run census plan --edges 1..8 --samples 1000 --boards 0 --json --quiet
got=$(py 'for s in p["strata"]:
    assert s["sampled_graphs"] == s["graphs"] and s["solved_boards"] == s["sampled_boards"] == s["boards"] and s["boards_se"] == 0
    print(s["edges"], s["vertices"], s["graphs"], s["sampled_boards"])')
[ "$RC" = 0 ] && [ -n "$want" ] && [ "$got" = "$want" ] && ok "exact plan equals the census" || bad "exact plan equals the census" "rc=$RC $ERR
got: $got
want: $want"
# by hand (issue 11): 1, 1, 3 and 6 boards of 1 to 4 edges
got=$(py 'print(" ".join("%d" % t["boards"] for t in p["totals"][:4]))')
[ "$got" = "1 1 3 6" ] && ok "hand counts" || bad "hand counts" "$got"

# a sample: 30 of the 709 graphs of 9 edges, 2 boards each; the estimate of
# the 7,712 boards is within 4 standard errors, for three seeds
for seed in 1 2 3; do
  run census plan --edges 9..9 --samples 30 --boards 2 --seed $seed --json --quiet
  got=$(py 't = p["totals"][0]
print(t["sampled_graphs"] <= 30 * len(p["strata"]) and t["solved_boards"] <= 2 * t["sampled_graphs"] and
      0 < t["boards_se"] and abs(t["boards"] - 7712) <= 4 * t["boards_se"] and t["cpu_seconds"] > 0)')
  [ "$got" = True ] && ok "sample, seed $seed" || bad "sample, seed $seed" "rc=$RC $got $OUT"
done
# the same seed, the same sample
a=$("$BIN" census plan --edges 9..9 --samples 7 --boards 1 --seed 5 --json --quiet | grep -v cpu)
b=$("$BIN" census plan --edges 9..9 --samples 7 --boards 1 --seed 5 --json --quiet | grep -v cpu)
[ -n "$a" ] && [ "$a" = "$b" ] && ok "repeatable" || bad "repeatable" "differs"

# the markdown table, to stdout or to a file (-o: nothing on stdout)
expect_out "markdown" '^\| \*\*6\*\* \| all \| \*\*30\*\* ' census plan --edges 5..6 --samples 3 --boards 1 --quiet
run census plan --edges 5..6 --samples 3 --quiet -o "$WORK/plan.md"
[ "$RC" = 0 ] && [ -z "$OUT" ] && grep -q '^Made by `cycles census plan --edges 5..6 --samples 3 --quiet`' "$WORK/plan.md" &&
  grep -q '^| 6 | 7 | 11 ' "$WORK/plan.md" && ok "-o" || bad "-o" "rc=$RC $OUT $ERR"
# progress on stderr, a line per stratum
run census plan --edges 6..6 --samples 2 --boards 1 --timeout 5
[ "$RC" = 0 ] && printf '%s\n' "$ERR" | grep -q '^census plan: 6 edges, 7 vertices: 11 connected planar graphs' &&
  ok "progress" || bad "progress" "$ERR"

# errors: usage (exit 2), one line each
expect_usage "no --edges" '--edges A..B is required' census plan --samples 3
expect_usage "bad --samples" 'samples wants' census plan --edges 5..6 --samples x
expect_usage "bad --vertices" 'vertices wants' census plan --edges 5..6 --vertices 5..2
expect_usage "bad --seed" 'seed wants' census plan --edges 5..6 --seed -1
expect_usage "bad --timeout" 'timeout wants' census plan --edges 5..6 --timeout 0
expect_usage "bad --count-timeout" 'count-timeout wants' census plan --edges 5..6 --count-timeout x
# counting a stratum that takes nauty hours stops at --count-timeout, with a
# message: 30 edges on 12 vertices are triangulations, so geng lists a great
# many graphs before planarg lets one through (the count runs for hours and
# writes nothing in the first seconds, on any machine)
expect_error "count timeout" 'counting the connected planar graphs of 30 edges and 12 vertices took more than --count-timeout 1 s' \
  census plan --edges 30..30 --vertices 12..12 --count-timeout 1 --samples 1 --quiet
expect_usage "unknown option" 'unknown option' census plan --edges 5..6 --db x.db
expect_error "too many edges" 'edges must be from 1 to 60' census plan --edges 61..61 --samples 0
expect_out "plan --help" '^usage: cycles census plan ' census plan --help

finish
