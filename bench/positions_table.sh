#!/usr/bin/env bash
# How many entries the variant search's hash table needs for a listing of
# positions under misère, against the number of positions listed: the entries
# are the positions the search of the start stores (`cycles solve --rules
# misere --no-bitboard`, "positions" in its JSON; the rest of the listing
# reads them), the positions those `cycles positions` lists.  The spread of
# the ratio over boards is why `cycles positions` does not refuse a listing
# by its count of positions alone (docs/solving.md, "Bounds").
# Usage: bench/positions_table.sh [BIN] [BOARD ...]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-build/cycles}
[ $# -gt 0 ] && shift
BOARDS=("$@")
[ ${#BOARDS[@]} -gt 0 ] || BOARDS=(cycle:12 grid:2x4 wedge:3,4,5 theta:2,4,6 grid:3x3 grid:2x5 theta:4,5,6 theta:5,5,5)
echo "bench/positions_table.sh on $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "| board | edges | positions | table entries | entries per position |"
echo "| --- | ---: | ---: | ---: | ---: |"
for board in "${BOARDS[@]}"; do
  n=$(($("$BIN" positions "$board" --quiet | wc -l) - 1))
  json=$("$BIN" solve "$board" --rules misere --no-bitboard --json --quiet)
  e=$(printf '%s\n' "$json" | sed -n 's/^ *"positions": \([0-9]*\),\{0,1\}$/\1/p' | head -1)
  ne=$(printf '%s\n' "$json" | sed -n 's/^ *"edges": \([0-9]*\),\{0,1\}$/\1/p' | head -1)
  awk -v b="$board" -v ne="$ne" -v n="$n" -v e="$e" 'BEGIN { printf "| `%s` | %s | %d | %d | %.1f %% |\n", b, ne, n, e, 100 * e / n }'
done
