// partial.mjs CYCLES_BINARY SOURCE_DIR ARTIFACT_DIR CHROMIUM
//
// End-to-end test of the page while the engine thinks: on grid:4x5 (31
// edges: its whole answer takes the engine over an hour) with the analysis
// shown, the page asks the server for short looks first (?timeout=) and
// shows what is known, marked partial, while a longer look runs; the stop
// button keeps that answer and gives the page back.  The server allows each
// solve 600 s, so the page is still looking whenever the partial answer
// shows (its looks take 2, 4, 8, ... s up to 600).  The winner shown is
// checked against a theorem, not a stored answer: the half turn of the 4x5
// grid maps the board to itself and reverses exactly one edge (the middle
// one), so the first player wins (mark that edge, then answer every move
// with its image).  Screenshots (desktop 1280x800 and phone 390x844) go to
// ARTIFACT_DIR: looking.png, stopped.png, phone-looking.png.  A move played
// while the engine still looks is played at once.
// Prints "N passed, N failed" and exits 1 on any failure.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lib from './lib.mjs';
import { check, settled, listedMoves, clickMove } from './lib.mjs';

const [BIN, , ART, CHROMIUM] = process.argv.slice(2);
const BOARD = 'grid:4x5';

// Waits until page shows a partial answer that names the winner.
async function partialShown(page) {
  await page.waitForFunction(() => {
    const p = document.getElementById('partial');
    return p && !p.hidden && /player \d+ wins/.test(document.getElementById('a-winner').textContent);
  }, null, { timeout: 200000 });
}

// The vertices of grid:RxC mapped by the half turn: label -> label (the
// labels are 1..R*C row by row, as `cycles show` lists them).
function halfTurn(r, c) {
  const m = new Map();
  for (let i = 0; i < r * c; i++)
    m.set(String(i + 1), String(r * c - i));
  return m;
}

async function main() {
  const { proc, port } = await lib.startServer(BIN, 600);
  const base = `http://127.0.0.1:${port}/`;
  const profile = mkdtempSync(join(tmpdir(), 'cycles-e2e-'));
  let browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--headless', ...lib.CHROMIUM_ARGS] });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await lib.onlyServer(context, base);
    const page = await context.newPage();
    const errors = lib.watchErrors(page);
    const asked = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/solve'))
        asked.push(new URL(r.url()).searchParams.get('timeout'));
    });

    // the half turn reverses exactly one edge of the board the page draws
    await page.goto(base + '?board=' + BOARD + '&engine=0&analysis=1');
    await page.waitForSelector('line.hit', { state: 'attached', timeout: 60000 });
    const edges = await page.$$eval('line.hit', (ls) => ls.map((l) => [l.dataset.u, l.dataset.v]));
    const h = halfTurn(4, 5), key = (u, v) => [u, v].sort().join(' ');
    const set = new Set(edges.map(([u, v]) => key(u, v)));
    const reversed = edges.filter(([u, v]) => h.get(u) === v && h.get(v) === u);
    check('the half turn maps the board to itself', edges.length === 31 &&
          edges.every(([u, v]) => set.has(key(h.get(u), h.get(v)))), `${edges.length} edges`);
    check('the half turn reverses exactly one edge', reversed.length === 1, JSON.stringify(reversed));

    // --- a partial answer while the engine thinks
    await partialShown(page);
    check('still thinking: the page is busy, Stop shown', await page.evaluate(() =>
      document.body.dataset.state === 'busy') && await page.isVisible('#stop'));
    const note = await page.textContent('#partial');
    check('the answer is marked partial and still thinking', /Partial answer, still thinking/.test(note), note);
    check('the first player wins (the half-turn theorem)',
          (await page.textContent('#a-winner')) === 'player 1 wins (N-position)', await page.textContent('#a-winner'));
    check('asked for a short look first', asked[0] === '2', JSON.stringify(asked));
    const wins = await page.$$eval('#a-winning code', (cs) => cs.map((c) => c.textContent));
    const coloured = await page.$$eval('polygon.arrow.hint.win', (ps) => ps.map((p) => p.dataset.hint));
    check('the winning moves found are coloured', wins.every((m) => coloured.includes(m)),
          `${wins} vs ${coloured}`);
    check('the moves not judged yet are not called losing', (await page.locator('polygon.arrow.hint.lose').count()) === 0);
    await page.screenshot({ path: join(ART, 'looking.png') });

    // --- Stop keeps the partial answer and gives the page back
    await page.click('#stop');
    await settled(page);
    check('stop: the page is free again', !(await page.isVisible('#stop')));
    const stopped = await page.textContent('#partial');
    check('stop: the partial answer stays, marked stopped', /stopped before the engine finished/.test(stopped) &&
          (await page.textContent('#a-winner')) === 'player 1 wins (N-position)', stopped);
    await page.screenshot({ path: join(ART, 'stopped.png') });
    // a move can be played at once: the middle edge, which the theorem says wins
    const [u, v] = reversed[0] || edges[0];
    await clickMove(page, u + '->' + v);
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1, null, { timeout: 60000 });
    check('after stop a move is played', (await listedMoves(page))[0] === u + '->' + v, JSON.stringify(await listedMoves(page)));
    // (the position after it is lost for the player to move: proving that
    // takes longer than a look, so only the stop is checked here)
    await page.waitForSelector('#stop', { state: 'visible', timeout: 60000 }).catch(() => {});
    if (await page.isVisible('#stop'))
      await page.click('#stop');
    await settled(page);
    check('stop again: the move stays', (await listedMoves(page)).length === 1);
    // take back: the first position again, its kept partial answer at once;
    // a move played while the engine still looks ends the look
    await page.click('#undo');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 0, null, { timeout: 60000 });
    await partialShown(page);
    check('take back after stop', (await listedMoves(page)).length === 0);
    check('looking again after take back', /still thinking/.test(await page.textContent('#partial')));
    await clickMove(page, u + '->' + v);
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1, null, { timeout: 60000 });
    check('a move while the engine looks is played', (await listedMoves(page))[0] === u + '->' + v);
    if (await page.isVisible('#stop'))
      await page.click('#stop');
    await settled(page);
    check('no errors in the page', errors.length === 0, errors.join(' | '));

    // --- the same on a phone
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await lib.onlyServer(phone, base);
    const mob = await phone.newPage();
    await mob.goto(base + '?board=' + BOARD + '&engine=0&analysis=1');
    await partialShown(mob);
    const wide = await mob.evaluate(() => document.documentElement.scrollWidth);
    check('phone: no sideways scrolling', wide <= 390, `${wide} px wide`);
    await mob.screenshot({ path: join(ART, 'phone-looking.png'), fullPage: true });
    await mob.tap('#stop');
    await settled(mob);
    check('phone: stop gives the page back', !(await mob.isVisible('#stop')));
    await phone.close();
  } finally {
    if (browser)
      await browser.close();
    // (its solves run on for their own time limits: no waiting for them)
    proc.kill('SIGKILL');
    rmSync(profile, { recursive: true, force: true });
  }
}

await lib.finish(main);
