#!/usr/bin/env bash
# memory.sh - `--memory` holds: a solve whose table would outgrow the bound
# stays within it plus 10 % at its peak resident size (/usr/bin/time's %M,
# the kernel's high-water mark), and an engine that must stop says so in one
# line and exits 2 with the partial answer (README, "Exit statuses").  The
# same for the server's --memory with variant solves, which run beside the
# lanes.  The sizes are checked only in the plain build: the sanitizers'
# shadow memory is not the program's.
# Usage: bash tests/cli/memory.sh CYCLES_BINARY SOURCE_DIR
source "$(dirname "$0")/lib.bash"
source "$(dirname "$0")/serve.bash"
serve_setup
ASAN=0
grep -aq __asan_init "$BIN" && ASAN=1
if [ ! -x /usr/bin/time ]; then
  bad "/usr/bin/time" "needed to measure the peak (scripts/install-deps.sh --test installs the package time)"
  finish
  exit 1
fi

# peak NAME MIB ARGS...: runs cycles ARGS under /usr/bin/time; sets RC, OUT,
# ERR (without time's line) and KIB, and checks KIB against MIB + 10 %
peak() {
  local name=$1 mib=$2
  shift 2
  /usr/bin/time -f 'peak-kib %M' -o "$WORK/time" timeout 300 "$BIN" "$@" >"$WORK/out" 2>"$WORK/err" </dev/null
  RC=$?
  OUT=$(cat "$WORK/out")
  ERR=$(cat "$WORK/err")
  KIB=$(sed -n 's/^peak-kib //p' "$WORK/time")
  if [ "$ASAN" = 1 ]; then ok "$name (size not checked under the sanitizers)"
  elif [ -z "$KIB" ]; then bad "$name" "no peak measured"
  elif [ "$KIB" -le $((mib * 1024 * 11 / 10)) ]; then ok "$name"; echo "$name: peak $((KIB / 1024)) MiB"
  else bad "$name" "peak $((KIB / 1024)) MiB, over $mib MiB + 10 %"; fi
}

# stopped NAME PATTERN: the run stopped for memory: exit 2, one line on stderr
# naming the board and --memory, and the partial answer on stdout
stopped() {
  if [ "$RC" != 2 ]; then bad "$1" "exit status $RC, want 2 (stderr: $ERR)"; return; fi
  if [ "$(printf '%s\n' "$ERR" | wc -l)" != 1 ] || ! grep -Eq -- "$2" <<<"$ERR"; then
    bad "$1" "stderr is not one line matching '$2': $ERR"; return
  fi
  grep -Eq 'partial answer|search stopped' <<<"$OUT" && ok "$1" || bad "$1" "no partial answer on stdout: $OUT"
}

# the variants' engine: grid:3x4 under misère has more positions than a
# 64 MiB table holds (3^17 bytes do not fit, so the hash table is used)
peak "misere grid:3x4 --memory 64M" 64 solve grid:3x4 --rules misere --memory 64M --quiet
stopped "misere grid:3x4 stops" '^cycles: grid:3x4: out of memory \(--memory\) after [0-9]+ positions; the answer below is partial$'
# the same in JSON: complete false
peak "misere grid:3x4 --memory 64M --json" 64 solve grid:3x4 --rules misere --memory 64M --quiet --json
[ "$RC" = 2 ] && grep -q '"complete": false' <<<"$OUT" && ok "misere json partial" ||
  bad "misere json partial" "status $RC: $OUT"

# the plain engine: its table fills and it stops
peak "plain grid:3x4 --memory 16M" 16 solve grid:3x4 --engine plain --memory 16M --quiet
stopped "plain grid:3x4 stops" '^cycles: grid:3x4: the solver.s table is full; allow more memory with --memory after [0-9]+ positions; the answer below is partial$'

# the fast engine replaces entries instead of stopping: grid:4x4 searched
# (no theorem) peaks near 40 MiB unbounded and is answered within 16 MiB
# (under the sanitizers it may run out of time instead: exit 2)
peak "fast grid:4x4 --memory 16M" 16 solve grid:4x4 --no-theorems --memory 16M --timeout 120 --quiet
if [ "$RC" = 0 ] && grep -q '^grundy: 0$' <<<"$OUT"; then ok "fast grid:4x4 answered (grundy 0, Theorem 6)"
elif [ "$ASAN" = 1 ] && [ "$RC" = 2 ]; then ok "fast grid:4x4 out of time under the sanitizers"
else bad "fast grid:4x4 answered" "status $RC: $ERR $OUT"; fi

# the benchmark: every run of a board (value, who wins, solve, rounds and
# df-pn, one and two threads) within --memory and a tenth, by the bench's own
# column (whole MiB: 16 and a tenth rounds to 18; the bench's own check,
# its exit status, is exact) and by /usr/bin/time, whose peak covers the
# reaped children
if [ "$ASAN" = 1 ]; then ok "bench --memory 16M (not run under the sanitizers)"
else
  peak "bench grid:3x4 --memory 16M" 16 bench --boards grid:3x4 --runs 1 --timeout 60 --memory 16M --no-baseline
  most=$(awk -F'|' '$2 ~ /grid:3x4/ { gsub(/ /, "", $(NF-1)); print $(NF-1) }' <<<"$OUT")
  if [ "$RC" = 0 ] && [ -n "$most" ] && [ "$most" -le 18 ]; then ok "bench column within --memory 16M"
  else bad "bench column within --memory 16M" "status $RC, most memory '$most': $ERR"; fi
fi

# the server: eight misère solves at once (each would fill more than the
# server's memory) within --memory 64M; each gets an answer, partial or a 503
start_server "$WORK/serve.err" --memory 64M --timeout 60
if [ -z "$PORT" ]; then
  bad "server --memory 64M" "$(cat "$WORK/serve.err")"
else
  pids=()
  moves=(x 1-%3E2 2-%3E3 3-%3E4 5-%3E6 6-%3E7 7-%3E8 9-%3E10 10-%3E11)
  for i in 1 2 3 4 5 6 7 8; do
    curl -s -o "$WORK/v$i" -w '%{http_code}' --max-time 120 \
      "http://127.0.0.1:$PORT/api/solve?board=grid:3x4&rules=misere&moves=${moves[$i]}" >"$WORK/code$i" &
    pids+=($!)
  done
  wait "${pids[@]}"
  for i in 1 2 3 4 5 6 7 8; do
    code=$(cat "$WORK/code$i")
    case "$code" in
      200) grep -q '"complete": false' "$WORK/v$i" && ok "server misere $i partial" ||
             bad "server misere $i" "200 but complete: $(head -c 300 "$WORK/v$i")" ;;
      503) ok "server misere $i refused" ;;
      *) bad "server misere $i" "status $code: $(head -c 300 "$WORK/v$i")" ;;
    esac
  done
  hwm=$(rss_kib VmHWM)
  if [ "$ASAN" = 1 ]; then ok "server peak (not checked under the sanitizers)"
  elif [ "$hwm" -le $((64 * 1024 * 11 / 10)) ]; then ok "server within --memory 64M"; echo "server: peak $((hwm / 1024)) MiB"
  else bad "server within --memory 64M" "peak $((hwm / 1024)) MiB"; fi
  stop_server TERM
  [ "$RC" = 0 ] && ok "server stops" || bad "server stops" "status $RC"
fi
finish
