// site.mjs CYCLES_BINARY SOURCE_DIR ARTIFACT_DIR CHROMIUM SITE_DIR CENSUS_DB
//
// End-to-end test of the static site (`make site`): serves SITE_DIR with a
// plain static file server (python3 -m http.server, no cycles process) and,
// in headless Chromium, checks that the page runs on the engine in
// WebAssembly in its Web Worker: the answers of /api/solve in the browser
// equal `cycles solve --json` (winner, Grundy value, winning moves, the
// replies' moves) on families, the boards of the papers and boards drawn
// from the census (CENSUS_DB, the census the site's index was made from),
// with moves played; the variants (misère) equal `cycles solve --rules`;
// the engine's move of a game; a time limit is honoured with the best move
// found so far; no request reaches a server's /api/ but the one that finds
// there is none; the census explorer counts what `cycles census query
// summary` counts and opens a board on the play page; screenshots of the
// page at desktop (1280x800) and phone (390x844) size go to ARTIFACT_DIR
// (site-desktop.png, site-phone.png, site-census.png).  The editor, a game
// to the end, take back, the hint, the analysis, links and exports run in
// editor.mjs against the same site (CYCLES_E2E_SITE).  Prints "N passed,
// N failed".
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lib from './lib.mjs';
import { check, settled } from './lib.mjs';

const [BIN, SRC, ART, CHROMIUM, SITE, DB] = process.argv.slice(2);
const work = mkdtempSync(join(tmpdir(), 'cycles-e2e-site-'));

// `cycles solve` with args (a board and options) as an object.
const solveJson = (args) => JSON.parse(lib.cycles(BIN, ['solve', ...args, '--json', '--quiet']));

// Boards drawn from the census: count boards of 7 to 10 edges, chosen by a
// fixed sequence (a linear congruential generator), as native JSON text.
function censusBoards(count) {
  const py = `import sqlite3, sys, json
db = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True)
rows = [r[0] for r in db.execute("SELECT board FROM invariants WHERE kind = 'board' AND edges BETWEEN 7 AND 10 ORDER BY edges, code")]
x, out = 12345, []
for i in range(int(sys.argv[2])):
    x = (x * 1103515245 + 12345) % 2147483648
    out.append(rows[x % len(rows)])
print(json.dumps(out))`;
  return JSON.parse(execFileSync('python3', ['-c', py, DB, String(count)], { encoding: 'utf8' }));
}

// The facts compared: who wins, the value, the winning moves, and the moves
// that have a winning reply (a lost position's).
function facts(a) {
  return JSON.stringify({ over: a.over, winner: a.winner, outcome: a.outcome, grundy: a.grundy,
    winning: (a.winning_moves || []).slice().sort(), replies: Object.keys(a.replies || {}).sort(),
    complete: a.complete !== false });
}

