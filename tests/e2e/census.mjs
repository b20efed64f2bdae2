// census.mjs CYCLES_BINARY SOURCE_DIR ARTIFACT_DIR CHROMIUM
//
// End-to-end test of the census explorer: makes a small census (`cycles
// census run --edges 1..6`), starts `cycles serve --port 0 --census DB`,
// opens /census in headless Chromium (Debian's, through playwright-core),
// checks the totals and cards against SQL run by the sqlite3 command, filters
// by edges and Grundy value, pages, sees a bad value refused, and clicks a
// board to open it on the play page with its edges drawn.  Screenshots go to
// ARTIFACT_DIR (census.png, census-phone.png, census-play.png,
// phone-census-play.png).  Prints
// "N passed, N failed" and exits 1 on any failure.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { startServer } from './lib.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [BIN, , ART, CHROMIUM] = process.argv.slice(2);
let passed = 0, failed = 0;

// Records a check: prints FAIL with detail when cond is false.
function check(name, cond, detail = '') {
  if (cond) {
    passed++;
  } else {
    failed++;
    console.log(`FAIL: ${name}${detail ? ': ' + detail : ''}`);
  }
}

// A number from the census by SQL (the sqlite3 command), for the checks.
function sql(db, query) {
  return Number(execFileSync('sqlite3', [db, query], { encoding: 'utf8' }).trim());
}

