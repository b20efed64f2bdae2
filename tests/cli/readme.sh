#!/usr/bin/env bash
# readme.sh - runs every shell example of README.md and of the manual
# (docs/*.md) as written, and compares what it prints with what the page
# shows.  A page's examples are its indented blocks: in a block with "$ "
# prompts, each prompted line is a command and the lines after it, up to the
# next prompt, are what it prints; in a block without prompts, each line
# starting with `cycles`, `./build/cycles` or `sudo` is a command shown
# without its output.
#
# The shown output is compared with the command's standard output, blank
# lines and blanks at the ends of lines left out on both sides: the shown lines must be output lines in the
# same order, consecutive but where a line "..." stands between them (any
# number of lines left out, also at the start or the end); without "..." at
# the start (end), the first (last) shown line is the first (last) line of
# the output.  In a shown line, "~" stands for any text within the line (a
# count of positions, a time).  An example whose shown output is an error
# line "cycles: ..." must fail with that line first on stderr.  Every other
# example must exit 0 with nothing on stderr but progress.
#
# Each page runs in a scratch directory of its own, laid out like a clone
# after `make`: the source tree's files linked in, ./build/cycles the program
# under test and `cycles` on the PATH the same program; a page's examples run
# in order in it, so one may read what an earlier one wrote.  The few
# examples that need root or run until stopped are named in SKIP (each must
# still be on a page) or run specially below.
#
# Without PAGEs it also checks that the man page (docs/cycles.1) has an
# entry for every command and names every option the commands' --help
# texts name, and that the manual's index names every command.
#
# Usage: bash tests/cli/readme.sh CYCLES_BINARY SOURCE_DIR [PAGE.md...]
# With PAGEs (paths under SOURCE_DIR) only those are checked, and the exit
# status says whether every example held; without, README.md and docs/*.md,
# and then the checker itself is run on tests/data/examples/wrong.md, a page
# whose shown answers are wrong, which it must report as failures.
SELF=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
source "$(dirname "$0")/lib.bash"
source "$(dirname "$0")/serve.bash"
serve_setup
ASAN=0
grep -aq __asan_init "$BIN" && ASAN=1
shift 2
PAGES=("$@")
[ ${#PAGES[@]} = 0 ] && PAGES=(README.md $(cd "$SRC" && ls docs/*.md))

# examples not run, with why (each must match an example exactly)
declare -A SKIP=(
  ["sudo bash scripts/install-deps.sh && make run"]="needs root; CI runs it"
  ["sudo bash scripts/install-deps.sh --test && make test"]="needs root; CI runs it"
  ["sudo /usr/bin/python3 -m pip install --no-build-isolation --break-system-packages ./python"]="needs root; tests/package stages it"
  ["cycles serve                 # then open http://127.0.0.1:8080/"]="runs until stopped on a fixed port: see 'serve' below"
  ["cycles serve --census small.db        # then open http://127.0.0.1:8080/census"]="runs until stopped on a fixed port; tests/cli/serve_census.sh tests it"
)

# clone DIR: makes DIR a scratch clone (see above)
clone() {
  local dir=$1 f
  mkdir -p "$dir/build"
  for f in "$SRC"/* "$SRC"/.[!.]*; do
    [ -e "$f" ] && [ "$(basename "$f")" != build ] && ln -s "$f" "$dir/$(basename "$f")"
  done
  ln -s "$BIN" "$dir/build/cycles"
  # the library beside the program, for the Python examples
  for f in "$(dirname "$BIN")"/libcycles.so*; do
    [ -e "$f" ] && ln -s "$f" "$dir/build/$(basename "$f")"
  done
}
mkdir -p "$WORK/bin"
ln -s "$BIN" "$WORK/bin/cycles"
export PATH="$WORK/bin:$PATH"
# the MPI programs beside the binary, as `make install` puts them on the PATH
MPI_OK=0
if [ -x "$(dirname "$BIN")/cycles-solve-mpi" ] && command -v mpirun >/dev/null; then
  ln -s "$(dirname "$BIN")/cycles-solve-mpi" "$WORK/bin/cycles-solve-mpi"
  MPI_OK=1
fi

# the examples, one a line: "PAGE:LINE<TAB>COMMAND<TAB>N", the shown output of
# example N in $WORK/shown/N (empty when none is shown)
mkdir -p "$WORK/shown"
(cd "$SRC" && awk -v shown="$WORK/shown" '
function flush(   i, j, has, f) {
  has = 0
  for (i = 1; i <= n; i++) if (lines[i] ~ /^\$ /) has = 1
  # in a block with prompts, a line before the first prompt would be
  # neither run nor compared: an error of the page
  if (has && lines[1] !~ /^\$ /) printf "%s:%d\t#orphan %s\t\n", page[1], at[1], lines[1]
  for (i = 1; i <= n; i++) {
    if (has && lines[i] ~ /^\$ /) {
      k++
      f = shown "/" k
      printf "" >f
      for (j = i + 1; j <= n && lines[j] !~ /^\$ /; j++) print lines[j] >f
      close(f)
      printf "%s:%d\t%s\t%d\n", page[i], at[i], substr(lines[i], 3), k
    } else if (!has && lines[i] ~ /^(cycles|\.\/build\/cycles|sudo) /)
      printf "%s:%d\t%s\t\n", page[i], at[i], lines[i]
  }
  n = 0
}
FNR == 1 { flush() }
/^    / { lines[++n] = substr($0, 5); at[n] = FNR; page[n] = FILENAME; next }
/^[ \t]*$/ { next }
{ flush() }
END { flush() }' "${PAGES[@]}") >"$WORK/examples"
[ -s "$WORK/examples" ] || bad "extract" "no examples found in ${PAGES[*]}"

# matches SHOWN OUT: whether the lines of file SHOWN match those of file OUT
# as the header says; prints the first shown line that does not
matches() {
  awk '
function pattern(s,   re, c, i) {
  re = ""
  for (i = 1; i <= length(s); i++) {
    c = substr(s, i, 1)
    if (c == "~") re = re ".*"
    else if (index("\\^$.|?*+()[]{}/", c)) re = re "\\" c
    else re = re c
  }
  return "^" re "$"
}
function eq(s, o) { return index(s, "~") ? o ~ pattern(s) : s == o }
# seg(k, from): whether segments k.. match the output from line "from" on;
# the first segment starts at line 1 unless the shown output opens with
# "...", and the output ends with the last segment unless it ends with "..."
function seg(k, from,   i, start, last, ok) {
  if (k > nseg) return !anchored_end || from > nout
  last = (k == 1 && !open_start) ? from : nout - len[k] + 1
  for (start = from; start <= last; start++) {
    ok = 1
    for (i = 0; i < len[k]; i++)
      if (!eq(sl[k, i], out[start + i])) { ok = 0; break }
    if (ok && seg(k + 1, start + len[k])) return 1
  }
  return 0
}
{ sub(/[ \t]+$/, "") }
FILENAME == ARGV[1] { if ($0 != "") shown[++nshown] = $0; next }
$0 != "" { out[++nout] = $0 }
END {
  if (nshown == 0) exit 0
  open_start = shown[1] == "..."
  anchored_end = shown[nshown] != "..."
  nseg = 1; len[1] = 0
  for (i = 1; i <= nshown; i++) {
    if (shown[i] == "...") { if (len[nseg]) { nseg++; len[nseg] = 0 }; continue }
    sl[nseg, len[nseg]++] = shown[i]
  }
  if (!len[nseg]) nseg--
  if (seg(1, 1)) exit 0
  # why not: the first shown line not found after the ones before it
  j = 1
  for (i = 1; i <= nshown; i++) {
    if (shown[i] == "...") continue
    while (j <= nout && !eq(shown[i], out[j])) j++
    if (j > nout) { print "not in the output (in this order): " shown[i]; exit 1 }
    j++
  }
  print "the shown lines are in the output, but with other lines between, before or after them where no \"...\" stands"
  exit 1
}' "$1" "$2"
}

declare -A SEEN
declare -A DIRS
NDIRS=0
while IFS=$'\t' read -r where cmd k; do
  name="$where: $cmd"
  page=${where%:*}
  if [ -z "${DIRS[$page]+x}" ]; then
    NDIRS=$((NDIRS + 1))
    DIRS[$page]="$WORK/page$NDIRS"
    clone "${DIRS[$page]}"
  fi
  dir=${DIRS[$page]}
  shown=/dev/null
  [ -n "$k" ] && shown="$WORK/shown/$k"
  if [ "${cmd#"#orphan "}" != "$cmd" ]; then
    bad "$where: ${cmd#"#orphan "}" "a block with \$ prompts starts with a line that is neither a command nor its output (a paragraph between two blocks keeps them apart)"
    continue
  fi
  if [ -n "${SKIP[$cmd]+x}" ]; then
    SEEN[$cmd]=1
    continue
  fi
  # a program the test machine lacks (sqlite3, mpirun, curl): said, not run
  prog=${cmd%% *}
  case "$prog" in
    *=*|\(*|cycles|./build/cycles|printf|cd|ls|echo|cat) ;;
    *) if ! command -v "$prog" >/dev/null; then echo "SKIP: $name: no $prog here"; continue; fi ;;
  esac
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
    *python3*|cc\ *|LD_LIBRARY_PATH=build\ *)
      # Python is not built with the sanitizers, so it cannot load their
      # library, nor does a plain cc link with it (nor run what cc made); the
      # plain build runs these
      if [ "$ASAN" = 1 ]; then
        echo "SKIP: $name: a program without the sanitizers and their library"
        continue
      fi
      cmd="CYCLES_LIBRARY=$dir/build/libcycles.so.0 $cmd" ;;
  esac
  # a hang guard, not a speed test: examples are meant to take a second or
  # two, but the sanitizers and a loaded machine slow them many times
  (cd "$dir" && timeout 300 bash -c "$cmd" </dev/null >"$WORK/ex.out" 2>"$WORK/ex.err")
  rc=$?
  [ -n "$SPID" ] && stop_server TERM
  # progress lines are allowed on stderr (a search's, the census's and its
  # plan's, and cycles-solve-mpi's), and under the sanitizers
  # LeakSanitizer's table of suppressed library leaks; any other line is an
  # error
  errs=$(grep -v -E '^(\r|census: (boards|trees|twocells) of |census plan: |cycles: ([^:]*: )?[0-9]+ positions, |solve-mpi: )' "$WORK/ex.err" | tr -d '\r')
  if [ "$ASAN" = 1 ]; then
    errs=$(grep -v -E '^(-{20,}|Suppressions used:|[[:space:]]+count[[:space:]]+bytes[[:space:]]+template|[[:space:]]+[0-9]+[[:space:]]+[0-9]+[[:space:]]+[^[:space:]]+)$' <<<"$errs")
  fi
  first=$(grep -v '^[[:space:]]*$' "$shown" | head -1)
  case "$first" in
    cycles:\ *)
      if [ "$rc" = 0 ]; then bad "$name" "exit status 0, the page shows an error"
      elif [ "$(head -1 <<<"$errs")" != "$first" ]; then bad "$name" "stderr '$errs', the page shows '$first'"
      elif [ -s "$WORK/ex.out" ]; then bad "$name" "an error, but stdout has: $(head -c 200 "$WORK/ex.out")"
      else ok "$name"; fi ;;
    *)
      if [ "$rc" != 0 ]; then bad "$name" "exit status $rc: $(head -c 400 "$WORK/ex.err")"
      elif [ -n "$errs" ]; then bad "$name" "stderr: $(head -c 400 <<<"$errs")"
      elif ! why=$(matches "$shown" "$WORK/ex.out"); then
        bad "$name" "$why; the output was:
$(head -40 "$WORK/ex.out")"
      else ok "$name"; fi ;;
  esac
done <"$WORK/examples"

if [ $# = 0 ]; then
  for cmd in "${!SKIP[@]}"; do
    [ -n "${SEEN[$cmd]+x}" ] || bad "skip list" "'$cmd' is on no page any more: drop it from SKIP"
  done
  [ "$PASS" -ge 40 ] || bad "extract" "only $PASS examples ran"
  # the man page agrees with the program: an entry for every command of
  # `cycles help` (but version, in the synopsis), and every option that a
  # command's help names; the manual's index names every command
  for c in $("$BIN" help | sed -n 's/^  cycles \([a-z][a-z-]*\).*/\1/p'); do
    if [ "$c" != version ] && ! grep -qE "^\.B[IR]? \"?$c( |\"|$)" "$SRC/docs/cycles.1"; then
      bad "man page" "docs/cycles.1 has no entry for the command $c"
    fi
    grep -q "\`cycles $c\b" "$SRC/docs/index.md" || bad "manual" "docs/index.md does not name the command $c"
    for o in $("$BIN" help "$c" | grep -o -- '--[a-z][a-z-]*' | sort -u); do
      grep -qF -- "${o//-/\\-}" "$SRC/docs/cycles.1" || bad "man page" "docs/cycles.1 does not name $c's option $o"
    done
  done
  # the checker must fail on a page whose answers are wrong: each wrong
  # example of the fixture is reported, and the right ones are not
  if bash "$SELF" "$BIN" "$SRC" tests/data/examples/wrong.md >"$WORK/wrong.log" 2>&1; then
    bad "wrong answers" "the checker passed tests/data/examples/wrong.md: $(cat "$WORK/wrong.log")"
  else
    want=$(grep -c '^    .*# wrong' "$SRC/tests/data/examples/wrong.md")
    got=$(grep -c '^FAIL: .*# wrong' "$WORK/wrong.log")
    if [ "$got" != "$want" ] || grep -q '^FAIL: .*# right' "$WORK/wrong.log"; then
      bad "wrong answers" "reported $got of the $want wrong examples, or a right one: $(cat "$WORK/wrong.log")"
    else ok "wrong answers"; fi
  fi
fi
finish
