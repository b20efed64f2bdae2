#!/usr/bin/env bash
# run.sh CYCLES_BINARY SOURCE_DIR ARTIFACT_DIR - the browser test of `cycles serve`.
# Skips (exit status 77) when Debian's chromium, node 20+ or playwright-core are
# missing; installs playwright-core with `npm ci` (into tests/e2e/node_modules)
# when it can.  Playwright never downloads a browser here: game.mjs drives
# /usr/bin/chromium (or $CYCLES_CHROMIUM).  Runs game.mjs (the game and the
# analysis panel), editor.mjs (the board editor, the analysis board, the
# link, the export, a phone-sized touch screen), census.mjs (the census
# explorer), partial.mjs (the partial answer shown while the engine
# thinks, the stop button) and flow.mjs (a game that never gets stuck).
set -u
BIN=$1
SRC=$2
ART=$3
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$ART"

skip() { echo "SKIP: $1"; exit 77; }

CHROMIUM=${CYCLES_CHROMIUM:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] || skip "no chromium at $CHROMIUM (apt-get install chromium)"
command -v node >/dev/null 2>&1 || skip "no node (apt-get install nodejs)"
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
[ "$major" -ge 20 ] 2>/dev/null || skip "node $major is too old for playwright-core (20 or later)"
if [ ! -f "$HERE/node_modules/playwright-core/package.json" ]; then
  command -v npm >/dev/null 2>&1 || skip "no npm to install playwright-core (apt-get install npm)"
  echo "installing playwright-core with npm ci (log: $ART/npm.log)"
  # one installer at a time when several builds run their tests at once
  ( flock -w 300 9 || exit 1
    [ -f "$HERE/node_modules/playwright-core/package.json" ] ||
      (cd "$HERE" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 timeout 300 npm ci --no-audit --no-fund --ignore-scripts)
  ) 9>"${TMPDIR:-/tmp}/cycles-e2e-npm.lock" >"$ART/npm.log" 2>&1 ||
    skip "npm ci failed (offline?): see $ART/npm.log"
fi
# the game and the analysis panel, then the editor, the link and the export
rc=0
timeout 280 node "$HERE/game.mjs" "$BIN" "$SRC" "$ART" "$CHROMIUM" || rc=1
timeout 280 node "$HERE/editor.mjs" "$BIN" "$SRC" "$ART" "$CHROMIUM" || rc=1
# the census explorer (census.mjs): filters, pages, a board opened on the play page
timeout 280 node "$HERE/census.mjs" "$BIN" "$SRC" "$ART" "$CHROMIUM" || rc=1
# the partial answer while the engine thinks, and the stop button
timeout 280 node "$HERE/partial.mjs" "$BIN" "$SRC" "$ART" "$CHROMIUM" || rc=1
# a game that never gets stuck: big boards, links on the engine's turn, game
# over, the phone's controls under the board
timeout 280 node "$HERE/flow.mjs" "$BIN" "$SRC" "$ART" "$CHROMIUM" || rc=1
exit $rc
