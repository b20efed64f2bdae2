# Command-line tests of interrupts: SIGINT and SIGTERM during `cycles solve`
# (standard and rule variants) print the partial answer --timeout would print
# and exit with its status (2); `census run` writes the boards solved so far
# and --resume goes on to the same boards as a run never interrupted;
# `cycles serve` stops at once while a long solve runs.  The signals are sent
# at a known point, never raced: once the progress on stderr shows what must
# be known (the winner and a winning move are known before the fast engine
# starts "judging positions"), on boards that cannot finish in the time.
. "$(dirname "$0")/lib.bash"
PIDS=
trap 'for p in $PIDS; do kill -KILL "$p" 2>/dev/null; done; rm -rf "$WORK"' EXIT

# wait_for FILE PATTERN PID: waits (up to 300 s) until FILE has a line
# matching PATTERN while PID runs; 0 when it came.
wait_for() {
  for _ in $(seq 1500); do
    grep -Eq -- "$2" "$1" 2>/dev/null && return 0
    kill -0 "$3" 2>/dev/null || { grep -Eq -- "$2" "$1" 2>/dev/null; return; }
    sleep 0.2
  done
  return 1
}

# interrupted NAME SIGNAL PATTERN ARGS...: runs cycles ARGS in the background,
# sends SIGNAL once its stderr matches PATTERN, and waits; sets RC, OUT, ERR.
interrupted() {
  local name=$1 sig=$2 pat=$3
  shift 3
  # emptied first: the pattern must come from this run, not the last one
  : >"$WORK/err"
  "$BIN" "$@" >"$WORK/out" 2>"$WORK/err" </dev/null &
  local pid=$!
  PIDS="$PIDS $pid"
  if ! wait_for "$WORK/err" "$pat" "$pid"; then
    kill -KILL "$pid" 2>/dev/null
    wait "$pid"
    RC=none
    bad "$name" "stderr never showed '$pat': $(cat "$WORK/err")"
    return 1
  fi
  kill -"$sig" "$pid"
  # bounded: a program that does not stop on the signal fails the test
  for _ in $(seq 600); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  if kill -0 "$pid" 2>/dev/null; then
    kill -KILL "$pid"
    wait "$pid"
    RC=none
    bad "$name" "still running 120 s after SIG$sig"
    return 1
  fi
  wait "$pid"
  RC=$?
  OUT=$(cat "$WORK/out")
  ERR=$(cat "$WORK/err")
}

# keys FILE: the keys of a JSON answer, one a line (every key is on its own line).
keys() { sed -n 's/^  "\([a-z_]*\)":.*/\1/p' "$1"; }

# expect_partial NAME SIG PATTERN...: after interrupted, exit status 2, the
# message of the interrupt on stderr, and stdout matching every PATTERN.
expect_partial() {
  local name=$1 sig=$2
  shift 2
  if [ "$RC" != 2 ]; then
    bad "$name" "exit status $RC, want 2 (stderr: $ERR)"
    return
  fi
  if ! printf '%s\n' "$ERR" | grep -q "interrupted by SIG$sig after [0-9]* positions; the answer below is partial"; then
    bad "$name" "no message of the interrupt: $ERR"
    return
  fi
  for pat in "$@"; do
    if ! printf '%s\n' "$OUT" | grep -Eq -- "$pat"; then
      bad "$name" "no '$pat' in the answer: $OUT"
      return
    fi
  done
  ok "$name"
}

# like_timeout NAME ARGS...: the JSON answer in $WORK/out has the keys of
# cycles ARGS --timeout 1 (a partial answer by the clock), whose status is 2.
like_timeout() {
  local name=$1
  shift
  cp "$WORK/out" "$WORK/int.json"
  run "$@" --timeout 1 --quiet
  printf '%s\n' "$OUT" >"$WORK/timeout.json"
  if [ "$RC" != 2 ]; then
    bad "$name" "--timeout exit status $RC"
  elif ! diff <(keys "$WORK/int.json") <(keys "$WORK/timeout.json") >"$WORK/diff"; then
    bad "$name" "the keys differ from --timeout's: $(cat "$WORK/diff")"
  else
    ok "$name"
  fi
}

# --- solve --json, SIGINT once the winner and a winning move are known
if interrupted "solve --json SIGINT" INT "judging positions" solve grid:4x5 --no-grundy --json; then
  expect_partial "solve --json SIGINT" INT '"winner": [12],' '"complete": false'
  printf '%s\n' "$OUT" | grep -A1 '"winning_moves": \[' | grep -Eq '^    "[0-9]+->[0-9]+"' &&
    ok "solve --json SIGINT: a winning move" || bad "solve --json SIGINT: a winning move" "$OUT"
  like_timeout "solve --json like --timeout" solve grid:4x5 --no-grundy --json
fi

# --- solve (text), SIGTERM
if interrupted "solve SIGTERM" TERM "judging positions" solve grid:4x5 --no-grundy; then
  expect_partial "solve SIGTERM" TERM '^winner: player [12] ' '^winning moves found so far: [0-9]+->[0-9]+' \
    '^\[partial answer\]$'
fi

