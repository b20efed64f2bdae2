# Command-line tests of `cycles solve --split-depth` and `--from-jobs`: a
# solve split into jobs, the jobs run by two local processes, and the
# combined answer checked against the same solve made whole (every key but
# the work counts), in every mode; then every error path.
. "$(dirname "$0")/lib.bash"

# split BOARD DEPTH [SOLVE_OPTS...]: splits into $WORK/s, runs the jobs two at
# a time with the options, and leaves the combined answer in $WORK/combined.
split() {
  local board=$1 depth=$2
  shift 2
  rm -rf "$WORK/s"
  timeout 60 "$BIN" solve "$board" --split-depth "$depth" -o "$WORK/s" >/dev/null || return 1
  (cd "$WORK/s/jobs" && ls | timeout 120 xargs -P 2 -I{} "$BIN" solve {} --json --no-replies --quiet "$@" \
    -o ../results/{}) || return 1
  timeout 60 "$BIN" solve --from-jobs "$WORK/s" --json >"$WORK/combined" 2>/dev/null
}

# without the work counts, which differ between a split and a whole solve
strip() { grep -v '"positions"\|"seconds"' "$1"; }

for board in k4 grid:3x3 theta:3,2,5 cycle:5 chord:6,2 "grid:3x3 --moves 1->2"; do
  set -- $board
  b=$1
  mv=()
  [ $# -gt 1 ] && mv=(--moves "$3")
  for depth in 1 2 3; do
    name="$board depth $depth"
    rm -rf "$WORK/s"
    if ! timeout 60 "$BIN" solve "$b" "${mv[@]}" --split-depth "$depth" -o "$WORK/s" >"$WORK/msg"; then
      bad "$name" "the split failed"
      continue
    fi
    (cd "$WORK/s/jobs" && ls | timeout 120 xargs -P 2 -I{} "$BIN" solve {} --json --no-replies --quiet \
      -o ../results/{})
    "$BIN" solve --from-jobs "$WORK/s" --json >"$WORK/combined" 2>/dev/null
    "$BIN" solve "$b" "${mv[@]}" --json --quiet --no-theorems >"$WORK/whole"
    # a split one move deep cannot give the replies of a lost position
    if [ "$depth" = 1 ]; then
      diff <(strip "$WORK/combined") <(strip "$WORK/whole" | sed '/"replies"/,/^  },/d') >/dev/null
    else
      diff <(strip "$WORK/combined") <(strip "$WORK/whole") >/dev/null
    fi && ok "$name" || bad "$name" "combined answer differs from the whole solve"
  done
done

# the jobs solved for who wins only: the combined answer has no Grundy value
split cycle:5 2 --no-grundy && grep -q '"grundy_computed": false' "$WORK/combined" &&
  grep -q '"winner": 1' "$WORK/combined" && ok "no-grundy jobs" || bad "no-grundy jobs" "$(cat "$WORK/combined")"
# text output
rm -rf "$WORK/s"
split k4 2
expect_out "text answer" '^winner: player 2' solve --from-jobs "$WORK/s"

# errors: each one line on stderr, exit status 1
expect_usage "split needs -o" '-o DIR' solve k4 --split-depth 2
expect_usage "split depth range" 'split-depth' solve k4 --split-depth 0
expect_error "split of a completable position" 'nothing to split' solve cycle:4 --moves "1->2 2->3 3->4" \
  --split-depth 1 -o "$WORK/t"
expect_error "split into a used directory" 'holds a split already' solve k4 --split-depth 1 -o "$WORK/s"
expect_error "from-jobs of no directory" 'split.json' solve --from-jobs "$WORK/nothing"
expect_usage "from-jobs with a board" 'give nothing else' solve k4 --from-jobs "$WORK/s"
rm -f "$WORK/s/results/job-000001.json"
expect_error "a missing result" 'job-000001.json' solve --from-jobs "$WORK/s"
split k4 2
cp "$WORK/s/jobs/job-000002.json" "$WORK/s/jobs/job-000001.json"
expect_error "a job file changed" 'not the position of job 1' solve --from-jobs "$WORK/s"
split k4 2
printf '{"outcome": "N", "complete": false}\n' >"$WORK/s/results/job-000001.json"
expect_error "a partial result" 'not complete' solve --from-jobs "$WORK/s"
printf 'garbage' >"$WORK/s/results/job-000001.json"
expect_error "a broken result" 'job-000001.json' solve --from-jobs "$WORK/s"

# results that are no job's answer, each refused naming the file and the
# key: a FIFO (which once blocked the open for ever), a file too big, a
# Grundy value out of range (4294967296 was once read as 0), a value that
# contradicts the outcome, a winner that contradicts it, negative counts
R=$WORK/s/results/job-000001.json
split k4 2
cp "$R" "$WORK/r1"
# the job's own answer, as the solver wrote it: outcome N with Grundy value g > 0
grep -q '"outcome": "N"' "$WORK/r1" && grep -Eq '"grundy": [1-9]' "$WORK/r1" ||
  bad "job 1 of k4 at depth 2" "not an N-position with a nonzero Grundy value: $(cat "$WORK/r1")"
expect_out "the untouched jobs combine" '^winner: player 2' solve --from-jobs "$WORK/s"
rm -f "$R" && mkfifo "$R"
expect_error "a FIFO as a result" 'job-000001.json: is not a regular file' solve --from-jobs "$WORK/s"
rm -f "$R"
mkfifo "$WORK/s/split.json.fifo" && mv "$WORK/s/split.json" "$WORK/split.json" && mv "$WORK/s/split.json.fifo" "$WORK/s/split.json"
cp "$WORK/r1" "$R"
expect_error "a FIFO as split.json" 'split.json: is not a regular file' solve --from-jobs "$WORK/s"
rm -f "$WORK/s/split.json" && mv "$WORK/split.json" "$WORK/s/split.json"
mkdir "$WORK/dir.json" && rm -f "$R" && mv "$WORK/dir.json" "$R"
expect_error "a directory as a result" 'job-000001.json: is not a regular file' solve --from-jobs "$WORK/s"
rm -rf "$R"
{ printf '{"pad": "'; head -c 2000000 /dev/zero | tr '\0' x; printf '"}\n'; } >"$R"
expect_error "a result of 2 MB" 'job-000001.json: is larger than' solve --from-jobs "$WORK/s"
# reset R from the job's answer with sed expression $1
edit() { sed -E "$1" "$WORK/r1" >"$R"; }
for g in 4294967296 -1 13 1e3 '"2"' 9223372036854775807; do
  edit "s/\"grundy\": [0-9]+/\"grundy\": $g/"
  expect_error "grundy $g" 'job-000001.json: "grundy" is not a Grundy value of this board \(a whole number from 0 to 12\)' \
    solve --from-jobs "$WORK/s"
done
edit 's/"grundy": [0-9]+/"grundy": 0/'
expect_error "grundy 0 with outcome N" 'job-000001.json: "grundy" 0 contradicts "outcome" N' solve --from-jobs "$WORK/s"
edit 's/"outcome": "N"/"outcome": "P"/; s/"winner": 1/"winner": 2/'
expect_error "a nonzero grundy with outcome P" '"grundy" [1-9][0-9]* contradicts "outcome" P' solve --from-jobs "$WORK/s"
edit 's/"winner": 1/"winner": 2/'
expect_error "the winner contradicting N" '"winner" contradicts "outcome" N' solve --from-jobs "$WORK/s"
edit 's/"outcome": "N"/"outcome": "X"/'
expect_error "an outcome not N or P" '"outcome" is "X", not N or P' solve --from-jobs "$WORK/s"
edit 's/"positions": [0-9]+/"positions": -5/'
expect_error "negative positions" '"positions" and "seconds"' solve --from-jobs "$WORK/s"
edit 's/"seconds": [0-9.e-]+/"seconds": "soon"/'
expect_error "seconds not a number" '"positions" and "seconds"' solve --from-jobs "$WORK/s"
printf '[1, 2]\n' >"$R"
expect_error "a result that is no object" 'job-000001.json: is not a job' solve --from-jobs "$WORK/s"
cp "$WORK/r1" "$R"
expect_out "the job's answer put back combines again" '^winner: player 2' solve --from-jobs "$WORK/s"
# cycles-solve-mpi: the jobs run by two MPI ranks, combined, equal the whole
# solve; a second run solves only the jobs without a complete answer
MPI_BIN=$(dirname "$BIN")/cycles-solve-mpi
if [ -x "$MPI_BIN" ] && command -v mpirun >/dev/null; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_plm_rsh_agent=
  export ASAN_OPTIONS=detect_leaks=0
  mpi() { timeout 120 mpirun -n "$1" --oversubscribe "$MPI_BIN" "${@:2}"; }
  for board in grid:3x3 theta:3,2,5; do
    rm -rf "$WORK/m"
    timeout 60 "$BIN" solve "$board" --split-depth 2 -o "$WORK/m" >/dev/null
    mpi 2 "$WORK/m" --quiet >"$WORK/mpi.out" 2>&1
    rc=$?
    "$BIN" solve --from-jobs "$WORK/m" --json >"$WORK/combined" 2>/dev/null
    "$BIN" solve "$board" --json --quiet --no-theorems >"$WORK/whole"
    [ "$rc" = 0 ] && diff <(strip "$WORK/combined") <(strip "$WORK/whole") >/dev/null &&
      ok "mpi jobs of $board" || bad "mpi jobs of $board" "rc=$rc $(tail -3 "$WORK/mpi.out")"
  done
  n=$(ls "$WORK/m/results" | wc -l)
  rm -f "$WORK/m/results/job-000001.json"
  printf '{"outcome": "N", "complete": false}\n' >"$WORK/m/results/job-000002.json"
  mpi 2 "$WORK/m" >"$WORK/mpi.out" 2>&1
  [ $? = 0 ] && grep -q "^solve-mpi: $n jobs, 2 of them without a complete answer" "$WORK/mpi.out" &&
    "$BIN" solve --from-jobs "$WORK/m" --json >"$WORK/combined" 2>/dev/null &&
    diff <(strip "$WORK/combined") <(strip "$WORK/whole") >/dev/null &&
    ok "mpi resumes" || bad "mpi resumes" "$(cat "$WORK/mpi.out")"
  # the same with one rank, which solves the jobs itself, for who wins only
  rm -rf "$WORK/m"
  timeout 60 "$BIN" solve cycle:5 --split-depth 2 -o "$WORK/m" >/dev/null
  mpi 1 "$WORK/m" --no-grundy --quiet && "$BIN" solve --from-jobs "$WORK/m" --json >"$WORK/combined" 2>/dev/null &&
    grep -q '"grundy_computed": false' "$WORK/combined" && grep -q '"winner": 1' "$WORK/combined" &&
    ok "mpi one rank, no-grundy" || bad "mpi one rank, no-grundy" "$(cat "$WORK/combined")"
  # errors: the directory and a job named, usage errors exit 2
  mpi 2 "$WORK/none" >"$WORK/mpi.out" 2>&1
  [ $? = 1 ] && grep -q 'none/split.json' "$WORK/mpi.out" && ok "mpi: no split" || bad "mpi: no split" "$(cat "$WORK/mpi.out")"
  printf 'garbage' >"$WORK/m/jobs/job-000001.json"
  rm -f "$WORK/m/results/job-000001.json"
  mpi 2 "$WORK/m" >"$WORK/mpi.out" 2>&1
  [ $? = 1 ] && grep -q 'job-000001.json' "$WORK/mpi.out" && ok "mpi: a broken job" || bad "mpi: a broken job" "$(cat "$WORK/mpi.out")"
  printf '\033[2Jgarbage' >"$WORK/m/jobs/job-000001.json"
  mpi 2 "$WORK/m" >"$WORK/mpi.out" 2>&1
  [ $? = 1 ] && grep -q 'job-000001.json: .*\\x1b' "$WORK/mpi.out" && ! grep -q $'\033' "$WORK/mpi.out" &&
    ok "mpi: a job's bytes escaped" || bad "mpi: a job's bytes escaped" "$(cat -v "$WORK/mpi.out")"
  # a FIFO in place of a job: refused naming it, never waited on
  rm -f "$WORK/m/jobs/job-000001.json" && mkfifo "$WORK/m/jobs/job-000001.json"
  mpi 2 "$WORK/m" >"$WORK/mpi.out" 2>&1
  [ $? = 1 ] && grep -q 'job-000001.json: is not a regular file' "$WORK/mpi.out" && ok "mpi: a FIFO as a job" ||
    bad "mpi: a FIFO as a job" "$(cat "$WORK/mpi.out")"
  for args in "--threads 2 --threads 2 $WORK/m" "--timeout 5 --timeout=5 $WORK/m"; do
    mpi 2 $args >"$WORK/mpi.out" 2>&1
    [ $? = 2 ] && grep -Eq '^cycles-solve-mpi: --(threads|timeout) is given twice' "$WORK/mpi.out" &&
      ok "mpi twice: $args" || bad "mpi twice: $args" "$(cat "$WORK/mpi.out")"
  done
  for args in "" "--frob $WORK/m" "--timeout -1 $WORK/m" "$WORK/m $WORK/m" "--memory 1K $WORK/m" \
    "--threads 2 --threads 2 $WORK/m" "--timeout 5 --timeout=5 $WORK/m" "--threads +2 $WORK/m" "--timeout 0x10 $WORK/m"; do
    mpi 2 $args >"$WORK/mpi.out" 2>&1
    [ $? = 2 ] && grep -q '^usage: cycles-solve-mpi' "$WORK/mpi.out" && ok "mpi usage: $args" ||
      bad "mpi usage: $args" "$(cat "$WORK/mpi.out")"
  done
else
  echo "SKIP: cycles-solve-mpi or mpirun not found: the MPI run is not tested"
fi
finish
