#!/usr/bin/env bash
# The census explorer's answers on a large census: `cycles serve --census DB`
# on a free port, then GET /api/census for a list of filters, each RUNS times
# (the first run of each also warms the page cache), with the wall time of
# each answer as curl measures it (median and largest, ms), the total and the
# rows; then the same quick requests (/api/families, /api/solve?board=k4) alone
# and while eight slow census queries (every board with degree-1 vertices, no
# edge count) keep the census lane full, to see that they are not held up.
# Prints a Markdown table: wall times, and the CPU time the server's threads
# spent on each answer (from /proc/PID/task/*/schedstat), which does not
# depend on what else runs.  The load average is printed with it: on a loaded
# machine the wall times are longer than on an idle one (the census lane runs
# at nice 10, behind every other process).
# Usage: bench/census_web.sh [BIN] DB [RUNS]
#   BIN   the program (default build/cycles)
#   DB    a census database, e.g. made by `cycles census run --edges 1..12 --db DB`
#   RUNS  answers timed per filter (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/cycles
if [ $# -ge 2 ] && [ -x "$1" ] && [ ! -d "$1" ] && ! head -c 16 "$1" | grep -q 'SQLite format 3'; then
  bin=$1
  shift
fi
if [ $# -lt 1 ]; then
  echo "usage: bench/census_web.sh [BIN] DB [RUNS]" >&2
  exit 2
fi
db=$1
runs=${2:-5}
case "$runs" in '' | *[!0-9]*) echo "bench/census_web.sh: RUNS must be a number: $runs" >&2; exit 2 ;; esac
[ -f "$db" ] || { echo "bench/census_web.sh: no such database: $db" >&2; exit 1; }
command -v curl >/dev/null || { echo "bench/census_web.sh: needs curl" >&2; exit 1; }
command -v sqlite3 >/dev/null || { echo "bench/census_web.sh: needs sqlite3" >&2; exit 1; }

work=$(mktemp -d)
SPID=
trap '[ -n "$SPID" ] && kill "$SPID" 2>/dev/null; rm -rf "$work"' EXIT
# start_server (the tests' helper): cycles serve --port 0, its pid and port
BIN=$bin
. tests/cli/serve.bash
start_server "$work/log" --census "$db"
spid=$SPID
port=$PORT
[ -n "$port" ] || { echo "bench/census_web.sh: the server did not start: $(cat "$work/log")" >&2; exit 1; }
url=http://127.0.0.1:$port

# the census's largest edge count of plane boards, its boards, and the
# largest Grundy value (a rare filter)
read -r edges boards <<<"$(sqlite3 -separator ' ' "$db" "SELECT edges, count(*) FROM results WHERE kind = 'board'
  AND rules = 'standard' GROUP BY edges ORDER BY edges DESC LIMIT 1")"
all=$(sqlite3 "$db" "SELECT count(*) FROM results WHERE kind = 'board' AND rules = 'standard'")
gmax=$(sqlite3 "$db" "SELECT max(grundy) FROM results WHERE kind = 'board' AND rules = 'standard'")

# cpu_ns: the CPU time the server's threads have used (ns; threads that
# ended are not counted: the census lane's threads live as long as the server)
# (a connection's thread may end while it is read: cat then fails, and that
# thread is left out)
cpu_ns() { { cat /proc/"$spid"/task/*/schedstat 2>/dev/null || true; } | awk '{s += $1} END {printf "%.0f\n", s}'; }

# time_query QUERY: RUNS answers, a line each: wall ms (curl) and the server's
# CPU ms; the last answer in $work/a.json
time_query() {
  local c0 c1 w
  for _ in $(seq "$runs"); do
    c0=$(cpu_ns)
    w=$(curl -s -o "$work/a.json" -w '%{time_total}' "$url$1")
    c1=$(cpu_ns)
    awk -v w="$w" -v c="$((c1 - c0))" 'BEGIN {printf "%.1f %.1f\n", w * 1000, c / 1e6}'
  done
}

# row NAME QUERY: a line of the table (the median of the wall times and of
# the CPU times, each sorted on its own, and the largest wall time)
row() {
  time_query "$2" >"$work/t"
  local med max cpu total n
  med=$(cut -d' ' -f1 "$work/t" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
  max=$(cut -d' ' -f1 "$work/t" | sort -n | tail -1)
  cpu=$(cut -d' ' -f2 "$work/t" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
  read -r total n <<<"$(python3 -c 'import json,sys; a=json.load(open(sys.argv[1])); print(a.get("total", "503" if "error" in a else "-"), len(a.get("rows", [])))' "$work/a.json")"
  printf '| %s | `%s` | %s | %s | %s | %s | %s |\n' "$1" "$2" "$total" "$n" "$med" "$max" "$cpu"
}

echo "Census: $db ($all plane boards, $boards of them of $edges edges); $runs answers a filter;"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start; $(date -u '+%Y-%m-%d %H:%M UTC')."
echo
echo "| what | query | total | rows | median ms | largest ms | server CPU ms (median) |"
echo "|---|---|---|---|---|---|---|"
half=$((boards / 2))
row "a page of $edges edges" "/api/census?edges=$edges"
row "the next page" "/api/census?edges=$edges&offset=50"
row "a page in the middle" "/api/census?edges=$edges&offset=$half"
row "Grundy value 3" "/api/census?edges=$edges&grundy=3"
row "largest Grundy value" "/api/census?grundy=$gmax"
row "player 1 wins" "/api/census?edges=$edges&winner=1"
row "parity breakers" "/api/census?edges=$edges&parity_breaker=1"
row "triangle-free" "/api/census?edges=$edges&triangle_free=1"
row "no degree-1 vertex" "/api/census?edges=$edges&leaves=0"
row "some degree-1 vertex" "/api/census?edges=$edges&leaves=1"
row "triangle-free breakers without degree-1 vertices" \
  "/api/census?edges=$edges&parity_breaker=1&triangle_free=1&leaves=0"
row "every board" "/api/census"
row "one row" "/api/census?edges=$edges&limit=1"
row "200 rows" "/api/census?edges=$edges&limit=200"
row "quick: families" "/api/families"
row "quick: solve k4" "/api/solve?board=k4"

# the census lane full of slow queries: the quick requests meanwhile
for i in $(seq 8); do
  ( while [ ! -e "$work/stop" ]; do curl -s -o /dev/null "$url/api/census?leaves=1&offset=$((i * 1000))"; done ) &
done
sleep 1
row "quick: families, census lane full" "/api/families"
row "quick: solve k4, census lane full" "/api/solve?board=k4"
row "a census page, census lane full" "/api/census?edges=$edges&grundy=3"
touch "$work/stop"
wait_for=0
while [ "$(jobs -rp | wc -l)" -gt 1 ] && [ "$wait_for" -lt 150 ]; do sleep 0.1; wait_for=$((wait_for + 1)); done
echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
