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

# caught PID: whether PID runs the program (not the shell that forked it,
# whose handlers it has until the exec) and has installed its handlers of
# SIGINT and SIGTERM (bits 2 and 15 of the SigCgt mask in /proc/PID/status;
# the exec resets the shell's).
caught() {
  local m
  [ "$(cat "/proc/$1/comm" 2>/dev/null)" = "$(basename "$BIN" | cut -c1-15)" ] || return 1
  m=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null)
  [ -n "$m" ] && [ $((0x$m & 0x4002)) = $((0x4002)) ]
}

# wait_for FILE PATTERN PID: waits (up to 300 s) until FILE has a line
# matching PATTERN while PID runs (PATTERN @caught: until PID has its signal
# handlers, from where a signal stops the work and keeps what it learnt); 0
# when it came.
wait_for() {
  if [ "$2" = @caught ]; then
    for _ in $(seq 1500); do
      caught "$3" && return 0
      kill -0 "$3" 2>/dev/null || return 1
      sleep 0.2
    done
    return 1
  fi
  for _ in $(seq 1500); do
    grep -Eq -- "$2" "$1" 2>/dev/null && return 0
    kill -0 "$3" 2>/dev/null || { grep -Eq -- "$2" "$1" 2>/dev/null; return; }
    sleep 0.2
  done
  return 1
}

