#!/usr/bin/env bash
# soak.sh BINARY [SECONDS] [OUTDIR] - the soak run of `cycles serve` (issue 14;
# not in CI): for SECONDS (default 600) a mix of questions arrives at a server
# on 127.0.0.1 in rounds of about a second: 24 quick ones (random positions
# of 16 small boards, 0 to 2 moves played: many new, some asked before), one
# middling or slow one in two rounds (grid:2x6, grid:3x4, grid:2x7, grid:4x5,
# grid:2x10, grid:3x7 after a random first move), and 2 bad requests (junk
# upload, unknown family).  Records the server's resident memory every 5 s
# (OUTDIR/rss.tsv), every answer (OUTDIR/answers.tsv: kind, status, seconds)
# and prints latency percentiles, statuses and memory figures.
#   tests/soak.sh build/cycles 600 /tmp/soak
set -u
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
SECONDS_RUN=${2:-600}
OUT=${3:-$(mktemp -d)}
MEMORY=256M
TIMEOUT=5
mkdir -p "$OUT"
SPID=
trap '[ -n "$SPID" ] && kill "$SPID" 2>/dev/null' EXIT

. "$(dirname "$0")/cli/serve.bash"
start_server "$OUT/serve.err" --timeout "$TIMEOUT" --memory "$MEMORY"
[ -n "$PORT" ] || { echo "soak: the server did not start: $(cat "$OUT/serve.err")" >&2; exit 1; }
URL=http://127.0.0.1:$PORT

# positions: every board's legal first moves, and for each the legal second moves
QUICK=(k4 grid:3x3 grid:2x5 grid:2x4 windmill:3 theta:2,2,3 theta:3,3,3 cycle:5 wedge:3,4 chord:6,3 butterfly
  lollipop:4 gtheta:2,2,2,2 inner:4 spider:1,2,3 star:4)
SLOW=(grid:2x6 grid:3x4 grid:2x7 grid:4x5 grid:2x10 grid:3x7)
legal() { "$BIN" show "$1" ${2:+--moves "$2"} 2>/dev/null | sed -n 's/^legal moves ([0-9]*): //p'; }
: >"$OUT/positions"
for b in "${QUICK[@]}"; do
  echo "$b|" >>"$OUT/positions"
  for m in $(legal "$b"); do
    echo "$b|$m" >>"$OUT/positions"
    for m2 in $(legal "$b" "$m"); do echo "$b|$m $m2" >>"$OUT/positions"; done
  done
done
: >"$OUT/slowpos"
for b in "${SLOW[@]}"; do
  for m in $(legal "$b"); do echo "$b|$m" >>"$OUT/slowpos"; done
done
mapfile -t POS <"$OUT/positions"
mapfile -t SPOS <"$OUT/slowpos"
echo "soak: ${#POS[@]} quick positions, ${#SPOS[@]} slow ones, $SECONDS_RUN s on port $PORT" >&2

