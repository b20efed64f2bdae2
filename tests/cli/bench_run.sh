# Command-line tests of `bench/run.sh OLD NEW`, the comparison of two builds:
# one build against itself gives a row for each board and question with the
# answers of `cycles solve` and equal positions; a missing or
# non-executable binary, a run that fails, and two builds that answer
# differently stop it with a message and status 1; a run over the time
# limit shows as such; a wrong number of arguments is a usage error.
. "$(dirname "$0")/lib.bash"

[ -x /usr/bin/time ] || { echo "SKIP: no /usr/bin/time (scripts/install-deps.sh --test installs it)"; exit 0; }
RUNSH=$SRC/bench/run.sh
# runsh ARGS...: runs bench/run.sh; sets $OUT, $ERR, $RC.
runsh() {
  BOARDS=${BOARDS:-k4} timeout 300 bash "$RUNSH" "$@" >"$WORK/out" 2>"$WORK/err" </dev/null
  RC=$?
  OUT=$(cat "$WORK/out")
  ERR=$(cat "$WORK/err")
}
# fake NAME GRUNDY [STATUS MESSAGE]: a stand-in for cycles that answers
# every solve with value GRUNDY (or fails with STATUS and MESSAGE).
fake() {
  cat >"$WORK/$1" <<EOF
#!/usr/bin/env bash
[ "\$1" = --version ] && { echo "cycles 0"; exit 0; }
[ -n "${3:-}" ] && { echo "cycles: ${4:-}" >&2; exit ${3:-0}; }
printf '{\n  "winner": %s,\n  "grundy": %s,\n  "positions": 5,\n  "seconds": 0.01\n}\n' $(( $2 ? 1 : 2 )) $2
EOF
  chmod +x "$WORK/$1"
}

# one build against itself
BOARDS="k4 theta:3,2,5" runsh "$BIN" "$BIN" 1 60
check "a build against itself" --why "status $RC: $ERR" [ "$RC" = 0 ]
cp "$WORK/out" "$WORK/table"
for b in k4 theta:3,2,5; do
  run solve "$b" --json --quiet --no-replies --no-theorems
  g=$(sed -n 's/^  "grundy": \([0-9]*\),$/\1/p' <<<"$OUT")
  w=$(sed -n 's/^  "winner": \([12]\),$/\1/p' <<<"$OUT")
  row=$(grep -F "| $b | value |" "$WORK/table")
  check "$b: the value of solve ($g)" --why "row: $row" eval '[ -n "$g" ] && [[ "$row" == "| $b | value | $g | "* ]]'
  row=$(grep -F "| $b | winner |" "$WORK/table")
  check "$b: the winner of solve ($w)" --why "row: $row" eval '[ -n "$w" ] && [[ "$row" == "| $b | winner | $w | "* ]]'
  # positions old, new and their ratio, equal for the same build
  check "$b: the same positions" --why "row: $row" \
    eval "awk -F' [|] ' '{exit !(\$4 == \$5 && \$4 > 0 && \$6 == \"1.00\")}' <<<\"\$row\""
done

# binaries that are not there or do not run
runsh "$WORK/nothing" "$BIN"
check "a missing binary: status 1" --why "status $RC, stdout: $OUT" eval '[ "$RC" = 1 ] && [ -z "$OUT" ]'
check "a missing binary: named" --why "stderr: $ERR" eval '[[ "$ERR" == *"$WORK/nothing: no such file"* ]]'
echo text >"$WORK/plain"
runsh "$BIN" "$WORK/plain"
check "a file that is not executable: status 1" --why "status $RC: $ERR" \
  eval '[ "$RC" = 1 ] && [[ "$ERR" == *"$WORK/plain: not an executable file"* ]]'
runsh "$BIN"
check "one binary: a usage error" --why "status $RC: $ERR" eval '[ "$RC" = 2 ] && [[ "$ERR" == usage:* ]]'
runsh "$BIN" "$BIN" 1 60 extra
check "too many arguments: a usage error" --why "status $RC: $ERR" eval '[ "$RC" = 2 ] && [[ "$ERR" == usage:* ]]'
runsh "$BIN" "$BIN" many
check "runs not a number: a usage error" --why "status $RC: $ERR" eval '[ "$RC" = 2 ] && [[ "$ERR" == usage:* ]]'

# answers that differ, a run that fails, a run over the time limit
fake one 1
fake two 2
runsh "$WORK/one" "$WORK/two" 1 60
check "different answers: status 1" --why "status $RC: $ERR" \
  eval '[ "$RC" = 1 ] && [[ "$ERR" == *"the binaries disagree on k4 (value): 1 against 2"* ]]'
fake broken 0 1 "k4: something is wrong"
runsh "$BIN" "$WORK/broken" 1 60
check "a failing run: status 1 and its message" --why "status $RC: $ERR" \
  eval '[ "$RC" = 1 ] && [[ "$ERR" == *"broken solve k4 failed (exit status 1): cycles: k4: something is wrong"* ]]'
fake slow 0 2 "k4: the solver ran out of time (--timeout) after 7 positions"
run solve k4 --json --quiet --no-replies --no-theorems --threads 1
k4pos=$(sed -n 's/^  "positions": \([0-9]*\),$/\1/p' <<<"$OUT")
runsh "$BIN" "$WORK/slow" 1 60
check "a run over the limit: shown" --why "status $RC: $OUT $ERR" \
  eval '[ "$RC" = 0 ] && [ -n "$k4pos" ] && grep -qF "| k4 | value | 0 | $k4pos | > 60 s | - |" "$WORK/out"'

finish
