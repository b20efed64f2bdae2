#!/usr/bin/env bash
# bench/asym_growth.sh - how the search for who wins grows with the edges of
# boards that have no symmetry at all, the kind a user draws by hand: the
# evidence for what boards/asym30.json would cost.
#
#   bash bench/asym_growth.sh [BIN] [EDGES...] [-- SEEDS...]
#
# For each edge count E (default 20 22 24) and seed (default 1 to 8), makes
# the board of bench/asym_board.py SEED V E with V = 3E/5 vertices, skips it
# when the drawing is not connected or the board has an automorphism besides
# the identity (`cycles symmetry`), and solves who wins by search alone
# (`cycles solve FILE --no-grundy --no-theorems --no-replies --threads 1
# --timeout T`, T from $TIMEOUT, default 600 s): one Markdown row a board,
# with the positions searched and the seconds, then per edge count the least,
# median and most positions of the boards solved in time.  One thread, so
# the positions are repeatable.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=$here/../build/cycles
# BIN is optional: a first argument that is a number is an edge count
if [ $# -gt 0 ] && ! [[ $1 =~ ^[0-9]+$ ]]; then
  bin=$1
  shift
fi
edges=()
seeds=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do edges+=("$1"); shift; done
[ $# -gt 0 ] && shift
seeds=("$@")
[ ${#edges[@]} -gt 0 ] || edges=(20 22 24)
[ ${#seeds[@]} -gt 0 ] || seeds=(1 2 3 4 5 6 7 8)
timeout=${TIMEOUT:-600}
[ -x "$bin" ] && [ ! -d "$bin" ] || { echo "bench/asym_growth.sh: $bin is not an executable" >&2; exit 1; }
for e in "${edges[@]}" "${seeds[@]}"; do
  [[ $e =~ ^[0-9]+$ ]] || { echo "bench/asym_growth.sh: '$e' is not an edge count or a seed" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "| edges | seed | vertices | winner | positions | seconds |"
echo "|---|---|---|---|---|---|"
summary=()
for e in "${edges[@]}"; do
  v=$((e * 3 / 5))
  solved=()
  for s in "${seeds[@]}"; do
    f=$tmp/asym-$e-$s.json
    python3 "$here/asym_board.py" "$s" "$v" "$e" >"$f" 2>/dev/null || continue
    grep -q '^automorphisms: 1 ' <("$bin" symmetry "$f") || continue
    out=$("$bin" solve "$f" --no-grundy --no-theorems --no-replies --threads 1 --timeout "$timeout" --quiet) || true
    pos=$(sed -n 's/^searched: \([0-9]*\) positions in \([0-9.]*\) s$/\1/p' <<<"$out")
    sec=$(sed -n 's/^searched: \([0-9]*\) positions in \([0-9.]*\) s$/\2/p' <<<"$out")
    win=$(sed -n 's/^winner: player \([12]\).*/\1/p' <<<"$out")
    if grep -qx '\[partial answer\]' <<<"$out" || [ -z "$win" ]; then
      echo "| $e | $s | $v | ? | > $pos | > $timeout |"
    else
      echo "| $e | $s | $v | $win | $pos | $sec |"
      solved+=("$pos")
    fi
  done
  if [ ${#solved[@]} -gt 0 ]; then
    sorted=$(printf '%s\n' "${solved[@]}" | sort -n)
    n=${#solved[@]}
    summary+=("$e edges: ${n} solved, positions least $(head -1 <<<"$sorted"), median $(sed -n "$(((n + 1) / 2))p" <<<"$sorted"), most $(tail -1 <<<"$sorted")")
  else
    summary+=("$e edges: none solved within $timeout s")
  fi
done
echo
printf '%s\n' "${summary[@]}"
