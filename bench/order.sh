#!/usr/bin/env bash
# bench/order.sh - two binaries of the fast engine side by side on the
# positions and CPU of its outcome search: OLD and NEW each solve every
# board RUNS times, in turn (old, new, old, new...), so that a load on the
# machine falls on both alike.
#
#   bash bench/order.sh OLD NEW RUNS BOARD...
#
# Each board is solved by `cycles solve BOARD --no-theorems --no-replies
# --threads 1 --timeout T --quiet` (T from $TIMEOUT, default 600 s; with
# WHO=1 also --no-grundy, as bench/asym_growth.sh does).  A board named
# asymE-S is made by `python3 bench/asym_board.py S 3E/5 E` (a board of E
# edges without symmetry, as bench/asym_growth.sh makes them).  One
# Markdown row a board: the value (or winner), the positions of each (one
# thread: the same in every run), their ratio, the median user CPU seconds
# of each and their ratio, and the peak resident memory of each (MiB, the
# last run).  A run out of time shows "> T".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 4 ] || { echo "usage: bash bench/order.sh OLD NEW RUNS BOARD..." >&2; exit 2; }
old=$1 new=$2 runs=$3
shift 3
. "$(dirname "$0")/common.sh"
two_binaries bench/order.sh "$old" "$new" "$runs"
timeout=${TIMEOUT:-600}
extra=()
[ "${WHO:-0}" = 1 ] && extra=(--no-grundy)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "| board | answer | positions old | positions new | new / old | old s | new s | new / old | old MiB | new MiB |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for b in "$@"; do
  file=$b
  if [[ $b =~ ^asym([0-9]+)-([0-9]+)$ ]]; then
    e=${BASH_REMATCH[1]} s=${BASH_REMATCH[2]}
    file=$tmp/$b.json
    python3 "$here/asym_board.py" "$s" $((e * 3 / 5)) "$e" >"$file" ||
      { echo "bench/order.sh: bench/asym_board.py cannot make $b" >&2; exit 1; }
  fi
  : >"$tmp/old.s"; : >"$tmp/new.s"
  for ((r = 0; r < runs; r++)); do
    for how in old new; do
      bin=$old
      [ $how = new ] && bin=$new
      /usr/bin/time -f '%U %M' -o "$tmp/time" "$bin" solve "$file" --no-theorems --no-replies --threads 1 \
        --timeout "$timeout" --quiet "${extra[@]}" >"$tmp/$how.out" 2>/dev/null || true
      pos=$(sed -n 's/^searched: \([0-9]*\) positions.*/\1/p' "$tmp/$how.out")
      if grep -qx '\[partial answer\]' "$tmp/$how.out" || [ -z "$pos" ]; then
        echo "> $timeout" >>"$tmp/$how.s"
        pos="> $pos"
      else
        awk '{print $1}' "$tmp/time" >>"$tmp/$how.s"
      fi
      echo "$pos" >"$tmp/$how.pos"
      echo $(($(awk '{print $2}' "$tmp/time") / 1024)) >"$tmp/$how.mib"
    done
  done
  ans=$(sed -n 's/^grundy: \([0-9][0-9]*\)$/\1/p' "$tmp/new.out")
  [ -n "$ans" ] || ans=$(sed -n 's/^winner: player \([12]\).*/player \1/p' "$tmp/new.out")
  po=$(cat "$tmp/old.pos") pn=$(cat "$tmp/new.pos")
  so=$(median <"$tmp/old.s") sn=$(median <"$tmp/new.s")
  ratio() { [[ $1 =~ ^[0-9.]+$ && $2 =~ ^[0-9.]+$ ]] && awk -v a="$1" -v b="$2" 'BEGIN {if (a > 0) printf "%.2f", b / a; else printf "?"}' || echo "?"; }
  echo "| $b | ${ans:-?} | $po | $pn | $(ratio "$po" "$pn") | $so | $sn | $(ratio "$so" "$sn") | $(cat "$tmp/old.mib") | $(cat "$tmp/new.mib") |"
done
