# lib.bash - helpers for the command-line tests: sourced by each tests/cli/*.sh.
# Usage of a test script: bash SCRIPT CYCLES_BINARY SOURCE_DIR
set -u
BIN=$1
SRC=$2
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
PASS=0
FAIL=0

# ok NAME: record a pass (named on stdout when CYCLES_TEST_VERBOSE=1).
# bad NAME WHY: record a failure.
ok() { PASS=$((PASS + 1)); [ "${CYCLES_TEST_VERBOSE:-0}" = 1 ] && echo "ok: $1"; return 0; }
bad() { FAIL=$((FAIL + 1)); echo "FAIL: $1: $2"; }

# check NAME [--why REASON] COMMAND [ARGS...]: the one way to record a check
# that is a command's exit status, so that no check lacks its failure branch.
# Runs COMMAND (a program, a function, `[ ... ]`, or `eval 'A && B'` for a
# compound condition); NAME passes when it exits 0 and fails otherwise, the
# reason being WHY if COMMAND set it, else REASON, else the command and its
# status.  Returns COMMAND's status (so `check ... || continue` works).  A
# check given no command fails.
check() {
  local name=$1 reason= rc
  shift
  if [ "${1-}" = --why ]; then reason=$2; shift 2; fi
  if [ $# = 0 ]; then bad "$name" "check given no command"; return 1; fi
  WHY=
  "$@"
  rc=$?
  if [ "$rc" = 0 ]; then ok "$name"; return 0; fi
  bad "$name" "${WHY:-${reason:-failed (status $rc): $*}}"
  return "$rc"
}

# run ARGS...: runs cycles with a 30 s limit (generous: the machine may be
# loaded and the build may be the sanitizers'); sets $OUT, $ERR, $RC.
run() {
  timeout 30 "$BIN" "$@" >"$WORK/out" 2>"$WORK/err" </dev/null
  RC=$?
  OUT=$(cat "$WORK/out")
  ERR=$(cat "$WORK/err")
}

# expect_refusal NAME STATUS PATTERN ARGS...: exit status STATUS, nothing on
# stdout, one line on stderr starting "cycles: " and matching PATTERN (grep -E).
expect_refusal() {
  local name=$1 status=$2 pat=$3
  shift 3
  run "$@"
  if [ "$RC" != "$status" ]; then bad "$name" "exit status $RC, want $status (stderr: $ERR)"; return; fi
  if [ -n "$OUT" ]; then bad "$name" "wrote to stdout: $OUT"; return; fi
  if [ "$(printf '%s\n' "$ERR" | wc -l)" != 1 ]; then bad "$name" "stderr is not one line: $ERR"; return; fi
  case "$ERR" in cycles:\ *) ;; *) bad "$name" "stderr does not start with 'cycles: ': $ERR"; return ;; esac
  if ! printf '%s\n' "$ERR" | grep -Eq -- "$pat"; then bad "$name" "stderr '$ERR' does not match '$pat'"; return; fi
  ok "$name"
}

# expect_error NAME PATTERN ARGS...: bad input, exit status 1 (expect_refusal).
expect_error() { expect_refusal "$1" 1 "${@:2}"; }

# expect_usage NAME PATTERN ARGS...: a usage error, exit status 2 (expect_refusal).
expect_usage() { expect_refusal "$1" 2 "${@:2}"; }

# expect_out NAME PATTERN ARGS...: exit status 0 and stdout matching PATTERN.
expect_out() {
  local name=$1 pat=$2
  shift 2
  run "$@"
  if [ "$RC" != 0 ]; then bad "$name" "exit status $RC (stderr: $ERR)"; return; fi
  if ! printf '%s\n' "$OUT" | grep -Eq -- "$pat"; then bad "$name" "stdout does not match '$pat': $OUT"; return; fi
  ok "$name"
}

# need_sqlite3: skips the whole test (exit 0) when the sqlite3 command is missing.
need_sqlite3() {
  if ! command -v sqlite3 >/dev/null; then
    echo "SKIP: no sqlite3 command (scripts/install-deps.sh --test installs it)"
    exit 0
  fi
}

# finish: prints the closing line and exits non-zero on any failure, or when
# no check was recorded at all (a script that checked nothing has not passed).
finish() {
  echo "$PASS passed, $FAIL failed"
  if [ "$PASS" = 0 ] && [ "$FAIL" = 0 ]; then echo "FAIL: no check was recorded"; return 1; fi
  [ "$FAIL" = 0 ]
}
