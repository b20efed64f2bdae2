# Command-line tests of the help texts: every command's --help (and the
# census subcommands') points to `man cycles` and never to a file of the
# source tree, and the defaults the help of serve, solve, play and bench
# prints are the ones the program uses: read back from the program's
# behaviour (the server's /api/stats, the threads of a running solve, the
# first lines of a game, bench's header) or, where behaviour cannot show them
# in a test's time, from the constants the code uses (src/cli/cli.h).
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/serve.bash"
SPID=

# option_help COMMAND OPTION: the words of --OPTION in `cycles COMMAND --help`,
# its wrapped lines joined.
option_help() {
  "$BIN" "$1" --help | awk -v opt="--$2" '
    /^(  |      )(-[a-z], )?--[a-z]/ { on = ($0 ~ "^(  |      )(-[a-z], )?" opt "( |$)") }
    /^$/ { on = 0 }
    on { sub(/^ +/, ""); printf "%s ", $0 }'
}

# default_of COMMAND OPTION: what follows "default " in its help, up to ")" or ";".
default_of() { option_help "$1" "$2" | sed -n 's/.*(default:\{0,1\} \([^);]*\).*/\1/p'; }

# --- every help text: man cycles, no source tree
cmds=$("$BIN" help | sed -n 's/^  cycles \([a-z]*\).*/\1/p')
[ "$(printf '%s\n' "$cmds" | wc -l)" -ge 15 ] && ok "command list" || bad "command list" "$cmds"
for c in $cmds; do
  run "$c" --help
  if [ "$RC" != 0 ]; then bad "$c --help" "exit status $RC"; continue; fi
  if printf '%s\n' "$OUT" | grep -Eiq 'readme|docs/|src/'; then
    bad "$c --help" "names a file of the source tree: $(printf '%s\n' "$OUT" | grep -Ei 'readme|docs/|src/')"
  elif ! printf '%s\n' "$OUT" | grep -q 'man cycles'; then
    bad "$c --help" "does not point to man cycles"
  else
    ok "$c --help"
  fi
done
for s in run twocell merge query report plan; do
  run census "$s" --help
  if [ "$RC" != 0 ] || printf '%s\n' "$OUT" | grep -Eiq 'readme|docs/' || ! printf '%s\n' "$OUT" | grep -q 'man cycles'; then
    bad "census $s --help" "exit status $RC: $OUT"
  else
    ok "census $s --help"
  fi
done
run --help
printf '%s\n' "$OUT" | grep -q 'man cycles' && ok "cycles --help" || bad "cycles --help" "no man cycles: $OUT"

# --- serve: the help's defaults against the running server's /api/stats
if command -v curl >/dev/null; then
  t=$(default_of serve timeout)
  m=$(default_of serve memory)
  h=$(default_of serve host)
  case "$t" in [0-9]*) ok "serve --timeout has a default" ;; *) bad "serve --timeout has a default" "'$t'" ;; esac
  case "$m" in [0-9]*M) ok "serve --memory has a default" ;; *) bad "serve --memory has a default" "'$m'" ;; esac
  option_help serve timeout | grep -q "each solve" && ok "serve --timeout is per solve" ||
    bad "serve --timeout is per solve" "$(option_help serve timeout)"
  trap '[ -n "$SPID" ] && kill "$SPID" 2>/dev/null; rm -rf "$WORK"' EXIT
  start_server "$WORK/serve.err"
  port=$PORT
  if [ -z "$port" ]; then
    bad "serve starts" "$(cat "$WORK/serve.err")"
  else
    grep -q "^cycles: serving on http://$h:" "$WORK/serve.err" && ok "serve --host default" ||
      bad "serve --host default" "help says $h: $(cat "$WORK/serve.err")"
    stats=$(curl -s --max-time 30 "http://127.0.0.1:$port/api/stats")
    limit=$(printf '%s\n' "$stats" | sed -n 's/^ *"memory_limit": \([0-9]*\),*$/\1/p')
    tsec=$(printf '%s\n' "$stats" | sed -n 's/^ *"timeout": \([0-9.]*\),*$/\1/p')
    want=none
    case "$m" in [0-9]*M) want=$((${m%M} * 1048576)) ;; esac
    [ -n "$limit" ] && [ "$limit" = "$want" ] && ok "serve --memory default" ||
      bad "serve --memory default" "help says $m, the server uses '$limit' bytes"
    [ -n "$tsec" ] && awk -v a="$tsec" -v b="$t" 'BEGIN { exit !(a + 0 == b + 0) }' && ok "serve --timeout default" ||
      bad "serve --timeout default" "help says $t, the server uses '$tsec' s"
  fi
  [ -n "$SPID" ] && stop_server TERM
fi