# interrupted NAME SIGNAL PATTERN ARGS...: runs cycles ARGS in the background,
# sends SIGNAL once its stderr matches PATTERN (out:REGEX: its stdout;
# @caught: once it has its signal handlers), and waits; sets RC, OUT, ERR.
interrupted() {
  local name=$1 sig=$2 pat=$3 file
  shift 3
  # emptied first: the pattern must come from this run, not the last one
  : >"$WORK/err"
  : >"$WORK/out"
  "$BIN" "$@" >"$WORK/out" 2>"$WORK/err" </dev/null &
  local pid=$!
  PIDS="$PIDS $pid"
  file=$WORK/err
  case $pat in out:*) file=$WORK/out; pat=${pat#out:} ;; esac
  if ! wait_for "$file" "$pat" "$pid"; then
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

# --- the other long commands: each stops promptly on the signal, writes
# what it has whole (a last line ended, a JSON document that parses, an SVG
# closed), says on stderr what was stopped, and exits 2 (a partial answer).
# The boards cannot be finished in the time of a test, whatever the machine.

# whole_json NAME: OUT parses as one JSON document whose "complete" is false.
whole_json() {
  printf '%s\n' "$OUT" | /usr/bin/python3 -c 'import json, sys; d = json.load(sys.stdin); sys.exit(d["complete"] is not False)' &&
    ok "$1: whole JSON" || bad "$1: whole JSON" "$OUT"
}
# said NAME STATUS PATTERN: exit status STATUS and stderr matching PATTERN.
said() {
  [ "$RC" = "$2" ] && printf '%s\n' "$ERR" | grep -Eq -- "$3" && ok "$1" || bad "$1" "exit status $RC, stderr: $ERR"
}

# positions: the records written are whole and as many as stderr says
for sig in INT TERM; do
  if interrupted "positions SIG$sig" $sig 'out:^0,1,' positions grid:3x4 --quiet; then
    n=$(printf '%s\n' "$ERR" | sed -n "s/^cycles: grid:3x4: the listing stopped after \([0-9]*\) positions\{0,1\}, among those with [0-9]* moves\{0,1\} played: interrupted by SIG$sig; the lines written are whole positions, the listing is not complete\$/\1/p")
    got=$(awk -F, 'NR > 1 && NF == 7' "$WORK/out" | wc -l)
    lines=$(($(wc -l <"$WORK/out") - 1))
    [ "$RC" = 2 ] && [ -n "$n" ] && [ "$got" = "$n" ] && [ "$lines" = "$n" ] && [ -z "$(tail -c1 "$WORK/out")" ] &&
      ok "positions SIG$sig" || bad "positions SIG$sig" "rc $RC, $n said, $got whole records, $lines lines: $ERR"
  fi
done
if interrupted "positions --rules misere SIGINT" INT '@caught' positions grid:3x4 --rules misere --quiet -o "$WORK/p.csv"; then
  said "positions --rules misere SIGINT" 2 'interrupted by SIGINT; nothing was written$'
  [ ! -e "$WORK/p.csv" ] && ok "positions -o: no file" || bad "positions -o: no file" "$(ls "$WORK")"
fi

# draw --hints: the picture with the winning moves found so far, closed
# (the signal once the progress line shows the search, over a second old)
if interrupted "draw --hints SIGINT" INT '^cycles: .*positions' draw grid:4x5 --hints; then
  said "draw --hints SIGINT" 2 '^cycles: grid:4x5: --hints: interrupted by SIGINT after [0-9]+ positions; the picture shows the winning moves found so far$'
  printf '%s\n' "$OUT" | tail -1 | grep -q '^</svg>$' && printf '%s\n' "$OUT" | grep -q 'search stopped' &&
    ok "draw --hints SIGINT: whole picture" || bad "draw --hints SIGINT: whole picture" "$(printf '%s\n' "$OUT" | tail -2)"
fi

# check filled: the counts so far, marked partial (the signal once its
# progress line came, ten seconds in)
if interrupted "check filled SIGTERM" TERM '^cycles: check filled: [0-9]+ complete markings with no sink or source, 0 without a cycle cell, memory [0-9]+ MiB, [0-9.]+ s$' check filled grid:5x6 --json; then
  said "check filled SIGTERM" 2 '^cycles: grid:5x6: the enumeration was interrupted by SIGTERM after [0-9]+ complete markings; the answer below is partial$'
  whole_json "check filled SIGTERM"
fi

# strategy: how far the check went (the signal once its progress line came)
if interrupted "strategy SIGINT" INT '^cycles: strategy: [0-9]+ positions checked, memory [0-9]+ MiB, [0-9.]+ s$' strategy mirror grid:5x6; then
  said "strategy SIGINT" 2 '^cycles: grid:5x6: the check stopped after [0-9]+ positions \(interrupted by SIGINT\); the answer below is partial$'
  printf '%s\n' "$OUT" | tail -1 | grep -Eq '^verified: not checked to the end: stopped after [0-9]+ positions \(interrupted by SIGINT\)$' &&
    ok "strategy SIGINT: the answer" || bad "strategy SIGINT: the answer" "$OUT"
fi

# verify: the results finished before the signal (its progress names each)
if interrupted "verify --json SIGINT" INT 'cycles: verify: .* agrees' verify --json; then
  said "verify --json SIGINT" 2 '^cycles: verify: interrupted by SIGINT after [0-9]+ results; the table below holds them and is partial$'
  whole_json "verify --json SIGINT"
  n=$(printf '%s\n' "$ERR" | sed -n 's/.* after \([0-9]*\) results; .*/\1/p')
  rows=$(printf '%s\n' "$OUT" | /usr/bin/python3 -c 'import json, sys; print(len(json.load(sys.stdin)["results"]))' 2>/dev/null)
  [ -n "$n" ] && [ "$n" = "$rows" ] && ok "verify --json SIGINT: rows" || bad "verify --json SIGINT: rows" "$n said, $rows rows"
fi
if interrupted "verify --rules misere SIGTERM" TERM 'cycles: verify --rules misere: ' verify --rules misere; then
  said "verify --rules misere SIGTERM" 2 '^cycles: verify: interrupted by SIGTERM; the boards finished before are written'
  printf '%s\n' "$OUT" | tail -1 | grep -q '^\*\*Interrupted\*\*: the run stopped here' &&
    ok "verify --rules: marked" || bad "verify --rules: marked" "$(printf '%s\n' "$OUT" | tail -3)"
fi

# bench: the rows of the boards measured whole, none of the board cut short
if interrupted "bench SIGINT" INT 'out:^\| k4 \|' bench --boards "k4 grid:4x5" --runs 1 --no-baseline; then
  said "bench SIGINT" 2 '^cycles: bench: interrupted by SIGINT; the rows written are the boards measured whole'
  printf '%s\n' "$OUT" | grep -q '^| k4 | 6 | .* |$' && ! printf '%s\n' "$OUT" | grep -q 'grid:4x5' &&
    ok "bench SIGINT: rows" || bad "bench SIGINT: rows" "$OUT"
fi

# solve --split-depth: no split.json, so no directory taken for a split
if interrupted "split SIGINT" INT '@caught' solve grid:5x5 --split-depth 8 -o "$WORK/split"; then
  said "split SIGINT" 2 '^cycles: .*interrupted by SIGINT (while expanding the positions; nothing was written|after [0-9]+ of [0-9]+ jobs)'
  [ ! -e "$WORK/split/split.json" ] && ok "split SIGINT: no manifest" || bad "split SIGINT: no manifest" "split.json written"
fi

# --timeout gives the same partial answers, with status 2 (boards that
# cannot be finished in the time given, whatever the machine)
run draw grid:4x5 --hints --timeout 0.5
said "draw --hints --timeout" 2 '^cycles: grid:4x5: --hints: the solver ran out of time \(--timeout\) after [0-9]+ positions; the picture shows'
printf '%s\n' "$OUT" | tail -1 | grep -q '^</svg>$' && ok "draw --hints --timeout: whole picture" || bad "draw --hints --timeout: whole picture" "$(printf '%s\n' "$OUT" | tail -1)"
run check filled grid:5x6 --timeout 0.5 --json
said "check filled --timeout" 2 '^cycles: grid:5x6: the enumeration was stopped by --timeout after [0-9]+ complete markings; the answer below is partial$'
whole_json "check filled --timeout"
run strategy mirror grid:5x6 --timeout 0.5 --json
said "strategy --timeout" 2 '^cycles: grid:5x6: the check stopped after [0-9]+ positions \(the timeout\); the answer below is partial$'
whole_json "strategy --timeout"
# strategy --memory bounds its table of positions: the smallest bound (1M)
# fills on a board whose check has millions of positions
run strategy mirror grid:5x6 --memory 1M --json
said "strategy --memory" 2 '^cycles: grid:5x6: the check stopped after [0-9]+ positions \(the memory bound\); the answer below is partial$'
whole_json "strategy --memory"

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
