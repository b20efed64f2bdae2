# answers.bash - what tests/cli/answers.sh and record.sh share: the name of a
# recorded answer and the filter that leaves out what varies from run to run.
# Sourced; run from the source directory (the cases name boards/...).

# answer_name ARGS...: the file name (without .txt/.json) of a case: its
# arguments joined by '_', every character other than a letter, a digit,
# '.', '_' or '-' made '_'.
answer_name() {
  local IFS=_
  printf '%s' "$*" | sed -e 's/->/to/g' -e 's/[^A-Za-z0-9._-]/_/g'
}

# answer_filter: stdin to stdout with what changes between two runs of the
# same solve replaced by '#': the count of positions searched and the seconds
# (they depend on the machine and on how the threads share the work); the
# answer itself (winner, values, moves, replies, every other field) is kept.
answer_filter() {
  sed -E -e 's/^(  "(positions|seconds)": )[^,]*/\1#/' \
         -e 's/^searched: .*$/searched: #/'
}

# answer_solve BIN FORMAT ARGS...: runs `BIN solve ARGS... --threads 1
# --quiet` (with --json when FORMAT is json) with a 120 s limit and prints its
# filtered stdout; returns its exit status.  One thread: with several, which
# winning reply to a move is found first may depend on how the threads raced
# (any winning reply is right, but the bytes differ); one thread's search is
# the same every run.
answer_solve() {
  local bin=$1 format=$2 rc
  shift 2
  local json=()
  [ "$format" = json ] && json=(--json)
  timeout 120 "$bin" solve "$@" "${json[@]}" --threads 1 --quiet </dev/null >"${ANSWER_TMP:-/tmp}/answer.out"
  rc=$?
  answer_filter <"${ANSWER_TMP:-/tmp}/answer.out"
  return "$rc"
}
