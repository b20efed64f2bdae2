#!/usr/bin/env bash
# fuzz_long.sh [SECONDS] [OUTDIR] [TARGET...] - the long fuzzing runs of
# docs/reliability.md (not in CI): builds the libFuzzer targets with ASan and
# UBSan (tests/fuzz/run.sh), then fuzzes each target for SECONDS (default
# 600), two at a time, under nice 10, leak detection on.  Each run's log is
# OUTDIR/TARGET.log and its corpus OUTDIR/corpus-TARGET; a crash, leak or
# hang leaves OUTDIR/TARGET-crash-*, -leak-* or -timeout-*.  Prints one line
# a target: status, executions, coverage (cov: edges, ft: features) and the
# corpus size.  An input may take 15 s (-timeout) before it counts as a hang:
# the biggest family boards (100,000 edges) take 1-2 s to build under the
# sanitizers, and up to 5 s on a machine loaded by other work.
set -uo pipefail
SECS=${1:-600}
OUT=${2:-/tmp/cycles-fuzz-long}
shift 2 2>/dev/null || shift $#
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(read moves spec server check)
SRC=$(cd "$(dirname "$0")/.." && pwd)
CLANG=$(command -v clang || command -v clang-14) || { echo "fuzz_long.sh: clang not found" >&2; exit 2; }
nice -n 10 bash "$SRC/tests/fuzz/run.sh" "$CLANG" "$SRC" "$OUT" 0 "${TARGETS[@]}" >"$OUT.build.log" 2>&1 ||
  { echo "fuzz_long.sh: build or regression inputs failed, see $OUT.build.log" >&2; exit 1; }

# one target: its run, with the options run.sh uses
one() {
  local t=$1 opts=(-rss_limit_mb=2048 -timeout=15 -max_len=4096 -artifact_prefix="$OUT/$t-" -print_final_stats=1)
  [ -f "$SRC/tests/fuzz/$t.dict" ] && opts+=(-dict="$SRC/tests/fuzz/$t.dict")
  timeout $((SECS + 120)) nice -n 10 "$OUT/fuzz_$t" "${opts[@]}" -max_total_time="$SECS" "$OUT/corpus-$t" \
    >"$OUT/$t.log" 2>&1
  echo $? >"$OUT/$t.status"
}
running=0
for t in "${TARGETS[@]}"; do
  one "$t" &
  running=$((running + 1))
  if [ $running -ge 2 ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait

status=0
printf '%-8s %-6s %12s %8s %8s %8s\n' target status executions cov ft corpus
for t in "${TARGETS[@]}"; do
  st=$(cat "$OUT/$t.status")
  [ "$st" = 0 ] || status=1
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$OUT/$t.log")
  last=$(grep -E '^#[0-9]+' "$OUT/$t.log" | tail -1)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  corp=$(find "$OUT/corpus-$t" -type f | wc -l)
  printf '%-8s %-6s %12s %8s %8s %8s\n' "$t" "$st" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$corp"
done
exit $status