# url KIND BOARD|MOVES: the request's URL
url() {
  local b=${2%%|*} m=${2#*|}
  m=${m//>/%3E}
  m=${m// /+}
  echo "$URL/api/$1?board=$b&moves=$m"
}

: >"$OUT/answers.tsv"
printf 'seconds\trss_kib\n' >"$OUT/rss.tsv"
printf 'not a board' >"$OUT/junk.txt"
start=$(date +%s)
next_sample=0
round=0
pids=()
while :; do
  now=$(($(date +%s) - start))
  [ "$now" -ge "$SECONDS_RUN" ] && break
  if [ "$now" -ge "$next_sample" ]; then
    printf '%s\t%s\n' "$now" "$(rss_kib VmRSS)" >>"$OUT/rss.tsv"
    next_sample=$((now + 5))
  fi
  round=$((round + 1))
  cfg=$OUT/round.cfg
  : >"$cfg"
  for _ in $(seq 24); do
    kind=solve
    [ $((RANDOM % 3)) = 0 ] && kind=move
    printf 'url = "%s"\noutput = "/dev/null"\n' "$(url $kind "${POS[RANDOM % ${#POS[@]}]}")" >>"$cfg"
  done
  curl -s --parallel --parallel-immediate --parallel-max 8 --max-time 30 -K "$cfg" -w 'quick\t%{http_code}\t%{time_total}\n' \
    >>"$OUT/answers.tsv" 2>/dev/null
  if [ $((round % 2)) = 0 ]; then
    # a slow one in the background (at most 4 of ours at a time)
    if [ "${#pids[@]}" -lt 4 ]; then
      curl -s -o /dev/null --max-time 60 -w 'slow\t%{http_code}\t%{time_total}\n' \
        "$(url solve "${SPOS[RANDOM % ${#SPOS[@]}]}")" >>"$OUT/answers.tsv" 2>/dev/null &
      pids+=($!)
    fi
    alive=()
    for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive+=("$p"); done
    pids=("${alive[@]}")
  fi
  curl -s -o /dev/null --max-time 10 -w 'bad\t%{http_code}\t%{time_total}\n' --data-binary "@$OUT/junk.txt" \
    "$URL/api/solve" >>"$OUT/answers.tsv" 2>/dev/null
  curl -s -o /dev/null --max-time 10 -w 'bad\t%{http_code}\t%{time_total}\n' "$URL/api/solve?board=nosuch$round" \
    >>"$OUT/answers.tsv" 2>/dev/null
  sleep 0.5
done
for p in "${pids[@]}"; do wait "$p"; done
for _ in $(seq 300); do
  curl -s "$URL/api/stats" | grep -q '"running": 0' && curl -s "$URL/api/stats" | grep -q '"queued": 0' && break
  sleep 0.1
done
sleep 1
printf '%s\t%s\n' "$(($(date +%s) - start))" "$(rss_kib VmRSS)" >>"$OUT/rss.tsv"
curl -s "$URL/api/stats" >"$OUT/stats.json"
hwm=$(rss_kib VmHWM)
stop_server TERM
rc=$RC

# the figures
pct() { awk -v k="$1" -F'\t' '$1 == k {print $3 * 1000}' "$OUT/answers.tsv" | sort -n |
  awk -v p="$2" '{a[NR]=$1} END {if (NR) {i=int(NR*p+0.999); printf "%.0f", a[i]} else printf "-"}'; }
echo "## soak: $SECONDS_RUN s, $round rounds, server --timeout $TIMEOUT --memory $MEMORY"
echo
echo "| requests | count | statuses | p50 ms | p90 ms | p99 ms | max ms |"
echo "|---|---|---|---|---|---|---|"
for k in quick slow bad; do
  n=$(awk -v k=$k -F'\t' '$1 == k' "$OUT/answers.tsv" | wc -l)
  st=$(awk -v k=$k -F'\t' '$1 == k {print $2}' "$OUT/answers.tsv" | sort | uniq -c | awk '{printf "%s: %s ", $2, $1}')
  echo "| $k | $n | $st| $(pct $k 0.5) | $(pct $k 0.9) | $(pct $k 0.99) | $(pct $k 1.0) |"
done
echo
awk -F'\t' 'NR > 1 {if (min == "" || $2 < min) min = $2; if ($2 > max) max = $2; if (NR == 2) first = $2; last = $2}
  END {printf "resident memory: first sample %.1f MiB, min %.1f, max %.1f, last (idle, after the run) %.1f MiB\n",
  first / 1024, min / 1024, max / 1024, last / 1024}' "$OUT/rss.tsv"
echo "peak resident memory (VmHWM): $((hwm / 1024)) MiB of --memory $MEMORY"
echo "server stats at the end: $(tr -d '\n ' <"$OUT/stats.json")"
echo "server exit status after SIGTERM: $rc"
echo "(raw data in $OUT)"
