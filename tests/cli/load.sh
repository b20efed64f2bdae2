# Load test of `cycles serve` (issue 14): 8 slow questions (grid:4x5 and
# grid:2x10 positions, which no server answers within its time limit) and 200
# quick ones (positions of boards of at most 14 edges) at once.  Asserts that
# no quick question is refused; that the server stays within its --memory while it works; that its resident
# memory after the run returns near its size before; and that it stops
# cleanly (in the sanitizer build: without a leak).  Prints the figures,
# among them the latency of the quick questions; its goal (a 99th percentile
# under 100 ms, 500 ms in the sanitizer build, or on a machine so loaded that
# 200 quick questions alone miss that, at most twice their p99 alone and
# 50 ms) is a timing, checked by bench/load.sh (CYCLES_LOAD_GOALS=1), not by
# the test suite: no test may depend on the machine's speed.
# Loopback only; bounded in requests (408) and time (about 20 s).
. "$(dirname "$0")/lib.bash"

. "$(dirname "$0")/serve.bash"
serve_setup

MEMORY_MIB=128
TIMEOUT=3
P99_MS=100
ASAN=0
if grep -aq __asan_init "$BIN"; then
  # ASan's shadow memory and quarantine are not the server's: the memory
  # bounds are checked in the normal build only; and it makes every solve
  # some times slower
  ASAN=1
  P99_MS=500
fi

# stat KEY: a number from /api/stats.
stat() { curl -s --max-time 5 "http://127.0.0.1:$PORT/api/stats" | sed -n "s/^  \"$1\": \([0-9]*\),\{0,1\}$/\1/p"; }

start_server "$WORK/serve.err" --timeout "$TIMEOUT" --memory "${MEMORY_MIB}M"
if [ -z "$PORT" ]; then
  bad "server starts" "$(cat "$WORK/serve.err")"
  finish
  exit 1
fi
URL=http://127.0.0.1:$PORT

