#!/usr/bin/env bash
# bench/certificates.sh - the cost of certificates (docs/certificates.md):
# for each board, `cycles solve BOARD --no-replies --threads 1 --certificate
# FILE` (who wins only with --no-grundy, the default here for the large
# boards; the Grundy value for the census report's examples), then
# `cycles-check FILE`, each under a time limit.  One Markdown row a board:
# the claim, the positions the solver searched (the solve's and the
# certificate's searches together),
# the records kept, the bytes, the seconds to write (the whole solve) and to
# check, and the checker's peak memory.
#
#   bash bench/certificates.sh [BIN_DIR] [--report | BOARD...]
#
# BIN_DIR (default build/) holds cycles and cycles-check.  The boards default
# to figure1, grid:3x4, wedge:5,7,9, theta:7,8,9, grid:4x4 (who wins) and the
# example boards of docs/census-report.md (the JSON boards it prints, the
# Grundy value); --report: the report's examples only.  TIMEOUT (default 900 s) bounds each write and each check;
# the certificates go to $OUT (default a temporary folder, removed after).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bindir=$here/../build
if [ $# -gt 0 ] && [ -d "$1" ]; then bindir=$1; shift; fi
TIMEOUT=${TIMEOUT:-900}
out=${OUT:-$(mktemp -d)}
[ -n "${OUT:-}" ] || trap 'rm -rf "$out"' EXIT
mkdir -p "$out"

# row NAME SPEC [OPTIONS...]: writes and checks one certificate, prints its row
row() {
  local name=$1 spec=$2
  shift 2
  local f t0 t1 rc
  local base="$out/${name// /-}"
  f="$base.cert"
  t0=$(date +%s.%N)
  timeout "$TIMEOUT" "$bindir/cycles" solve "$spec" --no-replies --threads 1 --certificate "$f" "$@" \
    >"$base.out" 2>"$base.err"
  rc=$?
  t1=$(date +%s.%N)
  local wsec searched records bytes
  wsec=$(echo "$t1 - $t0" | bc)
  searched=$(sed -n 's/^certificate: .*(\([0-9]*\) positions searched in all)$/\1/p' "$base.out")
  records=$(sed -n 's/^certificate: .*, \([0-9]*\) records, \([0-9]*\) bytes.*/\1/p' "$base.out")
  bytes=$(sed -n 's/^certificate: .*, \([0-9]*\) records, \([0-9]*\) bytes.*/\2/p' "$base.out")
  if [ "$rc" != 0 ]; then
    local found
    found=$(sed -n 's/.*(\([0-9]*\) records found by then)$/\1/p' "$base.err")
    printf '| %s | not written (status %s after %.0f s%s) | | | | | | |\n' "$name" "$rc" "$wsec" \
      "${found:+; $found records found by then}"
    rm -f "$base.cert.tmp"*
    return
  fi
  local c0 c1 verdict mem
  c0=$(date +%s.%N)
  verdict=$(/usr/bin/time -f '%M' -o "$base.mem" timeout "$TIMEOUT" "$bindir/cycles-check" "$f" 2>&1 | head -1)
  c1=$(date +%s.%N)
  mem=$(tail -1 "$base.mem")
  printf '| %s | %s | %s | %s | %s | %.2f | %.2f | %s MiB |\n' "$name" "${verdict#verified: }" "$searched" \
    "$records" "$bytes" "$wsec" "$(echo "$c1 - $c0" | bc)" "$((mem / 1024))"
}

echo "| board | cycles-check says | positions searched | records kept | bytes | seconds to write | seconds to check | checker memory |"
echo "|---|---|---|---|---|---|---|---|"
if [ $# -gt 0 ] && [ "$1" != --report ]; then
  for b in "$@"; do row "$b" "$b" --no-grundy; done
  exit 0
fi
if [ $# = 0 ]; then
  for b in figure1 grid:3x4 wedge:5,7,9 theta:7,8,9 grid:4x4; do row "$b" "$b" --no-grundy; done
fi
# the census report's example boards: each JSON board it prints, named by
# its line in docs/census-report.md
grep -n '^`{"format":"cycles-board".*}`$' "$here/../docs/census-report.md" | tr -d '`' | while IFS=: read -r n json; do
  printf '%s\n' "$json" >"$out/report-line-$n.json"
  row "census-report.md line $n" "$out/report-line-$n.json"
done
