# Command-line tests of the argument conventions: every command (read from
# `cycles help`, so a new command is covered too) is fed `--`, `-`, `--=`,
# empty, very long (100k) and non-UTF-8 arguments, as its words and as option
# values, and must answer or refuse with a clear one-line error within a
# second, with the right exit status (0 answer, 1 bad input, 2 usage error),
# and never write an escape byte or invalid UTF-8.
. "$(dirname "$0")/lib.bash"

LONG=$(head -c 100000 /dev/zero | tr '\0' 'x')
BIN8=$'\xff\xfe\x1b[2J\x1b[31mX\xc3'

# clean NAME FILE: FILE has no ESC byte and is valid UTF-8.
clean() {
  if grep -q $'\x1b' "$2"; then bad "$1" "ESC byte in $(basename "$2")"; return 1; fi
  if ! iconv -f UTF-8 -t UTF-8 "$2" >/dev/null 2>&1; then bad "$1" "invalid UTF-8 in $(basename "$2")"; return 1; fi
  return 0
}

# want NAME STATUS ARGS...: runs cycles (stdin empty) and checks the exit
# status; a refusal (status 1 or 2) must come within a second and be one line
# on stderr starting "cycles: " with nothing on stdout.  An answer (status 0)
# may take LIMIT seconds (it computes something: on a loaded machine or under
# ASan that can take more than the second parsing is allowed).
LIMIT=1
want() {
  local name=$1 status=$2 limit=1
  shift 2
  [ "$status" = 0 ] && limit=5
  [ "$LIMIT" -gt "$limit" ] && limit=$LIMIT
  timeout "$limit" "$BIN" "$@" >"$WORK/out" 2>"$WORK/err" </dev/null
  local rc=$?
  if [ "$rc" = 124 ]; then bad "$name" "no answer within $limit s"; return; fi
  if [ "$rc" != "$status" ]; then bad "$name" "exit status $rc, want $status (stderr: $(head -c 300 "$WORK/err"))"; return; fi
  clean "$name" "$WORK/out" || return
  clean "$name" "$WORK/err" || return
  if [ "$status" != 0 ]; then
    if [ -s "$WORK/out" ]; then bad "$name" "wrote to stdout"; return; fi
    if [ "$(wc -l <"$WORK/err")" != 1 ]; then bad "$name" "stderr is not one line"; return; fi
    if ! head -c 8 "$WORK/err" | grep -q '^cycles: '; then bad "$name" "stderr does not start with 'cycles: '"; return; fi
    if [ "$(wc -c <"$WORK/err")" -gt 2000 ]; then bad "$name" "an error line of $(wc -c <"$WORK/err") bytes"; return; fi
  fi
  ok "$name"
}

"$BIN" help >"$WORK/help" || bad "help" "exit status $?"
COMMANDS=$(sed -n 's/^  cycles \([a-z-]*\).*/\1/p' "$WORK/help")
[ "$(echo "$COMMANDS" | wc -w)" -ge 15 ] || bad "command list" "only $(echo $COMMANDS) in cycles help"

