#!/usr/bin/env bash
# The benchmark table of the README: every board of the issue, the fast engine
# against the plain memoised one, medians of several runs in fresh processes.
# Usage: bench/run.sh [RUNS] [TIMEOUT]   (writes bench/results.md)
set -euo pipefail
cd "$(dirname "$0")/.."
make -s build >/dev/null
runs=${1:-3}
timeout=${2:-60}
{
  echo "Made by \`bench/run.sh $runs $timeout\` on $(date -u +%Y-%m-%d), $(nproc) cores:"
  echo
  ./build/cycles bench --runs "$runs" --timeout "$timeout"
} | tee bench/results.md
