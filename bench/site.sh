#!/usr/bin/env bash
# The static site (make site): its download, gzipped, and its engine in
# Chromium against the native program on the benchmark boards of up to 24
# edges (tests/e2e/bench-site.mjs; medians of RUNS).
# Usage: bash bench/site.sh [RUNS]   (needs make site, chromium, node and
# tests/e2e/node_modules: npm ci there)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
make -s site >/dev/null
echo "Made by \`bash bench/site.sh $runs\` on $(date -u +%Y-%m-%d), $(nproc) cores:"
echo
echo "| file | bytes | gzip -9 bytes |"
echo "|---|---|---|"
for f in cycles.wasm cycles.js worker.js engine.js app.js census.js index.html census.html app.css census.json; do
  echo "| $f | $(wc -c <"build/site/$f") | $(gzip -9c "build/site/$f" | wc -c) |"
done
echo
node tests/e2e/bench-site.mjs "$PWD/build/cycles" "$PWD/build/site" "${CYCLES_CHROMIUM:-/usr/bin/chromium}" "$runs" \
  k4 grid:3x3 figure1 theta:3,2,5 grid:3x4 grid:3x5 grid:4x4