for c in $COMMANDS; do
  # the words the command needs before BOARD, and options that make its run quick
  pre=() quick=() board=1
  case $c in
    strategy) pre=(mirror) ;;
    check) pre=(filled) ;;
    convert) quick=(--to json) ;;
    draw) quick=(-o "$WORK/x.svg") ;;
    bench) quick=(--boards k4 --runs 1 --no-baseline) ;;
    verify) quick=(--quick -o "$WORK/r.md") ;;
    serve) quick=(--port 0) ;;
  esac
  grep -q "^  cycles $c .*BOARD" "$WORK/help" || board=0

  # help: the full usage on stdout, exit 0
  for h in -h --help --hel; do
    want "$c $h" 0 "$c" "$h"
    grep -q "^usage: cycles $c" "$WORK/out" || bad "$c $h" "no usage on stdout"
  done
  want "help $c" 0 help "$c"
  grep -q "^usage: cycles $c" "$WORK/out" || bad "help $c" "no usage on stdout"

  # options that are no options of the command
  want "$c --=" 2 "$c" "${pre[@]}" --=
  want "$c --=x" 2 "$c" "${pre[@]}" --=x
  want "$c ---" 2 "$c" "${pre[@]}" ---
  want "$c --LONG" 2 "$c" "${pre[@]}" "--$LONG"
  want "$c --BIN" 2 "$c" "${pre[@]}" "--$BIN8"
  want "$c -BIN" 2 "$c" "${pre[@]}" "-$BIN8"
  want "$c --help=x" 2 "$c" --help=x

  if [ $board = 1 ]; then
    want "$c -- k4" 0 "$c" "${pre[@]}" "${quick[@]}" -- k4
    want "$c k4 --" 0 "$c" "${pre[@]}" k4 "${quick[@]}" --
    want "$c -" 1 "$c" "${pre[@]}" "${quick[@]}" -
    want "$c empty" 2 "$c" "${pre[@]}" "${quick[@]}" ""
    want "$c LONG" 1 "$c" "${pre[@]}" "${quick[@]}" "$LONG"
    want "$c BIN" 1 "$c" "${pre[@]}" "${quick[@]}" "$BIN8"
    want "$c -- --json" 1 "$c" "${pre[@]}" "${quick[@]}" -- --json
    want "$c k4 empty" 2 "$c" "${pre[@]}" k4 "${quick[@]}" ""
    want "$c k4 -" 2 "$c" "${pre[@]}" k4 "${quick[@]}" -
    want "$c k4 -- --json" 2 "$c" "${pre[@]}" k4 "${quick[@]}" -- --json
    want "$c no board" 2 "$c" "${pre[@]}" "${quick[@]}"
    if grep -q -- "--moves" <("$BIN" help "$c"); then
      want "$c --moves empty" 0 "$c" "${pre[@]}" k4 "${quick[@]}" --moves ""
      want "$c --moves=" 0 "$c" "${pre[@]}" k4 "${quick[@]}" --moves=
      want "$c --moves --" 1 "$c" "${pre[@]}" k4 "${quick[@]}" --moves --
      want "$c --moves -" 1 "$c" "${pre[@]}" k4 "${quick[@]}" --moves -
      want "$c --moves LONG" 1 "$c" "${pre[@]}" k4 "${quick[@]}" --moves "$LONG"
      want "$c --moves BIN" 1 "$c" "${pre[@]}" k4 "${quick[@]}" --moves "$BIN8"
      want "$c --mov=1->2" 0 "$c" "${pre[@]}" k4 "${quick[@]}" --mov=1-\>2
      want "$c --moves (no value)" 2 "$c" "${pre[@]}" k4 "${quick[@]}" --moves
    fi
    if grep -q -- "--special" <("$BIN" help "$c"); then
      want "$c --special BIN" 1 "$c" "${pre[@]}" k4 "${quick[@]}" --special "$BIN8"
      want "$c --special LONG" 1 "$c" "${pre[@]}" k4 "${quick[@]}" --special "$LONG"
    fi
    if grep -q -- "--timeout" <("$BIN" help "$c"); then
      for v in "" - -- --= "$LONG" "$BIN8" 0 -1 nan inf 1e999 -inf 1e400 2e9 " 5" "+5" 0x10 5s 1e-400; do
        want "$c --timeout '${v:0:8}'" 2 "$c" "${pre[@]}" k4 "${quick[@]}" --timeout "$v"
      done
    fi
  elif [ "$c" = help ]; then
    want "help --" 0 help --
    want "help -- -" 2 help -- -
    want "help BIN" 2 help "$BIN8"
    want "help LONG" 2 help "$LONG"
    want "help empty" 2 help ""
  elif [ "$c" = census ]; then
    # census takes a subcommand first (tests/cli/census.sh tries each)
    for v in -- - "" "$LONG" "$BIN8"; do want "census '${v:0:8}'" 2 census "$v"; done
    want "census (nothing)" 2 census
  elif [ "$c" = compdb ]; then
    # compdb takes build or info first (tests/cli/compdb.sh tries each)
    for v in -- - "" "$LONG" "$BIN8"; do want "compdb '${v:0:8}'" 2 compdb "$v"; done
    want "compdb (nothing)" 2 compdb
  elif [ "$c" = serve ]; then
    # serve runs until stopped: within the second it must say it listens
    timeout 1 "$BIN" serve --port 0 -- >"$WORK/out" 2>"$WORK/err" </dev/null
    if grep -q 'serving on http://127.0.0.1:' "$WORK/err"; then ok "serve --"; else bad "serve --" "$(cat "$WORK/err")"; fi
    for v in - "" "$LONG" "$BIN8"; do want "serve '${v:0:8}'" 2 serve "${quick[@]}" "$v"; done
    for v in "" - "$LONG" "$BIN8" -1 65536 0x10; do want "serve --port '${v:0:8}'" 2 serve --port "$v"; done
  else
    [ "$c" = verify ] && LIMIT=60 # verify --quick recomputes the papers' results: about a second
    want "$c --" 0 "$c" "${quick[@]}" --
    LIMIT=1
    for v in - "" "$LONG" "$BIN8"; do want "$c '${v:0:8}'" 2 "$c" "${quick[@]}" "$v"; done
  fi
