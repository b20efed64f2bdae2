# A test of the test library (tests/cli/lib.bash): a failing check makes a
# script fail, a passing one lets it pass, a check without a command fails,
# a script that records no check fails; and every command-line test is
# written so that its checks can fail (the lint below).
. "$(dirname "$0")/lib.bash"

LIB=$SRC/tests/cli/lib.bash

# script NAME BODY: a test script in $WORK sourcing the library, BODY before
# its finish; runs it and sets SRC_RC and SRC_OUT.
script() {
  printf '. %q\n%s\nfinish\n' "$LIB" "$2" >"$WORK/$1.sh"
  SRC_OUT=$(bash "$WORK/$1.sh" "$BIN" "$SRC" 2>&1)
  SRC_RC=$?
}

script pass 'check "true holds" true; check "a test" [ 1 = 1 ]; check "eval" eval "[ 1 = 1 ] && [ 2 = 2 ]"'
check "passing checks pass" --why "status $SRC_RC: $SRC_OUT" [ "$SRC_RC" = 0 ]
check "passing checks counted" --why "$SRC_OUT" grep -qx '3 passed, 0 failed' <<<"$SRC_OUT"

script fail1 'check "false fails" false'
check "a failing command fails the script" --why "status $SRC_RC: $SRC_OUT" [ "$SRC_RC" != 0 ]
check "the failure is named" --why "$SRC_OUT" grep -q '^FAIL: false fails: failed (status 1): false' <<<"$SRC_OUT"

script fail2 'RC=1; check "exit status" [ "$RC" = 0 ]; check "after it" true'
check "a failing test among passes fails the script" --why "status $SRC_RC: $SRC_OUT" [ "$SRC_RC" != 0 ]
check "failures and passes counted" --why "$SRC_OUT" grep -qx '1 passed, 1 failed' <<<"$SRC_OUT"

script fail3 'check "compound" eval "[ 1 = 1 ] && [ 1 = 2 ]"'
check "a failing compound condition fails the script" --why "status $SRC_RC: $SRC_OUT" [ "$SRC_RC" != 0 ]

script why 'f() { WHY="the reason"; return 3; }; check "set why" f; check "given why" --why "given" false'
check "the command's reason is shown" --why "$SRC_OUT" grep -qx 'FAIL: set why: the reason' <<<"$SRC_OUT"
check "the caller's reason is shown" --why "$SRC_OUT" grep -qx 'FAIL: given why: given' <<<"$SRC_OUT"
check "reasons fail the script" --why "status $SRC_RC" [ "$SRC_RC" != 0 ]

script nocmd 'check "nothing"'
check "a check without a command fails" --why "status $SRC_RC: $SRC_OUT" [ "$SRC_RC" != 0 ]

script empty ':'
check "a script that checks nothing fails" --why "status $SRC_RC: $SRC_OUT" [ "$SRC_RC" != 0 ]

script status 'check "status returned" false || echo "went on"'
check "check returns the command's status" --why "$SRC_OUT" grep -qx 'went on' <<<"$SRC_OUT"

script bad 'expect_out "wrong pattern" "^no such output" solve cycle:3'
check "expect_out fails on a wrong pattern" --why "status $SRC_RC: $SRC_OUT" [ "$SRC_RC" != 0 ]
script bad2 'expect_error "not an error" "x" solve cycle:3'
check "expect_error fails on success" --why "status $SRC_RC: $SRC_OUT" [ "$SRC_RC" != 0 ]

# The lint: in every command-line test, a line that records a pass after
# `&&` carries its failure branch (`|| bad ...` on the line or the next), and
# the script ends with finish.  (`check` is the way to write a check whose
# outcome is a status.)
# lint FILE: prints the offending lines of FILE.
lint() {
  awk '
    /&&[ \t]*ok[ \t]/ {
      if ($0 ~ /\|\|[ \t]*bad[ \t]/) next
      if ($0 ~ /\|\|[ \t]*(\\)?$/) { want = FNR; next }
      print FILENAME ":" FNR ": a pass without a failure branch: " $0
    }
    want && FNR == want + 1 {
      if ($0 !~ /^[ \t]*bad[ \t]/) print FILENAME ":" want ": the failure branch is not bad: " $0
      want = 0
    }
  ' "$1"
  [ "$(basename "$1")" = lib.bash ] || [ "$(basename "$1")" = serve.bash ] ||
    [ "$(sed '/^[[:space:]]*$/d' "$1" | tail -1)" = finish ] || echo "$1: does not end with finish"
}
printf 'x && ok "a"\ny && ok "b" ||\n  bad "b" "why"\nz && ok "c" || bad "c" "why"\nfinish\n' >"$WORK/lintme.sh"
check "the lint finds a pass without a failure branch" --why "$(lint "$WORK/lintme.sh")" \
  eval '[ "$(lint "$WORK/lintme.sh" | wc -l)" = 1 ] && lint "$WORK/lintme.sh" | grep -q ":1: a pass without"'
for f in "$SRC"/tests/cli/*.sh "$SRC"/tests/cli/*.bash; do
  found=$(lint "$f")
  check "lint $(basename "$f")" --why "$found" [ -z "$found" ]
done
finish
