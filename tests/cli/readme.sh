#!/usr/bin/env bash
# readme.sh - runs every shell example of README.md as written.  The README's
# examples are its indented blocks: in a block with "$ " prompts, each
# prompted line is a command (the lines after it are its output); in a block
# without prompts, each line starting with `cycles` or `./build/cycles` is.
# They run in a scratch directory laid out like a clone after `make`: the
# source tree's files linked in, ./build/cycles the program under test and
# `cycles` on the PATH the same program (the README's convention).  Each must
# exit 0 with nothing on stderr but progress, except an example whose shown
# output is an error line "cycles: ...": that one must fail with that line.
# The few examples that need root or run until stopped are named in SKIP
# (each must still be in the README) or run specially below.
# Usage: bash tests/cli/readme.sh CYCLES_BINARY SOURCE_DIR
source "$(dirname "$0")/lib.bash"
source "$(dirname "$0")/serve.bash"
serve_setup
ASAN=0
grep -aq __asan_init "$BIN" && ASAN=1

# examples not run, with why (each must match a README example exactly)
declare -A SKIP=(
  ["sudo bash scripts/install-deps.sh && make run"]="needs root; CI runs it"
  ["sudo bash scripts/install-deps.sh --test && make test"]="needs root; CI runs it"
  ["sudo /usr/bin/python3 -m pip install --no-build-isolation --break-system-packages ./python"]="needs root; tests/package stages it"
  ["cycles serve                 # then open http://127.0.0.1:8080/"]="runs until stopped on a fixed port: see 'serve' below"
)

# the scratch clone: every top-level entry of the source linked in, the
# program as build/cycles and as cycles on the PATH
for f in "$SRC"/* "$SRC"/.[!.]*; do
  [ -e "$f" ] && [ "$(basename "$f")" != build ] && ln -s "$f" "$WORK/$(basename "$f")"
done
mkdir -p "$WORK/build" "$WORK/bin"
ln -s "$BIN" "$WORK/build/cycles"
ln -s "$BIN" "$WORK/bin/cycles"
export PATH="$WORK/bin:$PATH"
# the MPI programs beside the binary, as `make install` puts them on the PATH
MPI_OK=0
if [ -x "$(dirname "$BIN")/cycles-solve-mpi" ] && command -v mpirun >/dev/null; then
  ln -s "$(dirname "$BIN")/cycles-solve-mpi" "$WORK/bin/cycles-solve-mpi"
  MPI_OK=1
fi

# the examples, one a line: "LINE<TAB>COMMAND<TAB>SHOWN" (SHOWN: the line the
# README shows after a prompted command, if any)
(cd "$SRC" && awk '
function flush(   i, has) {
  has = 0
  for (i = 1; i <= n; i++) if (lines[i] ~ /^\$ /) has = 1
  for (i = 1; i <= n; i++) {
    if (has && lines[i] ~ /^\$ /)
      printf "%s:%d\t%s\t%s\n", FILENAME, at[i], substr(lines[i], 3), (i < n && lines[i + 1] !~ /^\$ /) ? lines[i + 1] : ""
    else if (!has && lines[i] ~ /^(cycles|\.\/build\/cycles|sudo) /)
      printf "%s:%d\t%s\t\n", FILENAME, at[i], lines[i]
  }
  n = 0
}
/^    / { lines[++n] = substr($0, 5); at[n] = FNR; next }
/^$/ { next }
{ flush() }
FNR == 1 { flush() }
END { flush() }' README.md docs/*.md) >"$WORK/examples"
[ -s "$WORK/examples" ] || bad "extract" "no examples found in README.md"

declare -A SEEN
while IFS=$'\t' read -r line cmd shown; do
  name="$line: $cmd"
  if [ -n "${SKIP[$cmd]+x}" ]; then
    SEEN[$cmd]=1
    continue
  fi
  case "$cmd" in
    *"cycles serve --port 0"*)
      # starts and names its port, then stops on SIGINT
      start_server "$WORK/serve.log"
      if [ -z "$PORT" ]; then bad "$name" "did not say its port: $(cat "$WORK/serve.log")"; continue; fi
      stop_server INT
      if [ "$RC" != 0 ]; then bad "$name" "exit status $RC after SIGINT"; else ok "$name"; fi
      continue ;;
    mpirun\ *)
      if [ "$MPI_OK" = 0 ]; then
        echo "SKIP: $name: cycles-solve-mpi or mpirun not found"
        continue
      fi
      # as root (CI), OpenMPI wants to be told; leaks are MPI's own
      cmd="OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_plm_rsh_agent= ASAN_OPTIONS=detect_leaks=0 $cmd" ;;
    curl*127.0.0.1:8080*)
      # the same request to a server on a free port
      start_server "$WORK/serve.log"
      cmd=${cmd//127.0.0.1:8080/127.0.0.1:$PORT}
      cmd=${cmd/curl -s/curl -s --fail-with-body} ;;
  esac
  # a hang guard, not a speed test: under ASan on a loaded machine the
  # slowest example (projective-k6 under misère, 4 s plain) took 62 s
  (cd "$WORK" && timeout 300 bash -c "$cmd" </dev/null >"$WORK/ex.out" 2>"$WORK/ex.err")
  rc=$?
  [ -n "$SPID" ] && stop_server TERM
  # progress lines are allowed on stderr (a search's, the census's and its
  # plan's, and cycles-solve-mpi's), and under the sanitizers
  # LeakSanitizer's table of suppressed library leaks; any other line is an
  # error
  errs=$(grep -v -E '^(\r|census: (boards|trees) of |census plan: |cycles: ([^:]*: )?[0-9]+ positions, |solve-mpi: )' "$WORK/ex.err" | tr -d '\r')
  if [ "$ASAN" = 1 ]; then
    errs=$(grep -v -E '^(-{20,}|Suppressions used:|[[:space:]]+count[[:space:]]+bytes[[:space:]]+template|[[:space:]]+[0-9]+[[:space:]]+[0-9]+[[:space:]]+[^[:space:]]+)$' <<<"$errs")
  fi
  case "$shown" in
    cycles:\ *)
      if [ "$rc" = 0 ]; then bad "$name" "exit status 0, the README shows an error"
      elif [ "$(head -1 <<<"$errs")" != "$shown" ]; then bad "$name" "stderr '$errs', the README shows '$shown'"
      else ok "$name"; fi ;;
    *)
      if [ "$rc" != 0 ]; then bad "$name" "exit status $rc: $(head -c 400 "$WORK/ex.err")"
      elif [ -n "$errs" ]; then bad "$name" "stderr: $(head -c 400 <<<"$errs")"
      else ok "$name"; fi ;;
  esac
done <"$WORK/examples"
for cmd in "${!SKIP[@]}"; do
  [ -n "${SEEN[$cmd]+x}" ] || bad "skip list" "'$cmd' is no longer in README.md: drop it from SKIP"
done
[ "$PASS" -ge 20 ] || bad "extract" "only $PASS examples ran"
finish