done

# Every option of every command, read from its --help: a value given twice
# (the last one was once kept without a word) is a usage error naming the
# option; a switch may repeat, meaning the same.  Numbers out of range, with
# blanks, signs, hex or trailing garbage are usage errors; --memory under the
# least a command takes is refused naming that least, which is then taken.
for c in $COMMANDS; do
  [ "$c" = census ] || [ "$c" = help ] && continue
  pre=()
  case $c in strategy) pre=(mirror) ;; check) pre=(filled) ;; esac
  board=()
  grep -q "^  cycles $c .*BOARD" "$WORK/help" && board=(k4)
  "$BIN" "$c" --help >"$WORK/usage"
  # "--name VALUE" options, and switches
  valued=$(sed -En 's/^  (-., )? *--([a-z-]+) [A-Za-z|:,.]+.*/\2/p' "$WORK/usage")
  switches=$(sed -En 's/^  (-., )? *--([a-z-]+)( +[a-z(].*)?$/\2/p' "$WORK/usage" | grep -vx help)
  [ -n "$valued" ] || [ "$c" = families ] || [ "$c" = version ] || bad "$c options" "no valued option read from its --help"
  for opt in $valued; do
    # a value each option takes (a string option takes any)
    case $opt in
      threads|runs|seed|split-depth|reductions|games) v=1 ;; edges) v=8 ;; players) v=3 ;; port) v=0 ;; timeout) v=5 ;;
      memory) v=64M ;; engine) v=fast ;; search) v=rounds ;; grundy-method) v=mex ;; size) v=100 ;; scale) v=2 ;; *) v=x ;;
    esac
    want "$c --$opt twice" 2 "$c" "${pre[@]}" "${board[@]}" "--$opt" "$v" "--$opt" "$v"
    grep -q -- "--$opt is given twice" "$WORK/err" || bad "$c --$opt twice" "$(cat "$WORK/err")"
  done
  for opt in $switches; do
    [ ${#board[@]} = 1 ] || continue # the commands without a board run long (bench, verify, serve)
    case $opt in hints|dot|json|csv|quiet|no-grundy|no-replies) ;; *) continue ;; esac
    "$BIN" "$c" "${pre[@]}" "${board[@]}" "--$opt" --quiet >/dev/null 2>&1 </dev/null
    once=$?
    "$BIN" "$c" "${pre[@]}" "${board[@]}" "--$opt" "--$opt" --quiet >/dev/null 2>&1 </dev/null
    [ $? = "$once" ] && ok "$c --$opt twice" || bad "$c --$opt twice" "a repeated switch changed the exit status"
  done
  if echo "$valued" | grep -qx threads; then
    for v in 0 -3 257 1000000 99999999999999999999 " 4" +4 4x 0x4 "" 1.5; do
      want "$c --threads '$v'" 2 "$c" "${pre[@]}" "${board[@]}" --threads "$v"
      grep -q 'wants a whole number from 1 to 256' "$WORK/err" || [ -z "$v" ] || bad "$c --threads '$v'" "$(cat "$WORK/err")"
    done
  fi
  if echo "$valued" | grep -qx memory; then
    least=1 under=1023K
    [ "$c" = serve ] && least=32 under=31M
    for v in 1K 0.5M "$under" 0 -1 " 64M" +64M 0x4000000 64Q nan inf 1e400 ""; do
      want "$c --memory '$v'" 2 "$c" "${pre[@]}" "${board[@]}" --memory "$v"
    done
    want "$c --memory 1K names the least" 2 "$c" "${pre[@]}" "${board[@]}" --memory 1K
    grep -q -- "--memory is at least ${least}M" "$WORK/err" || bad "$c --memory 1K" "$(cat "$WORK/err")"
  fi
  for opt in size scale; do
    echo "$valued" | grep -qx "$opt" || continue
    for v in 0 -2 99999 " 3" +3 3x 0x3 "" nan inf 1e400; do
      want "$c --$opt '$v'" 2 "$c" "${pre[@]}" "${board[@]}" "--$opt" "$v"
    done
  done
  for opt in seed port runs split-depth players; do
    echo "$valued" | grep -qx "$opt" || continue
    for v in -1 99999999999999999999 " 3" +3 3x 0x3 "" 1e3; do
      want "$c --$opt '$v'" 2 "$c" "${pre[@]}" "${board[@]}" "--$opt" "$v"
    done
  done
