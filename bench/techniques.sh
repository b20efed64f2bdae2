#!/usr/bin/env bash
# What each technique of the fast engine is worth: the same boards with one
# technique switched off at a time (no plain baseline), medians of RUNS runs.
# Usage: bench/techniques.sh [RUNS] [TIMEOUT] [BOARDS]   (writes bench/techniques.md)
set -euo pipefail
cd "$(dirname "$0")/.."
make -s build >/dev/null
runs=${1:-3}
timeout=${2:-60}
boards=${3:-"grid:3x3 boards/figure1.json grid:2x6 grid:3x4 theta:4,5,5 wedge:5,7,9 grid:2x8 grid:3x5 grid:4x4"}
{
echo "Made by \`bench/techniques.sh $runs $timeout\` on $(date -u +%Y-%m-%d), $(nproc) cores."
echo
for switch in "" --no-bitboard "--no-bitboard --no-canon" \
              "--no-bitboard --no-plane-keys" "--no-bitboard --no-decompose" \
              "--no-bitboard --no-outcome-search" "--no-bitboard --no-rounds" \
              "--no-bitboard --search dfpn" \
              "--no-bitboard --threads 1"; do
  echo "### fast ${switch:-(all techniques)}"
  echo
  # shellcheck disable=SC2086
  ./build/cycles bench --runs "$runs" --timeout "$timeout" --no-baseline --boards "$boards" $switch | tail -n +3
  echo
done
} | tee bench/techniques.md
