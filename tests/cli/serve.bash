# serve.bash - helpers for the tests that run `cycles serve`: sourced by
# tests/cli/serve.sh and load.sh (after lib.bash) and by tests/soak.sh.  They
# use $BIN, the program, as an absolute path.

# serve_setup: for a command-line test: fails it when curl is missing, makes
# $BIN and $SRC absolute, stops the server on exit and moves to $WORK.
serve_setup() {
  if ! command -v curl >/dev/null 2>&1; then
    bad "curl" "curl is needed for this test (scripts/install-deps.sh --test installs it)"
    finish
    exit 1
  fi
  SPID=
  trap '[ -n "$SPID" ] && kill "$SPID" 2>/dev/null; rm -rf "$WORK"' EXIT
  BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
  SRC=$(cd "$SRC" && pwd)
  cd "$WORK" || exit 1
}

# start_server LOG ARGS...: starts cycles serve --port 0 ARGS in the
# background; sets SPID and PORT (empty when it did not start within 10 s).
start_server() {
  local log=$1
  shift
  : >"$log"
  "$BIN" serve --port 0 "$@" 2>"$log" </dev/null &
  SPID=$!
  PORT=
  for _ in $(seq 100); do
    PORT=$(sed -n 's|^cycles: serving on http://127\.0\.0\.1:\([0-9][0-9]*\)/$|\1|p' "$log")
    [ -n "$PORT" ] && return
    sleep 0.1
  done
}

# stop_server SIGNAL: sends the server SIGNAL and waits up to 20 s; sets RC to
# its exit status (empty when it did not stop) and clears SPID.
stop_server() {
  kill -"$1" "$SPID"
  RC=
  for _ in $(seq 200); do
    if ! kill -0 "$SPID" 2>/dev/null; then
      wait "$SPID"
      RC=$?
      break
    fi
    sleep 0.1
  done
  SPID=
}

# rss_kib FIELD: VmRSS or VmHWM (the peak) of the server in KiB.
rss_kib() { sed -n "s/^$1:[[:space:]]*\([0-9]*\) kB/\1/p" "/proc/$SPID/status"; }