done
# the least --memory is taken: solve answers, serve starts
want "solve --memory 1M" 0 solve k4 --memory 1M --quiet
timeout 1 "$BIN" serve --port 0 --memory 32M >"$WORK/out" 2>"$WORK/err" </dev/null
grep -q 'serving on http://127.0.0.1:' "$WORK/err" && ok "serve --memory 32M" || bad "serve --memory 32M" "$(cat "$WORK/err")"
# the two names of one setting (play: --engine and --engine-play) are one option
want "play --engine and --engine-play" 2 play k4 --engine-play perfect --engine random
grep -q 'set the same thing' "$WORK/err" || bad "play --engine and --engine-play" "$(cat "$WORK/err")"
# census parses its own options: the same rules
want "census --limit twice" 2 census query --db "$WORK/none.db" --limit 3 --limit 4
grep -q -- '--limit is given twice' "$WORK/err" || bad "census --limit twice" "$(cat "$WORK/err")"
want "census run --memory 1K" 2 census run --edges 3 --db "$WORK/c.db" --memory 1K
grep -q -- '--memory is at least 1M' "$WORK/err" || bad "census run --memory 1K" "$(cat "$WORK/err")"
want "census plan --memory 0x4000000" 2 census plan --edges 3 --memory 0x4000000
for v in " 3" +3 3..+4 "3.. 4" 0x3 -3; do want "census plan --edges '$v'" 2 census plan --edges "$v"; done
for v in " 5" +5 0x10 -1; do want "census plan --seed '$v'" 2 census plan --edges 3 --seed "$v"; done
for v in " 5" +5 0x10; do want "census run --timeout '$v'" 2 census run --edges 3 --db "$WORK/c.db" --timeout "$v"; done
for v in " 5" +5; do want "census query --limit '$v'" 2 census query --db "$WORK/none.db" --limit "$v"; done

# the version, three ways
for v in --version version -V; do
  want "$v" 0 "$v"
  grep -Eq '^cycles [0-9]+\.[0-9]+\.[0-9]+$' "$WORK/out" || bad "$v" "not a version: $(cat "$WORK/out")"
done
# the general help, three ways; every command in it
for h in help --help -h; do want "$h" 0 "$h"; done
want "no command" 2
want "unknown command BIN" 2 "$BIN8"
want "unknown command LONG" 2 "$LONG"
want "unknown command empty" 2 ""
want "unknown command --" 2 --
want "help unknown" 2 help frobnicate
# abbreviations: unambiguous prefixes work, ambiguous ones are refused by name
want "abbreviation" 0 solve cycle:5 --no-g --no-rep --qu
grep -q 'grundy: not computed' "$WORK/out" || bad "abbreviation" "--no-g did not mean --no-grundy"
want "ambiguous" 2 solve k4 --no-
grep -q 'ambiguous' "$WORK/err" || bad "ambiguous" "$(cat "$WORK/err")"
want "switch with a value" 2 solve k4 --json=yes
grep -q 'takes no value' "$WORK/err" || bad "switch with a value" "$(cat "$WORK/err")"
# options after the BOARD even under POSIXLY_CORRECT
POSIXLY_CORRECT=1 want "options after BOARD, POSIXLY_CORRECT" 0 solve cycle:5 --no-grundy
grep -q 'grundy: not computed' "$WORK/out" || bad "POSIXLY_CORRECT" "--no-grundy after the board was not taken"
# option values that look like options are values
want "-o value" 0 convert k4 --to json -o "$WORK/--json"
[ -s "$WORK/--json" ] || bad "-o value" "nothing written to the file --json"
want "-oFILE" 0 convert k4 --to json "-o$WORK/c.json"
[ -s "$WORK/c.json" ] || bad "-oFILE" "nothing written"
finish
