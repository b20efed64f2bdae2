#!/usr/bin/env bash
# site.sh CYCLES_BINARY SOURCE_DIR ARTIFACT_DIR BUILD_DIR - the browser test of
# the static site: builds it (scripts/build-site.sh: the engine in
# WebAssembly with Emscripten, the census index) into BUILD_DIR/site, then
# serves that folder with a plain static file server and runs, in Debian's
# Chromium, site.mjs (the engine's answers against cycles solve --json, the
# census explorer, a time limit, screenshots) and editor.mjs against it
# (CYCLES_E2E_SITE: drawing a board with a pendant edge, a game to the end
# against the engine, take back, the hint and the analysis, links, exports).
# Skips (exit status 77) only when emcc, chromium, node 20+ or npm (for
# playwright-core) are missing.
set -u
BIN=$1
SRC=$2
ART=$3
BUILD=$4
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$ART"

skip() { echo "SKIP: $1"; exit 77; }

command -v emcc >/dev/null 2>&1 || skip "no emcc (apt-get install emscripten)"
CHROMIUM=${CYCLES_CHROMIUM:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] || skip "no chromium at $CHROMIUM (apt-get install chromium)"
command -v node >/dev/null 2>&1 || skip "no node (apt-get install nodejs)"
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
[ "$major" -ge 20 ] 2>/dev/null || skip "node $major is too old for playwright-core (20 or later)"
if [ ! -f "$HERE/node_modules/playwright-core/package.json" ]; then
  command -v npm >/dev/null 2>&1 || skip "no npm to install playwright-core (apt-get install npm)"
  echo "installing playwright-core with npm ci (log: $ART/npm.log)"
  ( flock -w 300 9 || exit 1
    [ -f "$HERE/node_modules/playwright-core/package.json" ] ||
      (cd "$HERE" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 timeout 300 npm ci --no-audit --no-fund --ignore-scripts)
  ) 9>"${TMPDIR:-/tmp}/cycles-e2e-npm.lock" >"$ART/npm.log" 2>&1 ||
    skip "npm ci failed (offline?): see $ART/npm.log"
fi
echo "building the site (log: $ART/site-build.log)"
if ! CYCLES_BIN=$BIN bash "$SRC/scripts/build-site.sh" "$SRC" "$BUILD/site" "$BUILD/wasm" >"$ART/site-build.log" 2>&1; then
  tail -20 "$ART/site-build.log"
  echo "FAIL: the site did not build"
  exit 1
fi
rc=0
timeout 280 node "$HERE/site.mjs" "$BIN" "$SRC" "$ART" "$CHROMIUM" "$BUILD/site" "$BUILD/wasm/census.db" || rc=1
# editor.mjs's screenshots of the site get their own names
mkdir -p "$ART/site-editor"
CYCLES_E2E_SITE=$BUILD/site timeout 280 node "$HERE/editor.mjs" "$BIN" "$SRC" "$ART/site-editor" "$CHROMIUM" || rc=1
exit $rc
