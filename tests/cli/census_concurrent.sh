# Several `cycles census run` processes writing one database at once (issue
# 11): parts of one edge count, other edge counts and the trees, started
# together on a file none of them has created yet, in small batches so that
# their transactions interleave.  Every process must succeed and the rows
# must equal those of one process running everything alone.  Two processes
# on the same unit: the database stays right and a refused one says why.
. "$(dirname "$0")/lib.bash"

need_sqlite3
rows() { sqlite3 "$1" "SELECT * FROM boards ORDER BY kind, edges, code"; }

# the reference: one process, alone
timeout 300 "$BIN" census run --edges 1..8 --db "$WORK/one.db" --quiet &&
  timeout 300 "$BIN" census run --trees --edges 1..9 --db "$WORK/one.db" --quiet ||
  bad "one process" "rc=$?"

# five writers at once on a new file
S=$WORK/shared.db
pids=()
for r in 0 1 2; do
  timeout 300 "$BIN" census run --edges 6..8 --part $r/3 --db "$S" --batch 7 --quiet 2>"$WORK/err$r" &
  pids+=($!)
done
timeout 300 "$BIN" census run --edges 1..5 --db "$S" --batch 2 --quiet 2>"$WORK/err3" &
pids+=($!)
timeout 300 "$BIN" census run --trees --edges 1..9 --db "$S" --batch 5 --quiet 2>"$WORK/err4" &
pids+=($!)
k=0
for pid in "${pids[@]}"; do
  wait "$pid"
  rc=$?
  [ "$rc" = 0 ] && ok "writer $k" || bad "writer $k" "rc=$rc: $(cat "$WORK/err$k")"
  k=$((k + 1))
done
[ "$(rows "$S")" = "$(rows "$WORK/one.db")" ] && ok "rows equal one process" || bad "rows equal one process" "rows differ"
got=$(sqlite3 "$S" "SELECT count(*) FROM units WHERE NOT finished")
[ "$got" = 0 ] && ok "units finished" || bad "units finished" "$got unfinished"

# the same unit twice at once: whichever loses stops with a one-line message
# naming the unit; the database holds each board once
T=$WORK/twice.db
timeout 300 "$BIN" census run --edges 8..8 --part 1/2 --db "$T" --batch 5 --resume --quiet 2>"$WORK/t0" &
p0=$!
timeout 300 "$BIN" census run --edges 8..8 --part 1/2 --db "$T" --batch 5 --resume --quiet 2>"$WORK/t1" &
p1=$!
wait $p0
r0=$?
wait $p1
r1=$?
for i in 0 1; do
  r=$([ $i = 0 ] && echo $r0 || echo $r1)
  if [ "$r" = 0 ] || { [ "$r" = 1 ] && [ "$(wc -l <"$WORK/t$i")" = 1 ] &&
    grep -q 'another run writes the boards of 8 edges, part 1/2' "$WORK/t$i"; }; then
    ok "same unit, process $i"
  else
    bad "same unit, process $i" "rc=$r: $(cat "$WORK/t$i")"
  fi
done
timeout 300 "$BIN" census run --edges 8..8 --part 1/2 --db "$T" --resume --quiet
want=$(sqlite3 "$WORK/one.db" "SELECT count(*) FROM boards WHERE kind = 'board' AND edges = 8")
timeout 300 "$BIN" census run --edges 8..8 --part 0/2 --db "$T" --quiet
got=$(sqlite3 "$T" "SELECT count(*), count(DISTINCT code) FROM boards WHERE edges = 8")
[ "$got" = "$want|$want" ] && ok "same unit: each board once" || bad "same unit: each board once" "got $got, want $want"

finish
