#!/usr/bin/env bash
# Two builds of `cycles` against each other on the search alone, one thread,
# under bounds on the memory: positions searched (the same each run) and the
# user CPU time (medians of RUNS runs, the binaries taken in turn, so load
# that comes and goes falls on both).  Made for the change of the table's
# entries from 16 to 8 bytes.
# Usage: bench/lean_table.sh OLD NEW [RUNS] [BOARD...]
# (the bounds: MEMS="8M 16M 64M" by default; EXTRA="--no-grundy" and the
# like are added to each solve, and its winner shown beside the value)
set -euo pipefail
[ $# -ge 2 ] && [ -x "$1" ] && [ -x "$2" ] || { echo "usage: bench/lean_table.sh OLD NEW [RUNS] [BOARD...] (OLD and NEW: cycles executables)" >&2; exit 2; }
old=$1 new=$2 runs=${3:-3}
shift 3 || shift $#
boards=("$@")
[ ${#boards[@]} -gt 0 ] || boards=(grid:2x7 grid:3x4 theta:5,6,7)
mems=${MEMS:-8M 16M 64M}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
one() { # BIN BOARD MEM -> "positions user_s peak_kb"
  /usr/bin/time -f "T %U %M" "$1" solve "$2" --no-theorems --no-replies --threads 1 --json --quiet --memory "$3" ${EXTRA:-} 2>&1 |
    awk '/"positions"/ {gsub(/,/, "", $2); p = $2} /"grundy"/ {gsub(/,/, "", $2); g = $2} /"winner"/ {gsub(/,/, "", $2); v = $2}
         /^T / {print p, $2, $3, g "/" v}'
}
echo "| board | --memory | positions before | after | after/before | user s before | after | after/before | grundy/winner |"
echo "|---|---|---|---|---|---|---|---|---|"
for b in "${boards[@]}"; do
  for m in $mems; do
    to= tn= po= pn= go= gn=
    for ((i = 0; i < runs; i++)); do
      read -r p t k g < <(one "$old" "$b" "$m"); po=$p go=$g to+="$t"$'\n'
      read -r p t k g < <(one "$new" "$b" "$m"); pn=$p gn=$g tn+="$t"$'\n'
    done
    mo=$(printf '%s' "$to" | median) mn=$(printf '%s' "$tn" | median)
    [ "$go" = "$gn" ] || { echo "grundy differs on $b: $go against $gn" >&2; exit 1; }
    printf '| %s | %s | %s | %s | %.2f | %s | %s | %.2f | %s |\n' "$b" "$m" "$po" "$pn" \
      "$(echo "$pn / $po" | bc -l)" "$mo" "$mn" "$(echo "$mn / $mo" | bc -l)" "$gn"
  done
done