# --- solve: --threads (one per core), --engine (fast)
option_help solve threads | grep -q "default: one per core" && ok "solve --threads help" ||
  bad "solve --threads help" "$(option_help solve threads)"
# threads N: the most threads of a solve of grid:4x5 that cannot finish,
# sampled while it searches
threads() {
  : >"$WORK/t.err"
  "$BIN" solve grid:4x5 --no-grundy "$@" >/dev/null 2>"$WORK/t.err" </dev/null &
  local pid=$! most=0 n
  for _ in $(seq 600); do
    grep -q positions "$WORK/t.err" && break
    sleep 0.1
  done
  for _ in $(seq 10); do
    n=$(ls "/proc/$pid/task" 2>/dev/null | wc -l)
    [ "$n" -gt "$most" ] && most=$n
    sleep 0.1
  done
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  echo "$most"
}
cores=$(nproc)
tdef=$(threads)
tn=$(threads --threads "$cores")
tn1=$(threads --threads $((cores + 1)))
if [ "$tn" = "$tn1" ]; then
  bad "solve --threads default" "cannot tell $cores threads from $((cores + 1)) ($tn)"
elif [ "$tdef" != "$tn" ]; then
  bad "solve --threads default" "the default runs $tdef threads, --threads $cores (one per core) $tn"
else
  ok "solve --threads default"
fi
e=$(default_of solve engine)
run solve grid:2x3 --json --threads 1 --quiet --no-theorems
pdef=$(printf '%s\n' "$OUT" | sed -n 's/^  "positions": //p')
run solve grid:2x3 --json --threads 1 --quiet --no-theorems --engine "$e"
pe=$(printf '%s\n' "$OUT" | sed -n 's/^  "positions": //p')
other=plain
[ "$e" = plain ] && other=fast
run solve grid:2x3 --json --threads 1 --quiet --no-theorems --engine "$other"
po=$(printf '%s\n' "$OUT" | sed -n 's/^  "positions": //p')
if [ -z "$pdef" ] || [ "$pdef" != "$pe" ] || [ "$pdef" = "$po" ]; then
  bad "solve --engine default" "help says $e; positions: default $pdef, $e $pe, $other $po"
else
  ok "solve --engine default"
fi
option_help solve timeout | grep -q "default: no limit" && ok "solve --timeout help" ||
  bad "solve --timeout help" "$(option_help solve timeout)"

# --- play: who moves first and how the engine plays, from the game's
# first lines; the engine's limits from the constants the code uses
f=$(default_of play first)
ep=$(default_of play engine-play)
timeout 30 "$BIN" play k4 >"$WORK/play.out" 2>&1 <<<"quit"
case "$f" in
  human) pat="You are player 1 and move first; the engine ($ep)" ;;
  *) pat="You are player 2 and move second; the engine ($ep)" ;;
esac
grep -qF "$pat" "$WORK/play.out" && ok "play --first and --engine-play defaults" ||
  bad "play --first and --engine-play defaults" "help says $f and $ep: $(head -3 "$WORK/play.out")"
pt=$(sed -n 's/^#define CLI_PLAY_TIMEOUT \([0-9]*\).*/\1/p' "$SRC/src/cli/cli.h")
pm=$(sed -n 's/^#define CLI_PLAY_MEMORY_MIB \([0-9]*\).*/\1/p' "$SRC/src/cli/cli.h")
[ -n "$pt" ] && [ "$(default_of play timeout)" = "$pt" ] && option_help play timeout | grep -q "for a move" &&
  ok "play --timeout default" || bad "play --timeout default" "code $pt, help: $(option_help play timeout)"
[ -n "$pm" ] && [ "$(default_of play memory)" = "${pm}M" ] && ok "play --memory default" ||
  bad "play --memory default" "code ${pm}M, help: $(option_help play memory)"
# both games of play.c (the standard one and the variants') use them
[ "$(grep -c "CLI_PLAY_TIMEOUT" "$SRC/src/cli/play.c")" -ge 2 ] &&
  [ "$(grep -c "CLI_PLAY_MEMORY_MIB" "$SRC/src/cli/play.c")" -ge 2 ] &&
  ok "play.c uses the play defaults" || bad "play.c uses the play defaults" "CLI_PLAY_TIMEOUT or CLI_PLAY_MEMORY_MIB not in both games"

# --- bench: its header says what it ran with
run bench --boards k4
bt=$(default_of bench timeout)
bm=$(default_of bench memory)
br=$(default_of bench runs)
if [ "$RC" != 0 ]; then
  bad "bench defaults" "exit status $RC: $ERR"
elif ! printf '%s\n' "$OUT" | grep -q "median of $br runs, .* timeout $bt s and --memory ${bm%M} MiB a run"; then
  bad "bench defaults" "help says $br runs, $bt s, $bm: $(printf '%s\n' "$OUT" | head -1)"
else
  ok "bench defaults"
fi

finish
