// bench-site.mjs CYCLES_BINARY SITE_DIR CHROMIUM RUNS BOARD... - the engine of
// the static site in Chromium against the native program: for each board,
// the median of RUNS solves (`/api/solve?theorems=0` in the page's Web
// Worker, each with a fresh solver: the boards are asked in turn, so the
// one solver the worker keeps is never the board's own) and of RUNS
// `cycles solve BOARD --json --threads 1 --no-theorems` in fresh processes:
// the engine's own time (the answer's "seconds": the search and the
// replies) and, for the browser, the time the page waited (the worker's
// messages too); prints a markdown table with the ratio of the engine's
// times and the positions searched (the same search: equal counts).
// bench/site.sh runs it.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import * as lib from './lib.mjs';

const [BIN, SITE, CHROMIUM, RUNS, ...BOARDS] = process.argv.slice(2);
const runs = Number(RUNS) || 3;
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const { proc, port } = await lib.startStatic(SITE);
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: lib.CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/?board=k4`);
  await lib.settled(page);
  const ask = (spec) => page.evaluate(async (s) => {
    const t0 = performance.now();
    const r = await engineFetch('/api/solve?moves=&theorems=0&board=' + encodeURIComponent(s));
    const j = await r.json();
    return { ms: performance.now() - t0, seconds: j.seconds, positions: j.positions, complete: j.complete !== false };
  }, spec);
  const web = Object.fromEntries(BOARDS.map((b) => [b, []]));
  const wait = Object.fromEntries(BOARDS.map((b) => [b, []]));
  const native = Object.fromEntries(BOARDS.map((b) => [b, []]));
  const pos = {};
  for (let r = 0; r < runs; r++)
    for (const b of BOARDS) {
      const a = await ask(b);
      if (!a.complete)
        throw new Error(b + ': the browser ran out of time');
      web[b].push(a.seconds);
      wait[b].push(a.ms / 1000);
      const n = JSON.parse(execFileSync(BIN, ['solve', b, '--json', '--quiet', '--threads', '1', '--no-theorems'],
        { encoding: 'utf8' }));
      native[b].push(n.seconds);
      pos[b] = [a.positions, n.positions];
    }
  console.log('| board | browser s | page waited s | native s | browser / native | positions (browser, native) |');
  console.log('|---|---|---|---|---|---|');
  for (const b of BOARDS) {
    const w = median(web[b]), n = median(native[b]);
    console.log(`| ${b} | ${w.toFixed(4)} | ${median(wait[b]).toFixed(4)} | ${n.toFixed(4)} | ${(w / n).toFixed(2)}x | ` +
      `${pos[b][0]}, ${pos[b][1]} |`);
  }
} finally {
  await browser.close();
  proc.kill('SIGTERM');
}