# --- a rule variant: the signal once the search runs (its first progress line)
if interrupted "solve --rules misere SIGINT" INT "positions" solve grid:4x5 --rules misere; then
  expect_partial "solve --rules misere SIGINT" INT '^rules: misere' '^\[partial answer\]$'
fi
if interrupted "solve --rules misere --json SIGTERM" TERM "positions" solve grid:4x5 --rules misere --json; then
  expect_partial "solve --rules misere --json SIGTERM" TERM '"rules": "misere"'
  like_timeout "solve --rules misere --json like --timeout" solve grid:4x5 --rules misere --json
fi

# --- census run: interrupted after the 7-edge boards, in the middle of the
# next edge count, it writes what it has; --resume then finishes the same
# boards as a run never interrupted
if command -v sqlite3 >/dev/null; then
  if interrupted "census run SIGINT" INT "boards of 7 edges, standard rules, part 0/1: [0-9]+ boards" \
    census run --edges 1..10 --db "$WORK/c.db"; then
    # the unit it was running (8 edges, or a later one on a fast machine)
    e=$(sqlite3 "$WORK/c.db" "SELECT edges FROM units WHERE finished = 0")
    if [ "$RC" != 2 ] || ! printf '%s\n' "$ERR" | grep -q "c.db: interrupted by SIGINT: the boards solved so far are written"; then
      bad "census run SIGINT" "exit status $RC, stderr: $ERR"
    elif ! [ "$e" -ge 8 ] 2>/dev/null; then
      bad "census run SIGINT" "not one unfinished unit after 7 edges: '$e'"
    else
      done_e=$(sqlite3 "$WORK/c.db" "SELECT done FROM units WHERE edges = $e")
      rows_e=$(sqlite3 "$WORK/c.db" "SELECT count(*) FROM invariants WHERE kind = 'board' AND edges = $e")
      [ "$done_e" = "$rows_e" ] && ok "census run SIGINT" ||
        bad "census run SIGINT" "the unit of $e edges says $done_e boards done, with $rows_e rows"
      timeout 300 "$BIN" census run --edges "$e..$e" --db "$WORK/c.db" --resume --quiet >"$WORK/out" 2>"$WORK/err"
      RC=$?
      ERR=$(cat "$WORK/err")
      timeout 300 "$BIN" census run --edges "$e..$e" --db "$WORK/fresh.db" --quiet 2>"$WORK/fresh.err"
      q="SELECT code FROM invariants WHERE kind = 'board' AND edges = $e ORDER BY code"
      if [ "$RC" != 0 ]; then
        bad "census resume" "exit status $RC: $ERR"
      elif [ "$(sqlite3 "$WORK/c.db" "SELECT finished FROM units WHERE edges = $e")" != 1 ] ||
        ! diff <(sqlite3 "$WORK/c.db" "$q") <(sqlite3 "$WORK/fresh.db" "$q") >/dev/null; then
        bad "census resume" "the resumed boards of $e edges differ from a fresh run's"
      else
        ok "census resume"
      fi
    fi
  fi
else
  echo "SKIP: census run (no sqlite3 command; scripts/install-deps.sh --test installs it)"
fi

# --- serve: SIGTERM while a solve with a long timeout runs stops at once
# (the solve is cancelled) instead of waiting for the solve
if command -v curl >/dev/null; then
  : >"$WORK/serve.err"
  "$BIN" serve --port 0 --timeout 3600 2>"$WORK/serve.err" </dev/null &
  spid=$!
  PIDS="$PIDS $spid"
  if wait_for "$WORK/serve.err" "serving on" "$spid"; then
    port=$(sed -n 's|^cycles: serving on http://127\.0\.0\.1:\([0-9][0-9]*\)/$|\1|p' "$WORK/serve.err")
    curl -s --max-time 600 "http://127.0.0.1:$port/api/solve?board=grid:4x5" >"$WORK/solve.json" 2>/dev/null &
    cpid=$!
    PIDS="$PIDS $cpid"
    running=
    for _ in $(seq 300); do
      curl -s --max-time 10 "http://127.0.0.1:$port/api/stats" | grep -q '"running": 1' && { running=1; break; }
      sleep 0.2
    done
    kill -TERM "$spid"
    # bounded wait: the solve alone would take an hour
    stopped=
    for _ in $(seq 600); do
      kill -0 "$spid" 2>/dev/null || { stopped=1; break; }
      sleep 0.2
    done
    if [ -z "$running" ]; then
      bad "serve SIGTERM during a solve" "the solve never ran: $(cat "$WORK/serve.err")"
    elif [ -z "$stopped" ]; then
      kill -KILL "$spid" "$cpid"
      bad "serve SIGTERM during a solve" "still running 120 s after SIGTERM"
    else
      wait "$spid"
      rc=$?
      [ "$rc" = 0 ] && ok "serve SIGTERM during a solve" || bad "serve SIGTERM during a solve" "exit status $rc"
    fi
    wait "$cpid"
  else
    kill -KILL "$spid" 2>/dev/null
    bad "serve starts" "$(cat "$WORK/serve.err")"
  fi
fi

finish