async function main() {
  const { proc, port } = await lib.startStatic(SITE);
  const base = `http://127.0.0.1:${port}/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: lib.CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await lib.onlyServer(context, base);
    const page = await context.newPage();
    const errors = lib.watchErrors(page);
    const asked = [];
    page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/api/')) asked.push(r.url()); });
    await page.goto(base + '?board=figure1&moves=' + encodeURIComponent('1->2 2->3 5->4') + '&analysis=1&engine=0');
    await settled(page);
    check('the page drew figure1 (14 edges) on the engine in the browser',
      (await page.locator('line.hit').count()) === 14);
    const ref = solveJson(['figure1', '--moves', '1->2 2->3 5->4']);
    check('the analysis shown is the engine\'s', (await page.textContent('#a-grundy')) === String(ref.grundy),
      await page.textContent('#a-grundy'));
    await page.screenshot({ path: join(ART, 'site-desktop.png') });

    // the engine in the page, asked as the page asks
    const ask = (url, body) => page.evaluate(async ([u, b]) => {
      const t0 = performance.now();
      const r = await engineFetch(u, b === null ? {} : { method: 'POST', body: b });
      return { status: r.status, json: await r.json(), ms: performance.now() - t0 };
    }, [url, body]);

    // --- the browser's answers against cycles solve --json
    const cases = [];
    for (const f of ['k4', 'cycle:5', 'chord:6,3', 'inner:4', 'theta:2,2,3', 'grid:3x3', 'wedge:3,4', 'butterfly',
      'windmill:3', 'lollipop:4', 'gtheta:2,2,2,2', 'path:4', 'star:4', 'spider:1,2,3', 'theta:3,2,5'])
      cases.push({ name: f, spec: f, moves: [] });
    cases.push({ name: 'grid:3x3 after 1->2', spec: 'grid:3x3', moves: ['1->2'] });
    cases.push({ name: 'k4 after 1->2', spec: 'k4', moves: ['1->2'] });
    for (const p of ['figure1', 'k5-torus', 'k4-projective'])
      cases.push({ name: p, spec: p, moves: [] });
    cases.push({ name: 'figure1 after three moves', spec: 'figure1', moves: ['1->2', '2->3', '5->4'] });
    censusBoards(8).forEach((text, i) => {
      const file = join(work, `census${i}.json`);
      writeFileSync(file, text);
      cases.push({ name: `census board ${i} (${text.length} bytes)`, file, text, moves: [] });
    });
    let same = 0;
    for (const c of cases) {
      const m = encodeURIComponent(c.moves.join(' '));
      const got = c.file ? await ask(`/api/solve?moves=${m}&name=b.json`, c.text)
        : await ask(`/api/solve?moves=${m}&board=${encodeURIComponent(c.spec)}`, null);
      const want = solveJson([c.file || c.spec, ...(c.moves.length ? ['--moves', c.moves.join(' ')] : [])]);
      const ok = got.status === 200 && facts(got.json) === facts(want);
      same += ok;
      check(`${c.name}: the browser's answer is cycles solve's`, ok,
        `${got.status} ${facts(got.json)} vs ${facts(want)}`);
    }
    check('at least 20 boards compared', same >= 20 && cases.length >= 20, `${same} of ${cases.length}`);

    // --- a variant: misère
    const mis = await ask('/api/solve?moves=&board=grid:3x3&rules=misere', null);
    const misRef = solveJson(['grid:3x3', '--rules', 'misere']);
    check('misère in the browser as cycles solve --rules misere', mis.status === 200 &&
      mis.json.winner === misRef.winner && JSON.stringify(mis.json.value) === JSON.stringify(misRef.value),
      `${JSON.stringify(mis.json).slice(0, 200)} vs ${JSON.stringify(misRef).slice(0, 200)}`);

    // --- the engine's move, and a time limit honoured with the best move found so far
    const mv = await ask('/api/move?moves=' + encodeURIComponent('1->2') + '&board=k4', null);
    const k4 = solveJson(['k4', '--moves', '1->2']);
    check('the engine\'s move wins where a move wins', mv.status === 200 && k4.winning_moves.includes(mv.json.move),
      JSON.stringify(mv.json));
    // boards/asym30.json: 30 edges, no symmetry for a theorem to answer
    const asym = readFileSync(join(SRC, 'boards', 'asym30.json'), 'utf8');
    const big = await ask('/api/move?moves=&name=asym30.json&timeout=1', asym);
    // well before the page's own limit (10 s): the 1 s asked for applied
    check('a time limit of 1 s: an answer before the page\'s 10 s', big.ms < 8000, `${big.ms} ms`);
    check('a time limit: a move still, marked incomplete', big.status === 200 && typeof big.json.move === 'string' &&
      big.json.complete === false, JSON.stringify(big.json));
    if (big.json.move) {
      let legal = true;
      try {
        lib.cycles(BIN, ['show', join(SRC, 'boards', 'asym30.json'), '--moves', big.json.move]);
      } catch (e) {
        legal = false;
      }
      check('the move found in time is legal', legal, big.json.move);
    }
    check('no server asked but for the one look that finds none',
      asked.every((u) => /\/api\/families$/.test(u)) && asked.length <= 1, asked.join(' '));

    // --- the census explorer on the site's census
    const summary = JSON.parse(lib.cycles(BIN, ['census', 'query', 'summary', '--db', DB, '--json'])).summary;
    const row = (kind, e) => summary.find((r) => r.kind === kind && r.edges === e);
    const shown = async (p, re) => p.waitForFunction((s) => new RegExp(s).test(document.getElementById('summary')
      .textContent), re.source, { timeout: 60000 });
    await page.goto(base + 'census.html?edges=7');
    await shown(page, /of \d+ boards$/);
    const n7 = Number((await page.textContent('#summary')).match(/of (\d+) boards$/)[1]);
    check('census: the boards of 7 edges as census query summary counts', n7 === row('board', 7).boards,
      `${n7} vs ${row('board', 7).boards}`);
    await page.goto(base + 'census.html?edges=9&winner=1');
    await shown(page, /of \d+ boards$/);
    const n9 = Number((await page.textContent('#summary')).match(/of (\d+) boards$/)[1]);
    check('census: player 1 wins as many of 9 edges as summary says', n9 === row('board', 9).N, `${n9} vs ${row('board', 9).N}`);
    await page.goto(base + 'census.html?kind=tree&edges=6');
    await shown(page, /of \d+ boards$/);
    const t6 = Number((await page.textContent('#summary')).match(/of (\d+) boards$/)[1]);
    check('census: the trees of 6 edges', t6 === row('tree', 6).boards, `${t6} vs ${row('tree', 6).boards}`);
    await page.goto(base + 'census.html?edges=5&leaves=0');
    await shown(page, /of \d+ boards$/);
    await page.screenshot({ path: join(ART, 'site-census.png') });
    const first = await page.$eval('#rows li a', (a) => ({ href: a.getAttribute('href'), text: a.innerText }));
    const edges = Number(first.text.match(/^(\d+) edges/)[1]);
    const w = /player (\d) wins/.exec(first.text);
    await page.click('#rows li a');
    await page.waitForURL((u) => u.searchParams.has('file'), { timeout: 60000 });
    await settled(page);
    await page.waitForFunction((n) => document.querySelectorAll('line.hit').length === n, edges, { timeout: 60000 })
      .catch(() => {});
    check('census: the board opens on the play page', (await page.locator('line.hit').count()) === edges,
      `${await page.locator('line.hit').count()} vs ${edges}`);
    const board = JSON.parse(new URL(first.href, base).searchParams.get('file'));
    const file = join(work, 'opened.json');
    writeFileSync(file, JSON.stringify(board));
    check('census: its winner as the card says', w && solveJson([file]).winner === Number(w[1]), first.text);
    check('no errors in the page', errors.length === 0, errors.join(' | '));

    // --- a phone
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await lib.onlyServer(phone, base);
    const mob = await phone.newPage();
    await mob.goto(base + '?board=figure1&moves=' + encodeURIComponent('1->2 2->3 5->4') + '&engine=2');
    await settled(mob);
    const wide = await mob.evaluate(() => document.documentElement.scrollWidth);
    check('phone: no sideways scrolling', wide <= 390, `${wide} px wide`);
    await mob.screenshot({ path: join(ART, 'site-phone.png') });
    await phone.close();
  } finally {
    await browser.close();
    proc.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
}

await lib.finish(main);