# the questions: every legal first move (and the empty board) of small boards,
# as a solve and as an engine move: 492 different questions, two sets of 200
: >"$WORK/quick.all"
for b in k4 grid:3x3 grid:2x5 grid:2x4 windmill:3 theta:2,2,3 theta:3,3,3 cycle:5 wedge:3,4 chord:6,3 butterfly \
  lollipop:4 gtheta:2,2,2,2 inner:4 spider:1,2,3 star:4; do
  echo "/api/solve?board=$b" >>"$WORK/quick.all"
  for m in $("$BIN" show "$b" | sed -n 's/^legal moves ([0-9]*): //p'); do
    enc=${m//>/%3E}
    echo "/api/solve?board=$b&moves=$enc" >>"$WORK/quick.all"
    echo "/api/move?board=$b&moves=$enc" >>"$WORK/quick.all"
  done
done
# curl's configuration files: one url and one output a question
for k in 0 1; do
  awk -v k=$k 'NR % 2 == k' "$WORK/quick.all" | head -n 200 |
    awk -v u="$URL" '{printf "url = \"%s%s\"\noutput = \"/dev/null\"\n", u, $0}' >"$WORK/quick$k.cfg"
done
: >"$WORK/slow.cfg"
for b in grid:4x5 grid:2x10; do
  for m in $("$BIN" show "$b" | sed -n 's/^legal moves ([0-9]*): //p' | tr ' ' '\n' | head -n 4); do
    printf 'url = "%s"\noutput = "/dev/null"\n' "$URL/api/solve?board=$b&moves=${m//>/%3E}" >>"$WORK/slow.cfg"
  done
done
[ "$(grep -c '^url' "$WORK/quick0.cfg")" = 200 ] && [ "$(grep -c '^url' "$WORK/quick1.cfg")" = 200 ] &&
  [ "$(grep -c '^url' "$WORK/slow.cfg")" = 8 ] || bad "questions" "$(grep -c '^url' "$WORK"/*.cfg)"

# quick CFG OUT: asks the questions of CFG, 16 at a time; OUT gets "status
# seconds" a line.  Sets N, NOT200, P50, P99, MAX (ms) and MS (the whole run).
quick() {
  local start
  start=$(date +%s%N)
  curl -s --parallel --parallel-immediate --parallel-max 16 --max-time 30 -K "$1" -w '%{http_code} %{time_total}\n' >"$2" 2>/dev/null
  MS=$((($(date +%s%N) - start) / 1000000))
  N=$(wc -l <"$2")
  NOT200=$(awk '$1 != 200' "$2" | wc -l)
  awk '{print $2 * 1000}' "$2" | sort -n >"$2.ms"
  P50=$(awk '{a[NR]=$1} END {i=int(NR*0.50+0.999); print int(a[i])}' "$2.ms")
  P99=$(awk '{a[NR]=$1} END {i=int(NR*0.99+0.999); print int(a[i])}' "$2.ms")
  MAX=$(tail -1 "$2.ms" | cut -d. -f1)
}

# idle: after a few questions, so that what the first ones set up is counted
for q in "board=k4" "board=grid:3x3" "board=grid:2x5"; do curl -s -o /dev/null "$URL/api/solve?$q"; done
sleep 0.5
idle=$(rss_kib VmRSS)

# the machine's own speed: 200 quick questions alone
quick "$WORK/quick0.cfg" "$WORK/alone.out"
echo "quick alone: $N answers in $MS ms, $NOT200 not 200; latency p50 $P50 ms, p99 $P99 ms, max $MAX ms"
alone_p99=$P99
[ "$N" = 200 ] && [ "$NOT200" = 0 ] && ok "quick questions alone" || bad "quick questions alone" "$N, $NOT200 not 200"

# 8 slow questions, then (once they hold the slow lane) 200 other quick ones
curl -s --parallel --parallel-immediate --parallel-max 8 --max-time 60 -K "$WORK/slow.cfg" \
  -w '%{http_code} %{time_total}\n' >"$WORK/slow.out" 2>/dev/null &
SLOW=$!
sleep 0.5
running=$(stat running)
quick "$WORK/quick1.cfg" "$WORK/quick.out"
busy=$(($(stat running) + $(stat queued)))
peak_during=$(rss_kib VmHWM)
wait "$SLOW"
slow_codes=$(awk '{print $1}' "$WORK/slow.out" | sort | uniq -c | awk '{printf "%s x%s ", $2, $1}')
echo "quick beside 8 slow: $N answers in $MS ms, $NOT200 not 200; latency p50 $P50 ms, p99 $P99 ms, max $MAX ms"
echo "slow: $slow_codes(slow lane busy with $running at the start of the quick ones, $busy at their end)"

[ "$running" -ge 1 ] && [ "$busy" -ge 1 ] && ok "the slow lane was busy throughout" ||
  bad "the slow lane was busy throughout" "running $running at the start, $busy at the end"
[ "$N" = 200 ] && [ "$NOT200" = 0 ] && ok "every quick question answered 200" ||
  bad "every quick question answered 200" "$N answers, $NOT200 not 200: $(awk '$1 != 200' "$WORK/quick.out" | head -3)"
# the goal is a p99 under 100 ms; on a machine so loaded that the quick
# questions alone miss it, the slow lane must not make them more than twice
# (and 50 ms) slower than alone
limit=$P99_MS
[ $((2 * alone_p99 + 50)) -gt "$limit" ] && limit=$((2 * alone_p99 + 50))
if [ "${CYCLES_LOAD_GOALS:-0}" = 1 ]; then
  check "quick p99 under $limit ms" --why "$P99 ms (alone: $alone_p99 ms)" [ "$P99" -lt "$limit" ]
else
  echo "quick p99 $P99 ms beside the slow ones (goal: under $limit ms; checked by bench/load.sh)"
fi
# every slow question gets an answer or a 503 that says when to ask again
# (the queue holds them all: 2 run, the others wait)
[ "$(awk '$1 != 200 && $1 != 503' "$WORK/slow.out" | wc -l)" = 0 ] && [ "$(wc -l <"$WORK/slow.out")" = 8 ] &&
  ok "slow questions answered or told to retry" || bad "slow questions" "$(cat "$WORK/slow.out")"

# the slow jobs go on after their requests gave up; wait for them (bounded)
for _ in $(seq 300); do
  [ "$(stat running)" = 0 ] && [ "$(stat queued)" = 0 ] && break
  sleep 0.1
done
sleep 0.5
after=$(rss_kib VmRSS)
peak=$(rss_kib VmHWM)
echo "memory: idle $((idle / 1024)) MiB, peak $((peak / 1024)) MiB (during the quick ones $((peak_during / 1024)) MiB), after $((after / 1024)) MiB; --memory ${MEMORY_MIB} MiB; cache $(stat cache_entries) answers, $(stat cache_bytes) bytes"
if [ "$ASAN" = 0 ]; then
  [ "$peak" -le $((MEMORY_MIB * 1024)) ] && ok "peak within --memory" ||
    bad "peak within --memory" "$((peak / 1024)) MiB > $MEMORY_MIB MiB"
  # near idle: within 16 MiB (the cache holds about 100 answers of a few KiB)
  [ "$after" -le $((idle + 16 * 1024)) ] && ok "memory back near idle" ||
    bad "memory back near idle" "idle $idle KiB, after $after KiB"
fi

stop_server TERM
# (in the sanitizer build a leak makes the exit status non-zero)
[ "$RC" = 0 ] && ok "clean stop" || bad "clean stop" "rc=$RC: $(tail -5 "$WORK/serve.err")"
finish