// Waits until the explorer shows the summary matching re.
async function shown(page, re) {
  await page.waitForFunction((src) => new RegExp(src).test(document.getElementById('summary').textContent),
    re.source, { timeout: 60000 });
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'cycles-e2e-census-'));
  const db = join(work, 'census.db');
  execFileSync(BIN, ['census', 'run', '--edges', '1..6', '--db', db, '--quiet'], { timeout: 120000 });
  const { proc, port } = await startServer(BIN, 60, ['--census', db]);
  const base = `http://127.0.0.1:${port}/`;
  let context;
  try {
    context = await chromium.launchPersistentContext(join(work, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1280, height: 800 },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
             '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    // the page may reach our server only
    await context.route('**/*', (route) =>
      route.request().url().startsWith(base) ? route.continue() : route.abort());
    const page = context.pages()[0] || await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text()))
        errors.push(m.text());
    });

    // --- every board, the first page
    const all = sql(db, "SELECT count(*) FROM results WHERE kind = 'board' AND rules = 'standard'");
    await page.goto(base + 'census');
    await shown(page, /of \d+ boards/);
    check('title', (await page.title()).startsWith('Census explorer'));
    check('summary: every board', (await page.textContent('#summary')) === `1 to 50 of ${all} boards`,
      await page.textContent('#summary'));
    check('50 cards', (await page.locator('#rows li').count()) === 50);
    check('a thumbnail a card', (await page.locator('#rows li svg').count()) === 50);
    check('previous disabled on the first page', await page.isDisabled('#prev'));
    await page.screenshot({ path: join(ART, 'census.png'), fullPage: false });

    // --- filters: 5 edges, Grundy value 1
    await page.fill('#f-edges', '5');
    await page.fill('#f-grundy', '1');
    await page.click('#apply');
    const want = sql(db, "SELECT count(*) FROM results WHERE kind = 'board' AND rules = 'standard' AND edges = 5 AND grundy = 1");
    await shown(page, new RegExp(`of ${want} boards$`));
    const cards = await page.$$eval('#rows li', (lis) => lis.map((li) => li.innerText.replace(/\s+/g, ' ')));
    check('filtered: as many cards as SQL counts', cards.length === want, `${cards.length} vs ${want}`);
    check('filtered: every card has 5 edges and Grundy value 1',
      cards.every((t) => t.startsWith('5 edges,') && /Grundy 1(?!\d)/.test(t)), cards.join(' | '));
    const q = new URL(page.url()).searchParams;
    check('filters in the address', q.get('edges') === '5' && q.get('grundy') === '1', page.url());

    // --- a range of edge counts: 3..6, over two pages, counted as SQL counts
    // each edge count
    check('the database has no trees', sql(db, "SELECT count(*) FROM results WHERE kind = 'tree'") === 0);
    check('no trees offered for a database without trees',
      !(await page.$$eval('#f-kind option', (os) => os.map((o) => o.value))).includes('tree'));
    await page.fill('#f-grundy', '');
    await page.fill('#f-edges', '3..6');
    await page.click('#apply');
    const r36 = sql(db, "SELECT count(*) FROM results WHERE kind = 'board' AND rules = 'standard' AND edges BETWEEN 3 AND 6");
    await shown(page, new RegExp(`of ${r36} boards$`));
    const seen = [];
    for (;;) {
      seen.push(...await page.$$eval('#rows li', (lis) => lis.map((li) => Number(li.innerText.match(/^(\d+) edges?/)[1]))));
      if (await page.isDisabled('#next'))
        break;
      const before = await page.textContent('#summary');
      await page.click('#next');
      await page.waitForFunction((b) => document.getElementById('summary').textContent !== b, before, { timeout: 60000 });
    }
    check('3..6: every board listed once over the pages', seen.length === r36, `${seen.length} vs ${r36}`);
    check('3..6: in order of edges', seen.every((e, i) => i === 0 || seen[i - 1] <= e), seen.join(','));
    for (let e = 3; e <= 6; e++) {
      const want = sql(db, `SELECT count(*) FROM results WHERE kind = 'board' AND rules = 'standard' AND edges = ${e}`);
      check(`3..6: the boards of ${e} edges as SQL counts them`, seen.filter((x) => x === e).length === want,
        `${seen.filter((x) => x === e).length} vs ${want}`);
    }
    check('3..6 in the address', new URL(page.url()).searchParams.get('edges') === '3..6', page.url());
    await page.fill('#f-edges', 'three');
    await page.click('#apply');
    await page.waitForFunction(() => document.getElementById('message').className === 'error', null, { timeout: 60000 });
    check('a bad range is refused with a sentence', /3\.\.6/.test(await page.textContent('#message')),
      await page.textContent('#message'));

    // --- the address restores the filters
    await page.goto(base + 'census?edges=6&winner=2&limit=20');
    const w6 = sql(db, "SELECT count(*) FROM results WHERE kind = 'board' AND rules = 'standard' AND edges = 6 AND winner = 2");
    await shown(page, new RegExp(`of ${w6} boards$`));
    check('restored: edges', (await page.inputValue('#f-edges')) === '6');
    check('restored: winner', (await page.inputValue('#f-winner')) === '2');
    check('restored: 20 a page', (await page.locator('#rows li').count()) === Math.min(20, w6));

    // --- pages
    await page.click('#next');
    await shown(page, new RegExp(`^21 to ${Math.min(40, w6)} of ${w6} boards$`));
    check('next page', true);
    check('previous enabled', !(await page.isDisabled('#prev')));
    await page.click('#prev');
    await shown(page, new RegExp(`^1 to 20 of ${w6} boards$`));
    check('previous page', true);

    // --- a bad value is refused with the server's message
    await page.fill('#f-grundy', '-1');
    await page.click('#apply');
    await page.waitForFunction(() => document.getElementById('message').className === 'error', null, { timeout: 60000 });
    check('refused: message names the parameter', (await page.textContent('#message')).startsWith("grundy: '-1'"),
      await page.textContent('#message'));
    await page.fill('#f-grundy', '');
    await page.click('#apply');
    await shown(page, new RegExp(`of ${w6} boards$`));

    // --- a phone-sized window: compact cards
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(ART, 'census-phone.png'), fullPage: false });
    const tall = await page.$eval('#rows li', (li) => li.getBoundingClientRect().height);
    check('phone: compact cards', tall < 150, `${tall} px tall`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    check('phone: no sideways scrolling', overflow <= 0, `${overflow} px too wide`);
    await page.setViewportSize({ width: 1280, height: 800 });

    // --- a click opens the board on the play page (when the play page reads
    // a board file from its address, ?file=TEXT): the last of the boards of
    // 3 to 6 edges with no vertex of degree 1, which has no coordinates, so
    // the server places it with the library's layout
    const appJs = await (await fetch(base + 'app.js')).text();
    if (!appJs.includes("params.get('file')")) {
      console.log('SKIP: the play page of this build does not read ?file=TEXT: the click is not followed');
      check('no errors in the page', errors.length === 0, errors.join(' | '));
      return;
    }
    await page.goto(base + 'census?edges=3..6&leaves=0');
    await shown(page, /of \d+ boards$/);
    const first = await page.$eval('#rows li:last-child a', (a) => ({ href: a.getAttribute('href'), text: a.innerText }));
    const edges = Number(first.text.match(/^(\d+) edges/)[1]);
    const vertices = Number(first.text.match(/(\d+) vertices/)[1]);
    check('the board to open', edges >= 3 && edges <= 6, first.text);
    await page.click('#rows li:last-child a');
    await page.waitForURL((u) => u.pathname === '/' && u.searchParams.has('file'), { timeout: 60000 });
    await page.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 120000 });
    await page.waitForFunction((n) => document.querySelectorAll('line.hit').length === n, edges, { timeout: 60000 })
      .catch(() => {});
    check('play page: the board from the census', (await page.locator('line.hit').count()) === edges,
      `${await page.locator('line.hit').count()} edges drawn, the card says ${edges}`);
    check('play page: its vertices', (await page.locator('circle.vertex').count()) === vertices,
      `${await page.locator('circle.vertex').count()} vertices drawn, the card says ${vertices}`);
    await page.screenshot({ path: join(ART, 'census-play.png') });
    // placed by the library's layout: the vertices apart on the screen
    const gap = await page.evaluate(() => {
      const c = [...document.querySelectorAll('.vertices circle, .vertices rect')].map((e) => {
        const r = e.getBoundingClientRect();
        return [r.x + r.width / 2, r.y + r.height / 2];
      });
      let m = Infinity;
      for (let i = 0; i < c.length; i++)
        for (let j = i + 1; j < c.length; j++)
          m = Math.min(m, Math.hypot(c[i][0] - c[j][0], c[i][1] - c[j][1]));
      return m;
    });
    check('play page: vertices at least 30 px apart', gap >= 30, `${gap.toFixed(1)} px`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(ART, 'phone-census-play.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    check('no errors in the page', errors.length === 0, errors.join(' | '));
  } finally {
    if (context)
      await context.close();
    proc.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (e) {
  failed++;
  console.log('FAIL: ' + (e && e.stack ? e.stack : e));
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
