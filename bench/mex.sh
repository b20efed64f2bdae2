#!/usr/bin/env bash
# bench/mex.sh - the two ways the fast engine values a large component, side
# by side: the rounds against a nim-heap (OLD, a binary from before
# --grundy-method, and NEW --grundy-method rounds) and mex pruning (NEW
# --grundy-method mex).
#
#   bash bench/mex.sh OLD NEW RUNS BOARD...
#
# Each board is solved by `cycles solve BOARD --no-theorems --no-replies
# --threads 1 --timeout T --quiet` (T from $TIMEOUT, default 600 s; with
# WHO=1 also --no-grundy, as bench/asym_growth.sh does; with MEMORY=SIZE also
# --memory SIZE, a table that holds a fraction of the positions), RUNS times by each
# binary and method in turn (old, rounds, mex, old, rounds, mex...), so that
# a load on the machine falls on all three alike.  One Markdown row a board:
# the value, the positions of each (one thread: the same in every run) and
# the median user CPU seconds of each.  A run out of time shows "> T".
set -euo pipefail
[ $# -ge 4 ] || { echo "usage: bash bench/mex.sh OLD NEW RUNS BOARD..." >&2; exit 2; }
old=$1 new=$2 runs=$3
shift 3
. "$(dirname "$0")/common.sh"
two_binaries bench/mex.sh "$old" "$new" "$runs"
timeout=${TIMEOUT:-600}
extra=()
[ "${WHO:-0}" = 1 ] && extra=(--no-grundy)
[ -n "${MEMORY:-}" ] && extra+=(--memory "$MEMORY")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "| board | value | positions old | positions rounds | positions mex | mex / old | old s | rounds s | mex s |"
echo "|---|---|---|---|---|---|---|---|---|"
for b in "$@"; do
  : >"$tmp/old.s"; : >"$tmp/rounds.s"; : >"$tmp/mex.s"
  for ((r = 0; r < runs; r++)); do
    for how in old rounds mex; do
      case $how in
        old) cmd=("$old" solve "$b") ;;
        rounds) cmd=("$new" solve "$b" --grundy-method rounds) ;;
        mex) cmd=("$new" solve "$b" --grundy-method mex) ;;
      esac
      /usr/bin/time -f '%U' -o "$tmp/time" "${cmd[@]}" --no-theorems --no-replies --threads 1 --timeout "$timeout" \
        --quiet "${extra[@]}" >"$tmp/$how.out" 2>/dev/null || true
      pos=$(sed -n 's/^searched: \([0-9]*\) positions.*/\1/p' "$tmp/$how.out")
      if grep -qx '\[partial answer\]' "$tmp/$how.out" || [ -z "$pos" ]; then
        echo "> $timeout" >>"$tmp/$how.s"
        echo "> ${pos:-?}" >"$tmp/$how.pos"
      else
        tail -1 "$tmp/time" >>"$tmp/$how.s"
        echo "$pos" >"$tmp/$how.pos"
      fi
      v=$(sed -n 's/^grundy: \([0-9]*\).*/\1/p' "$tmp/$how.out")
      echo "${v:--}" >"$tmp/$how.value"
    done
  done
  value=$(cat "$tmp/old.value")
  for how in rounds mex; do
    [ "$(cat "$tmp/$how.value")" = "$value" ] || value="$value (!= $how $(cat "$tmp/$how.value"))"
  done
  po=$(cat "$tmp/old.pos") pr=$(cat "$tmp/rounds.pos") pm=$(cat "$tmp/mex.pos")
  ratio=$(awk -v a="$pm" -v b="$po" 'BEGIN {if (a ~ /^[0-9]+$/ && b ~ /^[0-9]+$/ && b > 0) printf "%.3f", a / b; else print "?"}')
  secs=()
  for how in old rounds mex; do
    if grep -q '>' "$tmp/$how.s"; then secs+=("> $timeout"); else secs+=("$(median <"$tmp/$how.s")"); fi
  done
  echo "| $b | $value | $po | $pr | $pm | $ratio | ${secs[0]} | ${secs[1]} | ${secs[2]} |"
done
